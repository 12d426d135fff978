/**
 * The exams section of the administration area through its API: question banks (add, search, edit,
 * retire; an edit of a question an attempt holds makes a new version and leaves the attempt's record
 * as it was), exams (draft, publish, what a learner sees), the rule that an exam with attempts accepts
 * only a later close time (tried field by field, as an attacker would), results and their export, and
 * re-grading after a corrected answer (scores, pass, the topic's completion and certificate, the audit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminExams as X, admin as A, catalog as K, exam as E, UC_CODE, urlOf } from '@portal/contract';
import { createTestApp, DEMO_ADMINS, PRODUCT, type TestApp } from '../../test/harness.ts';
import { auditLog, certificates, classMembers, classMessages, enrolments, examAttempts, exams, installs, messageRecipients, persons, teacherClasses, trainingYears } from '../../db/schema/index.ts';
import { EXAM_MSG } from './service.ts';

let t: TestApp;
let admin: string;
const day = 86_400_000;
const BANK = '管理测试题库';
type Uc<T> = { code: number; message?: string; data: T };
const uc = <T>(r: { json: unknown }) => r.json as Uc<T>;
type Obj<T> = { res: boolean; resMsg: string; obj: T };
const obj = <T>(r: { json: unknown }) => r.json as Obj<T>;

const ok = async <T>(p: Promise<{ json: unknown }>): Promise<T> => {
  const r = uc<T>(await p);
  if (r.code !== 0) throw new Error(`${r.code} ${r.message}`);
  return r.data;
};
const post = (call: Parameters<TestApp['call']>[0], body: unknown, token = admin) => t.call(call, { token, body });

const single = (stem: string, answer = 'B') => ({ bank: BANK, type: 'single', stem, options: ['甲', '乙', '丙', '丁'], answer: [answer], explanation: '解析' });
const judge = (stem: string, answer = 'T') => ({ bank: BANK, type: 'judge', stem, options: [], answer: [answer], explanation: '' });

const window = () => ({ startAt: new Date(Date.now() - day).toISOString(), endAt: new Date(Date.now() + 2 * day).toISOString() });
const examBody = (questions: { questionId: number; score: number }[], over: Partial<X.ExamInput> = {}) => ({
  title: '管理测试考试',
  installId: null,
  ...window(),
  durationMinutes: 30,
  passScore: 60,
  attemptsAllowed: 2,
  decidesCompletion: false,
  review: 'afterSubmit',
  questions,
  ...over,
});

/** A learner starts, answers and submits the exam; answers the attempt. */
async function sit(mobile: string, examId: number, answers: Record<number, string[]>) {
  const token = await t.login(mobile);
  const paper = obj<E.ExamPaper>(await t.call(E.findExamQuestions, { token, query: { examId } }));
  if (!paper.res) throw new Error(paper.resMsg);
  let seq = 1;
  for (const q of paper.obj.questions) if (answers[q.questionId]) await t.call(E.saveExamQuestionAnswerd, { token, body: { attemptId: paper.obj.attemptId, questionId: q.questionId, answer: answers[q.questionId], seq: seq++ } });
  const done = obj<E.AttemptResult>(await t.call(E.saveExamRecord, { token, body: { attemptId: paper.obj.attemptId } }));
  return { token, paper: paper.obj, result: done.obj };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminLogin(DEMO_ADMINS.training);
}, 120_000);
afterAll(async () => t.close());

