/**
 * 课程管理 in the browser: the training administrator creates a course with a cover and two
 * chapters (a lecture video and PDF courseware), moves the PDF first and back, saves and publishes it;
 * a learner then finds it first among the newest courses on /course and opens it to study. The list and
 * the editor at 1280, 1920 and 375 px with no serious or critical axe finding; the studied-chapter
 * dialog offers 停用.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { adminCourses } from '@portal/contract';
import { browserOfThisFile, eventually, LIST_ROWS, loginWithPassword, pathOf, seriousA11yViolations, toastWith } from './helpers.ts';
import { ADMINS, openAdmin } from './admin.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const shots = 'test-results/admin-courses';
mkdirSync(shots, { recursive: true });
const TITLE = `数字政府建设中的数据共享与业务协同（${Date.now() % 100000}）`;
const COVER = path.resolve(import.meta.dirname, '../../server/assets/demo/covers/course-05.webp');

describe('课程管理', () => {
  it('a training administrator creates a course with two chapters and publishes it; a learner sees it on /course and opens it', { timeout: 240_000 }, async () => {
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAdmin(page, baseUrl, ADMINS.training, '/admin/courses');
    await eventually(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await eventually(() => page.locator('.app-loading-done').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/list-1280.png` });

    await page.getByRole('button', { name: '新建课程' }).click();
    await eventually(() => pathOf(page)).toBe('/admin/courses/new');
    await page.getByLabel('课程名称').fill(TITLE);
    await page.getByLabel('主讲人', { exact: true }).fill('林晓东');
    await page.getByLabel('主讲人职务（选填）').fill('省大数据局副局长');
    // The tree is a virtual list: searched, the sub-category is in view.
    await page.getByLabel('课程分类').click();
    await page.getByLabel('课程分类').fill('数字政府');
    await page.locator('.ant-select-tree-title', { hasText: '数字政府建设' }).click();
    await page.getByLabel('学时').fill('1.5');
    await page.getByLabel('上传封面').setInputFiles(COVER);
    await eventually(() => page.getByAltText('已上传的图片').count()).toBe(1);
    await page.getByLabel('课程简介').fill('本课程结合全省一体化政务大数据体系建设，讲授政务数据共享的制度安排、“一网通办”中的业务协同，以及数据安全与个人信息保护的要求。');

    await page.getByRole('button', { name: '添加章节' }).click();
    await page.getByLabel('第1章名称').fill('第一讲 政务数据共享的制度安排');
    await page.getByLabel('第1章视频地址', { exact: true }).fill('/media/video/course-01-1.mp4');
    await page.getByLabel('第1章视频时长').fill('1500');
    await page.getByRole('button', { name: '添加章节' }).click();
    await page.getByLabel('第2章类型').click();
    await page.locator('.ant-select-item-option', { hasText: 'PDF课件' }).click();
    await page.getByLabel('第2章名称').fill('第二讲 “一网通办”业务协同案例（文字课件）');
    await page.getByLabel('第2章课件地址', { exact: true }).fill('/media/pdf/course-02.pdf');
    await page.getByLabel('第2章页数').fill('8');
    await page.getByLabel('第2章最少阅读时间').fill('600');
    // Reorder: the PDF up, then back down.
    await page.getByLabel('第2章上移').click();
    await eventually(() => page.getByLabel('第1章名称').inputValue()).toContain('第二讲');
    await page.getByLabel('第2章上移').click();
    await eventually(() => page.getByLabel('第1章名称').inputValue()).toContain('第一讲');
    await eventually(() => page.locator('.app-loading-done').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/editor-1280.png`, fullPage: true });

    await page.getByRole('button', { name: '保存并发布' }).click();
    await eventually(() => toastWith(page, '课程已发布').count()).toBeGreaterThan(0);
    await eventually(() => /^\/admin\/courses\/\d+$/.test(pathOf(page))).toBe(true);
    await eventually(() => page.getByText('已发布', { exact: true }).isVisible()).toBe(true);
    const courseUrl = pathOf(page);

    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.screenshot({ path: `${shots}/editor-1920.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${shots}/editor-375.png`, fullPage: true });
    await page.goto('/admin/courses');
    // At 375 px the list is a column of cards, not a table.
    await eventually(() => page.locator(LIST_ROWS, { hasText: TITLE }).count()).toBe(1);
    await page.screenshot({ path: `${shots}/list-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.screenshot({ path: `${shots}/list-1920.png` });

    // A learner: the newest course of the catalogue, opened to study.
    const learner = await browser.open('desktop', { bypassCSP: true });
    await learner.page.goto('/index');
    await loginWithPassword(learner.page, baseUrl, '13900010121', 'Study@2026');
    await learner.page.goto('/course');
    await eventually(() => learner.page.locator('.course-results').getByRole('link', { name: TITLE }).count()).toBeGreaterThan(0);
    await learner.page.screenshot({ path: `${shots}/learner-course-1280.png` });
    await learner.page.locator('.course-results').getByRole('link', { name: TITLE }).first().click();
    await eventually(() => pathOf(learner.page)).toBe('/study');
    await eventually(() => learner.page.getByText('第一讲 政务数据共享的制度安排').first().isVisible()).toBe(true);
    await eventually(() => learner.page.getByText('第二讲 “一网通办”业务协同案例（文字课件）').first().isVisible()).toBe(true);
    await eventually(() => learner.page.getByText('林晓东').first().isVisible()).toBe(true);
    await learner.page.screenshot({ path: `${shots}/learner-study-1280.png` });

    // Saved without a cover (the picture taken away through the API), the course shows its title on the college's colour.
    const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('portal-admin-session') ?? 'null') as { token: string } | null)?.token);
    const id = Number(courseUrl.split('/').pop());
    const adminFetch = async (path: string, body?: unknown) =>
      (await (await fetch(baseUrl + path, { method: body ? 'POST' : 'GET', headers: { authorization: token!, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })).json()) as { code: number; data: adminCourses.AdminCourse };
    const saved = (await adminFetch(`${adminCourses.adminCourseGet.path}?id=${id}`)).data;
    const { chapters, ...course } = saved;
    expect((await adminFetch(adminCourses.adminCourseSave.path, { ...course, coverUrl: '', chapters })).code).toBe(0);
    await learner.page.goto('/course');
    const card = learner.page.locator('.course-results .course-card').filter({ has: learner.page.getByRole('heading', { name: TITLE, exact: true }) });
    // Rendered by the server for a visitor, then the learner's own (their progress): the card is drawn again meanwhile.
    await learner.page.waitForLoadState('networkidle');
    await eventually(() => card.locator('.cover-blank').textContent()).toBe(TITLE);
    expect(await card.locator('img').count()).toBe(0);
    await card.screenshot({ path: `${shots}/learner-course-no-cover.png` });
    expect(learner.errors).toEqual([]);
    await learner.close();

    // The chapter the learner opened is now studied: removing it offers 停用 instead.
    await page.goto(courseUrl);
    await eventually(() => page.getByText('1人学过').count()).toBeGreaterThan(0);
    await page.getByLabel('删除第1章').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '该章节不能删除' });
    await eventually(() => dialog.getByText(/已有1名学员学习过该章节/).isVisible()).toBe(true);
    // The dialog's opening animation done.
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${shots}/studied-dialog-1920.png` });
    await dialog.getByRole('button', { name: '取消' }).click();
    // A live lesson's fields (not saved).
    await page.getByRole('button', { name: '添加章节' }).click();
    await page.getByLabel('第3章类型').click();
    await page.locator('.ant-select-item-option', { hasText: '直播' }).click();
    await eventually(() => page.getByLabel('第3章直播地址').isVisible()).toBe(true);
    await page.getByLabel('第3章直播地址').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/live-chapter-1920.png` });
    expect(errors).toEqual([]);
    await close();
  });
});
