import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, ne } from 'drizzle-orm';
import { teacher as T, urlOf, work as W, type CallDef } from '@portal/contract';
import { createTestApp, DEMO_PASSWORDS, PRODUCT, type TestApp } from '../../test/harness.ts';
import { auditLog, classMembers, persons, works } from '../../db/schema/index.ts';
import { TEACHER_MSG } from '../teacher/service.ts';

const M = W.WORK_MSG;
const DAY = 86_400_000;
let t: TestApp;
let teacher: string;
let otherTeacher: string;
let learner: string;
let classmate: string;
let outsider: string;
let first: T.ClassSummary;
let others: T.ClassSummary;
/** Assignments made for the tests, with known deadlines. */
let open: number;
let overdue: number;
let closed: number;
let practice: number;
let otherClassWork: number;
let noFiles: number;

type Obj<D> = { res: boolean; resMsg: string; obj: D; field?: string };
const obj = <D>(r: { json: unknown }) => r.json as Obj<D>;
type Opts = { query?: Record<string, string | number>; body?: unknown };
async function ok<D>(c: CallDef, token: string, opts: Opts = {}): Promise<D> {
  const r = obj<D>(await t.call(c, { token, ...opts }));
  if (!r.res) throw new Error(`${c.name}: ${r.resMsg}`);
  return r.obj;
}
/** A call that must be refused: its message. */
async function refused(c: CallDef, token: string, opts: Opts = {}): Promise<string> {
  const r = obj<unknown>(await t.call(c, { token, ...opts }));
  expect(r.res, `${c.name} should be refused`).toBe(false);
  return r.resMsg;
}
const personIdOf = async (mobile: string) => (await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, mobile)))[0]!.id;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....word/document.xml....')]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

function multipart(field: string, filename: string, bytes: Buffer) {
  const boundary = '----portalworktest';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function upload(token: string, workId: number, filename: string, bytes: Buffer, call: CallDef = W.uploadWorkFile) {
  const { payload, headers } = multipart(call === W.uploadPhoto ? 'photo' : 'file', filename, bytes);
  const res = await t.app.inject({ method: 'POST', url: `${urlOf(call, PRODUCT)}?workId=${workId}`, payload, headers: { ...headers, authorization: token } });
  return { status: res.statusCode, json: res.json() as Obj<W.WorkFile> };
}
async function download(token: string, fileId: number, extra = '') {
  return t.app.inject({ method: 'GET', url: `${urlOf(W.downloadWorkFile, PRODUCT)}?fileId=${fileId}${extra}`, headers: { authorization: token } });
}

/** A reflection of about `n` Chinese characters (sentences of a real 心得体会). */
const SENTENCES = [
  '通过本次专题学习，我深刻认识到全面深化改革是推进中国式现代化的根本动力。',
  '作为一名基层财政干部，必须把学习成果转化为推动工作的实际举措。',
  '在今后的工作中，我将坚持以人民为中心的发展思想，着力解决群众急难愁盼问题。',
  '要进一步健全预算管理制度，提高财政资金使用效益。',
];
const reflection = (n: number) => {
  let s = '';
  for (let i = 0; s.length < n; i++) s += SENTENCES[i % SENTENCES.length]! + (i % 3 === 2 ? '\n\n' : '');
  return s;
};
const draft = (workId: number, revision: number, text: string, attachmentIds: number[] = []) => ({ body: { workId, revision, text, attachmentIds } });

beforeAll(async () => {
  t = await createTestApp();
  [teacher, otherTeacher, learner, outsider] = await Promise.all([t.login('13800000004', DEMO_PASSWORDS.teacher), t.login('13700000001', DEMO_PASSWORDS.teacher), t.login('13800000001'), t.login('13800000005')]);
  const mine = await ok<T.ClassSummary[]>(T.findClass, teacher);
  first = [...mine].sort((a, b) => b.memberCount - a.memberCount)[0]!;
  others = (await ok<T.ClassSummary[]>(T.findClass, otherTeacher))[0]!;
  // A classmate of 13800000001 in the first class.
  const [mate] = await t.db
    .select({ mobile: persons.mobile })
    .from(classMembers)
    .innerJoin(persons, eq(persons.personId, classMembers.personId))
    .where(and(eq(classMembers.classId, first.id), ne(persons.mobile, '13800000001')))
    .orderBy(persons.mobile)
    .limit(1);
  classmate = await t.login(mate!.mobile);
  const now = Date.now();
  const base = { requirement: '结合本职工作，谈谈学习体会。\n\n- 联系实际\n- 不少于**20字**', minWords: 20, maxWords: 3000, maxFiles: 3 };
  const rows = await t.db
    .insert(works)
    .values([
      { ...base, classId: first.id, kind: 'homework', title: '测验作业：按时提交', dueAt: new Date(now + 7 * DAY), cutoffAt: new Date(now + 14 * DAY) },
      { ...base, classId: first.id, kind: 'homework', title: '逾期仍可提交的作业', dueAt: new Date(now - DAY), cutoffAt: new Date(now + DAY) },
      { ...base, classId: first.id, kind: 'homework', title: '已截止的作业', dueAt: new Date(now - 3 * DAY), cutoffAt: new Date(now - DAY) },
      { ...base, classId: first.id, kind: 'practice', title: '基层调研实践报告', minWords: 10, maxFiles: 0, dueAt: new Date(now + 7 * DAY), cutoffAt: null },
      { ...base, classId: others.id, kind: 'homework', title: '其他班级的作业', dueAt: new Date(now + 7 * DAY), cutoffAt: null },
      { ...base, classId: first.id, kind: 'homework', title: '不需附件的作业', maxFiles: 0, dueAt: new Date(now + 7 * DAY), cutoffAt: null },
    ])
    .returning({ id: works.id });
  [open, overdue, closed, practice, otherClassWork, noFiles] = rows.map((r) => r.id) as [number, number, number, number, number, number];
});
afterAll(() => t.close());

describe('the demo homework', () => {
  it("the featured learner has work in every state, with the teacher's comment on the returned one", async () => {
    const page = await ok<{ list: W.MyWorkItem[] }>(W.findWorkByPage, learner, { query: { pageSize: 100 } });
    const demo = page.list.filter((w) => ![open, overdue, closed, practice, noFiles].includes(w.id));
    expect(new Set(demo.map((w) => w.state))).toEqual(new Set(['returned', 'passed', 'draft', 'submitted']));
    const returned = demo.find((w) => w.state === 'returned')!;
    expect(returned.title).toBe('学习贯彻党的二十届三中全会精神心得体会');
    const d = await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: returned.id } });
    expect(d.submission!.comment).toMatch(/结合本单位/);
    const passed = demo.find((w) => w.state === 'passed')!;
    const history = await ok<W.WorkVersion[]>(W.findWorkVersions, learner, { query: { workId: passed.id } });
    expect(history.map((v) => v.state)).toEqual(['passed', 'returned']);
  });

  it('the class has submissions in every review state, full texts of 800+ characters, and practice reports in every audit state', async () => {
    const list = await ok<W.ClassWorkItem[]>(W.findClassWork, teacher, { query: { classId: first.id } });
    const plenum = list.find((w) => w.title === '学习贯彻党的二十届三中全会精神心得体会')!;
    expect(plenum).toMatchObject({ minWords: 800 });
    for (const key of ['pending', 'passed', 'returned', 'missing', 'late'] as const) expect(plenum[key], key).toBeGreaterThan(0);
    const pending = await ok<{ list: W.SubmissionRow[] }>(W.findWorkSubmissionByPage, teacher, { query: { classId: first.id, workId: plenum.id, state: 'pending' } });
    const detail = await ok<W.SubmissionDetail>(W.findWorkSubmission, teacher, { query: { classId: first.id, submissionId: pending.list[0]!.submissionId! } });
    expect(detail.current.wordCount).toBeGreaterThanOrEqual(800);
    const resubmitted = pending.list.find((r) => r.version === 2);
    if (resubmitted) expect((await ok<W.SubmissionDetail>(W.findWorkSubmission, teacher, { query: { classId: first.id, submissionId: resubmitted.submissionId! } })).diff!.length).toBeGreaterThan(1);
    const [report] = await ok<W.ClassWorkItem[]>(W.findClassWork, teacher, { query: { classId: first.id, kind: 'practice' } });
    for (const key of ['pending', 'passed', 'returned'] as const) expect(report![key], key).toBeGreaterThan(0);
  });
});