describe('question banks', () => {
  it('adds questions with the import’s rules, named field by field in Chinese', async () => {
    const q = await ok<X.AdminQuestion>(post(X.adminExamQuestionCreate, { ...single('题库里的第一道题'), answer: ['b'] }));
    expect(q).toMatchObject({ bank: BANK, type: 'single', answer: ['B'], version: 1, retiredAt: null, attemptCount: 0 });
    const bad = [
      [{ ...single('缺少选项'), options: ['甲'] }, '单选题至少需要A、B两个选项'],
      [{ ...single('答案字母越界'), answer: ['E'] }, '答案应为选项字母 ABCD 中的一个'],
      [{ ...single('多个答案'), answer: ['A', 'B'] }, '单选题的答案只能是一个选项'],
      [{ ...judge('判断题答案'), answer: ['X'] }, '判断题的答案应为 对 或 错'],
      [{ ...judge('判断题带选项'), options: ['对', '错'] }, '判断题不填选项'],
      [{ ...single(''), stem: ' ' }, '请填写题干'],
    ] as const;
    for (const [body, message] of bad) {
      const r = uc(await post(X.adminExamQuestionCreate, body));
      expect(r.code, message).toBe(UC_CODE.invalid);
      expect(r.message).toContain(message);
    }
  });

  it('browses and searches by bank, type and words of the stem', async () => {
    await ok(post(X.adminExamQuestionCreate, judge('搜索用的判断题：宪法是根本大法')));
    const byText = await ok<{ list: X.AdminQuestion[]; total: number }>(t.call(X.adminExamQuestionList, { token: admin, query: { text: '根本大法', bank: BANK } }));
    expect(byText.list.map((x) => x.stem)).toEqual(['搜索用的判断题：宪法是根本大法']);
    const byType = await ok<{ list: X.AdminQuestion[] }>(t.call(X.adminExamQuestionList, { token: admin, query: { type: 'single', bank: BANK } }));
    expect(byType.list.every((x) => x.type === 'single' && x.bank === BANK)).toBe(true);
    const opts = await ok<{ banks: { bank: string; count: number }[] }>(t.call(X.adminExamOptions, { token: admin }));
    expect(opts.banks.find((b) => b.bank === BANK)?.count).toBeGreaterThanOrEqual(2);
    expect(uc(await t.call(X.adminExamQuestionList, { token: admin, query: { type: 'essay' } })).message).toBe('题型不正确');
  });

  it('edits in place while nothing holds a question, and refuses a stale version', async () => {
    const q = await ok<X.AdminQuestion>(post(X.adminExamQuestionCreate, single('改之前')));
    const edited = await ok<X.AdminQuestion>(post(X.adminExamQuestionUpdate, { ...single('改之后'), id: q.id, version: 1 }));
    expect(edited).toMatchObject({ id: q.id, stem: '改之后', version: 2 });
    const stale = uc(await post(X.adminExamQuestionUpdate, { ...single('另一位管理员的修改'), id: q.id, version: 1 }));
    expect(stale).toMatchObject({ code: 409, message: A.ADMIN_MSG.staleVersion });
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'adminExams'), eq(auditLog.target, `question:${q.id}`)));
    expect(entries.map((e) => (e.detail as { action: string }).action)).toEqual(['新增试题', '修改试题']);
    expect(entries[1]!.detail).toMatchObject({ before: { stem: '改之前', version: 1 }, after: { stem: '改之后', version: 2 } });
  });
});

