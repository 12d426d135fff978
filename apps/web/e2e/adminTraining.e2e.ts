/**
 * 培训管理 in the browser: a training administrator creates a topic, gives it a
 * plan with a course from the catalogue, creates a class of the topic and adds a member found by
 * searching; that learner then finds the topic among their topics in 学习课堂 and its plan with the
 * course on the topic's page. A class and a topic in use are not deleted (the refusal says why); a
 * topic made by mistake is. No serious or critical axe finding; screenshots at 1280, 1920 and 375 px.
 */
import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserOfThisFile, eventually, loginWithPassword, pathOf, seriousA11yViolations, settleAnimations, toastWith } from './helpers.ts';
import { ADMINS, openAdmin } from './admin.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const shots = 'test-results/admin-training';
mkdirSync(shots, { recursive: true });
const n = Date.now() % 100000;
const TOPIC = `基层治理能力提升专题培训（第${n}期）`;
const CLASS = `基层治理能力提升专题学习${n}班`;
const MEMBER = '13900010123';
const MISTAKE = `误建的培训项目（第${n}期）`;

/** Axe reads the page once the toasts have gone (a notice fading in is caught half transparent). */
async function accessible(page: Page) {
  // A pointer resting on a notice keeps it open.
  await page.mouse.move(1, 1);
  await eventually(() => page.locator('.ant-notification-notice').count(), { timeout: 15_000 }).toBe(0);
  await eventually(() => page.locator('.app-loading-done').count()).toBe(0);
  return seriousA11yViolations(page);
}

/** The first course of the catalogue (its title), as the picker lists it. */
async function firstCourseTitle(page: Page) {
  const row = page.getByRole('dialog').locator('.ant-table-row').first();
  await eventually(() => row.count()).toBe(1);
  return ((await row.locator('td').first().textContent()) ?? '').trim();
}