describe("the learner's works", () => {
  it('lists the assignments of my classes only, with my state and the deadlines', async () => {
    const page = await ok<{ list: W.MyWorkItem[]; total: number }>(W.findWorkByPage, learner, { query: { pageSize: 100 } });
    const ids = page.list.map((w) => w.id);
    expect(ids).toEqual(expect.arrayContaining([open, overdue, closed, practice]));
    expect(ids).not.toContain(otherClassWork);
    const o = page.list.find((w) => w.id === overdue)!;
    expect(o).toMatchObject({ state: 'none', overdue: true, closed: false, className: first.name });
    expect(page.list.find((w) => w.id === closed)).toMatchObject({ overdue: true, closed: true });
    const practices = await ok<{ list: W.MyWorkItem[] }>(W.findWorkByPage, learner, { query: { kind: 'practice', pageSize: 100 } });
    expect(practices.list.every((w) => w.kind === 'practice')).toBe(true);
    expect(await refused(W.findWorkById, outsider, { query: { workId: open } })).toBe(M.workNotFound);
    expect(await refused(W.updateWork, outsider, draft(open, 0, '别人的班级'))).toBe(M.workNotFound);
  });

  it('shows the requirement rendered safely and no submission before the first save', async () => {
    const d = await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: open } });
    expect(d.submission).toBeNull();
    expect(d.work.requirementHtml).toContain('<li>联系实际</li>');
    expect(d.work.requirementHtml).toContain('<strong>20字</strong>');
  });
});

