/**
 * The college sets up a course of its own, end to end in the browser:
 * the training administrator uploads a lecture video in 媒体库 (generated here; the connection cut once
 * mid-upload and the upload going on by itself), waits for the transcode to reach 就绪, builds a course
 * with that video as its chapter in 课程管理 and publishes it, builds a topic in 培训管理 with a plan
 * holding that course, and in 考试管理 a 结业考试 of that topic (a fixed paper of two questions from the
 * demo's 法律法规 bank) that decides completion, and publishes it. A learner with no record finds the
 * topic among 专题培训, applies, watches the course to its end, passes the exam and downloads and
 * prints the certificate that pass issued.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserOfThisFile, eventually, loginWithPassword, pathOf, toastWith } from './helpers.ts';
import { ADMINS, openAdmin } from './admin.ts';
import { launchMediaBrowser, videoState } from './study.ts';
import { watchToTheEnd } from './shortTopic.ts';

const baseUrl = inject('baseUrl');
// Media may start without a gesture: the learner's video is played from script.
const browser = browserOfThisFile(launchMediaBrowser);
const shots = 'test-results/college-sets-up';
mkdirSync(shots, { recursive: true });
/** The media library's tus chunk (apps/web/src/admin/pages/media/tusUpload.ts). */
const CHUNK = 8 * 1024 * 1024;
const n = Date.now() % 100000;
const VIDEO = `第一讲 基层法治建设的实践路径（${n}）.mp4`;
const COURSE = `基层法治建设的实践路径（${n}）`;
const TOPIC = `基层法治建设专题培训（第${n}期）`;
const EXAM = `基层法治建设专题结业考试（${n}）`;
const LEARNER = '13900010088';
const COVER = path.resolve(import.meta.dirname, '../../server/assets/demo/covers/course-05.webp');
/** Two questions of the demo's 法律法规 bank: a part of the stem, and the right option as the learner sees it. */
const PAPER = [
  { stem: '要求举行什么的权利', option: '听证' },
  { stem: '全国人民代表大会常务委员会有权解释宪法', option: '正确' },
];
const SUBMIT = /^交\s*卷$/;

/** 4 s of 720p picture with noise (large enough for three tus chunks) and a tone. */
function lecture(name: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'college-e2e-')), name);
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=4', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-vf', 'noise=alls=25:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '27', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', file]);
  return file;
}

