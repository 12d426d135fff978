/**
 * The demo's short topic (《行政复议法》学习专题: one half-学时 video course and a five-question
 * 结业测试) as the browser tests use it: finding it, watching its video to the end, answering its test.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually } from './helpers.ts';
import { play, publicCall, videoState } from './study.ts';

/** The demo's short topic: one half-学时 video course and a 结业测试 of five 法律法规 questions. */
export const SHORT_TOPIC = { title: '《行政复议法》学习专题', course: '新修订《行政复议法》要点', exam: '《行政复议法》学习专题结业测试' };
/** The test's answer key to that 结业测试: a part of each question's text and the right answer. */
const ANSWER_KEY: [string, { option: string } | { text: string }][] = [
  ['要求举行什么的权利', { option: '听证' }],
  ['多少日内提出行政复议申请', { option: '60日' }],
  ['全国人民代表大会常务委员会有权解释宪法', { option: '正确' }],
  ['不受时效限制', { option: '错误' }],
  ['全面依法治国的总目标', { text: '法治' }],
];
/** antd spaces a two-character label: 交 卷. */
const SUBMIT = /^交\s*卷$/;

export async function shortTopicId(baseUrl: string): Promise<number> {
  for (const y of await publicCall<{ id: number }[]>(baseUrl, 'findYearList')) {
    const page = await publicCall<{ list: { id: number; title: string }[] }>(baseUrl, `findInstallByYear?yearId=${y.id}&kind=special&pageSize=50`);
    const found = page.list.find((i) => i.title === SHORT_TOPIC.title);
    if (found) return found.id;
  }
  throw new Error('the demo short topic is missing');
}

/** Watches the study page's video to its end, until the course reads as completed. */
export async function watchToTheEnd(page: Page) {
  await eventually(async () => (await videoState(page)).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  for (let pass = 0; pass < 2; pass++) {
    await play(page);
    await eventually(async () => (await videoState(page)).ended, { timeout: 60_000 }).toBe(true);
    const done = await eventually(() => page.getByTestId('study-left').textContent(), { timeout: 10_000 })
      .toBe('已完成')
      .then(
        () => true,
        () => false,
      );
    if (done) return;
    await page.locator('video').first().evaluate((v: HTMLVideoElement) => {
      v.currentTime = 0;
    });
  }
  throw new Error('the course did not complete');
}

/** On the exam page of the short topic's 结业测试: answers every question by the key and hands the paper in. */
export async function answerShortExamAndSubmit(page: Page) {
  await page.getByText('整卷作答').click();
  for (let no = 1; no <= ANSWER_KEY.length; no++) {
    const question = page.locator(`#question-${no}`);
    await eventually(() => question.isVisible()).toBe(true);
    const text = (await question.textContent()) ?? '';
    const key = ANSWER_KEY.find(([part]) => text.includes(part));
    expect(key, text).toBeDefined();
    const answer = key![1];
    if ('option' in answer) await question.locator('.ant-radio-wrapper, .ant-checkbox-wrapper').filter({ hasText: answer.option }).first().click();
    else {
      await question.locator('input').fill(answer.text);
      await question.locator('input').press('Enter');
    }
    await eventually(() => question.locator('.exam-save').textContent()).toBe('已保存');
  }
  await page.getByRole('button', { name: SUBMIT }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确认交卷' });
  await confirm.getByRole('button', { name: SUBMIT }).click();
}