describe('drafts: autosave by revision', () => {
  it('saves, counts words, and an old autosave never overwrites a newer draft', async () => {
    const s1 = await ok<{ revision: number; wordCount: number }>(W.updateWork, learner, draft(open, 0, '第一稿：学习体会'));
    expect(s1.revision).toBe(1);
    const s2 = await ok<{ revision: number }>(W.updateWork, learner, draft(open, 1, '第二稿：学习二十届三中全会精神的体会'));
    expect(s2.revision).toBe(2);
    // The autosave of revision 1 that arrives late is refused; the newer text stays.
    expect(await refused(W.updateWork, learner, draft(open, 1, '第一稿：学习体会（迟到的自动保存）'))).toBe(M.stale);
    // The same content again (a retry whose answer was lost) answers the current revision.
    expect((await ok<{ revision: number }>(W.updateWork, learner, draft(open, 1, '第二稿：学习二十届三中全会精神的体会'))).revision).toBe(2);
    const d = await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: open } });
    expect(d.submission).toMatchObject({ state: 'draft', revision: 2, version: 0, text: '第二稿：学习二十届三中全会精神的体会', editable: true });
    expect(d.submission!.wordCount).toBe(17);
  });

  it('two tabs saving on the same revision at once: exactly one wins', async () => {
    const base = (await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: open } })).submission!.revision;
    const results = await Promise.all(['甲窗口的内容', '乙窗口的内容'].map((text) => t.call(W.updateWork, { token: learner, ...draft(open, base, text) })));
    const wins = results.filter((r) => obj(r).res);
    expect(wins).toHaveLength(1);
    expect(obj(results.find((r) => !obj(r).res)!).resMsg).toBe(M.stale);
    const d = await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: open } });
    expect(d.submission!.revision).toBe(base + 1);
  });

  it('keeps the text as Markdown source and renders no HTML of the learner', async () => {
    const rev = (await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: open } })).submission!.revision;
    const text = '# 一、学习体会\n<script>alert(1)</script><img src=x onerror=alert(1)>\n[链接](javascript:alert(1))\u0007';
    await ok(W.updateWork, learner, draft(open, rev, text));
    const d = await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: open } });
    expect(d.submission!.text).not.toContain('\u0007');
    expect(d.submission!.html).not.toMatch(/<script|<img|javascript:|href=/);
    expect(d.submission!.html).toContain('&lt;script&gt;');
    expect(d.submission!.html).toContain('<h3>一、学习体会</h3>');
  });

  it('deletes a draft never submitted, with its files', async () => {
    const file = (await upload(outsider, otherClassWork, '草稿附件.pdf', PDF)).json.obj;
    await ok(W.updateWork, outsider, draft(otherClassWork, 0, '草稿', [file.id]));
    expect((await download(outsider, file.id)).statusCode).toBe(200);
    expect(await ok(W.deleteWork, outsider, { body: { workId: otherClassWork } })).toEqual({ workId: otherClassWork });
    expect((await download(outsider, file.id)).statusCode).toBe(404);
    expect((await ok<W.WorkDetail>(W.findWorkById, outsider, { query: { workId: otherClassWork } })).submission).toBeNull();
    expect(await refused(W.deleteWork, outsider, { body: { workId: otherClassWork } })).toBe(M.nothingToDelete);
  });
});

describe('attachments', () => {
  it('accepts PDF, Word, images by content, stored under generated names, and only its learner reads a draft file', async () => {
    const pdf = await upload(learner, open, '学习心得.pdf', PDF);
    expect(pdf.json.res).toBe(true);
    expect(pdf.json.obj).toMatchObject({ name: '学习心得.pdf', type: 'pdf', size: PDF.length, kind: 'file' });
    const docx = await upload(learner, open, '../../etc/心得.docx', DOCX);
    expect(docx.json.obj).toMatchObject({ name: '心得.docx', type: 'docx' });
    const got = await download(learner, pdf.json.obj.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(String(got.headers['content-disposition'])).toMatch(/^inline/);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(String((await download(learner, docx.json.obj.id)).headers['content-disposition'])).toMatch(/^attachment/);
    // Another learner, and the teacher before it is submitted, get nothing.
    expect((await download(classmate, pdf.json.obj.id)).statusCode).toBe(404);
    expect((await download(teacher, pdf.json.obj.id)).statusCode).toBe(404);
    // Not under the public uploads either.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/works/${await personIdOf('13800000001')}/` })).statusCode).toBe(404);
  });

  it('refuses a file that is not what its name says, one of no accepted type, an oversized one, and beyond the limits', async () => {
    expect((await upload(learner, open, '心得.pdf', PNG)).json.resMsg).toBe(M.fileMismatch);
    expect((await upload(learner, open, '心得.docx', EXE)).json.resMsg).toBe(M.fileMismatch);
    expect((await upload(learner, open, '心得.exe', EXE)).json.resMsg).toBe(M.fileType);
    // A plain-text file is refused naming the types that are accepted, whatever it holds.
    const txt = await upload(learner, open, '心得.txt', Buffer.from('我的学习心得'));
    expect(txt.json.resMsg).toBe(M.fileType);
    expect(txt.json.resMsg).toBe('仅支持上传PDF、Word、Excel、JPG、PNG文件（10MB以内）');
    expect((await upload(learner, open, '心得.txt', PDF)).json.resMsg).toBe(M.fileType);
    const big = await upload(learner, open, '大文件.pdf', Buffer.concat([PDF, Buffer.alloc(W.WORK_LIMITS.fileMaxBytes)]));
    expect(big.status).toBe(413);
    expect(big.json.resMsg).toBe(M.fileTooLarge);
    expect((await upload(learner, noFiles, '心得.pdf', PDF)).json.resMsg).toBe(M.attachmentsNotAllowed);
    expect((await upload(learner, open, '照片.png', PNG, W.uploadPhoto)).json.resMsg).toBe(M.attachmentsNotAllowed);
    // Another learner's file cannot be named in my draft.
    const theirs = (await upload(classmate, open, '同学的.pdf', PDF)).json.obj;
    const rev = (await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: open } })).submission!.revision;
    expect(await refused(W.updateWork, learner, draft(open, rev, '正文', [theirs.id]))).toBe(M.fileNotFound);
    const failures = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'work.upload'), eq(auditLog.outcome, 'failure')));
    expect(failures.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses more files than the assignment allows, and more than 30 MB a submission', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(9 * 1024 * 1024)]);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(classmate, open, `附件${i}.pdf`, big)).json.obj.id);
    expect(await refused(W.updateWork, classmate, draft(open, 0, '正文', [...ids, (await upload(classmate, open, '再一个.pdf', PDF)).json.obj.id]))).toBe(W.tooManyFiles(3));
    await ok(W.updateWork, classmate, draft(open, 0, '正文', ids));
    expect((await upload(classmate, open, '第四个.pdf', PDF)).json.resMsg).toBe(W.tooManyFiles(3));
    expect(W.tooManyFiles(3)).toBe('本作业最多可上传3个附件');
    const tall = await t.db.insert(works).values({ classId: first.id, kind: 'homework', title: '附件较多的作业', requirement: '附上材料', maxFiles: 10, dueAt: new Date(Date.now() + DAY) }).returning({ id: works.id });
    const many: number[] = [];
    for (let i = 0; i < 4; i++) many.push((await upload(classmate, tall[0]!.id, `材料${i}.pdf`, big)).json.obj.id);
    expect(await refused(W.updateWork, classmate, draft(tall[0]!.id, 0, '正文', many))).toBe(M.submissionTooLarge);
  });

  it('refuses the second file of an assignment of one, naming one', async () => {
    const [single] = await t.db.insert(works).values({ classId: first.id, kind: 'homework', title: '只交一个附件的作业', requirement: '附上材料', maxFiles: 1, dueAt: new Date(Date.now() + DAY) }).returning({ id: works.id });
    expect((await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: single!.id } })).work.maxFiles).toBe(1);
    const one = (await upload(learner, single!.id, '材料.pdf', PDF)).json.obj.id;
    const two = (await upload(learner, single!.id, '补充.pdf', PDF)).json.obj.id;
    expect(await refused(W.updateWork, learner, draft(single!.id, 0, '正文', [one, two]))).toBe('本作业最多可上传1个附件');
    await ok(W.updateWork, learner, draft(single!.id, 0, '正文', [one]));
    expect((await upload(learner, single!.id, '补充.pdf', PDF)).json.resMsg).toBe('本作业最多可上传1个附件');
  });
});

