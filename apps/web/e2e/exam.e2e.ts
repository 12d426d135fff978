/**
 * Online exams in the browser, as a learner takes them: start from /onlineExam, answer and see each
 * answer saved, reload in the middle (answers and countdown come back), answer offline and see the
 * answers sent when the network returns, leave the page and see the count, submit with the
 * confirmation; let the 2-minute demo exam run out (submitted, result shown); the list offering
 * 参加考试 only where the learner may take the exam (otherwise why not); a practice test.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { exam as E, STORAGE_KEY } from '@portal/contract';
import { browserOfThisFile, eventually, loginWithPassword, pathOf, seriousA11yViolations } from './helpers.ts';

const baseUrl = inject('baseUrl');
/** antd spaces a two-character label: 交 卷. */
const SUBMIT = /^交\s*卷$/;
const browser = browserOfThisFile();

/** Answers a question with its first option (or some text for a blank). */
async function answer(question: Locator) {
  const choice = question.locator('.ant-radio-wrapper, .ant-checkbox-wrapper');
  if ((await choice.count()) > 0) {
    await choice.first().click();
    return;
  }
  await question.locator('input').fill('人民');
  await question.locator('input').press('Enter');
}

const question = (page: Page, no: number) => page.locator(`#question-${no}`);
const saveState = (page: Page, no: number) => question(page, no).locator('.exam-save');
const clock = (page: Page) => page.getByRole('timer', { name: '剩余时间' });
const secondsLeft = async (page: Page) => {
  const text = (await clock(page).textContent()) ?? '';
  return text
    .replace('剩余时间', '')
    .trim()
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
};

async function startExam(page: Page, title: string) {
  await page.goto('/onlineExam');
  await page.getByRole('button', { name: `参加考试 ${title}` }).click();
  await eventually(() => pathOf(page)).toBe('/examInfo');
  await eventually(() => page.getByRole('heading', { name: title, level: 1 }).isVisible()).toBe(true);
  await page.getByRole('button', { name: /开始考试|继续考试/ }).click();
  await eventually(() => pathOf(page)).toBe('/exam');
  await eventually(() => clock(page).isVisible(), { timeout: 15_000 }).toBe(true);
}