describe('exams: draft, publish, and what a learner sees', () => {
  let ids: number[];
  let examId: number;
  let detail: X.AdminExamDetail;
  beforeAll(async () => {
    ids = [];
    for (const [i, body] of [single('考试第一题', 'A'), single('考试第二题', 'C'), judge('考试第三题', 'T')].entries()) ids.push((await ok<X.AdminQuestion>(post(X.adminExamQuestionCreate, { ...body, stem: `${body.stem}（${i}）` }))).id);
  });

  it('creates a draft that learners neither see nor can start', async () => {
    detail = await ok<X.AdminExamDetail>(post(X.adminExamCreate, examBody(ids.map((questionId, i) => ({ questionId, score: i === 2 ? 40 : 30 })))));
    examId = detail.id;
    expect(detail).toMatchObject({ status: 'draft', totalScore: 100, questionCount: 3, version: 1, attemptCount: 0 });
    expect(detail.questions.map((x) => x.question.id)).toEqual(ids);
    const token = await t.login('13900010060');
    const list = obj<{ list: { id: number }[] }>(await t.call(K.findExamOnlineByPage, { token, query: { pageNum: 1, pageSize: 100 } }));
    expect(list.obj.list.map((x) => x.id)).not.toContain(examId);
    expect(obj(await t.call(E.findExamQuestions, { token, query: { examId } })).resMsg).toBe(EXAM_MSG.examMissing);
  });

  it('refuses papers that cannot be taken', async () => {
    const msg = async (body: unknown) => uc(await post(X.adminExamCreate, body)).message;
    expect(uc(await post(X.adminExamCreate, examBody([{ questionId: ids[0]!, score: 30 }], { passScore: 60 }))).code).toBe(0); // a draft may be unfinished
    expect(await msg(examBody([{ questionId: ids[0]!, score: 30 }, { questionId: ids[0]!, score: 30 }]))).toBe('同一道试题不能重复加入试卷');
    expect(await msg(examBody([{ questionId: 999999, score: 30 }]))).toBe(X.EXAMS_MSG.unknownQuestion);
    expect(await msg(examBody([], { startAt: new Date(Date.now() + day).toISOString(), endAt: new Date(Date.now()).toISOString() }))).toBe(X.EXAMS_MSG.endBeforeStart);
    expect(await msg(examBody([], { durationMinutes: 0 }))).toBe('考试时长至少1分钟');
    const empty = await ok<X.AdminExamDetail>(post(X.adminExamCreate, examBody([])));
    expect(uc(await post(X.adminExamPublish, { id: empty.id, version: 1 })).message).toBe(X.EXAMS_MSG.noQuestions);
  });

  it('publishes (once, at the version edited); the learner then sees and takes it', async () => {
    expect(uc(await post(X.adminExamPublish, { id: examId, version: 7 }))).toMatchObject({ code: 409, message: A.ADMIN_MSG.staleVersion });
    detail = await ok<X.AdminExamDetail>(post(X.adminExamPublish, { id: examId, version: 1 }));
    expect(detail).toMatchObject({ status: 'published', version: 2 });
    expect(uc(await post(X.adminExamPublish, { id: examId, version: 2 })).message).toBe(X.EXAMS_MSG.alreadyPublished);
    const { token, paper, result } = await sit('13900010061', examId, { [ids[0]!]: ['A'], [ids[1]!]: ['B'], [ids[2]!]: ['T'] });
    expect(paper.questions.map((x) => x.questionId)).toEqual(ids);
    expect(result).toMatchObject({ score: 70, passed: true, totalScore: 100 });
    const list = obj<{ list: { id: number }[] }>(await t.call(K.findExamOnlineByPage, { token, query: { pageNum: 1, pageSize: 100 } }));
    expect(list.obj.list.map((x) => x.id)).toContain(examId);
  });

  it('once attempted, refuses every change that alters a result, field by field, and accepts only a later close time', async () => {
    const current = await ok<X.AdminExamDetail>(t.call(X.adminExamGet, { token: admin, query: { id: examId } }));
    const base = examBody(
      current.questions.map((x) => ({ questionId: x.question.id, score: x.score })),
      { startAt: current.startAt, endAt: current.endAt },
    );
    const attacks: [string, Record<string, unknown>][] = [
      ['试题与分值', { questions: base.questions.map((x, i) => (i === 0 ? { ...x, score: 50 } : x)) }],
      ['试题与分值', { questions: base.questions.slice(1) }],
      ['试题与分值', { questions: [...base.questions].reverse() }],
      ['及格分', { passScore: 50 }],
      ['考试时长', { durationMinutes: 90 }],
      ['考试次数', { attemptsAllowed: 5 }],
      ['是否计入结业', { decidesCompletion: true }],
      ['多选题部分得分', { partialCredit: true }],
      ['开始时间', { startAt: new Date(Date.parse(current.startAt) - day).toISOString() }],
      ['答案公布方式', { review: 'never' }],
      ['考试名称', { title: '改个名字' }],
    ];
    for (const [field, change] of attacks) {
      const r = uc(await post(X.adminExamUpdate, { ...base, ...change, id: examId, version: current.version }));
      expect(r.code, field).toBe(UC_CODE.invalid);
      expect(r.message, field).toContain(field);
    }
    const earlier = uc(await post(X.adminExamUpdate, { ...base, endAt: new Date(Date.parse(current.endAt) - 60_000).toISOString(), id: examId, version: current.version }));
    expect(earlier.message).toBe(X.EXAMS_MSG.endOnlyLater);
    // Nothing changed by any of them.
    const [row] = await t.db.select().from(exams).where(eq(exams.id, examId));
    expect(row).toMatchObject({ passScore: 60, durationMinutes: 30, attemptsAllowed: 2, version: current.version, endAt: new Date(current.endAt) });
    const later = new Date(Date.parse(current.endAt) + day).toISOString();
    const moved = await ok<X.AdminExamDetail>(post(X.adminExamUpdate, { ...base, endAt: later, id: examId, version: current.version }));
    expect(moved).toMatchObject({ endAt: later, version: current.version + 1, passScore: 60 });
    expect(uc(await post(X.adminExamUpdate, { ...base, endAt: later, id: examId, version: current.version })).code).toBe(409);
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'adminExams'), eq(auditLog.target, `exam:${examId}`)));
    const last = entries.at(-1)!.detail as { action: string; before: { endAt: string }; after: { endAt: string } };
    expect(last).toMatchObject({ action: '延后考试结束时间', before: { endAt: current.endAt }, after: { endAt: later } });
  });

  it('an edit of a question an attempt holds makes a new version: the attempt’s record keeps the old one', async () => {
    const token = await t.login('13900010061');
    const [attempt] = await t.db.select().from(examAttempts).where(eq(examAttempts.examId, examId));
    // A draft nobody has sat also holds the question: it moves to the new version.
    const draft = await ok<X.AdminExamDetail>(post(X.adminExamCreate, examBody([{ questionId: ids[0]!, score: 100 }])));
    const held = await ok<{ list: X.AdminQuestion[] }>(t.call(X.adminExamQuestionList, { token: admin, query: { text: '考试第一题' } }));
    expect(held.list[0]).toMatchObject({ id: ids[0], attemptCount: 1 });
    const next = await ok<X.AdminQuestion>(post(X.adminExamQuestionUpdate, { ...single('考试第一题（新版本）', 'D'), id: ids[0], version: held.list[0]!.version }));
    expect(next.id).not.toBe(ids[0]);
    expect(next).toMatchObject({ replacesId: ids[0], stem: '考试第一题（新版本）', answer: ['D'], retiredAt: null });
    const retired = await ok<{ list: X.AdminQuestion[] }>(t.call(X.adminExamQuestionList, { token: admin, query: { text: '考试第一题', status: 'retired' } }));
    expect(retired.list.map((x) => x.id)).toEqual([ids[0]]);
    // The finished attempt: same stem, same answer, same score.
    const review = obj<E.ExamRecord>(await t.call(E.findExamRecord, { token, query: { examId, attemptId: attempt!.id } }));
    expect(review.obj.review![0]).toMatchObject({ questionId: ids[0], stem: '考试第一题（0）', correct: ['A'], earned: 30 });
    expect(review.obj.records[0]!.score).toBe(70);
    // The exam with attempts keeps the old version; the draft takes the new one.
    expect((await ok<X.AdminExamDetail>(t.call(X.adminExamGet, { token: admin, query: { id: examId } }))).questions[0]!.question.id).toBe(ids[0]);
    expect((await ok<X.AdminExamDetail>(t.call(X.adminExamGet, { token: admin, query: { id: draft.id } }))).questions[0]!.question.id).toBe(next.id);
    // A retired question is not edited again, nor chosen for a paper.
    expect(uc(await post(X.adminExamQuestionUpdate, { ...single('再改旧版本'), id: ids[0], version: held.list[0]!.version + 1 })).message).toBe(X.EXAMS_MSG.retired);
    expect(uc(await post(X.adminExamCreate, examBody([{ questionId: ids[0]!, score: 100 }]))).message).toBe(X.EXAMS_MSG.retiredPick);
  });

  it('retires a question: it stays on papers that hold it, a draft holding it cannot be published', async () => {
    const q = await ok<X.AdminQuestion>(post(X.adminExamQuestionCreate, judge('将被停用的题')));
    const draft = await ok<X.AdminExamDetail>(post(X.adminExamCreate, examBody([{ questionId: q.id, score: 100 }])));
    const r = await ok<X.AdminQuestion>(post(X.adminExamQuestionRetire, { id: q.id, version: 1 }));
    expect(r.retiredAt).not.toBeNull();
    expect(uc(await post(X.adminExamPublish, { id: draft.id, version: 1 })).message).toBe(X.EXAMS_MSG.retiredOnPaper(1));
  });

  it('lists the results with scores and leave counts, and exports the same filter', async () => {
    await sit('13900010062', examId, { [ids[2]!]: ['T'] });
    const page = await ok<{ list: X.AdminExamResult[]; total: number }>(t.call(X.adminExamResults, { token: admin, query: { examId } }));
    expect(page.total).toBe(2);
    expect(page.list.map((x) => x.score).sort()).toEqual([40, 70]);
    const failed = await ok<{ list: X.AdminExamResult[] }>(t.call(X.adminExamResults, { token: admin, query: { examId, passed: 'false' } }));
    expect(failed.list).toHaveLength(1);
    expect(failed.list[0]).toMatchObject({ score: 40, passed: false, leaveCount: 0, totalScore: 100 });
    const byPerson = await ok<{ list: X.AdminExamResult[] }>(t.call(X.adminExamResults, { token: admin, query: { examId, person: failed.list[0]!.personNo } }));
    expect(byPerson.list.map((x) => x.attemptId)).toEqual([failed.list[0]!.attemptId]);
    const res = await t.app.inject({ method: 'GET', url: `${urlOf(X.adminExamResultsExport, PRODUCT)}?examId=${examId}&passed=false`, headers: { authorization: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('papers drawn by rules', () => {
  it('draws per attempt from the rules’ banks, refuses rules the banks cannot fill, and locks the rules once attempted', async () => {
    const bank = '抽题测试题库';
    for (let i = 0; i < 3; i++) await ok(post(X.adminExamQuestionCreate, { ...single(`抽题单选${i}`), bank }));
    for (let i = 0; i < 2; i++) await ok(post(X.adminExamQuestionCreate, { ...judge(`抽题判断${i}`), bank }));
    const rules: X.ExamInput['randomRules'] = [
      { bank, type: 'single', count: 2, score: 30 },
      { bank, type: 'judge', count: 1, score: 40 },
    ];
    const overlapping = uc(await post(X.adminExamCreate, examBody([], { selection: 'random', randomRules: [...rules, { bank: null, type: 'judge' as const, count: 1, score: 10 }] })));
    expect(overlapping.message).toContain('同一题型的抽题规则不能重复或重叠');
    const tooMany = await ok<X.AdminExamDetail>(post(X.adminExamCreate, examBody([], { selection: 'random', randomRules: [{ bank, type: 'judge' as const, count: 3, score: 10 }] })));
    expect(uc(await post(X.adminExamPublish, { id: tooMany.id, version: 1 })).message).toBe(X.EXAMS_MSG.notEnough(`${bank}的判断题`, 3, 2));
    const exam = await ok<X.AdminExamDetail>(post(X.adminExamCreate, examBody([], { title: '随机组卷', selection: 'random', randomRules: rules })));
    expect(exam).toMatchObject({ selection: 'random', totalScore: 100, questionCount: 3, randomRules: [{ bank, type: 'single', count: 2, available: 3 }, { bank, type: 'judge', count: 1, available: 2 }] });
    await ok(post(X.adminExamPublish, { id: exam.id, version: 1 }));
    const { paper } = await sit('13900010064', exam.id, {});
    expect(paper.questions.map((q) => q.type).sort()).toEqual(['judge', 'single', 'single']);
    expect(paper.rules.totalScore).toBe(100);
    const current = await ok<X.AdminExamDetail>(t.call(X.adminExamGet, { token: admin, query: { id: exam.id } }));
    const base = examBody([], { selection: 'random', randomRules: rules, startAt: current.startAt, endAt: current.endAt });
    for (const change of [{ randomRules: [{ ...rules[0], score: 40 }, rules[1]] }, { selection: 'fixed', randomRules: [] }]) {
      const r = uc(await post(X.adminExamUpdate, { ...base, ...change, id: exam.id, version: current.version }));
      expect(r.message).toMatch(/抽题规则|组卷方式/);
    }
  });
});

describe('re-grading after a corrected answer', () => {
  it('recalculates the submitted attempts, completes the topic (certificate) for a new pass, and audits each change', async () => {
    const now = Date.now();
    const [year] = await t.db.insert(trainingYears).values({ year: 2097, name: '2097年度' }).returning();
    const [install] = await t.db
      .insert(installs)
      .values({ yearId: year!.id, title: '重新评分测试专题', kind: 'special', applyStart: new Date(now - day), applyEnd: new Date(now + day), startAt: new Date(now - day), endAt: new Date(now + 30 * day), requiredHours: 0 })
      .returning();
    const person = await t.db.query.persons.findFirst({ where: (p, { eq: e }) => e(p.mobile, '13900010063') });
    await t.db.insert(enrolments).values({ personId: person!.personId, installId: install!.id, status: 'approved' });
    const wrongKey = await ok<X.AdminQuestion>(post(X.adminExamQuestionCreate, single('答案录错的题', 'A')));
    const other = await ok<X.AdminQuestion>(post(X.adminExamQuestionCreate, judge('另一道题', 'T')));
    const draft = await ok<X.AdminExamDetail>(
      post(X.adminExamCreate, examBody([{ questionId: wrongKey.id, score: 60 }, { questionId: other.id, score: 40 }], { title: '结业考试', installId: install!.id, decidesCompletion: true, attemptsAllowed: 1 })),
    );
    await ok(post(X.adminExamPublish, { id: draft.id, version: 1 }));
    const { result } = await sit('13900010063', draft.id, { [wrongKey.id]: ['C'], [other.id]: ['T'] });
    expect(result).toMatchObject({ score: 40, passed: false });
    expect(await t.db.select().from(certificates).where(eq(certificates.installId, install!.id))).toHaveLength(0);

    expect(uc(await post(X.adminExamQuestionCorrect, { id: wrongKey.id, version: 1, answer: ['A'] })).message).toBe(X.EXAMS_MSG.answerUnchanged);
    expect(uc(await post(X.adminExamQuestionCorrect, { id: wrongKey.id, version: 1, answer: ['A', 'C'] })).message).toBe('单选题的答案只能是一个选项');
    const fixed = await ok<{ question: X.AdminQuestion; regraded: number; changed: number }>(post(X.adminExamQuestionCorrect, { id: wrongKey.id, version: 1, answer: ['c'] }));
    expect(fixed).toMatchObject({ regraded: 1, changed: 1, question: { id: wrongKey.id, answer: ['C'], version: 2 } });
    const [attempt] = await t.db.select().from(examAttempts).where(eq(examAttempts.examId, draft.id));
    expect(attempt).toMatchObject({ score: 100, passed: true });
    const [enrolment] = await t.db.select().from(enrolments).where(and(eq(enrolments.personId, person!.personId), eq(enrolments.installId, install!.id)));
    expect(enrolment!.status).toBe('completed');
    expect(await t.db.select().from(certificates).where(eq(certificates.installId, install!.id))).toHaveLength(1);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'adminExams'), eq(auditLog.target, `attempt:${attempt!.id}`)));
    expect(entry!.detail).toMatchObject({ before: { score: 40, passed: false }, after: { score: 100, passed: true } });
  });

  it('a pass that becomes a fail revokes the certificate it produced, reopens the topic, and tells every learner whose score changed', async () => {
    const now = Date.now();
    const [year] = await t.db.insert(trainingYears).values({ year: 2096, name: '2096年度' }).returning();
    const [install] = await t.db
      .insert(installs)
      .values({ yearId: year!.id, title: '撤销证书测试专题', kind: 'special', applyStart: new Date(now - day), applyEnd: new Date(now + day), startAt: new Date(now - day), endAt: new Date(now + 30 * day), requiredHours: 0 })
      .returning();
    const [passer, failer] = await Promise.all(['13900010065', '13900010066'].map(async (m) => (await t.db.select().from(persons).where(eq(persons.mobile, m)))[0]!));
    for (const p of [passer!, failer!]) await t.db.insert(enrolments).values({ personId: p.personId, installId: install!.id, status: 'approved' });
    const key = await ok<X.AdminQuestion>(post(X.adminExamQuestionCreate, single('标准答案被改错的题', 'A')));
    const other = await ok<X.AdminQuestion>(post(X.adminExamQuestionCreate, judge('撤销测试的另一题', 'T')));
    const exam = await ok<X.AdminExamDetail>(
      post(X.adminExamCreate, examBody([{ questionId: key.id, score: 60 }, { questionId: other.id, score: 40 }], { title: '撤销测试结业考试', installId: install!.id, decidesCompletion: true, attemptsAllowed: 1 })),
    );
    await ok(post(X.adminExamPublish, { id: exam.id, version: 1 }));
    expect((await sit('13900010065', exam.id, { [key.id]: ['A'], [other.id]: ['T'] })).result).toMatchObject({ score: 100, passed: true });
    expect((await sit('13900010066', exam.id, { [key.id]: ['B'], [other.id]: ['T'] })).result).toMatchObject({ score: 40, passed: false });
    const [issued] = await t.db.select().from(certificates).where(eq(certificates.installId, install!.id));
    expect(issued).toMatchObject({ personId: passer!.personId, revokedAt: null });

    // The answer "corrected" to B: the passer now fails, the one who failed now passes.
    const r = await ok<{ regraded: number; changed: number; revoked: number }>(post(X.adminExamQuestionCorrect, { id: key.id, version: 1, answer: ['B'] }));
    expect(r).toMatchObject({ regraded: 2, changed: 2, revoked: 1 });
    const certs = await t.db.select().from(certificates).where(eq(certificates.installId, install!.id));
    const revoked = certs.find((c) => c.personId === passer!.personId)!;
    expect(revoked.revokedAt).not.toBeNull();
    expect(revoked.revokeReason).toContain('重新评分');
    expect(certs.find((c) => c.personId === failer!.personId)?.revokedAt).toBeNull();
    const [reopened] = await t.db.select().from(enrolments).where(and(eq(enrolments.personId, passer!.personId), eq(enrolments.installId, install!.id)));
    expect(reopened).toMatchObject({ status: 'applied', completedAt: null });

    // Each learner whose score changed has a message saying what changed.
    const messages = await t.db
      .select({ personId: messageRecipients.personId, title: classMessages.title, content: classMessages.content, link: classMessages.link })
      .from(classMessages)
      .innerJoin(messageRecipients, eq(messageRecipients.messageId, classMessages.id))
      .where(eq(classMessages.title, '考试成绩已更正'));
    const toPasser = messages.filter((m) => m.personId === passer!.personId);
    const toFailer = messages.filter((m) => m.personId === failer!.personId);
    expect(toPasser).toHaveLength(1);
    expect(toPasser[0]!.content).toContain('得分由100分变为40分（及格→不及格）');
    expect(toPasser[0]!.content).toContain(`结业证书${revoked.certNo}已撤销`);
    expect(toPasser[0]!.link).toBe(`/examInfo?examId=${exam.id}`);
    expect(toFailer).toHaveLength(1);
    expect(toFailer[0]!.content).toContain('得分由40分变为100分（不及格→及格）');
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'adminExams'), eq(auditLog.target, `certificate:${revoked.certNo}`)));
    expect(entry!.detail).toMatchObject({ before: { valid: true }, after: { valid: false } });

    // Corrected back: the pass returns, the topic completes again and a successor certificate replaces the revoked one.
    await ok(post(X.adminExamQuestionCorrect, { id: key.id, version: 2, answer: ['A'] }));
    const again = await t.db.select().from(certificates).where(and(eq(certificates.installId, install!.id), eq(certificates.personId, passer!.personId)));
    expect(again).toHaveLength(2);
    expect(again.find((c) => c.revokedAt === null)).toMatchObject({ replacesId: revoked.id });
  });
});