describe('submitting, reviewing, revising', () => {
  let submissionId: number;
  let fileId: number;

  it('refuses a text below the word limit but keeps it as the draft', async () => {
    const rev = (await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: open } })).submission!.revision;
    expect(await refused(W.addWork, learner, draft(open, rev, '太短'))).toBe(W.tooFewWords(20, 2));
    expect((await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: open } })).submission!.text).toBe('太短');
  });

  it('submits: version 1, read-only until returned', async () => {
    const d = await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: open } });
    fileId = d.submission!.attachments[0]?.id ?? (await upload(learner, open, '学习心得.pdf', PDF)).json.obj.id;
    const s = await ok<W.MySubmission>(W.addWork, learner, draft(open, d.submission!.revision, reflection(300), [fileId]));
    submissionId = s.id;
    expect(s).toMatchObject({ state: 'submitted', version: 1, late: false, editable: false });
    expect(s.attachments.map((a) => a.id)).toEqual([fileId]);
    expect(await refused(W.updateWork, learner, draft(open, s.revision, '改一改'))).toBe(M.readOnly);
    expect(await refused(W.addWork, learner, draft(open, s.revision, reflection(300), [fileId]))).toBe(M.readOnly);
    expect(await refused(W.deleteWork, learner, { body: { workId: open } })).toBe(M.notDraft);
    expect((await upload(learner, open, '补充.pdf', PDF)).json.resMsg).toBe(M.readOnly);
    // Now the class's teacher reads the file; another teacher does not.
    expect((await download(teacher, fileId)).statusCode).toBe(200);
    expect((await download(otherTeacher, fileId)).statusCode).toBe(404);
  });

  it("the teacher sees the class's assignments with counts, and the submissions filtered", async () => {
    const list = await ok<W.ClassWorkItem[]>(W.findClassWork, teacher, { query: { classId: first.id } });
    const o = list.find((w) => w.id === open)!;
    expect(o).toMatchObject({ members: first.memberCount, pending: 1, reviewed: 0, missing: first.memberCount - 1 });
    expect(list.some((w) => w.id === practice)).toBe(false);
    const page = await ok<{ list: W.SubmissionRow[]; total: number; work: W.ClassWorkItem }>(W.findWorkSubmissionByPage, teacher, { query: { classId: first.id, workId: open, pageSize: 5 } });
    expect(page.total).toBe(first.memberCount);
    expect(page.list[0]).toMatchObject({ submissionId, state: 'submitted', version: 1, personNo: 'S20260001', attachmentCount: 1 });
    // A classmate's draft is not shown to the teacher: no submission id.
    const missing = await ok<{ list: W.SubmissionRow[]; total: number }>(W.findWorkSubmissionByPage, teacher, { query: { classId: first.id, workId: open, state: 'missing', pageSize: 100 } });
    expect(missing.total).toBe(first.memberCount - 1);
    expect(missing.list.every((r) => r.submissionId === null)).toBe(true);
    expect((await ok<{ total: number }>(W.findWorkSubmissionByPage, teacher, { query: { classId: first.id, workId: open, state: 'pending' } })).total).toBe(1);
    expect((await ok<{ total: number }>(W.findWorkSubmissionByPage, teacher, { query: { classId: first.id, workId: open, late: 'true' } })).total).toBe(0);
    expect((await ok<{ total: number }>(W.findWorkSubmissionByPage, teacher, { query: { classId: first.id, workId: open, keyword: '张伟' } })).total).toBe(1);
    const pending = await ok<{ classId: number; homework: number; practice: number }[]>(W.findWorkPending, teacher);
    expect(pending.find((p) => p.classId === first.id)!.homework).toBe(list.reduce((n, w) => n + w.pending, 0));
    const practices = await ok<W.ClassWorkItem[]>(W.findClassWork, teacher, { query: { classId: first.id, kind: 'practice' } });
    expect(pending.find((p) => p.classId === first.id)!.practice).toBe(practices.reduce((n, w) => n + w.pending, 0));
  });

  it("another class's teacher, and a learner, reach none of it", async () => {
    expect(await refused(W.findWorkSubmission, otherTeacher, { query: { classId: first.id, submissionId } })).toBe(TEACHER_MSG.notYourClass);
    expect(await refused(W.findWorkSubmission, otherTeacher, { query: { classId: others.id, submissionId } })).toBe(M.submissionNotFound);
    expect(await refused(W.examineWork, otherTeacher, { body: { classId: others.id, submissionId, version: 1, decision: 'pass', score: 100 } })).toBe(M.submissionNotFound);
    expect(await refused(W.findWorkSubmissionByPage, otherTeacher, { query: { classId: others.id, workId: open } })).toBe(M.workNotFound);
    expect(await refused(W.findClassWork, learner, { query: { classId: first.id } })).toBe(TEACHER_MSG.notTeacher);
    expect(await refused(W.examineWork, learner, { body: { classId: first.id, submissionId, version: 1, decision: 'pass', score: 100 } })).toBe(TEACHER_MSG.notTeacher);
    expect(await refused(W.findWorkPending, learner)).toBe(TEACHER_MSG.notTeacher);
    const exportRes = await t.app.inject({ method: 'GET', url: `${urlOf(W.workExport, PRODUCT)}?classId=${first.id}&workId=${open}`, headers: { authorization: otherTeacher } });
    expect(exportRes.json()).toEqual({ message: TEACHER_MSG.notYourClass });
  });

  it('returns it with a comment (a return needs one); the learner is told and may revise', async () => {
    expect(await refused(W.examineWork, teacher, { body: { classId: first.id, submissionId, version: 1, decision: 'return' } })).toBe(M.commentRequired);
    expect(await refused(W.examineWork, teacher, { body: { classId: first.id, submissionId, version: 1, decision: 'pass' } })).toBe(M.scoreRequired);
    // A score outside 0-100 is refused with 400 naming it, not cut to 100, and the work stays pending.
    for (const score of [150, 100.5, -1]) {
      const r = await t.call(W.examineWork, { token: teacher, body: { classId: first.id, submissionId, version: 1, decision: 'pass', score } });
      expect(r, String(score)).toMatchObject({ status: 400, json: { res: false, resMsg: '成绩为0至100分', field: 'score' } });
    }
    expect((await ok<W.SubmissionDetail>(W.findWorkSubmission, teacher, { query: { classId: first.id, submissionId } })).state).toBe('submitted');
    expect(await refused(W.examineWork, teacher, { body: { classId: first.id, submissionId, version: 2, decision: 'return', comment: '请补充' } })).toBe(M.versionChanged);
    const r = await ok<{ state: string; comment: string; examinedBy: string }>(W.examineWork, teacher, { body: { classId: first.id, submissionId, version: 1, decision: 'return', comment: '请结合本单位实际，补充具体措施。' } });
    expect(r).toMatchObject({ state: 'returned', comment: '请结合本单位实际，补充具体措施。', examinedBy: '刘建国' });
    expect(await refused(W.examineWork, teacher, { body: { classId: first.id, submissionId, version: 1, decision: 'pass', score: 90 } })).toBe(M.notPending);
    const d = await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: open } });
    expect(d.submission).toMatchObject({ state: 'returned', editable: true, comment: '请结合本单位实际，补充具体措施。', examinedBy: '刘建国' });
    const messages = await ok<{ list: T.SentMessage[] }>(T.findMyMessage, learner);
    expect(messages.list[0]!.title).toContain('已退回修改');
    expect(messages.list[0]!.content).toContain('请结合本单位实际，补充具体措施。');
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'teacher.examineWork'), eq(auditLog.outcome, 'success')));
    expect(audits).toHaveLength(1);
  });

  it('the learner revises and resubmits; the teacher sees what changed and passes it', async () => {
    const d = await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: open } });
    const revised = d.submission!.text.replace('作为一名基层财政干部', '作为一名长期从事预算管理的基层财政干部') + '具体措施：一是完善预算绩效评价；二是加强资金监管。';
    const saved = await ok<{ revision: number }>(W.updateWork, learner, draft(open, d.submission!.revision, revised, [fileId]));
    const s = await ok<W.MySubmission>(W.addWork, learner, draft(open, saved.revision, revised, [fileId]));
    expect(s).toMatchObject({ state: 'submitted', version: 2, late: false, score: null, comment: '' });
    const detail = await ok<W.SubmissionDetail>(W.findWorkSubmission, teacher, { query: { classId: first.id, submissionId } });
    expect(detail.versions.map((v) => [v.version, v.state])).toEqual([
      [2, 'submitted'],
      [1, 'returned'],
    ]);
    expect(detail.current.text).toBe(revised);
    const inserted = detail.diff!.filter((p) => p.op === 'insert').map((p) => p.text);
    expect(inserted).toContain('长期从事预算管理的');
    expect(inserted.join('')).toContain('具体措施：一是完善预算绩效评价；');
    expect(detail.diff!.filter((p) => p.op === 'delete')).toEqual([]);
    expect(detail.diff!.filter((p) => p.op !== 'insert').map((p) => p.text).join('')).toBe(detail.versions[1]!.text);
    const r = await ok<{ state: string; score: number }>(W.examineWork, teacher, { body: { classId: first.id, submissionId, version: 2, decision: 'pass', score: 92.5, comment: '联系实际，措施具体。' } });
    expect(r).toMatchObject({ state: 'passed', score: 92.5 });
    const history = await ok<W.WorkVersion[]>(W.findWorkVersions, learner, { query: { workId: open } });
    expect(history.map((v) => [v.version, v.state, v.score])).toEqual([
      [2, 'passed', 92.5],
      [1, 'returned', null],
    ]);
    expect(history[1]!.comment).toBe('请结合本单位实际，补充具体措施。');
    expect(await refused(W.updateWork, learner, draft(open, 99, '再改'))).toBe(M.passedReadOnly);
  });

  it('goes to the next submission awaiting review without the list', async () => {
    const mateSubmission = await ok<W.MySubmission>(W.addWork, classmate, draft(overdue, 0, reflection(100)));
    const mine = await ok<W.MySubmission>(W.addWork, learner, draft(overdue, 0, reflection(120)));
    expect(mine.late).toBe(true);
    const one = await ok<W.SubmissionDetail>(W.findWorkSubmission, teacher, { query: { classId: first.id, submissionId: mateSubmission.id } });
    expect(one.nextPendingId).toBe(mine.id);
    const r = await ok<{ nextPendingId: number | null }>(W.examineWork, teacher, { body: { classId: first.id, submissionId: mateSubmission.id, version: 1, decision: 'pass', score: 85 } });
    expect(r.nextPendingId).toBe(mine.id);
    const last = await ok<{ nextPendingId: number | null }>(W.examineWork, teacher, { body: { classId: first.id, submissionId: mine.id, version: 1, decision: 'pass', score: 88 } });
    expect(last.nextPendingId).toBeNull();
  });
});