describe('培训管理', () => {
  it('a training administrator creates a topic with a plan and a class and adds a member; that learner sees it on their pages', { timeout: 300_000 }, async () => {
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAdmin(page, baseUrl, ADMINS.training, '/admin/training');
    await eventually(() => pathOf(page)).toBe('/admin/training/topics');
    await eventually(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    expect(await accessible(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/topics-1280.png` });

    // 新建培训项目: a special topic open for applications now (the form's default dates).
    await page.getByRole('button', { name: '新建培训项目' }).click();
    await eventually(() => page.getByRole('heading', { name: '新建培训项目' }).isVisible()).toBe(true);
    await page.getByLabel('项目名称').fill(TOPIC);
    await page.getByLabel('培训年度').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByLabel('主办单位').fill('省委组织部');
    await page.getByLabel('要求学时').fill('2');
    await page.getByLabel('项目简介').fill('聚焦基层治理体系和治理能力现代化，完成必修课程即可结业。');
    await page.getByRole('button', { name: '创建项目' }).click();
    await eventually(() => toastWith(page, '培训项目已创建').count()).toBeGreaterThan(0);
    await eventually(() => /^\/admin\/training\/topics\/\d+$/.test(pathOf(page))).toBe(true);
    const topicId = Number(pathOf(page).split('/').pop());

    // 新建计划, then a course of the catalogue in it as required.
    await page.getByRole('button', { name: '新建计划' }).click();
    const planDialog = page.getByRole('dialog').filter({ hasText: '新建学习计划' });
    await planDialog.getByLabel('计划名称').fill('专题必修');
    await planDialog.getByRole('button', { name: /保\s*存/ }).click();
    await eventually(() => toastWith(page, '计划已创建').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: '向专题必修添加课程' }).click();
    const course = await firstCourseTitle(page);
    await page.getByRole('dialog').getByRole('button', { name: `加入课程 ${course}` }).click();
    await eventually(() => toastWith(page, `已将“${course}”加入专题必修`).count()).toBeGreaterThan(0);
    expect(await accessible(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/course-picker-1280.png` });
    await page.getByRole('dialog').getByRole('button', { name: '完成' }).click();
    await eventually(() => page.locator('.training-plan .ant-table-row', { hasText: course }).count()).toBe(1);
    // The picker's closing animation ends first: a full-page shot taken during it caught the menu half wide.
    await settleAnimations(page, 2000);
    await page.screenshot({ path: `${shots}/topic-1280.png`, fullPage: true });

    // A class of the topic, and a member found by mobile.
    await page.getByRole('button', { name: '新建本项目的班级' }).click();
    await eventually(() => page.getByRole('heading', { name: '新建班级' }).isVisible()).toBe(true);
    await page.getByLabel('班级名称').fill(CLASS);
    await page.getByRole('button', { name: '创建班级' }).click();
    await eventually(() => toastWith(page, '班级已创建').count()).toBeGreaterThan(0);
    await eventually(() => /^\/admin\/training\/classes\/\d+$/.test(pathOf(page))).toBe(true);
    await page.getByLabel('查找要加入的学员').fill(MEMBER);
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await eventually(() => option.count(), { timeout: 10_000 }).toBe(1);
    await option.click();
    await page.getByRole('button', { name: '加入学员' }).click();
    await eventually(() => toastWith(page, '加入本班学员').count()).toBeGreaterThan(0);
    await eventually(() => page.locator('.ant-card', { hasText: '班级学员' }).locator('.ant-table-row').count()).toBe(1);
    expect(await accessible(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/class-1280.png`, fullPage: true });

    // A class with a member is not deleted either.
    await page.getByRole('button', { name: '删除班级' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    await eventually(() => toastWith(page, '该班级有1名学员，不能删除').count()).toBeGreaterThan(0);
    // A topic in use is not deleted: the refusal names what holds it.
    await page.goto(`/admin/training/topics/${topicId}`);
    await page.getByRole('button', { name: '删除项目' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    await eventually(() => toastWith(page, '下设1个班级，不能删除').count()).toBeGreaterThan(0);
    expect(pathOf(page)).toBe(`/admin/training/topics/${topicId}`);
    // One made by mistake goes, with its plan, and leaves the list.
    await page.goto('/admin/training/topics/new');
    await page.getByLabel('项目名称').fill(MISTAKE);
    await page.getByLabel('培训年度').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByRole('button', { name: '创建项目' }).click();
    await eventually(() => /^\/admin\/training\/topics\/\d+$/.test(pathOf(page))).toBe(true);
    await page.getByRole('button', { name: '新建计划' }).click();
    await page.getByRole('dialog').filter({ hasText: '新建学习计划' }).getByLabel('计划名称').fill('专题必修');
    await page.getByRole('dialog').filter({ hasText: '新建学习计划' }).getByRole('button', { name: /保\s*存/ }).click();
    await eventually(() => toastWith(page, '计划已创建').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: '删除项目' }).click();
    expect(await accessible(page)).toEqual([]);
    await page.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    await eventually(() => pathOf(page)).toBe('/admin/training/topics');
    await eventually(() => toastWith(page, `培训项目“${MISTAKE}”已删除`).count()).toBeGreaterThan(0);
    await eventually(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await eventually(() => page.locator('.ant-table-row', { hasText: MISTAKE }).count()).toBe(0);

    // Wide screen and phone: the class page and the list of classes.
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.screenshot({ path: `${shots}/class-1920.png`, fullPage: true });
    await page.goto('/admin/training/classes');
    await eventually(() => page.locator('.ant-table-row', { hasText: CLASS }).count()).toBe(1);
    await page.screenshot({ path: `${shots}/classes-1920.png` });
    // 导出Excel of the same list: the file holds the screen's rows, the new class among them.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出Excel' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^班级_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const names = book.worksheets[0]!.getColumn(2).values.map(String);
    expect(names).toContain(CLASS);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/admin/training/topics/${topicId}`);
    await eventually(() => page.locator('.training-plan .ant-table-row', { hasText: course }).count()).toBe(1);
    await page.screenshot({ path: `${shots}/topic-375.png`, fullPage: true });
    expect(errors).toEqual([]);
    await close();

    // The member finds the topic in 学习课堂 without applying, and its plan with the course.
    const learner = await browser.open('desktop', { bypassCSP: true });
    await learner.page.goto('/index');
    await loginWithPassword(learner.page, baseUrl, MEMBER, 'Study@2026');
    await learner.page.goto('/learningClassroom/ongoingTopic');
    const card = learner.page.locator('li.lc-card', { hasText: TOPIC });
    await eventually(() => card.count()).toBe(1);
    await learner.page.screenshot({ path: `${shots}/learner-topics-1280.png` });
    await card.getByRole('link', { name: TOPIC }).click();
    await eventually(() => pathOf(learner.page)).toBe('/learningClassroom/ongoingTopicDetail');
    await eventually(() => learner.page.getByRole('heading', { name: /专题必修/ }).isVisible()).toBe(true);
    await eventually(() => learner.page.getByText(course).first().isVisible()).toBe(true);
    await learner.page.screenshot({ path: `${shots}/learner-topic-1280.png`, fullPage: true });
    expect(learner.errors).toEqual([]);
    await learner.close();
  });
});
