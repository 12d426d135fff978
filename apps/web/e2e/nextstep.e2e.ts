/**
 * The next step always in sight: a fresh learner goes from joining the demo's short topic to printing
 * its certificate by following only the next-step buttons of the topic's path (the topic page, the
 * study page's completion notice, the exam result), and finds the certificate's message in 我的消息.
 */
import { describe, expect, inject, it } from 'vitest';
import { browserOfThisFile, eventually, loginWithPassword, pathOf, toastWith } from './helpers.ts';
import { launchMediaBrowser } from './study.ts';
import { answerShortExamAndSubmit, SHORT_TOPIC, shortTopicId, watchToTheEnd } from './shortTopic.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile(launchMediaBrowser);

describe('the next step', () => {
  it('a fresh learner follows the path from joining the short topic to printing its certificate', { timeout: 300_000 }, async () => {
    const installId = await shortTopicId(baseUrl);
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010061', 'Study@2026');
    await page.goto(`/specialTrainingInfo?id=${installId}`);
    const topicPath = page.getByTestId('topic-path');
    await eventually(() => topicPath.textContent()).toBe('课程 0/1→结业考试→证书报名后即可开始学习，学时计入本专题。');
    await page.getByRole('button', { name: `报名 ${SHORT_TOPIC.title}` }).click();
    await eventually(() => toastWith(page, '报名成功').count()).toBeGreaterThan(0);

    // Joined: the one next step is the course (its title's own 《》 nested as 〈〉).
    await topicPath.getByRole('button', { name: '继续学习《新修订〈行政复议法〉要点》' }).click();
    await eventually(() => pathOf(page)).toBe('/study');
    await watchToTheEnd(page);
    const notice = page.getByRole('status').filter({ hasText: '恭喜，本课程已完成' });
    await eventually(() => notice.getByTestId('topic-path').textContent()).toContain('课程 1/1');

    // The courses done: the notice leads to the 结业考试.
    await notice.getByRole('button', { name: '参加结业考试' }).click();
    await eventually(() => pathOf(page)).toBe('/examInfo');
    await page.getByRole('button', { name: /开始考试|继续考试/ }).click();
    await eventually(() => pathOf(page)).toBe('/exam');
    await eventually(() => page.getByRole('timer', { name: '剩余时间' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await answerShortExamAndSubmit(page);
    await eventually(() => page.getByText(/分（满分100分），合格/).isVisible()).toBe(true);

    // The pass completed the topic: the result says so and offers 打印证书.
    const printButton = page.getByTestId('topic-path').getByRole('button', { name: '打印证书' });
    await eventually(() => printButton.isVisible()).toBe(true);
    expect(await page.getByTestId('topic-path').getByLabel('已完成').count()).toBe(3);
    await printButton.click();
    await eventually(() => pathOf(page)).toBe('/learningClassroom/printcertificate');
    const row = page.locator('tr', { hasText: SHORT_TOPIC.title });
    await eventually(() => row.isVisible()).toBe(true);
    const no = (await row.locator('td').first().textContent())!.trim();
    await row.getByRole('button', { name: `打印 ${no}` }).click();
    await eventually(() => page.getByRole('dialog', { name: '打印证书' }).isVisible()).toBe(true);

    // 我的消息 announces it once, with the way to print it.
    await page.goto('/learningClassroom/mymessage');
    const message = page.locator('li', { hasText: '结业证书已生成' });
    await eventually(() => message.count()).toBe(1);
    await message.getByRole('button', { name: '查看内容' }).click();
    await eventually(() => message.textContent()).toContain('恭喜您完成《〈行政复议法〉学习专题》，结业证书已生成');
    await message.getByRole('button', { name: '打印证书' }).click();
    await eventually(() => pathOf(page)).toBe('/learningClassroom/printcertificate');
    expect(errors).toEqual([]);
    await close();
  });
});