describe('deadlines', () => {
  it('late work is accepted until the cut-off and marked late; after it, refused (the draft kept)', async () => {
    const late = await ok<{ list: W.SubmissionRow[] }>(W.findWorkSubmissionByPage, teacher, { query: { classId: first.id, workId: overdue, late: 'true' } });
    expect(late.list.map((r) => r.personNo)).toContain('S20260001');
    expect(await refused(W.addWork, learner, draft(closed, 0, reflection(100)))).toBe(M.pastCutoff);
    expect((await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: closed } })).submission!.state).toBe('draft');
  });

  it('a returned work may be resubmitted after the cut-off and keeps its first late mark', async () => {
    const [w] = await t.db.insert(works).values({ classId: first.id, kind: 'homework', title: '即将截止的作业', requirement: '谈体会', dueAt: new Date(Date.now() - DAY), cutoffAt: new Date(Date.now() + 60_000) }).returning({ id: works.id });
    const s = await ok<W.MySubmission>(W.addWork, learner, draft(w!.id, 0, '按要求撰写的学习体会'));
    expect(s.late).toBe(true);
    await ok(W.examineWork, teacher, { body: { classId: first.id, submissionId: s.id, version: 1, decision: 'return', comment: '请充实内容' } });
    await t.db.update(works).set({ cutoffAt: new Date(Date.now() - 1000) }).where(eq(works.id, w!.id));
    const again = await ok<W.MySubmission>(W.addWork, learner, draft(w!.id, (await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: w!.id } })).submission!.revision, '充实后的学习体会'));
    expect(again).toMatchObject({ version: 2, late: true, state: 'submitted' });
  });
});