/** Picks the option of an antd select (opened by its label) that reads `text`, searched by `search`. */
async function choose(page: Page, label: string, search: string, text = search) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(search);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  await eventually(() => option.count(), { timeout: 20_000 }).toBe(1);
  // The options are re-drawn when a slower search answers: an option gone under the pointer is clicked again.
  for (let attempt = 1; ; attempt++) {
    try {
      await option.click({ timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

describe('the college sets up a course, a topic and its exam; a learner earns the certificate', () => {
  it('媒体库 → 课程管理 → 培训管理 → 考试管理, then a learner studies, passes and prints the certificate', { timeout: 900_000 }, async () => {
    const file = lecture(VIDEO);
    expect(statSync(file).size).toBeGreaterThan(2 * CHUNK);
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // ---- 媒体库: the upload, its second chunk cut once on the way; the upload goes on by itself ----
    await openAdmin(page, baseUrl, ADMINS.training, '/admin/media');
    await eventually(() => page.getByText('点击或拖入讲课视频').isVisible(), { timeout: 30_000 }).toBe(true);
    let cut = 0;
    // The upload asks the server where it stands before going on: that question waits until the test has
    // read the page's notice (on a loaded machine a one-second notice could pass unseen).
    let noticeRead!: () => void;
    const read = new Promise<void>((resolve) => (noticeRead = resolve));
    const offsets: number[] = [];
    await page.route('**/v1/admin/media/uploads/*', async (route) => {
      const r = route.request();
      if (r.method() === 'PATCH') offsets.push(Number(r.headers()['upload-offset']));
      if (r.method() === 'PATCH' && Number(r.headers()['upload-offset']) === CHUNK && cut++ === 0) return route.abort('connectionreset');
      if (r.method() === 'HEAD' && cut > 0) await read;
      return route.continue();
    });
    await page.locator('input[type=file]').setInputFiles(file);
    await eventually(() => page.getByText(/网络中断，\d+秒后自动继续上传/).isVisible(), { timeout: 60_000 }).toBe(true);
    await page.screenshot({ path: `${shots}/media-cut-1280.png` });
    noticeRead();
    await eventually(() => page.getByText('上传完成，已排队转码，进度见下方列表').isVisible(), { timeout: 120_000 }).toBe(true);
    // The cut chunk was sent again (once, or more on a slow machine).
    expect(cut).toBeGreaterThanOrEqual(2);
    // It went on where it stopped: the first chunk was sent once, and every chunk after the cut.
    expect(offsets.filter((o) => o === 0)).toHaveLength(1);
    expect(offsets).toContain(2 * CHUNK);
    const mediaRow = page.getByRole('row').filter({ hasText: VIDEO });
    await eventually(() => mediaRow.getByText('就绪').isVisible(), { timeout: 300_000 }).toBe(true);
    await expect(mediaRow.textContent()).resolves.toContain('0分04秒');
    await page.screenshot({ path: `${shots}/media-ready-1280.png` });

    // ---- 课程管理: a course whose one chapter is that video, published ----
    await page.goto('/admin/courses/new');
    await eventually(() => page.getByLabel('课程名称').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.getByLabel('课程名称').fill(COURSE);
    await page.getByLabel('主讲人', { exact: true }).fill('陈立群');
    await page.getByLabel('主讲人职务（选填）').fill('省司法厅法治督察处处长');
    await page.getByLabel('课程分类').click();
    await page.getByLabel('课程分类').fill('数字政府');
    await page.locator('.ant-select-tree-title', { hasText: '数字政府建设' }).click();
    await page.getByLabel('学时').fill('0.5');
    await page.getByLabel('上传封面').setInputFiles(COVER);
    await eventually(() => page.getByAltText('已上传的图片').count(), { timeout: 30_000 }).toBe(1);
    await page.getByLabel('课程简介').fill('结合基层行政执法、矛盾纠纷化解和法治宣传的做法，讲授基层法治建设的主要任务和实践路径。');
    await page.getByRole('button', { name: '添加章节' }).click();
    await page.getByLabel('第1章名称').fill('第一讲 基层法治建设的实践路径');
    // The picker offers the ready lecture with its real length.
    await choose(page, '第1章视频地址：从媒体库选择', `（${n}）`, `${VIDEO}（0分04秒）`);
    // The chapter takes the address of the HLS master playlist and the real length of the media.
    await eventually(() => page.getByLabel('第1章视频地址', { exact: true }).inputValue()).toMatch(/^\/uploads\/media\/\d+\/.*\.m3u8$/);
    await eventually(() => page.getByLabel('第1章视频时长').inputValue()).toBe('4');
    await page.screenshot({ path: `${shots}/course-editor-1280.png`, fullPage: true });
    await page.getByRole('button', { name: '保存并发布' }).click();
    await eventually(() => toastWith(page, '课程已发布').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await eventually(() => /^\/admin\/courses\/\d+$/.test(pathOf(page))).toBe(true);

    // ---- 培训管理: a special topic open for applications, a plan holding that course as required ----
    await page.goto('/admin/training/topics/new');
    await eventually(() => page.getByRole('heading', { name: '新建培训项目' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await page.getByLabel('项目名称').fill(TOPIC);
    await page.getByLabel('培训年度').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: String(new Date().getFullYear()) }).first().click();
    await page.getByLabel('主办单位').fill('省委政法委');
    await page.getByLabel('要求学时').fill('0.5');
    await page.getByLabel('项目简介').fill('学习基层法治建设的实践路径，修满学时并通过结业考试后颁发结业证书。');
    await page.getByRole('button', { name: '创建项目' }).click();
    await eventually(() => toastWith(page, '培训项目已创建').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await eventually(() => /^\/admin\/training\/topics\/\d+$/.test(pathOf(page))).toBe(true);
    const topicId = Number(pathOf(page).split('/').pop());
    await page.getByRole('button', { name: '新建计划' }).click();
    const planDialog = page.getByRole('dialog').filter({ hasText: '新建学习计划' });
    await planDialog.getByLabel('计划名称').fill('专题必修');
    await planDialog.getByRole('button', { name: /保\s*存/ }).click();
    await eventually(() => toastWith(page, '计划已创建').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: '向专题必修添加课程' }).click();
    await page.getByRole('dialog').getByLabel('搜索课程').fill(COURSE);
    await page.getByRole('dialog').getByLabel('搜索课程').press('Enter');
    await eventually(() => page.getByRole('dialog').getByRole('button', { name: `加入课程 ${COURSE}` }).count(), { timeout: 20_000 }).toBe(1);
    await page.getByRole('dialog').getByRole('button', { name: `加入课程 ${COURSE}` }).click();
    await eventually(() => toastWith(page, `已将“${COURSE}”加入专题必修`).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('dialog').getByRole('button', { name: '完成' }).click();
    await eventually(() => page.locator('.training-plan .ant-table-row', { hasText: COURSE }).count()).toBe(1);
    await page.screenshot({ path: `${shots}/topic-1280.png`, fullPage: true });

    // ---- 考试管理: the topic's 结业考试, two demo questions of 50 points, deciding completion ----
    await page.goto('/admin/exams/papers/new');
    await eventually(() => page.getByRole('heading', { name: '新建考试' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await page.getByLabel('考试名称').fill(EXAM);
    await choose(page, '所属专题', TOPIC);
    await page.getByLabel('计入结业（通过后才能结业、获发证书）').click();
    for (const [i, q] of PAPER.entries()) {
      await page.getByRole('button', { name: '添加试题' }).click();
      const picker = page.getByRole('dialog').filter({ hasText: '从题库添加试题' });
      await picker.getByLabel('题干').fill(q.stem);
      await picker.getByRole('button', { name: /查\s*询/ }).click();
      await eventually(() => picker.locator('.ant-table-row', { hasText: q.stem }).count(), { timeout: 20_000 }).toBe(1);
      await picker.locator('.ant-table-row', { hasText: q.stem }).locator('.ant-checkbox-wrapper').click();
      await picker.getByRole('button', { name: /添加所选/ }).click();
      await page.getByLabel(`第${i + 1}题分值`).fill('50');
      await page.getByLabel(`第${i + 1}题分值`).blur();
    }
    await eventually(() => page.getByText('试卷（2 题，总分 100 分）').isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/exam-editor-1280.png`, fullPage: true });
    await page.getByRole('button', { name: /发\s*布/ }).click();
    await eventually(() => toastWith(page, '考试已发布').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await eventually(() => page.getByText('已发布', { exact: true }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();

    // ---- a learner with no record: finds the topic among 专题培训 and applies ----
    const learner = await browser.open('desktop', { bypassCSP: true });
    const lp = learner.page;
    await lp.goto('/index');
    await loginWithPassword(lp, baseUrl, LEARNER, 'Study@2026');
    await lp.goto('/specialTraining');
    await eventually(() => lp.getByRole('link', { name: TOPIC }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await lp.getByRole('link', { name: TOPIC }).first().click();
    await eventually(() => pathOf(lp)).toBe('/specialTrainingInfo');
    expect(new URL(lp.url()).searchParams.get('id')).toBe(String(topicId));
    await lp.getByRole('button', { name: `报名 ${TOPIC}` }).click();
    await eventually(() => toastWith(lp, '报名成功').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await lp.screenshot({ path: `${shots}/learner-topic-1280.png`, fullPage: true });

    // The course, watched to its end: the chapter plays the transcoded HLS renditions.
    const segments: string[] = [];
    lp.on('request', (r) => {
      if (/\/uploads\/media\/\d+\/hls\/.+\.ts$/.test(r.url())) segments.push(r.url());
    });
    await lp.getByRole('button', { name: `开始学习 ${COURSE}` }).click();
    await eventually(() => pathOf(lp)).toBe('/study');
    await watchToTheEnd(lp);
    // The chapter plays the transcode: the master playlist (natively or through hls.js), then a rendition's segments.
    expect((await videoState(lp)).src).toMatch(/^blob:|\/uploads\/media\/\d+\/hls\/master\.m3u8$/);
    expect(segments.length).toBeGreaterThan(0);
    await lp.screenshot({ path: `${shots}/learner-study-1280.png` });
    await lp.goto(`/specialTrainingInfo?id=${topicId}`);
    await eventually(() => lp.getByText(/已获学时\s*0\.5\s*\/\s*要求\s*0\.5学时/).isVisible(), { timeout: 30_000 }).toBe(true);
    // The hours alone do not complete the topic: its 结业考试 decides.
    await lp.goto('/learningClassroom/printcertificate');
    await eventually(() => lp.locator('.ant-table, .ant-empty').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await lp.locator('tr', { hasText: TOPIC }).count()).toBe(0);

    // The 结业考试, answered right and handed in.
    await lp.goto('/onlineExam');
    await lp.getByRole('button', { name: `参加考试 ${EXAM}` }).click();
    await eventually(() => pathOf(lp)).toBe('/examInfo');
    await lp.getByRole('button', { name: /开始考试|继续考试/ }).click();
    await eventually(() => pathOf(lp)).toBe('/exam');
    // Every question on one page (the paper opens one question at a time).
    await eventually(() => lp.getByText('整卷作答').isVisible(), { timeout: 30_000 }).toBe(true);
    await lp.getByText('整卷作答').click();
    for (const [i, q] of PAPER.entries()) {
      const question = lp.locator(`#question-${i + 1}`);
      await eventually(() => question.textContent(), { timeout: 30_000 }).toContain(q.stem);
      await question.locator('.ant-radio-wrapper').filter({ hasText: q.option }).first().click();
      await eventually(() => question.locator('.exam-save').textContent(), { timeout: 20_000 }).toBe('已保存');
    }
    await lp.getByRole('button', { name: SUBMIT }).click();
    await lp.getByRole('dialog').filter({ hasText: '确认交卷' }).getByRole('button', { name: SUBMIT }).click();
    await eventually(() => lp.getByText(/100分（满分100分），合格/).isVisible(), { timeout: 30_000 }).toBe(true);

    // The pass issued the certificate: downloaded as a PDF, and its print view.
    await lp.goto('/learningClassroom/printcertificate');
    const row = lp.locator('tr', { hasText: TOPIC });
    await eventually(() => row.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await row.textContent()).toContain('有效');
    const no = (await row.locator('td').first().textContent())!.trim();
    const [download] = await Promise.all([lp.waitForEvent('download'), row.getByRole('button', { name: `下载PDF ${no}` }).click()]);
    expect(download.suggestedFilename()).toBe(`结业证书-${no}.pdf`);
    const pdf = Buffer.concat(await (await download.createReadStream()).toArray());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await row.getByRole('button', { name: `打印 ${no}` }).click();
    const view = lp.getByRole('dialog', { name: '打印证书' });
    await eventually(() => view.isVisible()).toBe(true);
    const sheet = (await view.textContent()) ?? '';
    expect(sheet).toContain(no);
    expect(sheet).toContain(`“${TOPIC}”`);
    await lp.screenshot({ path: `${shots}/learner-certificate-1280.png` });
    await lp.goto(`/specialTrainingInfo?id=${topicId}`);
    // The topic reads as completed: its course, its exam passed, its certificate to print.
    await eventually(() => lp.getByRole('link', { name: '打印证书' }).or(lp.getByRole('button', { name: '打印证书' })).first().isVisible(), { timeout: 30_000 }).toBe(true);
    // The exams of the topic load after the rest of the page.
    await eventually(() => lp.locator('main').textContent(), { timeout: 30_000 }).toMatch(/已完成.*课程\s*1\/1.*最高分\s*100\s*合格/s);
    await lp.screenshot({ path: `${shots}/learner-topic-done-1280.png`, fullPage: true });
    await lp.setViewportSize({ width: 375, height: 800 });
    await lp.screenshot({ path: `${shots}/learner-topic-done-375.png`, fullPage: true });
    expect(learner.errors).toEqual([]);
    await learner.close();
  });
});
