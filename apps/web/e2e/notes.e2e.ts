/**
 * Notes, appraisal and comments in the browser: a learner takes a note while a video plays, reloads,
 * clicks it and the video is back at the note's moment; rates a course and sees the average change
 * when another learner rates it; comments, replies and deletes (the thread stays as 已删除), and
 * cannot change another learner's comment; learningnotes finds, edits, exports and deletes notes.
 * The replay of a live lesson (/studylive1) and a topic's reading material (/studypdf1) keep notes
 * the same way: at the replay's moment, at the page.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserOfThisFile, eventually, loginWithPassword, pathOf, toastWith } from './helpers.ts';
import { findCourse, firstIds, launchMediaBrowser, pause, play, video, videoState } from './study.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile(launchMediaBrowser);

/** A demo course whose first chapter is a video of at least 20 s. */
const videoCourse = () => findCourse(baseUrl, firstIds(64), (c) => c.resources[0]?.kind === 'video' && (c.resources[0].durationSeconds ?? 0) >= 20);

async function openStudy(page: Page, courseId: number, resourceId: number) {
  await page.goto(`/study?courseId=${courseId}&resourceId=${resourceId}`);
  await eventually(async () => (await videoState(page)).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
}

const noteButton = (page: Page, title: string) => page.getByRole('button', { name: `跳转到笔记位置：${title}` });

describe('notes, appraisal and comments', () => {
  it('takes a note at the video position, keeps it over a reload, and a click seeks the video there', { timeout: 120_000 }, async () => {
    const course = await videoCourse();
    const chapter = course.resources[0]!;
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010064', 'Study@2026');
    await openStudy(page, course.id, chapter.id);

    await play(page);
    await eventually(async () => (await videoState(page)).t, { timeout: 30_000 }).toBeGreaterThanOrEqual(12);
    await pause(page);
    const at = Math.floor((await videoState(page)).t);
    await page.getByRole('button', { name: /记笔记/ }).click();
    const form = page.getByRole('form', { name: '记笔记' });
    await eventually(() => form.getByText(`0:${String(at).padStart(2, '0')}`).count()).toBeGreaterThan(0);
    await form.getByLabel('标题').fill('第十二秒的要点');
    await form.getByLabel('内容').fill('要点一\n要点二');
    await form.getByRole('button', { name: '保存笔记' }).click();
    await eventually(() => toastWith(page, '笔记已保存').count()).toBeGreaterThan(0);
    await eventually(() => noteButton(page, '第十二秒的要点').isVisible()).toBe(true);

    await page.reload();
    await eventually(async () => (await videoState(page)).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await eventually(() => noteButton(page, '第十二秒的要点').isVisible()).toBe(true);
    // Back to the start, then the note brings the video to its moment.
    await video(page).evaluate((v: HTMLVideoElement) => {
      v.currentTime = 1;
    });
    await eventually(async () => (await videoState(page)).t).toBeLessThan(2);
    await noteButton(page, '第十二秒的要点').click();
    await eventually(async () => Math.abs((await videoState(page)).t - at)).toBeLessThan(1);
    expect(await page.getByText('要点一\n要点二').count()).toBeGreaterThan(0);

    // In learningnotes the note's time is a link that opens the video at that moment.
    await page.goto('/learningClassroom/learningnotes');
    const label = `0:${String(at).padStart(2, '0')}`;
    await page.getByRole('link', { name: `从 ${label} 开始观看 ${chapter.title}` }).click();
    await eventually(() => pathOf(page)).toBe('/study');
    expect(new URL(page.url()).searchParams.get('t')).toBe(String(at));
    await eventually(async () => (await videoState(page)).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await eventually(async () => Math.abs((await videoState(page)).t - at)).toBeLessThan(1);
    // The address's moment is taken over the resume point (here the note's moment)…
    await page.goto(`/study?courseId=${course.id}&resourceId=${chapter.id}&t=3`);
    await eventually(async () => (await videoState(page)).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await eventually(async () => Math.abs((await videoState(page)).t - 3)).toBeLessThan(1);
    // …but never past the furthest point watched of a chapter not completed: it stops there.
    await page.goto(`/study?courseId=${course.id}&resourceId=${chapter.id}&t=${(chapter.durationSeconds ?? 20) - 2}`);
    await eventually(async () => (await videoState(page)).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await videoState(page)).t).toBeLessThan(at + 3);
    expect(errors).toEqual([]);
    await close();
  });

  it("on a live lesson's replay (/studylive1) a note keeps the replay's moment over a reload, and a click seeks back to it", { timeout: 120_000 }, async () => {
    const now = Date.now();
    const course = await findCourse(baseUrl, firstIds(64), (c) => c.resources.some((r) => r.kind === 'live' && Date.parse(r.liveEnd ?? '') < now));
    const live = course.resources.find((r) => r.kind === 'live' && Date.parse(r.liveEnd ?? '') < now)!;
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010068', 'Study@2026');
    const open = async () => {
      await page.goto(`/studylive1?courseId=${course.id}&resourceId=${live.id}`);
      await eventually(async () => (await videoState(page)).ready, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    };
    await open();
    await play(page);
    await eventually(async () => (await videoState(page)).t, { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
    await pause(page);
    const at = Math.floor((await videoState(page)).t);
    await page.getByRole('button', { name: /记笔记/ }).click();
    const form = page.getByRole('form', { name: '记笔记' });
    await eventually(() => form.getByText(`0:${String(at).padStart(2, '0')}`).count()).toBeGreaterThan(0);
    await form.getByLabel('标题').fill('回放中的要点');
    await form.getByLabel('内容').fill('回放第一部分讲到的三个问题');
    await form.getByRole('button', { name: '保存笔记' }).click();
    await eventually(() => toastWith(page, '笔记已保存').count()).toBeGreaterThan(0);
    // Saved without leaving the replay.
    expect(pathOf(page)).toBe('/studylive1');
    await eventually(() => noteButton(page, '回放中的要点').isVisible()).toBe(true);

    await page.reload();
    await eventually(async () => (await videoState(page)).ready, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await eventually(() => noteButton(page, '回放中的要点').isVisible()).toBe(true);
    await video(page).evaluate((v: HTMLVideoElement) => {
      v.currentTime = 0;
    });
    await eventually(async () => (await videoState(page)).t).toBeLessThan(1);
    await noteButton(page, '回放中的要点').click();
    await eventually(async () => Math.abs((await videoState(page)).t - at)).toBeLessThan(1);
    expect(pathOf(page)).toBe('/studylive1');
    expect(errors).toEqual([]);
    await close();
  });

  it("on a topic's reading material (/studypdf1) a note keeps its page over a reload, and a click opens that page", { timeout: 120_000 }, async () => {
    const course = await findCourse(baseUrl, firstIds(64), (c) => c.resources.some((r) => r.kind === 'pdf' && (r.pages ?? 0) >= 3));
    const pdf = course.resources.find((r) => r.kind === 'pdf' && (r.pages ?? 0) >= 3)!;
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010069', 'Study@2026');
    const canvas = page.locator('canvas.pdf-canvas');
    await page.goto(`/studypdf1?courseId=${course.id}&resourceId=${pdf.id}`);
    await eventually(async () => Number(await canvas.getAttribute('data-rendered')), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: /下一页/ }).click();
    await page.getByRole('button', { name: /下一页/ }).click();
    await eventually(() => canvas.getAttribute('aria-label')).toContain('第3页');
    await page.getByRole('button', { name: /记笔记/ }).click();
    const form = page.getByRole('form', { name: '记笔记' });
    await eventually(() => form.getByText('第3页').count()).toBeGreaterThan(0);
    await form.getByLabel('标题').fill('第三页的要点');
    await form.getByLabel('内容').fill('专题资料第三页的数据');
    await form.getByRole('button', { name: '保存笔记' }).click();
    await eventually(() => toastWith(page, '笔记已保存').count()).toBeGreaterThan(0);
    expect(pathOf(page)).toBe('/studypdf1');
    await eventually(() => noteButton(page, '第三页的要点').isVisible()).toBe(true);

    await page.reload();
    await eventually(async () => Number(await canvas.getAttribute('data-rendered')), { timeout: 20_000 }).toBeGreaterThan(0);
    await eventually(() => noteButton(page, '第三页的要点').isVisible()).toBe(true);
    // The reader opens at the first page; the note takes it to the third.
    await eventually(() => canvas.getAttribute('aria-label')).toContain('第1页');
    await noteButton(page, '第三页的要点').click();
    await eventually(() => canvas.getAttribute('aria-label')).toContain('第3页');
    expect(pathOf(page)).toBe('/studypdf1');
    expect(errors).toEqual([]);
    await close();
  });

  it('rates the course and sees the average change; comments, replies, deletes; another learner cannot change them', { timeout: 120_000 }, async () => {
    const course = await videoCourse();
    const chapter = course.resources[0]!;
    const a = await browser.open();
    const b = await browser.open();
    await a.page.goto('/index');
    await loginWithPassword(a.page, baseUrl, '13900010065', 'Study@2026');
    await b.page.goto('/index');
    await loginWithPassword(b.page, baseUrl, '13900010066', 'Study@2026');
    await openStudy(a.page, course.id, chapter.id);
    await openStudy(b.page, course.id, chapter.id);

    const average = (page: Page) => page.getByTestId('appraisal-average').textContent();
    const star = (page: Page, n: number) => page.locator('.feedback-mine .ant-rate-star').nth(n - 1).locator('.ant-rate-star-second');
    const count = (page: Page) => page.locator('.feedback-average').textContent().then((t) => Number(/（(\d+)人评价）/.exec(t ?? '')?.[1]));
    await eventually(() => count(a.page)).toBeGreaterThanOrEqual(0);
    const before = await count(a.page);
    await star(a.page, 5).click();
    await eventually(() => toastWith(a.page, '评价已保存').count()).toBeGreaterThan(0);
    await eventually(() => count(a.page)).toBe(before + 1);
    const mine = Number(await average(a.page));
    await star(b.page, 1).click();
    await eventually(() => toastWith(b.page, '评价已保存').count()).toBeGreaterThan(0);
    await a.page.reload();
    await eventually(() => count(a.page)).toBe(before + 2);
    expect(Number(await average(a.page))).toBeLessThan(mine);

    // A comment as text (markup shows as written), a reply to it.
    const comment = `<b>好课</b> ${Date.now()}`;
    await a.page.getByRole('textbox', { name: '发表评论' }).fill(comment);
    await a.page.getByRole('button', { name: '发表评论' }).click();
    const thread = a.page.locator('.feedback-thread').filter({ hasText: comment });
    await eventually(() => thread.count()).toBe(1);
    await b.page.reload();
    const seenByB = b.page.locator('.feedback-thread').filter({ hasText: comment });
    await eventually(() => seenByB.count()).toBe(1);
    // Not B's: no edit or delete offered.
    expect(await seenByB.locator('.feedback-comment').first().getByRole('button', { name: '编辑' }).count()).toBe(0);
    expect(await seenByB.locator('.feedback-comment').first().getByRole('button', { name: '删除' }).count()).toBe(0);
    await seenByB.getByRole('button', { name: '回复' }).click();
    await seenByB.getByRole('textbox', { name: /^回复 / }).fill('我也这么认为');
    await seenByB.getByRole('button', { name: '回复', exact: true }).last().click();
    await eventually(() => seenByB.locator('.feedback-replies').getByText('我也这么认为').count()).toBe(1);

    // A deletes the comment: its reply keeps the thread, which reads 已删除.
    await a.page.reload();
    await eventually(() => thread.locator('.feedback-replies').getByText('我也这么认为').count()).toBe(1);
    await thread.locator('.feedback-comment').first().getByRole('button', { name: '删除' }).click();
    await a.page.getByRole('button', { name: '删除', exact: true }).last().click();
    await eventually(() => toastWith(a.page, '评论已删除').count()).toBeGreaterThan(0);
    const kept = a.page.locator('.feedback-thread').filter({ hasText: '我也这么认为' });
    await eventually(() => kept.locator('.feedback-deleted').textContent()).toBe('已删除');
    expect(await a.page.getByText(comment).count()).toBe(0);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.close();
    await b.close();
  });

  it('learningnotes finds a note by text, the editor changes it, the course exports as a document, and it is deleted', { timeout: 120_000 }, async () => {
    const course = await videoCourse();
    const chapter = course.resources[0]!;
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010067', 'Study@2026');
    // Opening the course makes it one of mine; the editor chooses from my courses.
    await openStudy(page, course.id, chapter.id);
    await page.goto('/learningClassroom/learningnotesadd');
    await eventually(() => page.getByRole('heading', { name: '新增笔记', level: 1 }).isVisible()).toBe(true);
    await page.getByLabel('课程').click();
    await page.locator('.ant-select-item-option').filter({ hasText: course.title }).first().click();
    await page.getByLabel('章节').click();
    await page.locator('.ant-select-item-option').filter({ hasText: chapter.title }).first().click();
    await page.getByLabel(/视频位置/).fill('7');
    await page.getByLabel('标题').fill('编辑器里的笔记');
    await page.getByLabel('内容').fill('可以搜索到的独特内容');
    await page.getByRole('button', { name: '保存笔记' }).click();
    await eventually(() => pathOf(page)).toBe('/learningClassroom/learningnotes');

    await page.getByRole('searchbox', { name: '搜索笔记' }).fill('独特内容');
    await page.getByRole('searchbox', { name: '搜索笔记' }).press('Enter');
    await eventually(() => new URL(page.url()).searchParams.get('keyword')).toBe('独特内容');
    const group = page.getByRole('region', { name: course.title });
    await eventually(() => group.getByText('编辑器里的笔记').count()).toBe(1);
    // Exactly: the note's 更新于 time contains 0:07 as well when it was written at 20:07.
    await eventually(() => group.getByText('0:07', { exact: true }).count()).toBe(1);

    await page.getByRole('link', { name: '编辑 编辑器里的笔记' }).click();
    await eventually(() => pathOf(page)).toBe('/learningClassroom/learningnotesedit');
    await eventually(() => page.getByLabel('标题').inputValue()).toBe('编辑器里的笔记');
    await page.getByLabel('标题').fill('改过的笔记');
    await page.getByRole('button', { name: '保存笔记' }).click();
    await eventually(() => toastWith(page, '笔记已修改').count()).toBeGreaterThan(0);
    await eventually(() => page.getByText('改过的笔记').count()).toBe(1);

    // The course's notes as a Word document.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `导出笔记 ${course.title}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`学习笔记-${course.title}.docx`);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    await page.getByRole('button', { name: '删除 改过的笔记' }).click();
    await page.getByRole('button', { name: '删除', exact: true }).last().click();
    await eventually(() => toastWith(page, '笔记已删除').count()).toBeGreaterThan(0);
    await eventually(() => page.getByText('改过的笔记').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('the note editor keeps typed text: 返回笔记列表 asks first, and a reload offers the text back', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010067', 'Study@2026');
    await page.goto('/learningClassroom/learningnotesadd');
    await eventually(() => page.getByRole('heading', { name: '新增笔记', level: 1 }).isVisible()).toBe(true);
    await page.getByLabel('标题').click();
    await page.keyboard.type('读书笔记写到一半', { delay: 80 });
    await page.getByLabel('内容').click();
    await page.keyboard.type('第一点体会', { delay: 80 });
    const guard = page.getByRole('dialog', { name: '有修改尚未保存' });
    await page.getByRole('button', { name: '返回笔记列表' }).click();
    await eventually(() => guard.count()).toBe(1);
    await guard.getByRole('button', { name: '继续编辑' }).click();
    expect(pathOf(page)).toBe('/learningClassroom/learningnotesadd');
    page.on('dialog', (d) => void d.accept());
    await page.reload();
    await page.getByRole('button', { name: '恢复未保存的内容' }).click();
    expect(await page.getByLabel('标题').inputValue()).toBe('读书笔记写到一半');
    expect(await page.getByLabel('内容').inputValue()).toBe('第一点体会');
    await page.getByRole('button', { name: '返回笔记列表' }).click();
    await guard.getByRole('button', { name: '放弃修改' }).click();
    await eventually(() => pathOf(page)).toBe('/learningClassroom/learningnotes');
    expect(errors).toEqual([]);
    await close();
  });
});