describe('extensions', () => {
  it("the teacher grants one learner a later deadline: their work is accepted on time, a classmate's still refused", async () => {
    const me = await personIdOf('13800000001');
    const soon = new Date(Date.now() + 2 * DAY).toISOString();
    const grant = (token: string, body: Record<string, unknown>) => t.call(W.grantWorkExtension, { token, body: { classId: first.id, workId: closed, personId: me, until: soon, ...body } });
    expect(obj(await grant(teacher, { until: new Date(Date.now() - 1000).toISOString() })).resMsg).toBe(M.extensionPast);
    expect(obj(await grant(teacher, { until: new Date(Date.now() + 400 * DAY).toISOString() })).resMsg).toBe(M.extensionTooLong);
    expect(obj(await grant(teacher, { personId: await personIdOf('13800000005') })).resMsg).toBe(M.notMember);
    expect(obj(await grant(teacher, { workId: otherClassWork })).resMsg).toBe(M.workNotFound);
    expect(obj(await grant(otherTeacher, {})).resMsg).toBe(TEACHER_MSG.notYourClass);
    expect(obj(await grant(learner, {})).resMsg).toBe(TEACHER_MSG.notTeacher);
    expect(obj(await grant(teacher, { until: '下周一' })).res).toBe(false);
    const granted = await ok<{ extensionUntil: string }>(W.grantWorkExtension, teacher, { body: { classId: first.id, workId: closed, personId: me, until: soon, reason: '因公出差' } });
    expect(new Date(granted.extensionUntil).toISOString()).toBe(soon);
    const d = await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: closed } });
    expect(d.work).toMatchObject({ closed: false, overdue: false });
    expect(new Date(d.work.extensionUntil!).toISOString()).toBe(soon);
    const messages = await ok<{ list: T.SentMessage[] }>(T.findMyMessage, learner);
    expect(messages.list[0]!.title).toContain('已延期');
    const s = await ok<W.MySubmission>(W.addWork, learner, draft(closed, d.submission!.revision, reflection(100)));
    expect(s).toMatchObject({ state: 'submitted', late: false });
    expect(await refused(W.addWork, classmate, draft(closed, 0, reflection(100)))).toBe(M.pastCutoff);
    const rows = await ok<{ list: W.SubmissionRow[] }>(W.findWorkSubmissionByPage, teacher, { query: { classId: first.id, workId: closed, keyword: '张伟' } });
    expect(rows.list[0]!.extensionUntil).not.toBeNull();
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.event, 'teacher.grantExtension'));
    expect(audits.filter((a) => a.outcome === 'success')).toHaveLength(1);
    expect(audits.filter((a) => a.outcome === 'failure').length).toBeGreaterThanOrEqual(4);
  });
});

