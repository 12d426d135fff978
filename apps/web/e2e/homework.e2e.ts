/**
 * Homework and practice reports in the browser, as a learner and the class manager use them: the
 * learner writes a 心得体会, reloads in the middle while the server cannot be reached (the text is
 * still there, from the device's copy), attaches a PDF, submits; the teacher reads it in the page and
 * returns it with a comment; the learner revises and resubmits; the teacher sees what changed and
 * passes it with a score (one over 100 refused, the score confirmed once); the export has the rows of
 * the screen; a practice report with a photo is submitted and approved; an assignment of one
 * attachment says so and refuses a second.
 */
import { describe, expect, inject, it } from 'vitest';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { wordCount } from '@portal/contract';
import { ACCOUNTS, apiToken, browserOfThisFile, eventually, loginWithPassword, toastWith } from './helpers.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const BIG_CLASS = /年度处级干部网络专题学习一班/;
const PLENUM = '学习贯彻党的二十届三中全会精神心得体会';
const PRACTICE = '践行“四下基层”制度调研实践报告';
/** The demo's assignment of one attachment. */
const OUTLINE = '《习近平新时代中国特色社会主义思想学习纲要》专题学习体会';
const PASSWORD = 'Study@2026';

async function teacherApi<T>(token: string, name: string, query: Record<string, string | number>): Promise<T> {
  const r = await fetch(`${baseUrl}/video_learning/education/teacher/${name}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { method: 'POST', headers: { authorization: token } });
  const body = (await r.json()) as { res: boolean; resMsg: string; obj: T };
  expect(body.res, `${name}: ${body.resMsg}`).toBe(true);
  return body.obj;
}

interface Row {
  personId: number;
  personName: string;
}

/** A member of the big class with neither the plenum homework nor the practice report begun, who still has the demo password. */
async function freshLearner(): Promise<{ classId: number; homeworkId: number; practiceId: number; phone: string; name: string }> {
  const token = await apiToken(baseUrl, ACCOUNTS.teacher.phone, ACCOUNTS.teacher.password);
  const classes = await teacherApi<{ id: number; name: string }[]>(token, 'findClass', {});
  const classId = classes.find((c) => BIG_CLASS.test(c.name))!.id;
  const homework = (await teacherApi<{ id: number; title: string }[]>(token, 'findClassWork', { classId, kind: 'homework' })).find((w) => w.title === PLENUM)!;
  const practice = (await teacherApi<{ id: number; title: string }[]>(token, 'findClassWork', { classId, kind: 'practice' })).find((w) => w.title === PRACTICE)!;
  const missingHw = await teacherApi<{ list: Row[] }>(token, 'findWorkSubmissionByPage', { classId, workId: homework.id, state: 'missing', pageNum: 1, pageSize: 100 });
  const missingPr = await teacherApi<{ list: Row[] }>(token, 'findPracticeByPage', { classId, workId: practice.id, state: 'missing', pageNum: 1, pageSize: 100 });
  const both = missingHw.list.filter((r) => missingPr.list.some((p) => p.personId === r.personId));
  const roster = await teacherApi<{ list: { personId: number; mobile: string }[] }>(token, 'findAddressList', { classId, pageNum: 1, pageSize: 100 });
  // The teacher's browser test resets the password of the roster's first member: take the last.
  const chosen = both.at(-1)!;
  const phone = roster.list.find((m) => m.personId === chosen.personId)!.mobile;
  return { classId, homeworkId: homework.id, practiceId: practice.id, phone, name: chosen.personName };
}

const PARAGRAPHS = [
  '通过参加本次网络专题学习，我系统学习了党的二十届三中全会精神和《中共中央关于进一步全面深化改革、推进中国式现代化的决定》原文，对进一步全面深化改革的重大意义、总体要求和重点任务有了更加全面深入的理解，也对自己在岗位上如何抓改革、促发展有了更加清醒的认识。',
  '一、提高政治站位，深刻认识进一步全面深化改革的重大意义。全会站在新的历史起点上，对进一步全面深化改革作出系统部署，为以中国式现代化全面推进强国建设、民族复兴伟业提供了强大动力和制度保障。作为一名基层财政干部，我深刻体会到，改革开放是决定当代中国命运的关键一招，只有把思想和行动统一到全会精神上来，才能在新征程上不断开创工作新局面。',
  '二、坚持以人民为中心，把改革成果落实到群众身边。改革为了人民、改革依靠人民、改革成果由人民共享。结合本职工作，我将把群众最关心最直接最现实的利益问题作为改革的着力点，推动惠民惠企资金直达基层、直达群众，切实提高资金使用效益，让群众在改革中有更多获得感、幸福感、安全感。',
  '三、对照全会要求，查找自身差距和不足。对照《决定》提出的任务要求，我在工作中还存在学习不够系统、改革创新意识不强、解决复杂问题的本领不足等问题。有时满足于完成上级交办的任务，主动研究新情况、解决新问题的意识不够，对深化预算管理制度改革等重点任务的理解还不够深入。',
  '四、坚持系统观念，提高推动改革的能力本领。改革越深入，越要注意协同。在日常工作中，我将注重处理好当前和长远、局部和全局、发展和安全的关系，既抓改革方案协同，也抓改革落实协同，更抓改革效果协同，防止顾此失彼、单兵突进。同时加强对政策法规的学习，向基层干部群众学习，在实践中增长才干。',
  '五、抓好贯彻落实，推动学习成果转化为工作实效。下一步，我将坚持学以致用、用以促学，围绕深化零基预算改革、加强财政资源统筹、防范化解地方债务风险等重点任务，细化工作举措，明确时间节点，以钉钉子精神抓好各项改革任务落实，努力创造经得起实践、人民和历史检验的工作业绩。',
  '总之，学习贯彻党的二十届三中全会精神是当前和今后一个时期的重大政治任务。我将以这次专题学习为新的起点，持续深入学习领会全会精神，在本职岗位上勇于担当、善于作为，以实际行动为推进中国式现代化贡献自己的一份力量。',
];
const REVISION = '结合本单位实际，我将牵头梳理本年度专项资金清单，逐项开展绩效评价，对低效无效资金一律收回统筹使用。';

async function pdfBytes(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Study notes: the Third Plenary Session', { x: 60, y: 760, size: 18, font });
  return Buffer.from(await doc.save());
}
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const saveState = (page: Page) => page.getByTestId('save-state');
const body = (page: Page) => page.getByRole('textbox', { name: /正文/ });

describe('homework and practice reports', () => {
  it('a learner writes, reloads, attaches and submits; the teacher returns it; the learner revises; the teacher sees the changes and passes it; the export matches', { timeout: 300_000 }, async () => {
    const who = await freshLearner();
    const full = PARAGRAPHS.join('\n\n');
    expect(wordCount(full)).toBeGreaterThanOrEqual(800);

    const learner = await browser.open();
    const lp = learner.page;
    await lp.goto('/index');
    await loginWithPassword(lp, baseUrl, who.phone, PASSWORD);
    await lp.goto('/learningClassroom/myhomework');
    await lp.getByRole('link', { name: `开始撰写 ${PLENUM}` }).click();
    await eventually(() => new URL(lp.url()).pathname).toBe('/learningClassroom/myhomework2');

    // The first paragraphs are saved as they are typed.
    await body(lp).fill(PARAGRAPHS.slice(0, 2).join('\n\n'));
    await eventually(() => saveState(lp).textContent()).toMatch(/^已保存 \d{2}:\d{2}:\d{2}$/);

    // The server cannot be reached: what is typed now is kept on the device, and a reload restores it.
    await lp.route('**/studentLearn/updateWork', (r) => r.abort('internetdisconnected'));
    const offlineText = PARAGRAPHS.slice(0, 3).join('\n\n');
    await body(lp).fill(offlineText);
    await eventually(() => saveState(lp).textContent()).toBe('离线，已存本机');
    await lp.reload();
    await eventually(() => body(lp).inputValue()).toBe(offlineText);
    await eventually(() => lp.getByText('已从本机恢复上次未保存到服务器的内容').isVisible()).toBe(true);
    // Once the server answers again, the restored text is saved (the retry comes by itself).
    await lp.unroute('**/studentLearn/updateWork');
    await eventually(() => saveState(lp).textContent(), { timeout: 15_000 }).toMatch(/^已保存/);

    // A PDF attachment, uploaded with its progress shown, then the rest of the text; submitted.
    await lp.getByLabel('上传附件').setInputFiles({ name: '学习笔记.pdf', mimeType: 'application/pdf', buffer: await pdfBytes() });
    await eventually(() => lp.locator('.hw-files').getByText('学习笔记.pdf').isVisible()).toBe(true);
    await body(lp).fill(full);
    await eventually(() => lp.getByTestId('word-count').textContent()).toContain(`字数：${wordCount(full)}`);
    await eventually(() => saveState(lp).textContent()).toMatch(/^已保存/);
    await lp.getByRole('button', { name: '提交', exact: true }).click();
    await lp.locator('.ant-popconfirm').getByRole('button', { name: '提交' }).click();
    await eventually(() => toastWith(lp, '作业已提交').count()).toBeGreaterThan(0);
    await eventually(() => new URL(lp.url()).pathname).toBe('/learningClassroom/myhomework1');
    await eventually(() => lp.getByText('已提交待批阅').first().isVisible()).toBe(true);

    // The teacher finds it among those awaiting review, reads it in the page and returns it.
    const teacher = await browser.open();
    const tp = teacher.page;
    await tp.goto('/index');
    await loginWithPassword(tp, baseUrl, ACCOUNTS.teacher.phone, ACCOUNTS.teacher.password);
    await tp.goto(`/class/work1?classId=${who.classId}&workId=${who.homeworkId}&state=pending&keyword=${encodeURIComponent(who.name)}`);
    const row = tp.locator('.ant-table-row').filter({ hasText: who.name });
    await eventually(() => row.count()).toBe(1);
    await row.getByRole('link', { name: `批阅 ${who.name}` }).click();
    await eventually(() => new URL(tp.url()).pathname).toBe('/class/work2');
    await eventually(() => tp.getByText('一、提高政治站位').isVisible()).toBe(true);
    await tp.getByRole('button', { name: '查看 学习笔记.pdf' }).click();
    await eventually(() => tp.locator('.hw-preview canvas[data-rendered]').getAttribute('data-rendered'), { timeout: 20_000 }).not.toBe('0');
    await tp.getByLabel(/评语/).fill('请结合本单位实际，补充具体的落实举措后重新提交。');
    await tp.getByRole('button', { name: '退回修改' }).click();
    await eventually(() => tp.getByText('批阅已保存').first().isVisible()).toBe(true);

    // The learner sees it returned with the comment, revises and resubmits.
    await lp.goto('/learningClassroom/myhomework');
    await lp.getByRole('link', { name: `修改后重新提交 ${PLENUM}` }).click();
    await eventually(() => lp.getByText('请结合本单位实际，补充具体的落实举措后重新提交。').isVisible()).toBe(true);
    await eventually(() => body(lp).inputValue()).toBe(full);
    const revised = `${full.replace('以钉钉子精神', `${REVISION}以钉钉子精神`)}`;
    await body(lp).fill(revised);
    await eventually(() => saveState(lp).textContent()).toMatch(/^已保存/);
    await lp.getByRole('button', { name: '重新提交' }).click();
    await lp.locator('.ant-popconfirm').getByRole('button', { name: '提交' }).click();
    await eventually(() => toastWith(lp, '作业已提交').count()).toBeGreaterThan(0);

    // The teacher sees what changed since the first version and passes it with a score.
    await tp.reload();
    const diff = tp.getByTestId('diff');
    await eventually(() => diff.locator('ins').allTextContents(), { timeout: 15_000 }).toContainEqual(expect.stringContaining('专项资金清单'));
    expect(await diff.locator('del').count()).toBe(0);
    // A score over 100 is refused with a message, not cut to 100; a pass shows the score given and asks once.
    await tp.getByLabel(/成绩/).fill('150');
    await tp.getByLabel(/评语/).fill('修改后联系实际紧密，措施具体可行。');
    await tp.getByRole('button', { name: '通过', exact: true }).click();
    await eventually(() => tp.getByText('成绩为0至100分').isVisible()).toBe(true);
    expect(await tp.getByLabel(/成绩/).inputValue()).toMatch(/^150/);
    expect(await tp.getByRole('dialog').count()).toBe(0);
    await tp.getByLabel(/成绩/).fill('88');
    await tp.getByRole('button', { name: '通过', exact: true }).click();
    const confirm = tp.getByRole('dialog').filter({ hasText: '通过并给出成绩88分？' });
    await eventually(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: '确定通过' }).click();
    await eventually(() => tp.getByText('批阅已保存').first().isVisible()).toBe(true);

    // The learner sees the score and the comment at once.
    await lp.goto(`/learningClassroom/myhomework4?workId=${who.homeworkId}`);
    await eventually(() => lp.getByText('88分').isVisible()).toBe(true);
    await eventually(() => lp.getByText('修改后联系实际紧密，措施具体可行。').isVisible()).toBe(true);
    await lp.goto(`/learningClassroom/myhomework5?workId=${who.homeworkId}`);
    await eventually(() => lp.locator('.hw-version').count()).toBe(2);

    // The export of the screen's filter (passed) has the screen's rows, in its order.
    await tp.goto(`/class/work1?classId=${who.classId}&workId=${who.homeworkId}&state=passed&pageSize=100`);
    const rows = tp.locator('.ant-table-tbody tr.ant-table-row');
    await eventually(() => rows.filter({ hasText: who.name }).count()).toBe(1);
    const names = (await rows.locator('td:nth-child(2)').allTextContents()).map((s) => s.trim());
    const download = tp.waitForEvent('download');
    await tp.getByRole('button', { name: '导出Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await file.path())!);
    const sheet = book.worksheets[0]!;
    const header = sheet.getRow(2).values as unknown[];
    const nameCol = header.findIndex((v) => v === '姓名');
    expect(nameCol).toBeGreaterThan(0);
    const exported: string[] = [];
    sheet.eachRow((r, n) => {
      if (n > 2) exported.push(String(r.getCell(nameCol).value ?? '').trim());
    });
    expect(exported).toEqual(names);

    expect(learner.errors).toEqual([]);
    expect(teacher.errors).toEqual([]);
    await learner.close();
    await teacher.close();
  });

  it('用笔记写心得: a course\'s notes start a homework draft that quotes them, once', { timeout: 120_000 }, async () => {
    const learner = await browser.open();
    const lp = learner.page;
    await lp.goto('/index');
    await loginWithPassword(lp, baseUrl, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    await lp.goto('/learningClassroom/learningnotes');
    const group = lp.locator('section.notes-page-group').first();
    await eventually(() => group.count()).toBe(1);
    const firstNote = ((await group.locator('.notes-title').first().textContent()) ?? '').trim();
    await group.getByRole('button', { name: /^用笔记写心得/ }).click();
    const modal = lp.getByRole('dialog', { name: '用笔记写心得' });
    await modal.getByRole('radio', { name: new RegExp(OUTLINE) }).check();
    await modal.getByRole('button', { name: '开始撰写' }).click();
    await eventually(() => new URL(lp.url()).pathname).toBe('/learningClassroom/myhomework3');
    await eventually(() => body(lp).inputValue()).toContain('学习笔记摘录（《');
    const draftText = await body(lp).inputValue();
    const pasted = draftText.slice(draftText.indexOf('学习笔记摘录'));
    expect(pasted).toContain(firstNote.split(' ').at(-1));
    // Plain text a reader would write: no Markdown heading, quote or bold signs.
    expect(pasted).not.toMatch(/^(#|>)|\*\*/m);
    expect(pasted).toMatch(/第(\d+分)?\d+秒|第\d+页/);
    await eventually(() => new URL(lp.url()).searchParams.has('notesOf')).toBe(false);
    await eventually(() => saveState(lp).textContent()).toMatch(/^已保存/);
    await lp.reload();
    await eventually(() => body(lp).inputValue()).toContain('学习笔记摘录');
    expect((await body(lp).inputValue()).split('学习笔记摘录').length).toBe(2);
    expect(learner.errors).toEqual([]);
    await learner.close();
  });

  it('a practice report with a photo is submitted and approved', { timeout: 180_000 }, async () => {
    const who = await freshLearner();
    const learner = await browser.open();
    const lp = learner.page;
    await lp.goto('/index');
    await loginWithPassword(lp, baseUrl, who.phone, PASSWORD);
    await lp.goto('/learningClassroom/myhomework?kind=practice');
    await lp.getByRole('link', { name: `开始撰写 ${PRACTICE}` }).click();
    await lp.getByRole('textbox', { name: '实践时间' }).fill('2026年10月20日至22日');
    await lp.getByRole('textbox', { name: '实践地点' }).fill('晋中市榆次区东阳镇及所辖3个行政村');
    await lp.getByRole('textbox', { name: '实践内容' }).fill('走访行政村3个、种植大户8户，召开村民代表座谈会2场，围绕高标准农田建设和农村集体经济发展收集意见建议21条，逐条建立问题台账。');
    await lp.getByRole('textbox', { name: '取得成效' }).fill('协调解决灌溉设施维修等具体问题6件，形成调研报告1篇，提出发展特色种植的建议4条，已报送镇党委参阅。');
    await lp.getByLabel('上传照片').setInputFiles({ name: '座谈会现场.png', mimeType: 'image/png', buffer: PNG });
    await eventually(() => lp.locator('.hw-files').getByText('座谈会现场.png').isVisible()).toBe(true);
    await eventually(() => saveState(lp).textContent()).toMatch(/^已保存/);
    await lp.getByRole('button', { name: '提交', exact: true }).click();
    await lp.locator('.ant-popconfirm').getByRole('button', { name: '提交' }).click();
    await eventually(() => toastWith(lp, '实践报告已提交').count()).toBeGreaterThan(0);

    const teacher = await browser.open();
    const tp = teacher.page;
    await tp.goto('/index');
    await loginWithPassword(tp, baseUrl, ACCOUNTS.teacher.phone, ACCOUNTS.teacher.password);
    await tp.goto(`/class/practice?classId=${who.classId}&state=pending&keyword=${encodeURIComponent(who.name)}`);
    const row = tp.locator('.ant-table-row').filter({ hasText: who.name });
    await eventually(() => row.count()).toBe(1);
    await row.getByRole('link', { name: `审核 ${who.name}` }).click();
    await eventually(() => new URL(tp.url()).pathname).toBe('/class/practice1');
    await eventually(() => tp.getByText('晋中市榆次区东阳镇及所辖3个行政村').isVisible()).toBe(true);
    await tp.getByRole('button', { name: '通过', exact: true }).click();
    const confirm = tp.getByRole('dialog').filter({ hasText: '通过这份实践报告？' });
    await eventually(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: '确定通过' }).click();
    await eventually(() => tp.getByText('审核已保存').first().isVisible()).toBe(true);

    await lp.goto('/learningClassroom/myhomework?kind=practice');
    const mine = lp.locator('.ant-table-row').filter({ hasText: PRACTICE });
    await eventually(() => mine.getByText('已通过').count()).toBe(1);
    expect(learner.errors).toEqual([]);
    expect(teacher.errors).toEqual([]);
    await learner.close();
    await teacher.close();
  });

  it('an assignment of one attachment says so in the editor, and refuses a second naming that number', { timeout: 120_000 }, async () => {
    const who = await freshLearner();
    const learner = await browser.open();
    const lp = learner.page;
    await lp.goto('/index');
    await loginWithPassword(lp, baseUrl, who.phone, PASSWORD);
    await lp.goto('/learningClassroom/myhomework');
    await lp.getByRole('link', { name: `开始撰写 ${OUTLINE}` }).click();
    await eventually(() => lp.locator('.hw-uploader').textContent()).toContain('最多可上传1个附件');
    const pdf = await pdfBytes();
    await lp.getByLabel('上传附件').setInputFiles([
      { name: '学习笔记.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: '补充材料.pdf', mimeType: 'application/pdf', buffer: pdf },
    ]);
    await eventually(() => toastWith(lp, '本作业最多可上传1个附件').count()).toBeGreaterThan(0);
    await eventually(() => lp.locator('.hw-files').getByText('学习笔记.pdf').isVisible()).toBe(true);
    expect(await lp.locator('.hw-files').getByText('补充材料.pdf').count()).toBe(0);
    expect(await lp.getByRole('button', { name: '上传附件' }).isDisabled()).toBe(true);
    expect(learner.errors).toEqual([]);
    await learner.close();
  });

  it('two tabs write the same draft: the older one is told, and the writer chooses which text stays', { timeout: 120_000 }, async () => {
    const who = await freshLearner();
    const learner = await browser.open();
    const a = learner.page;
    await a.goto('/index');
    await loginWithPassword(a, baseUrl, who.phone, PASSWORD);
    const address = `/learningClassroom/myhomework2?workId=${who.homeworkId}`;
    await a.goto(address);
    const b = await a.context().newPage();
    await b.goto(address);
    await eventually(() => body(b).isVisible()).toBe(true);
    await eventually(() => body(a).isVisible()).toBe(true);

    await body(a).fill(PARAGRAPHS[0]!);
    await eventually(() => saveState(a).textContent()).toMatch(/^已保存/);
    // The second tab still holds the draft as it was: its save does not overwrite the newer one.
    await body(b).fill(PARAGRAPHS[1]!);
    await eventually(() => saveState(b).textContent()).toBe('草稿已在其他窗口或设备上更新');
    await eventually(() => b.getByText('此草稿已在其他窗口或设备上保存了不同的内容').isVisible()).toBe(true);
    await b.getByRole('button', { name: '保留本窗口的内容' }).click();
    await eventually(() => saveState(b).textContent()).toMatch(/^已保存/);
    await a.reload();
    await eventually(() => body(a).inputValue()).toBe(PARAGRAPHS[1]);

    // A draft never handed in can be deleted: the assignment is not started again.
    await b.close();
    await a.getByRole('button', { name: '删除草稿' }).click();
    await a.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    await eventually(() => toastWith(a, '草稿已删除').count()).toBeGreaterThan(0);
    await eventually(() => new URL(a.url()).pathname).toBe('/learningClassroom/myhomework');
    const row = a.locator('.ant-table-row').filter({ hasText: PLENUM });
    await eventually(() => row.getByText('未开始').count()).toBe(1);
    expect(learner.errors).toEqual([]);
    await learner.close();
  });

  it('the teacher gives a member who has not handed in an extension, and the learner sees it', { timeout: 120_000 }, async () => {
    const who = await freshLearner();
    const teacher = await browser.open();
    const tp = teacher.page;
    await tp.goto('/index');
    await loginWithPassword(tp, baseUrl, ACCOUNTS.teacher.phone, ACCOUNTS.teacher.password);
    await tp.goto(`/class/work1?classId=${who.classId}&workId=${who.homeworkId}&state=missing&keyword=${encodeURIComponent(who.name)}`);
    const row = tp.locator('.ant-table-row').filter({ hasText: who.name });
    await eventually(() => row.count()).toBe(1);
    await row.getByRole('button', { name: `延期 ${who.name}` }).click();
    const modal = tp.getByRole('dialog', { name: `为${who.name}延期` });
    await modal.getByRole('textbox', { name: /延期原因/ }).fill('因参加省委巡视工作，经班委会同意延期提交。');
    await modal.getByRole('button', { name: '确定延期' }).click();
    await eventually(() => toastWith(tp, '已为该学员延期').count()).toBeGreaterThan(0);
    await eventually(() => row.locator('td').filter({ hasText: /^\d{4}-\d{2}-\d{2} 18:00$/ }).count()).toBe(1);

    const learner = await browser.open();
    await learner.page.goto('/index');
    await loginWithPassword(learner.page, baseUrl, who.phone, PASSWORD);
    await learner.page.goto('/learningClassroom/myhomework');
    const mine = learner.page.locator('.ant-table-row').filter({ hasText: PLENUM });
    await eventually(() => mine.getByText(/已为您延期至\d{4}-\d{2}-\d{2} 18:00/).count()).toBe(1);
    expect(teacher.errors).toEqual([]);
    expect(learner.errors).toEqual([]);
    await teacher.close();
    await learner.close();
  });
});
