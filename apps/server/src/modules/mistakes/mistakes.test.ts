/**
 * The wrong-answer book through the API, as learners and an attacker would use it: practice misses
 * land in the book with the right answer and explanation; exam questions appear only once the exam
 * shows its answers (never for an exam that shows scores only), copied once across two instances;
 * another learner's book, records and 重练 stay out of reach; a 重练 answer to a question not drawn
 * from the book is refused and changes nothing; two right answers in a row take a question out, a
 * wrong one resets the count, and a question taken out comes back; credit and certificates unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { exam as E, mistakes as M } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { certificates, courseCompletions, enrolments, examAttempts, examQuestions, exams, mistakeEntries, persons, questions, resourceProgress } from '../../db/schema/index.ts';
import { EXAM_MSG } from '../exam/service.ts';
import { MISTAKES_MSG } from './service.ts';
import { recordExamAttempt, recordPractice } from './book.ts';

let t: TestApp;
/** A second server instance on the same database. */
let other: FastifyInstance;
const day = 86_400_000;
const BANK = '错题本测试题库';

type Obj<T> = { res: boolean; resMsg: string; obj: T };
const obj = <T>(r: { json: unknown }) => r.json as Obj<T>;
const ok = <T>(r: { json: unknown }) => {
  const o = obj<T>(r);
  if (!o.res) throw new Error(o.resMsg);
  return o.obj;
};

type QuestionRow = typeof questions.$inferSelect;
let byId: Map<number, QuestionRow>;
const fx = { afterEnd: 0, never: 0, afterSubmit: 0, examQuestions: [] as number[] };

/** An answer the learner gets right, or wrong, for a question of the bank. */
const rightOf = (q: QuestionRow) => q.answer.slice(0, q.type === 'fill' ? 1 : undefined);
const wrongOf = (q: QuestionRow): string[] => {
  if (q.type === 'fill') return ['不知道'];
  if (q.type === 'judge') return [q.answer[0] === 'T' ? 'F' : 'T'];
  const keys = q.options.map((_, i) => String.fromCharCode(65 + i));
  return [keys.find((k) => !q.answer.includes(k))!];
};

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ config: t.config, db: t.db, logger: false });
  await other.ready();
  const rows = await t.db
    .insert(questions)
    .values([
      { bank: BANK, type: 'single', stem: '《中华人民共和国监察法》自哪一年起施行？', options: ['2016年', '2018年', '2020年', '2022年'], answer: ['B'], explanation: '监察法于2018年3月20日通过并公布施行。' },
      { bank: BANK, type: 'judge', stem: '国家监察委员会由全国人民代表大会产生。', options: [], answer: ['T'], explanation: '宪法第一百二十六条。' },
      { bank: BANK, type: 'fill', stem: '各级监察委员会是行使国家______职能的专责机关。', options: [], answer: ['监察'], explanation: '监察法第三条。' },
    ])
    .returning();
  fx.examQuestions = rows.map((r) => r.id);
  const now = Date.now();
  const mk = async (title: string, review: 'afterEnd' | 'never' | 'afterSubmit') => {
    const [exam] = await t.db.insert(exams).values({ title, startAt: new Date(now - day), endAt: new Date(now + day), durationMinutes: 30, passScore: 60, attemptsAllowed: 1, review }).returning();
    await t.db.insert(examQuestions).values(fx.examQuestions.map((questionId, i) => ({ examId: exam!.id, questionId, sort: i, score: i === 0 ? 34 : 33 })));
    return exam!.id;
  };
  fx.afterEnd = await mk('监察法知识测验（考试结束后公布答案）', 'afterEnd');
  fx.never = await mk('监察法知识测验（只公布成绩）', 'never');
  fx.afterSubmit = await mk('监察法知识测验（交卷后公布答案）', 'afterSubmit');
  byId = new Map((await t.db.select().from(questions)).map((q) => [q.id, q]));
}, 120_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

const book = async (token: string, query: Record<string, string | number> = {}) => ok<M.MistakeBook>(await t.call(M.findMistakeBook, { token, query: { pageSize: 100, ...query } }));