describe('practice reports', () => {
  const fields = { time: '2026年10月12日至14日', place: '太原市小店区坞城街道', done: '走访社区12个，召开座谈会3次，收集群众意见46条。', outcome: '形成调研报告1份，推动解决老旧小区加装电梯问题。' };
  let submissionId: number;

  it('needs every template field to submit; takes photos through the photo upload', async () => {
    expect(await refused(W.addWork, learner, { body: { workId: practice, revision: 0, practice: { ...fields, place: '' } } })).toBe(M.practiceFieldsRequired);
    const photo = await upload(learner, practice, '座谈会.png', PNG, W.uploadPhoto);
    expect(photo.json.obj).toMatchObject({ kind: 'photo', type: 'png' });
    expect((await upload(learner, practice, '座谈会.pdf', PDF, W.uploadPhoto)).json.resMsg).toBe(M.photoType);
    expect((await upload(learner, practice, '座谈会.jpg', PNG, W.uploadPhoto)).json.resMsg).toBe(M.photoMismatch);
    const rev = (await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: practice } })).submission!.revision;
    const s = await ok<W.MySubmission>(W.addWork, learner, { body: { workId: practice, revision: rev, practice: fields, attachmentIds: [photo.json.obj.id] } });
    submissionId = s.id;
    expect(s.practice).toMatchObject(fields);
    expect(s.state).toBe('submitted');
  });

  it('the teacher lists reports pending audit, rejects with a reason, then approves the revision', async () => {
    const list = await ok<{ list: W.SubmissionRow[]; total: number }>(W.findPracticeByPage, teacher, { query: { classId: first.id, state: 'pending', workId: practice, pageSize: 100 } });
    expect(list.list.map((r) => r.submissionId)).toContain(submissionId);
    expect(await refused(W.auditPractice, teacher, { body: { classId: first.id, submissionId, version: 1, decision: 'reject' } })).toBe(M.rejectCommentRequired);
    expect(await refused(W.examineWork, teacher, { body: { classId: first.id, submissionId, version: 1, decision: 'pass', score: 90 } })).toBe(M.notHomework);
    await ok(W.auditPractice, teacher, { body: { classId: first.id, submissionId, version: 1, decision: 'reject', comment: '请补充实践成效的具体数据。' } });
    const messages = await ok<{ list: T.SentMessage[] }>(T.findMyMessage, learner);
    expect(messages.list[0]!.title).toContain('已驳回');
    const d = await ok<W.WorkDetail>(W.findWorkById, learner, { query: { workId: practice } });
    expect(d.submission).toMatchObject({ state: 'returned', comment: '请补充实践成效的具体数据。' });
    await ok(W.addWork, learner, { body: { workId: practice, revision: d.submission!.revision, practice: { ...fields, outcome: `${fields.outcome}群众满意率达到96%。` }, attachmentIds: d.submission!.attachments.map((a) => a.id) } });
    const detail = await ok<W.SubmissionDetail>(W.findWorkSubmission, teacher, { query: { classId: first.id, submissionId } });
    expect(detail.diff!.filter((p) => p.op === 'insert').map((p) => p.text).join('')).toContain('群众满意率达到96%。');
    expect(detail.current.attachments[0]!.kind).toBe('photo');
    await ok(W.auditPractice, teacher, { body: { classId: first.id, submissionId, version: 2, decision: 'approve' } });
    expect((await ok<{ total: number }>(W.findPracticeByPage, teacher, { query: { classId: first.id, state: 'passed' } })).total).toBeGreaterThanOrEqual(1);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.event, 'teacher.auditPractice'));
    expect(audits.filter((a) => a.outcome === 'success')).toHaveLength(2);
  });
});

