/**
 * The study pages' first view (ADR 0047): the server renders a study page's public part (the course's
 * head and chapters, the player's place) for every request, so the learner reads the course before the
 * scripts have run; the learner's page then takes over the same elements, with the chapters' states and
 * the player, without a mismatch; a visitor gets 请先登录 instead.
 */
import { describe, expect, inject, it } from 'vitest';
import { browserOfThisFile, dialog, eventually, layoutShift, loginWithPassword, nextCaptchaId, submitPasswordLogin, watchLayoutShifts } from './helpers.ts';
import { findCourse, firstIds, launchMediaBrowser, singleVideo, videoState } from './study.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile(launchMediaBrowser);

describe('the study pages as they arrive', () => {
  it('/study comes with its course drawn by the server; the learner\'s page takes it over in place; a visitor is asked to log in', { timeout: 120_000 }, async () => {
    const course = await findCourse(baseUrl, firstIds(64), (c) => singleVideo(c) && c.description.length > 0);
    const chapter = course.resources[0]!;
    const address = `/study?courseId=${course.id}`;

    // Without JavaScript: the course's head, its chapters and the player's place, nothing of a learner.
    const still = await browser.open('desktop', { javaScriptEnabled: false });
    await still.page.goto(address);
    expect(await still.page.title()).toMatch(/^视频学习 - /);
    expect(await still.page.getByRole('heading', { name: course.title, level: 1 }).isVisible()).toBe(true);
    expect(await still.page.locator('.study-desc').textContent()).toBe(course.description);
    expect(await still.page.getByRole('navigation', { name: '课程章节' }).getByRole('link', { name: chapter.title }).getAttribute('href')).toBe(`${address}&resourceId=${chapter.id}`);
    expect(await still.page.getByText('正在进入学习…').isVisible()).toBe(true);
    expect(await still.page.locator('.study-chapter-state').count()).toBe(0);
    expect(await still.page.locator('#app-loading').count()).toBe(0);
    await still.close();

    // A learner: the same heading element stays through the adoption, the login's check and the
    // learner's own answers; then the chapter's state and the player; no mismatch in the console.
    const { page, errors, close } = await browser.open();
    const messages: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
    });
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010063', 'Study@2026');
    await watchLayoutShifts(page);
    // The entry held back half a second, as on a slow line: the server's page is there before it.
    await page.route('**/assets/index-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await page.goto(address, { waitUntil: 'commit' });
    await eventually(() => page.getByRole('heading', { name: course.title, level: 1 }).count()).toBe(1);
    await page.evaluate(() => {
      (window as unknown as { __head: Element | null }).__head = document.querySelector('.study-head h1');
    });
    expect(await page.locator('.study-chapter-state').count()).toBe(0);
    await eventually(() => page.locator('.study-chapter-state').first().textContent()).toMatch(/^(未开始|已学\d+%|已完成)$/);
    await eventually(async () => (await videoState(page)).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('heading', { name: `视频 · ${chapter.title}`, level: 2 }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.contains((window as unknown as { __head: Element | null }).__head))).toBe(true);
    expect(await layoutShift(page)).toBeLessThan(0.05);
    expect(messages.filter((m) => /hydrat|did not match|mismatch/i.test(m))).toEqual([]);
    expect(errors).toEqual([]);
    await close();

    // A visitor: the server's page (the same for everybody), then 请先登录 in its place and the login
    // form, which works (the page's presses were held until the app had taken it over), and the course.
    const visitor = await browser.open();
    const captcha = nextCaptchaId(visitor.page);
    await visitor.page.goto(address);
    await eventually(() => visitor.page.getByRole('heading', { name: '请先登录' }).isVisible()).toBe(true);
    expect(await visitor.page.locator('.study-head').count()).toBe(0);
    const modal = dialog(visitor.page, '用户登录');
    await eventually(() => modal.isVisible()).toBe(true);
    await submitPasswordLogin(visitor.page, baseUrl, modal, await captcha, '13900010063', 'Study@2026');
    await eventually(() => visitor.page.locator('.study-chapter-state').count(), { timeout: 15_000 }).toBe(course.resources.length);
    expect(await visitor.page.getByRole('heading', { name: course.title, level: 1 }).isVisible()).toBe(true);
    expect(visitor.errors).toEqual([]);
    await visitor.close();
  });

  it('/studypdf1 and /studylive1 come with their chapter\'s head drawn by the server', { timeout: 60_000 }, async () => {
    const withKind = (kind: 'pdf' | 'live') => findCourse(baseUrl, firstIds(40), (c) => c.resources.some((r) => r.kind === kind));
    const still = await browser.open('desktop', { javaScriptEnabled: false });
    const pdfCourse = await withKind('pdf');
    const pdf = pdfCourse.resources.find((r) => r.kind === 'pdf')!;
    await still.page.goto(`/studypdf1?courseId=${pdfCourse.id}&resourceId=${pdf.id}`);
    expect(await still.page.getByRole('heading', { name: pdf.title, level: 1 }).isVisible()).toBe(true);
    expect(await still.page.locator('.study-sub').textContent()).toBe(pdfCourse.title);
    expect(await still.page.getByRole('link', { name: '返回课程' }).getAttribute('href')).toBe(`/study?courseId=${pdfCourse.id}`);
    expect(await still.page.getByText('正在进入学习…').isVisible()).toBe(true);

    // The replay's place: the player's box with the course's cover in it.
    const liveCourse = await withKind('live');
    const live = liveCourse.resources.find((r) => r.kind === 'live')!;
    await still.page.goto(`/studylive1?courseId=${liveCourse.id}&resourceId=${live.id}`);
    expect(await still.page.getByRole('heading', { name: live.title, level: 1 }).isVisible()).toBe(true);
    expect(await still.page.getByText('正在进入直播…').isVisible()).toBe(true);
    expect(liveCourse.coverUrl).toMatch(/^\/media\/covers\//);
    expect(await still.page.locator('.study-video-wait video').getAttribute('poster')).toBe(liveCourse.coverUrl);
    await still.close();
  });
});