/** A practice test of `count` questions answered by `answer` (a random one from the demo bank, or a 重练). */
async function practise(token: string, answer: (q: QuestionRow) => string[] | null, redo = false, count = 5) {
  const paper = ok<E.PracticePaper>(await t.call(redo ? M.findMistakePractice : E.findExamTestQuestions, { token, query: { count } }));
  const answers = paper.questions.flatMap((p) => {
    const a = answer(byId.get(p.questionId)!);
    return a ? [{ questionId: p.questionId, answer: a }] : [];
  });
  return { paper, result: ok<E.PracticeResult>(await t.call(E.saveExamTestRecord, { token, body: { testId: paper.testId, answers } })) };
}

/** Takes an exam and answers every question wrongly. */
async function takeWrongly(token: string, examId: number) {
  const paper = ok<E.ExamPaper>(await t.call(E.findExamQuestions, { token, query: { examId } }));
  let seq = 1;
  for (const q of paper.questions) ok(await t.call(E.saveExamQuestionAnswerd, { token, body: { attemptId: paper.attemptId, questionId: q.questionId, answer: wrongOf(byId.get(q.questionId)!), seq: seq++ } }));
  ok(await t.call(E.saveExamRecord, { token, body: { attemptId: paper.attemptId } }));
  return paper;
}

describe('the wrong-answer book', () => {
  it('holds every practice question answered wrongly, with my answer, the right one, the explanation and the count, by bank; not a question left unanswered nor one answered right', async () => {
    const token = await t.login('13900010090');
    expect(await book(token)).toMatchObject({ list: [], total: 0, activeCount: 0, removedCount: 0, banks: [] });
    let n = 0;
    // Every other question wrong, one left unanswered, the rest right.
    const { paper, result } = await practise(token, (q) => (n++ === 4 ? null : n % 2 === 1 ? wrongOf(q) : rightOf(q)), false, 5);
    const wrong = paper.questions.filter((_, i) => i % 2 === 0 && i !== 4).map((p) => p.questionId);
    const mine = await book(token);
    expect(mine.list.map((e) => e.questionId).sort()).toEqual(wrong.sort());
    expect(result.book.activeCount).toBe(wrong.length);
    for (const e of mine.list) {
      const q = byId.get(e.questionId)!;
      expect(e).toMatchObject({ bank: q.bank, type: q.type, stem: q.stem, given: wrongOf(q), correct: q.answer, explanation: q.explanation, missCount: 1, rightStreak: 0, lastSource: 'practice', removedAt: null });
    }
    expect(mine.banks.reduce((s, b) => s + b.count, 0)).toBe(wrong.length);
    // Missed again: counted, once per practice test.
    const again = mine.list[0]!;
    const paperAgain = ok<E.PracticePaper>(await t.call(M.findMistakePractice, { token, query: { count: 50 } }));
    expect(paperAgain.questions.map((p) => p.questionId).sort()).toEqual(wrong.sort());
    ok(await t.call(E.saveExamTestRecord, { token, body: { testId: paperAgain.testId, answers: [{ questionId: again.questionId, answer: wrongOf(byId.get(again.questionId)!) }] } }));
    ok(await t.call(E.saveExamTestRecord, { token, body: { testId: paperAgain.testId, answers: [{ questionId: again.questionId, answer: wrongOf(byId.get(again.questionId)!) }] } }));
    const after = (await book(token)).list.find((e) => e.questionId === again.questionId)!;
    expect(after).toMatchObject({ missCount: 2, lastSource: 'redo' });
    // Filters: one bank, one type.
    const bank = mine.banks[0]!.bank;
    expect((await book(token, { bank })).list.every((e) => e.bank === bank)).toBe(true);
    expect((await book(token, { bank })).total).toBe(mine.banks[0]!.count);
    // Paged.
    const first = await book(token, { pageSize: 1, pageNum: 1 });
    expect(first).toMatchObject({ total: wrong.length, pageNum: 1, pageSize: 1 });
    expect(first.list).toHaveLength(1);
  });

  it("is mine alone: another learner sees none of it, cannot restore from it, start a 重练 from it, nor submit to or read my practice tests", async () => {
    const mine = await t.login('13900010091');
    const stranger = await t.login('13900010092');
    const { paper } = await practise(mine, wrongOf);
    expect((await book(mine)).total).toBe(paper.questions.length);
    expect(await book(stranger)).toMatchObject({ total: 0, activeCount: 0 });
    expect(obj(await t.call(M.findMistakePractice, { token: stranger, query: {} })).resMsg).toBe(MISTAKES_MSG.emptyBook);
    const redo = ok<E.PracticePaper>(await t.call(M.findMistakePractice, { token: mine, query: {} }));
    const q = byId.get(redo.questions[0]!.questionId)!;
    expect(obj(await t.call(E.saveExamTestRecord, { token: stranger, body: { testId: redo.testId, answers: [{ questionId: q.id, answer: rightOf(q) }] } })).resMsg).toBe(EXAM_MSG.practiceMissing);
    expect(obj(await t.call(M.findPracticeRecord, { token: stranger, query: { testId: paper.testId } })).resMsg).toBe(EXAM_MSG.practiceMissing);
    expect(ok<{ total: number }>(await t.call(M.findPracticeRecords, { token: stranger, query: {} })).total).toBe(0);
    // Take one out of my book, then the stranger tries to bring it back in theirs, or mine.
    ok(await t.call(E.saveExamTestRecord, { token: mine, body: { testId: redo.testId, answers: [{ questionId: q.id, answer: rightOf(q) }] } }));
    await practiseRight(mine, q.id);
    expect(obj(await t.call(M.restoreMistake, { token: stranger, body: { questionId: q.id } })).resMsg).toBe(MISTAKES_MSG.notRemoved);
    expect((await book(mine, { status: 'removed' })).list.map((e) => e.questionId)).toEqual([q.id]);
    expect((await t.call(M.findMistakeBook, { token: null, query: {} })).status).toBe(401);
    // A training-class account without the exam right has no book.
    const trainee = await t.login('13800000002');
    expect(obj(await t.call(M.findMistakeBook, { token: trainee, query: {} })).resMsg).toBe(EXAM_MSG.noRight);
  });

  it('lists my practice tests newest first with date, score and questions, and shows each question by question', async () => {
    const token = await t.login('13900010093');
    const one = await practise(token, wrongOf, false, 5);
    const two = await practise(token, rightOf, false, 6);
    const redo = await practise(token, rightOf, true, 10);
    // One started and never submitted is not a record.
    ok(await t.call(E.findExamTestQuestions, { token, query: { count: 5 } }));
    const records = ok<{ list: M.PracticeRecord[]; total: number }>(await t.call(M.findPracticeRecords, { token, query: { pageSize: 2 } }));
    expect(records.total).toBe(3);
    expect(records.list.map((r) => r.testId)).toEqual([redo.paper.testId, two.paper.testId]);
    expect(records.list[0]).toMatchObject({ kind: 'mistakes', correctCount: 5, questionCount: 5, score: 5, totalScore: 5 });
    expect(records.list[1]).toMatchObject({ kind: 'random', correctCount: 6, questionCount: 6 });
    const page2 = ok<{ list: M.PracticeRecord[] }>(await t.call(M.findPracticeRecords, { token, query: { pageSize: 2, pageNum: 2 } }));
    expect(page2.list.map((r) => r.testId)).toEqual([one.paper.testId]);
    expect(page2.list[0]!.banks.length).toBeGreaterThan(0);
    const detail = ok<E.PracticeResult>(await t.call(M.findPracticeRecord, { token, query: { testId: one.paper.testId } }));
    expect(detail.items.map((i) => i.questionId)).toEqual(one.paper.questions.map((q) => q.questionId));
    expect(detail.items.every((i) => i.earned === 0 && i.explanation !== '')).toBe(true);
  });
});

