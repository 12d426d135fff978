/**
 * What keeps credited time honest on the study page, as a learner meets it: the "are you still
 * learning?" pause after the idle time, a second tab taking over the counting, and reports made
 * while the network is down, kept on the device and sent when it returns.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STUDY_QUEUE_KEY } from '../src/lib/storage.ts';
import { INACTIVE_TEXT } from '../src/features/study/messages.ts';
import { browserOfThisFile, dialog, eventually, loginWithPassword } from './helpers.ts';
import { counting, credited, findCourse, firstIds, launchMediaBrowser, pause, play, singleVideo, video, videoState } from './study.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile(launchMediaBrowser);

/** Opens a single-video demo course on /study and waits until the video can play. */
async function openVideoCourse(page: Page): Promise<number> {
  const course = await findCourse(baseUrl, firstIds(64), singleVideo);
  await page.goto(`/study?courseId=${course.id}`);
  await eventually(() => page.getByRole('heading', { name: course.title, level: 1 }).isVisible()).toBe(true);
  await eventually(async () => (await videoState(page)).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  return course.id;
}

const queued = (page: Page) => page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length, STUDY_QUEUE_KEY);

describe('study page guards', () => {
  it('after the idle time without a touch the video pauses and asks 您还在学习吗？; 继续学习 resumes counting', { timeout: 90_000 }, async () => {
    const { page, errors, close } = await browser.open();
    // The page's own clock, so twenty minutes pass in a moment; the server's clock is untouched.
    await page.clock.install();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010053', 'Study@2026');
    await openVideoCourse(page);
    await play(page);
    await eventually(() => counting(page)).toBe('计时中');

    await page.clock.fastForward('20:01');
    const idle = dialog(page, '您还在学习吗？');
    await eventually(() => idle.isVisible()).toBe(true);
    expect(await idle.textContent()).toContain('您已经20分钟没有操作，学习已暂停计时');
    await eventually(async () => (await videoState(page)).paused).toBe(true);
    expect(await counting(page)).toBe('已暂停');

    await idle.getByRole('button', { name: '继续学习' }).click();
    await eventually(() => idle.isVisible()).toBe(false);
    await play(page);
    await eventually(() => counting(page)).toBe('计时中');
    expect(errors).toEqual([]);
    await close();
  });

  it('a second tab on the same course takes over; the first says so and may take it back', { timeout: 90_000 }, async () => {
    const { page: first, errors, close } = await browser.open();
    await first.goto('/index');
    await loginWithPassword(first, baseUrl, '13900010054', 'Study@2026');
    const courseId = await openVideoCourse(first);
    await play(first);
    await eventually(() => counting(first)).toBe('计时中');

    // The same learner opens the course in another tab (same browser, same login).
    const second = await first.context().newPage();
    await second.goto(`/study?courseId=${courseId}`);
    await eventually(async () => (await videoState(second)).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

    // The first tab's next report is answered "not the counting session any more".
    await first.bringToFront();
    await pause(first);
    await eventually(() => first.getByRole('alert').filter({ hasText: INACTIVE_TEXT }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await counting(first)).toBe('已停止');
    await play(first);
    await first.waitForTimeout(500);
    expect(await counting(first)).toBe('已停止');

    // 在本页继续学习 opens a new session here: counting resumes in the first tab.
    await pause(first);
    await first.getByRole('button', { name: '在本页继续学习' }).click();
    await eventually(() => first.getByText(INACTIVE_TEXT).count()).toBe(0);
    await eventually(async () => (await videoState(first)).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await play(first);
    await eventually(() => counting(first)).toBe('计时中');
    expect(errors).toEqual([]);
    await close();
  });

  it('reports made offline are kept on the device, shown, and credited once the network returns', { timeout: 90_000 }, async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010055', 'Study@2026');
    await openVideoCourse(page);
    expect(await credited(page)).toBe(0);

    // The network goes once the page has the video's first seconds (a busy test host may not have
    // fetched them yet with preload=metadata): the learner then watches what the browser holds.
    await video(page).evaluate((v: HTMLVideoElement) => {
      v.preload = 'auto';
    });
    await eventually(() => video(page).evaluate((v: HTMLVideoElement) => (v.buffered.length > 0 ? v.buffered.end(v.buffered.length - 1) : 0)), { timeout: 20_000 }).toBeGreaterThan(8);
    await page.context().setOffline(true);
    await play(page);
    await eventually(async () => (await videoState(page)).t, { timeout: 15_000 }).toBeGreaterThan(5);
    await pause(page);
    await eventually(() => queued(page)).toBeGreaterThan(0);
    await eventually(() => page.getByText(/网络连接中断，\d+条学习记录已保存在本机，网络恢复后将自动补传/).isVisible()).toBe(true);
    expect(await credited(page)).toBe(0);

    await page.context().setOffline(false);
    await eventually(() => credited(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await eventually(() => queued(page)).toBe(0);
    await eventually(() => page.getByText(/网络连接中断/).count()).toBe(0);
    await close();
  });
});