describe('workExport', () => {
  it('is the list of the screen with the same filter, every row, as an xlsx', async () => {
    const screen = await ok<{ list: W.SubmissionRow[]; total: number }>(W.findWorkSubmissionByPage, teacher, { query: { classId: first.id, workId: open, pageSize: 100 } });
    const res = await t.app.inject({ method: 'GET', url: `${urlOf(W.workExport, PRODUCT)}?classId=${first.id}&workId=${open}`, headers: { authorization: teacher } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('作业提交情况'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount - 2).toBe(screen.total);
    const rows = sheet.getSheetValues().slice(3) as unknown[][];
    expect(rows.map((r) => r[1])).toEqual(screen.list.map((r) => r.personNo));
    expect(rows[0]![4]).toBe('已通过');
    expect(rows[0]![10]).toBe(92.5);
    const filtered = await t.app.inject({ method: 'GET', url: `${urlOf(W.workExport, PRODUCT)}?classId=${first.id}&workId=${open}&state=passed`, headers: { authorization: teacher } });
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(filtered.rawPayload as unknown as ArrayBuffer);
    expect(book2.worksheets[0]!.rowCount - 2).toBe(1);
  });
});

describe('at the same moment', () => {
  it('two tabs submitting the same work: one version, the other told', async () => {
    const [w] = await t.db.insert(works).values({ classId: first.id, kind: 'homework', title: '两个窗口同时提交', requirement: '谈体会', dueAt: new Date(Date.now() + DAY) }).returning({ id: works.id });
    const saved = await ok<{ revision: number }>(W.updateWork, learner, draft(w!.id, 0, '学习体会正文'));
    const results = await Promise.all([0, 1].map(() => t.call(W.addWork, { token: learner, ...draft(w!.id, saved.revision, '学习体会正文') })));
    expect(results.filter((r) => obj(r).res)).toHaveLength(1);
    expect([M.readOnly, M.stale]).toContain(obj(results.find((r) => !obj(r).res)!).resMsg);
    expect(await ok<W.WorkVersion[]>(W.findWorkVersions, learner, { query: { workId: w!.id } })).toHaveLength(1);
  });

  it('two teachers of a class reviewing the same submission: one review stands', async () => {
    const coTeacher = await t.login('13700000002', DEMO_PASSWORDS.teacher);
    const mine = await ok<T.ClassSummary[]>(T.findClass, teacher);
    const second = mine.find((c) => c.id !== first.id)!;
    const [w] = await ok<W.ClassWorkItem[]>(W.findClassWork, coTeacher, { query: { classId: second.id } });
    const pending = await ok<{ list: W.SubmissionRow[] }>(W.findWorkSubmissionByPage, coTeacher, { query: { classId: second.id, workId: w!.id, state: 'pending' } });
    const target = pending.list[0]!;
    const results = await Promise.all([
      t.call(W.examineWork, { token: teacher, body: { classId: second.id, submissionId: target.submissionId, version: target.version, decision: 'pass', score: 90 } }),
      t.call(W.examineWork, { token: coTeacher, body: { classId: second.id, submissionId: target.submissionId, version: target.version, decision: 'return', comment: '请补充具体举措。' } }),
    ]);
    expect(results.filter((r) => obj(r).res)).toHaveLength(1);
    expect(obj(results.find((r) => !obj(r).res)!).resMsg).toBe(M.reviewedByOther);
    const detail = await ok<W.SubmissionDetail>(W.findWorkSubmission, coTeacher, { query: { classId: second.id, submissionId: target.submissionId! } });
    expect(detail.versions.filter((v) => v.examinedAt !== null)).toHaveLength(1);
  });
});

describe("the learner's messages name the work once between 《》", () => {
  it('a title that carries 《》 is not wrapped again when reviewed or extended', async () => {
    const title = '《习近平新时代中国特色社会主义思想学习纲要》专题学习体会';
    const [w] = await t.db.insert(works).values({ classId: first.id, kind: 'homework', title, requirement: '谈体会', dueAt: new Date(Date.now() + DAY) }).returning({ id: works.id });
    const s = await ok<W.MySubmission>(W.addWork, learner, draft(w!.id, 0, '学习体会正文'));
    await ok(W.examineWork, teacher, { body: { classId: first.id, submissionId: s.id, version: 1, decision: 'return', comment: '请联系实际。' } });
    const named = '《〈习近平新时代中国特色社会主义思想学习纲要〉专题学习体会》';
    let [message] = (await ok<{ list: T.SentMessage[] }>(T.findMyMessage, learner)).list;
    expect(message!.content).toBe(`您提交的作业${named}（第1次提交）已退回修改。评语：请联系实际。请修改后重新提交。`);
    const until = new Date(Date.now() + 2 * DAY).toISOString();
    await ok(W.grantWorkExtension, teacher, { body: { classId: first.id, workId: w!.id, personId: await personIdOf('13800000001'), until } });
    [message] = (await ok<{ list: T.SentMessage[] }>(T.findMyMessage, learner)).list;
    expect(message!.content).toContain(`班主任已将您的作业${named}提交截止时间延至`);
    expect(message!.content).not.toContain('《《');
  });
});