/** Answers the question right in a 重练 (drawn until it comes up: a 重练 draws at random). */
async function practiseRight(token: string, questionId: number) {
  for (let i = 0; i < 20; i++) {
    const paper = ok<E.PracticePaper>(await t.call(M.findMistakePractice, { token, query: { count: 1 } }));
    const q = byId.get(paper.questions[0]!.questionId)!;
    const r = ok<E.PracticeResult>(await t.call(E.saveExamTestRecord, { token, body: { testId: paper.testId, answers: q.id === questionId ? [{ questionId: q.id, answer: rightOf(q) }] : [] } }));
    if (q.id === questionId) return r;
  }
  throw new Error('the question was never drawn');
}

describe('exam questions', () => {
  it('appear only once the exam shows its answers, copied once across two instances; never for an exam that shows scores only', async () => {
    const token = await t.login('13900010094');
    await takeWrongly(token, fx.afterEnd);
    await takeWrongly(token, fx.never);
    // Before the end: not in the book, not in a 重练, not a word of them anywhere in the answer.
    const before = await book(token);
    expect(before.total).toBe(0);
    for (const id of fx.examQuestions) expect(JSON.stringify(before)).not.toContain(byId.get(id)!.stem);
    expect(obj(await t.call(M.findMistakePractice, { token, query: {} })).resMsg).toBe(MISTAKES_MSG.emptyBook);
    expect(obj(await t.call(M.findMistakePractice, { token, query: { bank: BANK } })).resMsg).toBe(MISTAKES_MSG.emptyBank(BANK));
    // The exam ends: both instances read the book at once; the attempt is copied once.
    await t.db.update(exams).set({ endAt: new Date(Date.now() - 1000) }).where(inArray(exams.id, [fx.afterEnd, fx.never]));
    const call = (app: FastifyInstance) => app.inject({ method: 'POST', url: `/video_learning/education/mistakes/findMistakeBook?pageSize=100`, headers: { authorization: `Bearer ${token}` } });
    const [a, b] = await Promise.all([call(t.app), call(other)]);
    for (const r of [a, b]) expect(r.statusCode).toBe(200);
    const after = await book(token);
    expect(after.list.map((e) => e.questionId).sort()).toEqual([...fx.examQuestions].sort());
    for (const e of after.list) expect(e).toMatchObject({ missCount: 1, lastSource: 'exam', lastSourceTitle: '监察法知识测验（考试结束后公布答案）', bank: BANK, correct: byId.get(e.questionId)!.answer });
    expect(after.banks).toEqual([{ bank: BANK, count: 3 }]);
  });

  it('of an exam showing answers after submitting appear at once', async () => {
    const token = await t.login('13900010095');
    await takeWrongly(token, fx.afterSubmit);
    const mine = await book(token);
    expect(mine.total).toBe(3);
    expect(mine.list.every((e) => e.lastSourceTitle === '监察法知识测验（交卷后公布答案）')).toBe(true);
  });

  it('copied late, a miss made before later right answers counts but undoes none of them', async () => {
    const personId = await personOf('13900010097');
    const q = byId.get(fx.examQuestions[0]!)!;
    const answered = (right: boolean) => [{ questionId: q.id, bank: q.bank, type: q.type, given: right ? rightOf(q) : wrongOf(q), right }];
    const examTaken = new Date(Date.now() - day);
    await t.db.transaction((tx) => recordPractice(tx, personId, 'random', answered(false)));
    await t.db.transaction((tx) => recordPractice(tx, personId, 'mistakes', answered(true)));
    await t.db.transaction((tx) => recordPractice(tx, personId, 'mistakes', answered(true)));
    const [attempt] = await t.db.select({ id: examAttempts.id }).from(examAttempts).limit(1);
    await t.db.transaction((tx) => recordExamAttempt(tx, personId, { attemptId: attempt!.id, examTitle: '监察法知识测验', submittedAt: examTaken, wrong: answered(false) }));
    const [entry] = await t.db.select().from(mistakeEntries).where(eq(mistakeEntries.personId, personId));
    expect(entry).toMatchObject({ missCount: 2, rightStreak: 2, lastSource: 'practice' });
    expect(entry!.removedAt).not.toBeNull();
  });
});