describe('exams of a class, and withdrawing a publication', () => {
  it('a class exam is its members’ only; an exam nobody started goes back to a draft, one with an attempt does not', async () => {
    const now = Date.now();
    const [cls] = await t.db.insert(teacherClasses).values({ name: '考试归属测试班', startAt: new Date(now - day), endAt: new Date(now + 30 * day), requiredHours: 0 }).returning();
    const [member] = await t.db.select().from(persons).where(eq(persons.mobile, '13900010067'));
    await t.db.insert(classMembers).values({ classId: cls!.id, personId: member!.personId });
    const q = await ok<X.AdminQuestion>(post(X.adminExamQuestionCreate, judge('班级考试的题')));
    const exam = await ok<X.AdminExamDetail>(post(X.adminExamCreate, examBody([{ questionId: q.id, score: 100 }], { title: '班级随堂测验', classId: cls!.id })));
    expect(exam).toMatchObject({ classId: cls!.id, classTitle: '考试归属测试班' });
    const options = await ok<{ classes: { id: number }[] }>(t.call(X.adminExamOptions, { token: admin }));
    expect(options.classes.map((c) => c.id)).toContain(cls!.id);
    expect(uc(await post(X.adminExamCreate, examBody([{ questionId: q.id, score: 100 }], { classId: 999_999 }))).message).toBe(X.EXAMS_MSG.classMissing);
    await ok(post(X.adminExamPublish, { id: exam.id, version: 1 }));

    // Withdrawn while nobody has started it: learners no longer see it.
    const outsider = await t.login('13900010068');
    const back = await ok<X.AdminExamDetail>(post(X.adminExamUnpublish, { id: exam.id, version: 2 }));
    expect(back.status).toBe('draft');
    expect(obj(await t.call(E.findExamQuestions, { token: outsider, query: { examId: exam.id } })).res).toBe(false);
    expect(uc(await post(X.adminExamUnpublish, { id: exam.id, version: 3 })).message).toBe(X.EXAMS_MSG.notPublished);
    expect(uc(await post(X.adminExamUnpublish, { id: exam.id, version: 1 })).code).toBe(409);
    await ok(post(X.adminExamPublish, { id: exam.id, version: 3 }));

    // Someone outside the class is refused; a member sits it; then it cannot be withdrawn.
    const refused = obj(await t.call(E.findExamQuestions, { token: outsider, query: { examId: exam.id } }));
    expect(refused).toMatchObject({ res: false, resMsg: '本场考试仅限“考试归属测试班”的学员参加' });
    expect((await sit('13900010067', exam.id, { [q.id]: ['T'] })).result).toMatchObject({ passed: true });
    expect(uc(await post(X.adminExamUnpublish, { id: exam.id, version: 4 })).message).toBe(X.EXAMS_MSG.unpublishAttempted(1));
    const [row] = await t.db.select().from(exams).where(eq(exams.id, exam.id));
    expect(row!.status).toBe('published');
  });
});
