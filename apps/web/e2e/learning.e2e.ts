/**
 * The learning core in the browser, as a learner does it: apply to a special topic, open one of its
 * courses, play the video and watch the credited time grow, fail to seek ahead, reload and resume,
 * finish it and find it under qualifiedcourses and in statisticspage; the PDF reader counts reading
 * time; the live page plays the local HLS stream.
 */
import { describe, expect, inject, it } from 'vitest';
import { browserOfThisFile, eventually, loginWithPassword, pathOf, toastWith } from './helpers.ts';
import { courseIdsOfInstall, credited, findCourse, firstIds, launchMediaBrowser, pause, play, shownCredited, singleVideo, video, videoState } from './study.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile(launchMediaBrowser);

describe('learning', () => {
  it('applies to a topic, studies a video course to completion, and sees it in the classroom', { timeout: 240_000 }, async () => {
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010050', 'Study@2026');

    // Apply to the topic that takes applications now.
    await page.goto('/specialTraining?state=upcoming');
    await eventually(() => page.getByRole('heading', { name: '专题培训', level: 1 }).isVisible()).toBe(true);
    const applyButton = page.getByRole('button', { name: /^报名 / }).and(page.locator(':not([disabled])')).first();
    await eventually(() => applyButton.count()).toBeGreaterThan(0);
    const card = page.locator('li.lc-topic').filter({ has: applyButton });
    const topicTitle = (await card.locator('h2 a').textContent()) ?? '';
    await applyButton.click();
    await eventually(() => toastWith(page, '报名成功').count()).toBeGreaterThan(0);
    await eventually(() => page.locator('li.lc-topic').filter({ hasText: topicTitle }).getByText('已报名').count()).toBeGreaterThan(0);

    await page.locator('li.lc-topic').filter({ hasText: topicTitle }).getByRole('link', { name: '查看详情' }).click();
    await eventually(() => pathOf(page)).toBe('/specialTrainingInfo');
    const installId = Number(new URL(page.url()).searchParams.get('id'));
    await eventually(() => page.getByRole('heading', { name: topicTitle, level: 1 }).isVisible()).toBe(true);

    // A course of the topic with a single short video chapter.
    const course = await findCourse(baseUrl, await courseIdsOfInstall(baseUrl, installId), singleVideo);
    await page.getByRole('button', { name: `开始学习 ${course.title}` }).first().click();
    await eventually(() => pathOf(page)).toBe('/study');
    await eventually(() => page.getByRole('heading', { name: course.title, level: 1 }).isVisible()).toBe(true);
    await eventually(async () => (await videoState(page)).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await eventually(() => page.getByText('计时规则：').isVisible()).toBe(true);
    expect(await credited(page)).toBe(0);

    // Play for a few seconds: the panel counts up before any report is answered; pausing reports at
    // once and the server's figure replaces the count.
    await play(page);
    await eventually(async () => (await videoState(page)).t, { timeout: 15_000 }).toBeGreaterThan(5);
    await eventually(() => shownCredited(page)).toBeGreaterThanOrEqual(3);
    expect(await credited(page)).toBe(0);
    await pause(page);
    await eventually(() => credited(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    const before = await credited(page);
    const pausedAt = (await videoState(page)).t;

    // Seeking ahead past the furthest point snaps back.
    await video(page).evaluate((v: HTMLVideoElement) => {
      v.currentTime = v.duration - 1;
    });
    await eventually(() => page.getByText('未完成学习的章节不能拖动到未观看的部分').isVisible()).toBe(true);
    await eventually(async () => (await videoState(page)).t).toBeLessThan(pausedAt + 2.5);

    // Reload: the page resumes where I stopped, with the credited time kept.
    await page.reload();
    await eventually(async () => (await videoState(page)).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await eventually(async () => Math.abs((await videoState(page)).t - pausedAt)).toBeLessThan(2);
    await eventually(() => credited(page)).toBe(before);

    // Watch to the end (a second pass from the start if a second was lost between sessions).
    for (let pass = 0; pass < 2; pass++) {
      await play(page);
      await eventually(async () => (await videoState(page)).ended, { timeout: 45_000 }).toBe(true);
      const done = await eventually(() => page.getByTestId('study-left').textContent(), { timeout: 10_000 })
        .toBe('已完成')
        .then(
          () => true,
          () => false,
        );
      if (done) break;
      await video(page).evaluate((v: HTMLVideoElement) => {
        v.currentTime = 0;
      });
    }
    await eventually(() => page.getByText(/恭喜，本课程已完成/).isVisible()).toBe(true);

    await page.goto('/learningClassroom/qualifiedcourses');
    await eventually(() => page.getByRole('link', { name: course.title }).first().isVisible()).toBe(true);
    await page.goto('/learningClassroom/statisticspage');
    await eventually(async () => Number(await page.getByTestId('stats-earned').getAttribute('data-hours'))).toBeGreaterThanOrEqual(course.creditHours);
    await eventually(() => page.locator('.stats-canvas canvas').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('the PDF reader shows pages and counts reading time', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010051', 'Study@2026');
    const course = await findCourse(baseUrl, firstIds(40), (c) => c.resources.some((r) => r.kind === 'pdf'));
    const pdf = course.resources.find((r) => r.kind === 'pdf')!;
    // /study with the PDF chapter moves to the PDF reader.
    await page.goto(`/study?courseId=${course.id}&resourceId=${pdf.id}`);
    await eventually(() => pathOf(page)).toBe('/studypdf');
    const canvas = page.locator('canvas.pdf-canvas');
    await eventually(async () => Number(await canvas.getAttribute('data-rendered')), { timeout: 20_000 }).toBeGreaterThan(0);
    await eventually(() => page.getByTestId('pdf-pages').textContent()).toContain(`${pdf.pages}`);
    await page.getByRole('button', { name: /下一页/ }).click();
    await eventually(() => canvas.getAttribute('aria-label')).toContain('第2页');
    await page.getByRole('button', { name: '放大' }).click();
    await eventually(() => page.getByText('125%').isVisible()).toBe(true);
    await eventually(() => page.getByTestId('study-counting').textContent()).toBe('计时中');
    // The regular report comes after 30 s of reading.
    await eventually(() => credited(page), { timeout: 50_000 }).toBeGreaterThanOrEqual(25);
    expect(errors).toEqual([]);
    await close();
  });

  it('the live page plays the local HLS stream and counts attendance', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010052', 'Study@2026');
    const now = Date.now();
    const course = await findCourse(baseUrl, firstIds(64), (c) =>
      c.resources.some((r) => r.kind === 'live' && Date.parse(r.liveStart ?? '') <= now && now <= Date.parse(r.liveEnd ?? '')),
    );
    const live = course.resources.find((r) => r.kind === 'live')!;
    await page.goto(`/studylive?courseId=${course.id}&resourceId=${live.id}`);
    await eventually(() => page.getByText('正在直播').isVisible(), { timeout: 15_000 }).toBe(true);
    await eventually(async () => (await videoState(page)).ready, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    expect((await videoState(page)).src).toMatch(/^blob:/);
    // The portal's own controls: 直播中 and the time since the lesson began instead of a progress bar and speed.
    expect(await video(page).getAttribute('controls')).toBeNull();
    const bar = page.getByRole('group', { name: /^播放控制：直播：/ });
    await eventually(() => bar.getByText('直播中').isVisible()).toBe(true);
    await expect(bar.locator('.player-time').textContent()).resolves.toMatch(/已开播 (\d+小时)?(\d+分)?(\d+秒)?/);
    const names = await bar.locator('button, input, select').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(names).toEqual(['播放', '静音', '音量', '全屏']);
    await page.locator('.player').screenshot({ path: '/tmp/player-live-1280.png' });
    await play(page);
    await eventually(async () => (await videoState(page)).t, { timeout: 20_000 }).toBeGreaterThan(3);
    await eventually(() => page.getByTestId('study-counting').textContent()).toBe('计时中');
    await pause(page);
    await eventually(() => credited(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    await close();
  });
});