describe('错题重练', () => {
  it('refuses an answer to a question not drawn from my book and changes nothing; two right answers in a row take a question out, a wrong one starts again; it comes back from 已移出', async () => {
    const token = await t.login('13900010096');
    let n = 0;
    // Two wrong, the rest left unanswered.
    const { paper } = await practise(token, (q) => (n++ < 2 ? wrongOf(q) : null));
    const [x, y] = paper.questions.map((p) => byId.get(p.questionId)!) as [QuestionRow, QuestionRow];
    const redo = ok<E.PracticePaper>(await t.call(M.findMistakePractice, { token, query: {} }));
    expect(redo.questions.map((q) => q.questionId).sort()).toEqual([x.id, y.id].sort());
    expect(JSON.stringify(redo)).not.toContain('explanation');
    // An attacker's answer to a question not in the book, alone or beside real ones: refused, nothing recorded.
    const outside = [...byId.values()].find((q) => q.id !== x.id && q.id !== y.id)!;
    const refused = obj(await t.call(E.saveExamTestRecord, { token, body: { testId: redo.testId, answers: [{ questionId: x.id, answer: rightOf(x) }, { questionId: outside.id, answer: rightOf(outside) }] } }));
    expect(refused).toMatchObject({ res: false, resMsg: EXAM_MSG.notInBook });
    const unchanged = await t.db.select().from(mistakeEntries).where(eq(mistakeEntries.personId, (await personOf('13900010096'))));
    expect(unchanged.map((e) => [e.questionId, e.rightStreak, e.removedAt]).sort()).toEqual([[x.id, 0, null], [y.id, 0, null]].sort());
    expect(ok<{ total: number }>(await t.call(M.findPracticeRecords, { token, query: {} })).total).toBe(1);
    // Right once: still in the book, one in a row.
    const once = ok<E.PracticeResult>(await t.call(E.saveExamTestRecord, { token, body: { testId: redo.testId, answers: [{ questionId: x.id, answer: rightOf(x) }, { questionId: y.id, answer: rightOf(y) }] } }));
    expect(once.book).toMatchObject({ activeCount: 2 });
    expect(once.book.items.every((i) => i.inBook && i.rightStreak === 1)).toBe(true);
    // y wrong again: back to none in a row; x right again: out of the book.
    const second = await practise(token, (q) => (q.id === x.id ? rightOf(q) : wrongOf(q)), true);
    expect(second.result.book.activeCount).toBe(1);
    expect(second.result.book.items.find((i) => i.questionId === x.id)).toMatchObject({ inBook: false });
    expect(second.result.book.items.find((i) => i.questionId === y.id)).toMatchObject({ inBook: true, rightStreak: 0 });
    expect((await book(token)).list.map((e) => e.questionId)).toEqual([y.id]);
    const removed = await book(token, { status: 'removed' });
    expect(removed.list.map((e) => e.questionId)).toEqual([x.id]);
    expect(removed.list[0]!.removedAt).not.toBeNull();
    // The 重练 draws only y now; y right twice: the book is empty and a 重练 is refused.
    for (let i = 0; i < 2; i++) expect((await practise(token, rightOf, true)).paper.questions.map((q) => q.questionId)).toEqual([y.id]);
    expect(await book(token)).toMatchObject({ total: 0, activeCount: 0, removedCount: 2 });
    expect(obj(await t.call(M.findMistakePractice, { token, query: {} })).resMsg).toBe(MISTAKES_MSG.emptyBook);
    // Brought back: in the book again, counted from none; restoring twice is refused.
    expect(ok(await t.call(M.restoreMistake, { token, body: { questionId: x.id } }))).toEqual({ activeCount: 1, removedCount: 1 });
    expect((await book(token)).list[0]).toMatchObject({ questionId: x.id, rightStreak: 0, removedAt: null, missCount: 1 });
    expect(obj(await t.call(M.restoreMistake, { token, body: { questionId: x.id } })).resMsg).toBe(MISTAKES_MSG.notRemoved);
  });

  it('counts toward nothing: credit hours, enrolments and certificates stay as they were', async () => {
    const mobile = '13900010001';
    const token = await t.login(mobile);
    const personId = await personOf(mobile);
    const snapshot = async () => ({
      completions: await t.db.select().from(courseCompletions).where(eq(courseCompletions.personId, personId)),
      progress: await t.db.select().from(resourceProgress).where(eq(resourceProgress.personId, personId)),
      enrolments: await t.db.select().from(enrolments).where(eq(enrolments.personId, personId)),
      certificates: await t.db.select().from(certificates).where(eq(certificates.personId, personId)),
    });
    const before = await snapshot();
    expect(before.completions.length).toBeGreaterThan(0);
    await practise(token, wrongOf, false, 10);
    for (let i = 0; i < 2; i++) await practise(token, rightOf, true, 50);
    expect(await snapshot()).toEqual(before);
  });
});

async function personOf(mobile: string) {
  const [p] = await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, mobile));
  return p!.id;
}

describe('the demo', () => {
  it("张伟's practice history lists real tests and his book holds the questions he missed, one taken out by a 重练", async () => {
    const token = await t.login('13800000001');
    const records = ok<{ list: M.PracticeRecord[]; total: number }>(await t.call(M.findPracticeRecords, { token, query: {} }));
    expect(records.total).toBeGreaterThanOrEqual(4);
    expect(records.list.some((r) => r.kind === 'mistakes')).toBe(true);
    const mine = await book(token);
    expect(mine.list.map((e) => e.stem)).toContain('《中国共产党纪律处分条例》规定的党的纪律包括以下哪些？');
    expect(mine.list.find((e) => e.stem.startsWith('《中国共产党纪律处分条例》'))).toMatchObject({ missCount: 2, bank: '党史党建' });
    expect((await book(token, { status: 'removed' })).list.map((e) => e.stem)).toContain('遵义会议是在1936年召开的。');
  });
});