describe('taking an exam', () => {
  it('saves each answer, survives a reload and a network drop, counts page leaves, and submits', { timeout: 180_000 }, async () => {
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010101', 'Study@2026');
    await startExam(page, '全省公务员法律知识考试');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    expect(title).toBe('全省公务员法律知识考试');
    expect(await secondsLeft(page)).toBeGreaterThan(59 * 60 - 30);

    await answer(question(page, 1));
    await eventually(() => saveState(page, 1).textContent()).toBe('已保存');
    await page.getByText('整卷作答').click();
    await answer(question(page, 2));
    await eventually(() => saveState(page, 2).textContent()).toBe('已保存');

    // A reload: the same attempt, its answers and its countdown are back.
    const before = await secondsLeft(page);
    await page.reload();
    await eventually(() => clock(page).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByText('整卷作答').click();
    await eventually(() => saveState(page, 1).textContent()).toBe('已保存');
    await eventually(() => saveState(page, 2).textContent()).toBe('已保存');
    expect(Math.abs((await secondsLeft(page)) - before)).toBeLessThan(30);
    await expect.poll(() => page.getByRole('navigation', { name: '答题卡' }).getByRole('button', { name: '第1题 已答' }).count()).toBe(1);

    // Offline: the answer waits on the device and says so; back online it is sent.
    await page.context().setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await answer(question(page, 3));
    await eventually(() => page.getByText('网络已断开').isVisible()).toBe(true);
    await eventually(() => saveState(page, 3).textContent()).toMatch(/未保存|保存中/);
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await eventually(() => saveState(page, 3).textContent(), { timeout: 15_000 }).toBe('已保存');

    // An answer the server has not received survives a reload on the device, and is sent afterwards.
    await page.route('**/saveExamQuestionAnswerd', (route) => route.abort('internetdisconnected'));
    await answer(question(page, 4));
    await eventually(() => saveState(page, 4).textContent()).toMatch(/未保存/);
    await page.reload();
    await eventually(() => clock(page).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByText('整卷作答').click();
    await eventually(() => saveState(page, 4).textContent()).toMatch(/未保存|保存中/);
    await page.unroute('**/saveExamQuestionAnswerd');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await eventually(() => saveState(page, 4).textContent(), { timeout: 15_000 }).toBe('已保存');

    // Leaving the page is counted by the server and shown; the reloads above were not departures.
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await eventually(() => page.getByText('已离开考试页面 1 次').isVisible()).toBe(true);
    await page.reload();
    await eventually(() => page.getByText('已离开考试页面 1 次').isVisible(), { timeout: 15_000 }).toBe(true);

    // 交卷: the confirmation lists the unanswered questions; the result follows.
    await page.getByRole('button', { name: SUBMIT }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确认交卷' });
    await eventually(() => confirm.textContent()).toContain('还有第5、');
    await confirm.getByRole('button', { name: SUBMIT }).click();
    await eventually(() => page.getByText(/分（满分100分），(合格|不合格)/).isVisible()).toBe(true);
    await page.getByRole('button', { name: '查看考试记录' }).click();
    await eventually(() => pathOf(page)).toBe('/examInfo');
    await eventually(() => page.getByText('第1次考试成绩').isVisible()).toBe(true);
    await eventually(() => page.getByRole('heading', { name: '答卷详情' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('submits a 2-minute exam at its deadline and shows the result (on a phone, by keyboard)', { timeout: 240_000 }, async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010102', 'Study@2026');
    // On a 375 px phone, answered by keyboard.
    await page.setViewportSize({ width: 375, height: 740 });
    await startExam(page, '在线考试体验（2分钟）');
    await question(page, 1).locator('input[type=radio]').first().focus();
    await page.keyboard.press('Space');
    await eventually(() => saveState(page, 1).textContent()).toBe('已保存');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await eventually(() => page.locator('.ant-notification-notice').filter({ hasText: '还有1分钟' }).count(), { timeout: 130_000 }).toBeGreaterThan(0);
    await eventually(() => page.getByText('到时自动交卷').isVisible(), { timeout: 90_000 }).toBe(true);
    await eventually(() => page.getByText(/分（满分100分）/).isVisible()).toBe(true);
    await close();
  });
});

describe('a fill-in answer typed while the countdown runs', () => {
  // About ten seconds at one character every 150 ms; the spaces inside must be kept too.
  const SENTENCE = '各级监察委员会 是行使国家监察职能的专责机关 Supervision commissions at all levels, 依法独立行使监察权 2026';
  const sheet = (page: Page) => page.getByRole('navigation', { name: '答题卡' });
  const sheetItem = (page: Page, no: number) => sheet(page).getByRole('button', { name: new RegExp(`^第${no}题 `) });

  it('keeps every character through the ticks, 下一题/上一题 and a reload; the server holds it; a mark is not an answer and survives a reload', { timeout: 180_000 }, async () => {
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010104', 'Study@2026');
    await startExam(page, '公务员职业道德与廉洁从政知识测试');
    // The paper is shuffled: find a fill-in question that has a next one.
    await page.getByText('整卷作答').click();
    await eventually(() => page.locator('.exam-question').count()).toBe(12);
    const fillNos = await page.locator('.exam-question:has(.exam-fill)').evaluateAll((els) => els.map((e) => Number(e.id.replace('question-', ''))));
    const no = fillNos.find((n) => n < 12)!;
    expect(no).toBeGreaterThan(0);
    const flagOnly = no === 1 ? 2 : 1;
    await page.getByText('逐题作答').click();

    await sheetItem(page, no).click();
    const input = question(page, no).locator('.exam-fill input, input.exam-fill');
    await input.click();
    await page.keyboard.type(SENTENCE, { delay: 150 });
    expect(await input.inputValue()).toBe(SENTENCE);
    // 下一题 right after typing, then back.
    await page.getByRole('button', { name: '下一题' }).click();
    await eventually(() => question(page, no + 1).isVisible()).toBe(true);
    await page.getByRole('button', { name: '上一题' }).click();
    expect(await question(page, no).locator('.exam-fill input, input.exam-fill').inputValue()).toBe(SENTENCE);
    await eventually(() => sheet(page).getByText(/已答 \d+\/12/).textContent()).toBe('已答 1/12');

    // A mark is not an answer; a marked answered question shows both.
    await sheetItem(page, flagOnly).click();
    await page.getByText('标记本题').click();
    await eventually(() => sheetItem(page, flagOnly).getAttribute('aria-label')).toBe(`第${flagOnly}题 未答 已标记`);
    expect(await sheet(page).getByText(/已答 \d+\/12/).textContent()).toBe('已答 1/12');
    await sheetItem(page, no).click();
    await page.getByText('标记本题').click();
    await eventually(() => sheetItem(page, no).getAttribute('aria-label')).toBe(`第${no}题 已答 已标记`);
    await eventually(() => saveState(page, no).textContent(), { timeout: 15_000 }).toBe('已保存');

    // A reload: the server gives the text back, the marks come back from the device.
    const paper = page.waitForResponse((r) => r.url().includes('/findExamQuestions'));
    await page.reload();
    const body = (await (await paper).json()) as { obj: { questions: { no: number; questionId: number }[]; answers: { questionId: number; answer: string[] }[] } };
    const id = body.obj.questions.find((q) => q.no === no)!.questionId;
    expect(body.obj.answers.find((a) => a.questionId === id)?.answer).toEqual([SENTENCE]);
    await eventually(() => clock(page).isVisible(), { timeout: 15_000 }).toBe(true);
    await sheetItem(page, no).click();
    expect(await question(page, no).locator('.exam-fill input, input.exam-fill').inputValue()).toBe(SENTENCE);
    expect(await sheetItem(page, no).getAttribute('aria-label')).toBe(`第${no}题 已答 已标记`);
    expect(await sheetItem(page, flagOnly).getAttribute('aria-label')).toBe(`第${flagOnly}题 未答 已标记`);
    expect(await sheet(page).getByText(/已答 \d+\/12/).textContent()).toBe('已答 1/12');

    // Typed and reloaded at once, before the pause that sends it: the device kept every character and sends it.
    await question(page, no).locator('.exam-fill input, input.exam-fill').press('End');
    await page.keyboard.type('（补充）', { delay: 150 });
    await page.reload();
    await eventually(() => clock(page).isVisible(), { timeout: 15_000 }).toBe(true);
    await sheetItem(page, no).click();
    expect(await question(page, no).locator('.exam-fill input, input.exam-fill').inputValue()).toBe(`${SENTENCE}（补充）`);
    await eventually(() => saveState(page, no).textContent(), { timeout: 15_000 }).toBe('已保存');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the list of exams', () => {
  it('offers 参加考试 only where I may take it, and otherwise says why: 未报名 (with the way to enrol), 已结束', { timeout: 120_000 }, async () => {
    const SHORT_EXAM = '《行政复议法》学习专题结业测试';
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    await page.goto('/index');
    // A learner with no enrolment.
    await loginWithPassword(page, baseUrl, '13900010059', 'Study@2026');
    await page.goto('/onlineExam');
    const card = (title: string) => page.locator('li.exam-card').filter({ has: page.getByRole('heading', { name: title }) });
    await eventually(() => card('全省公务员法律知识考试').getByRole('button', { name: '参加考试 全省公务员法律知识考试' }).isVisible()).toBe(true);
    const topicExam = card(SHORT_EXAM);
    await eventually(() => topicExam.locator('.exam-blocked-label').textContent()).toBe('未报名');
    expect(await topicExam.getByRole('button', { name: /参加考试/ }).count()).toBe(0);
    // The ended exams come last, on the second page.
    await page.locator('.ant-pagination-item-2').click();
    const ended = card('数字政府建设专题培训结业考试');
    await eventually(() => ended.locator('.exam-blocked-label').textContent()).toBe('已结束');
    expect(await ended.getByRole('button').count()).toBe(0);
    await page.locator('.ant-pagination-item-1').click();
    await topicExam.getByRole('link', { name: '去报名 《行政复议法》学习专题' }).click();
    await eventually(() => pathOf(page)).toBe('/specialTrainingInfo');
    await page.getByRole('button', { name: '报名 《行政复议法》学习专题' }).click();
    await eventually(() => page.locator('.ant-notification-notice').filter({ hasText: '报名成功' }).count()).toBeGreaterThan(0);
    await page.goto('/onlineExam');
    await eventually(() => card(SHORT_EXAM).getByRole('button', { name: `参加考试 ${SHORT_EXAM}` }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('handed in on another device', () => {
  it('the page still open says its answer was not saved because the exam was handed in elsewhere, not that it came after the deadline', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010095', 'Study@2026');
    await startExam(page, '公务员职业道德与廉洁从政知识测试');
    // The other device: the same person's session hands the attempt in while this page is open.
    const token = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token ?? '', STORAGE_KEY);
    const post = async (path: string, body?: object) =>
      (await (await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body && JSON.stringify(body) })).json()) as { res: boolean; obj: { openAttemptId?: number } };
    const mine = await post(`${E.findAnswerNumber.path}?examId=${new URL(page.url()).searchParams.get('examId')}`);
    expect((await post(E.saveExamRecord.path, { attemptId: mine.obj.openAttemptId })).res).toBe(true);

    await answer(question(page, 1));
    const notSaved = page.getByRole('alert').filter({ hasText: '本次考试已在其他设备或页面交卷，以下答案未能保存，未计入成绩：第1题' });
    await eventually(() => notSaved.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await notSaved.textContent()).toMatch(/本次考试已于.*交卷，此答案未能保存/);
    expect(await page.locator('body').textContent()).not.toContain('截止');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('a practice test', () => {
  it('draws questions, grades at once and explains', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010103', 'Study@2026');
    await page.goto('/exam1');
    await page.getByRole('button', { name: '开始练习' }).click();
    await eventually(() => question(page, 1).isVisible()).toBe(true);
    await answer(question(page, 1));
    await page.getByRole('button', { name: SUBMIT }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确认交卷' });
    await eventually(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: SUBMIT }).click();
    await eventually(() => page.getByText(/答对 \d+\/10 题/).isVisible()).toBe(true);
    expect(await page.locator('.exam-explanation').count()).toBe(10);
    expect(errors).toEqual([]);
    await close();
  });
});
