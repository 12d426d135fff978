/**
 * 考试管理 in the browser: the training administrator adds a question to a bank, creates an
 * exam with it, previews it as a learner and publishes it; a learner then finds it on /onlineExam,
 * takes it and submits; the administrator sees the attempt among the exam's results. No serious or
 * critical axe finding on the section's pages; screenshots at 1280 px.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { browserOfThisFile, eventually, loginWithPassword, pathOf, seriousA11yViolations, toastWith } from './helpers.ts';
import { ADMINS, openAdmin } from './admin.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const shots = 'test-results/admin-exams';
mkdirSync(shots, { recursive: true });
const SUBMIT = /^交\s*卷$/;
const STEM = `浏览器测试题：我国的根本大法是？（${Date.now() % 100000}）`;
const TITLE = `浏览器测试考试 ${Date.now() % 100000}`;

describe('考试管理', () => {
  it('a training administrator adds a question, builds an exam with it and publishes it; a learner takes it', { timeout: 240_000 }, async () => {
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAdmin(page, baseUrl, ADMINS.training, '/admin/exams');
    await eventually(() => pathOf(page)).toBe('/admin/exams/questions');
    await eventually(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/questions-1280.png` });

    // 新增试题: a single-choice question in a new bank.
    await page.getByRole('button', { name: '新增试题' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新增试题' });
    await drawer.getByLabel('题库').fill('浏览器测试题库');
    await drawer.getByLabel('题干').fill(STEM);
    for (const [k, text] of [['A', '刑法'], ['B', '宪法'], ['C', '民法典'], ['D', '立法法']]) await drawer.getByLabel(`选项${k}`, { exact: true }).fill(text!);
    await drawer.locator('.ant-radio-wrapper', { hasText: /^B$/ }).click();
    await drawer.getByLabel('解析').fill('宪法是国家的根本法。');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/question-drawer-1280.png` });
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await eventually(() => toastWith(page, '试题已保存').count()).toBeGreaterThan(0);
    await page.getByLabel('题干').fill('浏览器测试题');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await eventually(() => page.locator('.ant-table-row', { hasText: STEM }).count()).toBe(1);

    // 新建考试 with that question, worth 100 points, pass mark 60.
    await page.locator('.ant-segmented-item', { hasText: /^考试$/ }).click();
    await eventually(() => pathOf(page)).toBe('/admin/exams/papers');
    await page.getByRole('button', { name: '新建考试' }).click();
    await eventually(() => pathOf(page)).toBe('/admin/exams/papers/new');
    await eventually(() => page.getByRole('heading', { name: '新建考试' }).isVisible()).toBe(true);
    await page.getByLabel('考试名称').fill(TITLE);
    await page.getByRole('button', { name: '添加试题' }).click();
    const picker = page.getByRole('dialog').filter({ hasText: '从题库添加试题' });
    await picker.getByLabel('题干').fill('浏览器测试题');
    await picker.getByRole('button', { name: /查\s*询/ }).click();
    await eventually(() => picker.locator('.ant-table-row', { hasText: STEM }).count()).toBe(1);
    await picker.locator('.ant-table-row', { hasText: STEM }).locator('.ant-checkbox-wrapper').click();
    await picker.getByRole('button', { name: /添加所选/ }).click();
    await page.getByLabel('第1题分值').fill('100');
    await page.getByLabel('第1题分值').blur();
    await eventually(() => page.getByText('试卷（1 题，总分 100 分）').isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/exam-editor-1280.png`, fullPage: true });
    await page.getByRole('button', { name: '保存草稿' }).click();
    await eventually(() => /^\/admin\/exams\/papers\/\d+$/.test(pathOf(page))).toBe(true);

    // 预览 as a learner: the paper without its answer.
    await page.getByRole('button', { name: '以学员身份预览' }).click();
    await eventually(() => page.getByText(STEM).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/preview-1280.png`, fullPage: true });
    await eventually(() => page.getByText('B. 宪法').isVisible()).toBe(true);
    await expect(page.getByText('宪法是国家的根本法').count()).resolves.toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/preview-1280.png`, fullPage: true });
    await page.getByRole('button', { name: '返回编辑' }).click();
    await page.getByRole('button', { name: /发\s*布/ }).click();
    await eventually(() => toastWith(page, '考试已发布').count()).toBeGreaterThan(0);
    await eventually(() => page.getByText('已发布', { exact: true }).isVisible()).toBe(true);
    const examUrl = pathOf(page);

    // A learner finds it on 在线考试, takes it and submits.
    const learner = await browser.open('desktop', { bypassCSP: true });
    await learner.page.goto('/index');
    await loginWithPassword(learner.page, baseUrl, '13900010120', 'Study@2026');
    await learner.page.goto('/onlineExam');
    await learner.page.getByRole('button', { name: `参加考试 ${TITLE}` }).click();
    await eventually(() => pathOf(learner.page)).toBe('/examInfo');
    await learner.page.getByRole('button', { name: /开始考试|继续考试/ }).click();
    await eventually(() => pathOf(learner.page)).toBe('/exam');
    await eventually(() => learner.page.getByText(STEM).isVisible(), { timeout: 15_000 }).toBe(true);
    await learner.page.locator('#question-1 .ant-radio-wrapper', { hasText: '宪法' }).click();
    await eventually(() => learner.page.locator('#question-1 .exam-save').textContent()).toBe('已保存');
    await learner.page.getByRole('button', { name: SUBMIT }).click();
    await learner.page.getByRole('dialog').filter({ hasText: '确认交卷' }).getByRole('button', { name: SUBMIT }).click();
    await eventually(() => learner.page.getByText(/100分（满分100分），合格/).isVisible()).toBe(true);
    expect(learner.errors).toEqual([]);
    await learner.close();

    // The attempt among the exam's results; the exam now accepts only a later close time.
    await page.goto(`${examUrl}/results`);
    await eventually(() => page.locator('.ant-table-row').count()).toBe(1);
    await expect(page.locator('.ant-table-row').first().textContent()).resolves.toContain('100 / 100');
    // The app's loading screen fades out after a full page load; axe reads the page once it is gone.
    await eventually(() => page.locator('.app-loading-done').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/results-1280.png` });
    await page.goto(examUrl);
    await eventually(() => page.getByText('已有 1 份答卷').isVisible()).toBe(true);
    await expect(page.getByLabel('及格分（总分 100）').isDisabled()).resolves.toBe(true);
    await page.screenshot({ path: `${shots}/exam-locked-1280.png`, fullPage: true });
    expect(errors).toEqual([]);
    await close();
  });

  it('an exam drawn by rules: the rules editor, its preview, and a paper the banks cannot fill refused at publish (1920 px)', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    await page.setViewportSize({ width: 1920, height: 1000 });
    await openAdmin(page, baseUrl, ADMINS.training, '/admin/exams/papers/new');
    await eventually(() => page.getByRole('heading', { name: '新建考试' }).isVisible()).toBe(true);
    await page.getByLabel('考试名称').fill(`随机抽题考试 ${Date.now() % 100000}`);
    await page.getByText('随机抽题（每位学员按规则各抽一套）').click();
    await page.getByRole('button', { name: '添加抽题规则' }).click();
    await page.getByLabel('规则1抽题数量').fill('500');
    await page.getByLabel('规则1抽题数量').blur();
    await eventually(() => page.getByText(/抽题规则（共 100 题/).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/exam-random-1920.png`, fullPage: true });
    await page.getByLabel('及格分（总分 200）').fill('120');
    await page.getByRole('button', { name: /发\s*布/ }).click();
    await eventually(() => toastWith(page, '全部题库的单选题需抽100题').count()).toBeGreaterThan(0);
    await eventually(() => /^\/admin\/exams\/papers\/\d+$/.test(pathOf(page))).toBe(true);
    await page.goto(`${pathOf(page)}/preview`);
    await eventually(() => page.getByText(/从全部题库抽单选题 100 题，每题 2 分/).isVisible()).toBe(true);
    await eventually(() => page.locator('.app-loading-done').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/preview-random-1920.png` });
    expect(errors).toEqual([]);
    await close();
  });
});
