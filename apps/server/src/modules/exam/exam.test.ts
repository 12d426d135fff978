import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { catalog as K, exam as E, learning as L, urlOf } from '@portal/contract';
import { createTestApp, PRODUCT, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { categories, courseResources, courses, examAnswers, examAttempts, examQuestions, exams, installs, planCourses, plans, practiceTests, questions, studySessions, trainingYears } from '../../db/schema/index.ts';
import { EXAM_MSG, makeExam } from './service.ts';
import { gradePaper, type Gradable } from './grade.ts';
import { bookStateOf, recordPractice } from '../mistakes/book.ts';

/** The real wrong-answer book, as app.ts hands it in. */
const book = { recordPractice, bookStateOf };

let t: TestApp;
/** A second server instance on the same database. */
let other: FastifyInstance;
const day = 86_400_000;
const BANK = '测试题库';

type Obj<T> = { res: boolean; resMsg: string; obj: T };
const obj = <T>(r: { json: unknown }) => r.json as Obj<T>;

let q: { single: number; multiple: number; judge: number; fill: number; single2: number };
let fx: { open: number; upcoming: number; ended: number; ofInstall: number; endedOfInstall: number; install: number; capped: number; random: number; never: number; leave: number; once: number };

/** Fixtures of their own, so the tests do not depend on the demo exams. */
async function fixtures() {
  const now = Date.now();
  const rows = await t.db
    .insert(questions)
    .values([
      { bank: BANK, type: 'single', stem: '我国的根本大法是？', options: ['刑法', '宪法', '民法典', '立法法'], answer: ['B'], explanation: '宪法是国家的根本法。' },
      { bank: BANK, type: 'multiple', stem: '我国的基本政治制度包括？', options: ['多党合作和政治协商制度', '人民代表大会制度', '民族区域自治制度', '基层群众自治制度'], answer: ['A', 'C', 'D'], explanation: '人民代表大会制度是根本政治制度。' },
      { bank: BANK, type: 'judge', stem: '中华人民共和国的一切权力属于人民。', options: [], answer: ['T'], explanation: '宪法第二条。' },
      { bank: BANK, type: 'fill', stem: '中国共产党的根本宗旨是全心全意为______服务。', options: [], answer: ['人民'], explanation: '党章总纲。' },
      { bank: BANK, type: 'single', stem: '国家宪法日是每年的哪一天？', options: ['4月15日', '11月9日', '12月4日', '3月15日'], answer: ['C'], explanation: '2014年设立。' },
    ])
    .returning({ id: questions.id });
  q = { single: rows[0]!.id, multiple: rows[1]!.id, judge: rows[2]!.id, fill: rows[3]!.id, single2: rows[4]!.id };
  const [year] = await t.db.insert(trainingYears).values({ year: 2098, name: '2098年度' }).returning();
  const [install] = await t.db
    .insert(installs)
    .values({ yearId: year!.id, title: '考试测试专题', kind: 'special', applyStart: new Date(now - day), applyEnd: new Date(now + day), startAt: new Date(now - day), endAt: new Date(now + 30 * day), requiredHours: 2 })
    .returning();
  const mk = async (title: string, over: Partial<typeof exams.$inferInsert> = {}, fixed = true) => {
    const [exam] = await t.db
      .insert(exams)
      .values({ title, startAt: new Date(now - day), endAt: new Date(now + day), durationMinutes: 30, passScore: 60, attemptsAllowed: 2, review: 'afterSubmit', partialCredit: true, ...over })
      .returning();
    if (fixed) await t.db.insert(examQuestions).values([q.single, q.multiple, q.judge, q.fill, q.single2].map((questionId, i) => ({ examId: exam!.id, questionId, sort: i, score: 20 })));
    return exam!.id;
  };
  fx = {
    open: await mk('测试考试'),
    upcoming: await mk('未开始的考试', { startAt: new Date(now + day), endAt: new Date(now + 2 * day) }),
    ended: await mk('已结束的考试', { startAt: new Date(now - 2 * day), endAt: new Date(now - day) }),
    ofInstall: await mk('专题结业考试', { installId: install!.id }),
    endedOfInstall: await mk('已结束的专题考试', { installId: install!.id, startAt: new Date(now - 3 * day), endAt: new Date(now - 2 * day) }),
    install: install!.id,
    capped: await mk('即将结束的考试', { endAt: new Date(now + 10 * 60_000), durationMinutes: 60 }),
    random: await mk('随机组卷考试', { selection: 'random', bank: BANK, randomRules: [{ type: 'single', count: 2, score: 30 }, { type: 'judge', count: 1, score: 40 }], shuffleQuestions: true, shuffleOptions: true }, false),
    never: await mk('只公布成绩的考试', { review: 'never', partialCredit: false }),
    leave: await mk('限制离开次数的考试', { leaveLimit: 2 }),
    once: await mk('只能考一次的考试', { attemptsAllowed: 1 }),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ config: t.config, db: t.db, logger: false });
  await other.ready();
  await fixtures();
}, 120_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

const start = async (token: string, examId: number) => obj<E.ExamPaper>(await t.call(E.findExamQuestions, { token, query: { examId } }));
const started = async (token: string, examId: number) => {
  const r = await start(token, examId);
  if (!r.res) throw new Error(r.resMsg);
  return r.obj;
};
const save = async (token: string, attemptId: number, questionId: number, answer: string[], seq: number) =>
  obj<E.SaveAck>(await t.call(E.saveExamQuestionAnswerd, { token, body: { attemptId, questionId, answer, seq } }));
const submit = async (token: string, attemptId: number) => obj<E.AttemptResult>(await t.call(E.saveExamRecord, { token, body: { attemptId } }));
const records = async (token: string, examId: number, attemptId?: number) =>
  obj<E.ExamRecord>(await t.call(E.findExamRecord, { token, query: attemptId === undefined ? { examId } : { examId, attemptId } }));
/** Moves an attempt's deadline into the past, as if its time had run out while nobody watched. */
const expire = (attemptId: number) => t.db.update(examAttempts).set({ deadline: sql`now() - interval '1 second'` }).where(eq(examAttempts.id, attemptId));
/** Recomputes an attempt's score from its stored answers, as an auditor would. */
async function recompute(attemptId: number, partialCredit: boolean) {
  const [a] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
  const qs = await t.db.select().from(questions);
  const saved = await t.db.select().from(examAnswers).where(eq(examAnswers.attemptId, attemptId));
  return gradePaper(a!.paper, new Map(qs.map((x) => [x.id, x as Gradable])), new Map(saved.map((s) => [s.questionId, s.answer])), partialCredit).score;
}
const keysOf = (v: unknown): string[] => Object.keys(v as object).sort();

describe('starting and resuming', () => {
  it('starts one attempt with the server deadline, and questions without their answers', async () => {
    const token = await t.login('13900010150');
    const before = Date.now();
    const paper = await started(token, fx.open);
    expect(paper.questions.map((x) => x.questionId)).toEqual([q.single, q.multiple, q.judge, q.fill, q.single2]);
    expect(paper.rules).toMatchObject({ totalScore: 100, questionCount: 5, passScore: 60, attemptsAllowed: 2 });
    expect(Date.parse(paper.deadline) - Date.parse(paper.startedAt)).toBe(30 * 60_000);
    expect(Math.abs(Date.parse(paper.serverNow) - before)).toBeLessThan(60_000);
    for (const x of paper.questions) expect(keysOf(x)).toEqual(['no', 'options', 'questionId', 'score', 'stem', 'type']);
    const text = JSON.stringify(paper);
    expect(text).not.toContain('宪法是国家的根本法');
    expect(text).not.toContain('"explanation"');
    expect(paper.questions[0]!.options.map((o) => o.key)).toEqual(['A', 'B', 'C', 'D']);
    expect(paper.answers).toEqual([]);
  });

  it('resumes the same attempt with every acknowledged answer and the same deadline, also on another server instance', async () => {
    const token = await t.login('13900010151');
    const first = await started(token, fx.random);
    expect(first.questions).toHaveLength(3);
    expect(first.rules.totalScore).toBe(100);
    const single = first.questions.find((x) => x.type === 'single')!;
    expect((await save(token, first.attemptId, single.questionId, [single.options[2]!.key], 1)).res).toBe(true);
    const again = await started(token, fx.random);
    const res = await other.inject({ method: 'POST', url: `${urlOf(E.findExamQuestions, PRODUCT)}?examId=${fx.random}`, headers: { authorization: token } });
    const onOther = (res.json() as Obj<E.ExamPaper>).obj;
    for (const p of [again, onOther]) {
      expect(p.attemptId).toBe(first.attemptId);
      expect(p.deadline).toBe(first.deadline);
      expect(p.questions).toEqual(first.questions);
      expect(p.answers).toEqual([expect.objectContaining({ questionId: single.questionId, answer: [single.options[2]!.key], seq: 1 })]);
    }
  });

  it('never sets a deadline past the window end', async () => {
    const token = await t.login('13900010152');
    const paper = await started(token, fx.capped);
    const [exam] = await t.db.select().from(exams).where(eq(exams.id, fx.capped));
    expect(Date.parse(paper.deadline)).toBe(exam!.endAt.getTime());
  });

  it('concurrent starts on two instances end with one open attempt, which both answer', async () => {
    const token = await t.login('13900010153');
    const url = `${urlOf(E.findExamQuestions, PRODUCT)}?examId=${fx.open}`;
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => start(token, fx.open)),
      ...Array.from({ length: 4 }, async () => (await other.inject({ method: 'POST', url, headers: { authorization: token } })).json() as Obj<E.ExamPaper>),
    ]);
    expect(answers.every((a) => a.res)).toBe(true);
    expect(new Set(answers.map((a) => a.obj.attemptId)).size).toBe(1);
    const mine = await records(token, fx.open);
    expect(mine.obj.records).toHaveLength(1);
  });

  it('refuses outside the window, with the reason', async () => {
    const token = await t.login('13900010154');
    expect((await start(token, fx.upcoming)).resMsg).toMatch(/^考试尚未开始，开始时间为\d{4}年/);
    expect((await start(token, fx.ended)).resMsg).toMatch(/^考试已于.*结束，不能再开始答题$/);
    expect((await start(token, 999_999)).resMsg).toBe(EXAM_MSG.examMissing);
  });

  it('refuses a training-class account without explain train, and admits one with it', async () => {
    const trainee = await t.login('13800000002');
    expect((await start(trainee, fx.open)).resMsg).toBe(EXAM_MSG.noRight);
    expect((await obj(await t.call(E.findExamTestQuestions, { token: trainee, query: {} }))).resMsg).toBe(EXAM_MSG.noRight);
    const answer = await obj<E.ExamMine>(await t.call(E.findAnswerNumber, { token: trainee, query: { examId: fx.open } }));
    expect(answer.obj.refusal).toBe(EXAM_MSG.noRight);
    const allowed = await t.login('13800000003');
    expect((await start(allowed, fx.open)).res).toBe(true);
  });

  it('refuses the exam of an install I have not joined, and admits me once I have', async () => {
    const token = await t.login('13900010155');
    expect((await start(token, fx.ofInstall)).resMsg).toBe(EXAM_MSG.notJoined('考试测试专题'));
    expect(obj(await t.call(L.installApply, { token, query: { installId: fx.install } })).res).toBe(true);
    const paper = await started(token, fx.ofInstall);
    expect(paper.rules.installTitle).toBe('考试测试专题');
  });

  it('refuses to start beyond the attempts allowed', async () => {
    const token = await t.login('13900010156');
    const a = await started(token, fx.once);
    expect((await submit(token, a.attemptId)).res).toBe(true);
    expect((await start(token, fx.once)).resMsg).toBe(EXAM_MSG.noAttemptsLeft(1));
    const n = obj<E.ExamMine>(await t.call(E.findAnswerNumber, { token, query: { examId: fx.once } }));
    expect(n.obj).toMatchObject({ attemptsUsed: 1, attemptsAllowed: 1, openAttemptId: null, refusal: EXAM_MSG.noAttemptsLeft(1) });
  });
});

describe('saving answers', () => {
  let token: string;
  let paper: E.ExamPaper;
  beforeAll(async () => {
    token = await t.login('13900010160');
    paper = await started(token, fx.never);
  });

  it('a late or repeated save never overwrites a newer one', async () => {
    expect((await save(token, paper.attemptId, q.single, ['C'], 2)).obj).toMatchObject({ written: true, seq: 2 });
    expect((await save(token, paper.attemptId, q.single, ['A'], 1)).obj).toMatchObject({ written: false, seq: 2 });
    expect((await save(token, paper.attemptId, q.single, ['D'], 2)).obj).toMatchObject({ written: false, seq: 2 });
    expect((await save(token, paper.attemptId, q.single, ['b'], 3)).obj).toMatchObject({ written: true, seq: 3 });
    const [row] = await t.db.select().from(examAnswers).where(and(eq(examAnswers.attemptId, paper.attemptId), eq(examAnswers.questionId, q.single)));
    expect(row).toMatchObject({ answer: ['B'], seq: 3 });
  });

  it('refuses an answer of the wrong shape or of a question not on the paper', async () => {
    expect((await save(token, paper.attemptId, q.single, ['A', 'B'], 10)).resMsg).toBe(EXAM_MSG.badAnswer);
    expect((await save(token, paper.attemptId, q.single, ['Z'], 10)).resMsg).toBe(EXAM_MSG.badAnswer);
    expect((await save(token, paper.attemptId, q.judge, ['yes'], 10)).resMsg).toBe(EXAM_MSG.badAnswer);
    const [foreign] = await t.db.insert(questions).values({ bank: BANK, type: 'judge', stem: '不在试卷上的题', answer: ['T'] }).returning();
    expect((await save(token, paper.attemptId, foreign!.id, ['T'], 10)).resMsg).toBe(EXAM_MSG.notOnPaper);
    const bad = await t.call(E.saveExamQuestionAnswerd, { token, body: { attemptId: paper.attemptId, questionId: q.single, answer: ['A'], seq: -1 } });
    expect(bad.status).toBe(400);
  });

  it('another learner can neither save into, submit, count departures of, nor read my attempt', async () => {
    const stranger = await t.login('13900010161');
    expect((await save(stranger, paper.attemptId, q.single, ['A'], 99)).resMsg).toBe(EXAM_MSG.attemptMissing);
    expect((await submit(stranger, paper.attemptId)).resMsg).toBe(EXAM_MSG.attemptMissing);
    expect(obj(await t.call(E.saveExamLeave, { token: stranger, body: { attemptId: paper.attemptId } })).resMsg).toBe(EXAM_MSG.attemptMissing);
    expect((await records(stranger, fx.never, paper.attemptId)).resMsg).toBe(EXAM_MSG.attemptMissing);
    expect((await t.call(E.saveExamRecord, { body: { attemptId: paper.attemptId } })).status).toBe(401);
  });

  it('an open attempt has no review: the answers stay on the server until it is submitted', async () => {
    expect((await records(token, fx.never, paper.attemptId)).resMsg).toBe(EXAM_MSG.notSubmittedReview);
  });
});

describe('saves arriving together (the saves of one event-loop turn share one statement)', () => {
  it('answers each save as if it came alone: the newest seq is kept, a bad answer and a stranger are refused', async () => {
    const token = await t.login('13900010162');
    const stranger = await t.login('13900010163');
    const paper = await started(token, fx.open);
    const theirs = await started(stranger, fx.open);
    const id = paper.attemptId;
    const [a, b, c, d, bad, foreign, own] = await Promise.all([
      save(token, id, q.single, ['a'], 5),
      save(token, id, q.single, ['B'], 3),
      save(token, id, q.single, ['C'], 7),
      save(token, id, q.judge, ['T'], 4),
      save(token, id, q.judge, ['yes'], 8),
      save(stranger, id, q.fill, ['人民'], 9),
      save(stranger, theirs.attemptId, q.fill, ['人民'], 1),
    ]);
    expect(c.obj).toMatchObject({ written: true, seq: 7 });
    for (const [r, seq] of [[a, 5], [b, 3]] as const) {
      expect(r.res).toBe(true);
      expect(r.obj.seq).toBeGreaterThanOrEqual(seq);
      if (r.obj.written) expect(r.obj.seq).toBe(seq);
      else expect(r.obj.seq).toBeGreaterThan(seq);
    }
    expect(d.obj).toMatchObject({ written: true, seq: 4 });
    expect(bad.resMsg).toBe(EXAM_MSG.badAnswer);
    expect(foreign.resMsg).toBe(EXAM_MSG.attemptMissing);
    expect(own.obj).toMatchObject({ written: true, seq: 1 });
    const stored = await t.db.select().from(examAnswers).where(eq(examAnswers.attemptId, id));
    expect(stored.map((x) => ({ questionId: x.questionId, answer: x.answer, seq: x.seq })).sort((x, y) => x.questionId - y.questionId)).toEqual(
      [{ questionId: q.single, answer: ['C'], seq: 7 }, { questionId: q.judge, answer: ['T'], seq: 4 }].sort((x, y) => x.questionId - y.questionId),
    );
  });

  it('a submit on another instance racing a turn of saves grades every acknowledged answer, and none lands after it', async () => {
    const token = await t.login('13900010172');
    const paper = await started(token, fx.open);
    const id = paper.attemptId;
    const answers: [number, string[]][] = [[q.single, ['B']], [q.multiple, ['A', 'C', 'D']], [q.judge, ['T']], [q.fill, ['人民']], [q.single2, ['C']]];
    const submitted = other
      .inject({ method: 'POST', url: urlOf(E.saveExamRecord, PRODUCT), headers: { authorization: token, 'content-type': 'application/json' }, payload: { attemptId: id } })
      .then((r) => r.json() as Obj<E.AttemptResult>);
    const saves = await Promise.all(answers.map(([questionId, answer], i) => save(token, id, questionId, answer, i + 1)));
    const result = await submitted;
    expect(result.res).toBe(true);
    const acked = answers.filter((_, i) => saves[i]!.res).map(([questionId]) => questionId);
    const handedIn = EXAM_MSG.submitted('manual', new Date(result.obj.submittedAt!), new Date(paper.deadline));
    for (const r of saves) if (!r.res) expect(r.resMsg).toBe(handedIn);
    const stored = await t.db.select().from(examAnswers).where(eq(examAnswers.attemptId, id));
    expect(stored.map((x) => x.questionId).sort()).toEqual([...acked].sort());
    expect(result.obj.answeredCount).toBe(acked.length);
    expect(result.obj.score).toBe(await recompute(id, true));
    expect((await save(token, id, q.single, ['A'], 99)).resMsg).toBe(handedIn);
  });
});

describe('submits arriving together (the submits of one event-loop turn share one transaction)', () => {
  it('grades each as if it came alone; a repeat answers the same record, and a stranger is refused without closing the attempt', async () => {
    const [one, two, stranger] = await Promise.all([t.login('13900010173'), t.login('13900010174'), t.login('13900010175')]);
    const [a, b, c] = await Promise.all([started(one, fx.open), started(two, fx.open), started(stranger, fx.open)]);
    await save(one, a.attemptId, q.single, ['B'], 1);
    await save(two, b.attemptId, q.judge, ['F'], 1);
    const [ra, rb, again, foreign, rc] = await Promise.all([
      submit(one, a.attemptId),
      submit(two, b.attemptId),
      submit(one, a.attemptId),
      submit(stranger, b.attemptId),
      submit(stranger, c.attemptId),
    ]);
    expect(ra.obj).toMatchObject({ attemptId: a.attemptId, score: 20, submitMode: 'manual', answeredCount: 1 });
    expect(again.obj).toEqual(ra.obj);
    expect(rb.obj).toMatchObject({ attemptId: b.attemptId, score: 0, submitMode: 'manual', answeredCount: 1 });
    expect(foreign.resMsg).toBe(EXAM_MSG.attemptMissing);
    expect(rc.obj).toMatchObject({ attemptId: c.attemptId, score: 0, answeredCount: 0 });
    expect(await recompute(a.attemptId, true)).toBe(20);
    const [stored] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, b.attemptId));
    expect(stored!.submittedAt?.toISOString()).toBe(rb.obj.submittedAt);
  });

  it("a stranger's submit alone in its turn leaves the attempt open", async () => {
    const [owner, stranger] = await Promise.all([t.login('13900010176'), t.login('13900010177')]);
    const paper = await started(owner, fx.open);
    expect((await submit(stranger, paper.attemptId)).resMsg).toBe(EXAM_MSG.attemptMissing);
    const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, paper.attemptId));
    expect(row!.submittedAt).toBeNull();
    expect((await save(owner, paper.attemptId, q.single, ['B'], 1)).obj).toMatchObject({ written: true });
  });
});

describe('submitting and grading', () => {
  it('grades on the server with partial credit, once: a submitted attempt never changes', async () => {
    const token = await t.login('13900010170');
    const paper = await started(token, fx.open);
    await save(token, paper.attemptId, q.single, ['B'], 1);
    await save(token, paper.attemptId, q.multiple, ['A', 'C'], 2);
    await save(token, paper.attemptId, q.judge, ['F'], 3);
    await save(token, paper.attemptId, q.fill, [' 人 民 '], 4);
    const result = await submit(token, paper.attemptId);
    // 20 + 20 × 2/3 (two of three right options) + 0 + 20 + 0 (unanswered).
    expect(result.obj).toMatchObject({ score: 53.3, passed: false, submitMode: 'manual', answeredCount: 4, questionCount: 5, totalScore: 100 });
    expect(await recompute(paper.attemptId, true)).toBe(53.3);

    expect((await save(token, paper.attemptId, q.single2, ['C'], 5)).resMsg).toBe(EXAM_MSG.submitted('manual', new Date(result.obj.submittedAt!), new Date(paper.deadline)));
    const again = await submit(token, paper.attemptId);
    expect(again.obj).toEqual(result.obj);
    const res = await other.inject({ method: 'POST', url: urlOf(E.saveExamRecord, PRODUCT), headers: { authorization: token, 'content-type': 'application/json' }, payload: { attemptId: paper.attemptId } });
    expect((res.json() as Obj<E.AttemptResult>).obj).toEqual(result.obj);

    const review = await records(token, fx.open, paper.attemptId);
    expect(review.obj.reviewNote).toBe('交卷后可查看答案与解析');
    const multiple = review.obj.review!.find((x) => x.questionId === q.multiple)!;
    expect(multiple).toMatchObject({ given: ['A', 'C'], correct: ['A', 'C', 'D'], earned: 13.3, explanation: '人民代表大会制度是根本政治制度。' });
    expect(review.obj.mine).toMatchObject({ attemptsUsed: 1, attemptsAllowed: 2, bestScore: 53.3, passed: false, openAttemptId: null, refusal: null });

    // The second of two attempts allowed: passes; the best score and pass state follow it.
    const second = await started(token, fx.open);
    expect(second.attemptId).not.toBe(paper.attemptId);
    for (const [i, [questionId, answer]] of ([[q.single, ['B']], [q.multiple, ['A', 'C', 'D']], [q.judge, ['T']], [q.single2, ['C']]] as const).entries()) {
      await save(token, second.attemptId, questionId, [...answer], i + 1);
    }
    expect((await submit(token, second.attemptId)).obj).toMatchObject({ score: 80, passed: true });
    const n = obj<E.ExamMine>(await t.call(E.findAnswerNumber, { token, query: { examId: fx.open } }));
    expect(n.obj).toMatchObject({ attemptsUsed: 2, bestScore: 80, passed: true, refusal: EXAM_MSG.noAttemptsLeft(2) });
  });

  it('all-or-nothing multiple choice where the exam gives no partial credit, and a score-only review', async () => {
    const token = await t.login('13900010171');
    const paper = await started(token, fx.never);
    await save(token, paper.attemptId, q.multiple, ['A', 'C'], 1);
    await save(token, paper.attemptId, q.single, ['B'], 2);
    expect((await submit(token, paper.attemptId)).obj.score).toBe(20);
    const review = await records(token, fx.never, paper.attemptId);
    expect(review.obj.reviewNote).toBe('本场考试只公布成绩，不公布答案与解析');
    expect(review.obj.review).toBeNull();
    expect(JSON.stringify(review.obj)).not.toContain('人民代表大会制度是根本政治制度');
  });
});

describe('the deadline', () => {
  it('a save after the deadline is refused and the attempt is finished once, stamped with the deadline', async () => {
    const token = await t.login('13900010180');
    const paper = await started(token, fx.open);
    await save(token, paper.attemptId, q.single, ['B'], 1);
    await expire(paper.attemptId);
    const [{ deadline }] = (await t.db.select({ deadline: examAttempts.deadline }).from(examAttempts).where(eq(examAttempts.id, paper.attemptId))) as [{ deadline: Date }];
    const late = await save(token, paper.attemptId, q.judge, ['T'], 2);
    expect(late.res).toBe(false);
    expect(late.resMsg).toMatch(/^考试时间已于.*截止，系统已按截止前保存的答案交卷，此答案未计入成绩$/);
    const [a] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, paper.attemptId));
    expect(a).toMatchObject({ submitMode: 'deadline', score: 20, passed: false });
    expect(a!.submittedAt!.getTime()).toBe(deadline.getTime());
    // Submitting afterwards (a page whose clock lagged) answers the same record.
    expect((await submit(token, paper.attemptId)).obj).toMatchObject({ submitMode: 'deadline', score: 20, submittedAt: deadline.toISOString() });
  });

  it('an abandoned attempt is finished exactly once by sweeps and touches on two instances at once', async () => {
    const svc = makeExam(t.db, { installOf: async () => null, passedInstallExam: async () => undefined, book });
    await svc.sweep();
    const token = await t.login('13900010181');
    const paper = await started(token, fx.random);
    const single = paper.questions.find((x) => x.type === 'single')!;
    await save(token, paper.attemptId, single.questionId, [single.options[0]!.key], 1);
    await expire(paper.attemptId);
    const url = `${urlOf(E.findAnswerNumber, PRODUCT)}?examId=${fx.random}`;
    const [a, b] = await Promise.all([
      svc.sweep(),
      makeExam(t.db, { installOf: async () => null, passedInstallExam: async () => undefined, book }).sweep(),
      other.inject({ method: 'POST', url, headers: { authorization: token } }),
      t.call(E.findAnswerNumber, { token, query: { examId: fx.random } }),
    ]);
    expect(a + b).toBeLessThanOrEqual(1);
    const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, paper.attemptId));
    expect(row!.submitMode).toBe('deadline');
    expect(row!.submittedAt!.getTime()).toBe(row!.deadline.getTime());
    expect(row!.score).toBe(await recompute(paper.attemptId, true));
    expect(await svc.sweep()).toBe(0);
  });

  it('resuming an attempt whose time ran out says it was submitted; the next start is a new attempt', async () => {
    const token = await t.login('13900010182');
    const paper = await started(token, fx.open);
    await expire(paper.attemptId);
    expect((await start(token, fx.open)).resMsg).toBe(EXAM_MSG.expiredOnResume);
    const next = await started(token, fx.open);
    expect(next.attemptId).not.toBe(paper.attemptId);
    const mine = await records(token, fx.open);
    expect(mine.obj.records.map((r) => r.submitMode)).toEqual(['deadline', null]);
  });
});

describe('a save reaching an attempt already handed in', () => {
  it('says how it was handed in: on another device or page, at the deadline, or beyond the leave limit', async () => {
    const [elsewhere, late, away] = await Promise.all([t.login('13900010186'), t.login('13900010187'), t.login('13900010188')]);

    const mine = await started(elsewhere, fx.open);
    const handedIn = (await submit(elsewhere, mine.attemptId)).obj;
    const refused = (await save(elsewhere, mine.attemptId, q.single, ['B'], 1)).resMsg;
    expect(refused).toBe(EXAM_MSG.submitted('manual', new Date(handedIn.submittedAt!), new Date(mine.deadline)));
    expect(refused).toMatch(/^本次考试已于.*交卷，此答案未能保存，未计入成绩$/);
    expect(refused).not.toContain('截止');

    // Finished by the sweep at its deadline before the save arrives: the deadline is what it says.
    const timed = await started(late, fx.open);
    await expire(timed.attemptId);
    await makeExam(t.db, { installOf: async () => null, passedInstallExam: async () => undefined, book }).sweep();
    const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, timed.attemptId));
    expect((await save(late, timed.attemptId, q.single, ['B'], 1)).resMsg).toBe(EXAM_MSG.timeUp(row!.deadline));

    const left = await started(away, fx.leave);
    for (let i = 0; i < 3; i++) await t.call(E.saveExamLeave, { token: away, body: { attemptId: left.attemptId } });
    expect((await save(away, left.attemptId, q.single, ['B'], 1)).resMsg).toMatch(/^离开考试页面次数超过限制，系统已于.*自动交卷，此答案未计入成绩$/);
  });
});

describe('leaving the page', () => {
  it('counts departures with their times, and submits beyond the limit', async () => {
    const token = await t.login('13900010185');
    const paper = await started(token, fx.leave);
    const leave = async () => obj<E.AttemptResult>(await t.call(E.saveExamLeave, { token, body: { attemptId: paper.attemptId } }));
    expect((await leave()).obj).toMatchObject({ leaveCount: 1, submittedAt: null });
    expect((await leave()).obj).toMatchObject({ leaveCount: 2, submittedAt: null });
    const third = await leave();
    expect(third.obj).toMatchObject({ leaveCount: 3, submitMode: 'leaveLimit' });
    const [a] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, paper.attemptId));
    expect(a!.leaveTimes).toHaveLength(3);
    expect((await leave()).obj).toEqual(third.obj);
    expect((await start(token, fx.leave)).res).toBe(true);
  });
});

describe('the public list of exams', () => {
  it('answers my standing to a logged-in learner, nothing personal to a visitor', async () => {
    const token = await t.login('13900010190');
    await started(token, fx.open);
    const mine = obj<{ list: K.ExamItem[] }>(await t.call(K.findExamOnlineByPage, { token, query: { pageSize: 100 } }));
    const item = mine.obj.list.find((e) => e.id === fx.open)!;
    expect(item.mine).toMatchObject({ attemptsUsed: 1, attemptsAllowed: 2, openAttemptId: expect.any(Number), refusal: null });
    expect(mine.obj.list.find((e) => e.id === fx.upcoming)!.mine!.refusal).toMatch(/^考试尚未开始/);
    expect(mine.obj.list.find((e) => e.id === fx.ofInstall)!.mine!.refusal).toBe(EXAM_MSG.notJoined('考试测试专题'));
    const visitor = obj<{ list: K.ExamItem[] }>(await t.call(K.findExamOnlineByPage, { query: { pageSize: 100 } }));
    expect(visitor.obj.list.every((e) => e.mine === null)).toBe(true);
    expect(visitor.obj.list.some((e) => e.id === fx.ended)).toBe(false);
    const withEnded = obj<{ list: K.ExamItem[] }>(await t.call(K.findExamOnlineByPage, { token, query: { pageSize: 100, ended: 'true' } }));
    const states = withEnded.obj.list.map((e) => e.state);
    expect(states.indexOf('ended')).toBeGreaterThan(states.lastIndexOf('upcoming'));
    expect(withEnded.obj.list.find((e) => e.id === fx.ended)!.mine!.refusal).toMatch(/^考试已于/);
  });

  it('tells for each exam whether I may take it and, if not, why: the kind for the label and the sentence the start refuses with', async () => {
    const token = await t.login('13900010191');
    const list = async (who = token) => new Map(obj<{ list: K.ExamItem[] }>(await t.call(K.findExamOnlineByPage, { token: who, query: { pageSize: 100, ended: 'true' } })).obj.list.map((e) => [e.id, e.mine!]));
    const refusedWith = async (examId: number, who = token) => (await start(who, examId)).resMsg;
    let mine = await list();
    expect(mine.get(fx.open)).toMatchObject({ blocked: null, refusal: null, openAttemptId: null, installId: null });
    for (const [examId, blocked] of [
      [fx.upcoming, 'notStarted'],
      [fx.ended, 'ended'],
      [fx.ofInstall, 'notJoined'],
      // A topic's exam that is over: 已结束, not 未报名 (enrolling now would not help).
      [fx.endedOfInstall, 'ended'],
    ] as const) {
      expect(mine.get(examId), blocked).toMatchObject({ blocked, refusal: await refusedWith(examId) });
    }
    expect(mine.get(fx.ofInstall)!.installId).toBe(fx.install);

    // An open attempt: nothing blocks (继续考试); all attempts used: 次数已用完.
    const a = await started(token, fx.once);
    expect((await list()).get(fx.once)).toMatchObject({ blocked: null, refusal: null, openAttemptId: a.attemptId });
    await submit(token, a.attemptId);
    mine = await list();
    expect(mine.get(fx.once)).toMatchObject({ blocked: 'noAttemptsLeft', refusal: await refusedWith(fx.once), openAttemptId: null });

    // Enrolled, the topic's exam opens.
    expect(obj(await t.call(L.installApply, { token, query: { installId: fx.install } })).res).toBe(true);
    expect((await list()).get(fx.ofInstall)).toMatchObject({ blocked: null, refusal: null });

    // A training-class account without the exam right: every exam says so.
    const trainee = await t.login('13800000002');
    const theirs = await list(trainee);
    expect(new Set([...theirs.values()].map((m) => m.blocked))).toEqual(new Set(['noRight']));
    expect(theirs.get(fx.open)!.refusal).toBe(await refusedWith(fx.open, trainee));
  });
});

describe('practice tests', () => {
  it('draws random questions without answers, grades at once with explanations, records, once only', async () => {
    const token = await t.login('13900010195');
    const paper = obj<E.PracticePaper>(await t.call(E.findExamTestQuestions, { token, query: { count: 5 } }));
    expect(paper.obj.questions).toHaveLength(5);
    expect(JSON.stringify(paper.obj)).not.toContain('explanation');
    const [one] = await t.db.select().from(questions).where(eq(questions.id, paper.obj.questions[0]!.questionId));
    const right = one!.answer;
    const result = obj<E.PracticeResult>(await t.call(E.saveExamTestRecord, { token, body: { testId: paper.obj.testId, answers: [{ questionId: one!.id, answer: right.slice(0, 1).concat(one!.type === 'multiple' ? right.slice(1) : []) }] } }));
    expect(result.obj).toMatchObject({ score: 1, correctCount: 1, totalScore: 5 });
    expect(result.obj.items[0]).toMatchObject({ correct: right, explanation: one!.explanation, earned: 1 });
    const again = obj<E.PracticeResult>(await t.call(E.saveExamTestRecord, { token, body: { testId: paper.obj.testId, answers: [] } }));
    expect(again.obj).toEqual(result.obj);
    const stranger = await t.login('13900010196');
    expect(obj(await t.call(E.saveExamTestRecord, { token: stranger, body: { testId: paper.obj.testId, answers: [] } })).resMsg).toBe(EXAM_MSG.practiceMissing);
    const [row] = await t.db.select().from(practiceTests).where(eq(practiceTests.id, paper.obj.testId));
    expect(row!.score).toBe(1);
    expect((await t.call(E.findExamTestQuestions, { token, query: { count: 500 } })).status).toBe(400);
  });
});

describe('the demo exams', () => {
  it('has a bank of every type and subject, exams open, ended and upcoming, and a 2-minute exam', async () => {
    const bank = await t.db.select({ bank: questions.bank, type: questions.type }).from(questions).where(sql`${questions.bank} <> ${BANK}`);
    for (const subject of E.QUESTION_BANKS) for (const type of E.QUESTION_TYPES) expect(bank.some((b) => b.bank === subject && b.type === type), `${subject} ${type}`).toBe(true);
    const { install: _install, ...fixtureExams } = fx;
    const all = (await t.db.select().from(exams)).filter((e) => !Object.values(fixtureExams).includes(e.id));
    const now = Date.now();
    expect(all.some((e) => e.startAt.getTime() < now && e.endAt.getTime() > now)).toBe(true);
    expect(all.some((e) => e.endAt.getTime() < now)).toBe(true);
    expect(all.some((e) => e.startAt.getTime() > now)).toBe(true);
    expect(all.some((e) => e.durationMinutes === 2 && e.installId === null && e.endAt.getTime() > now)).toBe(true);
    const perInstall = new Map<number, number>();
    for (const e of all) if (e.installId !== null) perInstall.set(e.installId, (perInstall.get(e.installId) ?? 0) + 1);
    expect(Math.max(...perInstall.values())).toBeGreaterThanOrEqual(2);
    const [withoutQuestions] = await t.db.execute(sql`select count(*)::int as n from exams e where e.selection = 'fixed' and not exists (select 1 from exam_questions q where q.exam_id = e.id)`).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(withoutQuestions!.n).toBe(0);
    const token = await t.login('13800000001');
    for (const e of all.filter((x) => x.installId === null && x.startAt.getTime() < now && x.endAt.getTime() > now)) {
      const paper = await started(token, e.id);
      expect(paper.rules.totalScore, e.title).toBe(100);
    }
  });
});

describe("a topic's 结业考试 is part of its completion", () => {
  /** A topic with one 1-学时 course of a 20-second video and a 结业考试 that decides completion. */
  async function topicWithFinal(title: string) {
    const now = Date.now();
    const [year] = await t.db.select().from(trainingYears).where(eq(trainingYears.year, 2098));
    const [install] = await t.db
      .insert(installs)
      .values({ yearId: year!.id, title, kind: 'special', applyStart: new Date(now - day), applyEnd: new Date(now + day), startAt: new Date(now - day), endAt: new Date(now + 30 * day), requiredHours: 1 })
      .returning();
    const [cat] = await t.db.insert(categories).values({ name: `${title}分类` }).returning();
    const [course] = await t.db.insert(courses).values({ title: `${title}课程`, lecturer: '讲师', categoryId: cat!.id, creditHours: 1, status: 'offline' }).returning();
    const [video] = await t.db.insert(courseResources).values({ courseId: course!.id, title: '第一讲', kind: 'video', durationSeconds: 20, mediaUrl: '/media/v.mp4' }).returning();
    const [plan] = await t.db.insert(plans).values({ installId: install!.id, title: '必修', requiredHours: 1 }).returning();
    await t.db.insert(planCourses).values({ planId: plan!.id, courseId: course!.id, required: true });
    const [exam] = await t.db
      .insert(exams)
      .values({ title: `${title}结业考试`, installId: install!.id, decidesCompletion: true, startAt: new Date(now - day), endAt: new Date(now + day), durationMinutes: 30, passScore: 60, attemptsAllowed: 2, review: 'afterSubmit' })
      .returning();
    await t.db.insert(examQuestions).values([q.single, q.judge, q.fill].map((questionId, i) => ({ examId: exam!.id, questionId, sort: i, score: [40, 30, 30][i]! })));
    return { install: install!.id, video: video!.id, exam: exam!.id };
  }
  const right: Record<string, string[]> = {};
  beforeAll(() => {
    Object.assign(right, { [q.single]: ['B'], [q.judge]: ['T'], [q.fill]: ['人民'] });
  });
  async function takeExam(token: string, examId: number, correct: boolean) {
    const paper = await started(token, examId);
    let seq = 0;
    for (const x of paper.questions) await save(token, paper.attemptId, x.questionId, correct ? right[x.questionId]! : ['A'], ++seq);
    return (await submit(token, paper.attemptId)).obj;
  }
  async function studyToTheEnd(token: string, resourceId: number) {
    const s = obj<L.StudySession>(await t.call(L.findStudyResourceTime, { token, query: { resourceId } })).obj;
    await t.db.update(studySessions).set({ creditFrom: sql`date_trunc('milliseconds', now() - interval '60 seconds')` }).where(eq(studySessions.id, Number(s.sessionId)));
    const r = obj<L.ReportResult>(await t.call(L.updateStudyResourceTime, { token, body: { reportId: crypto.randomUUID(), sessionId: s.sessionId, position: 20, playedSeconds: 20, clientTime: new Date().toISOString(), event: 'end' } }));
    expect(r.obj.courseCompletedAt).not.toBeNull();
  }
  const enrolmentOf = async (token: string, installId: number) => obj<L.InstallDetail>(await t.call(L.findCoursePlan, { token, query: { installId } })).obj.install.enrolment;

  it('hours earned first: the topic completes when the 结业考试 is passed, not before and not on a failed attempt', async () => {
    const fx2 = await topicWithFinal('结业规则专题甲');
    const token = await t.login('13900010192');
    await t.call(L.installApply, { token, query: { installId: fx2.install } });
    await studyToTheEnd(token, fx2.video);
    expect(await enrolmentOf(token, fx2.install)).toBe('applied');
    expect((await takeExam(token, fx2.exam, false)).passed).toBe(false);
    expect(await enrolmentOf(token, fx2.install)).toBe('applied');
    expect((await takeExam(token, fx2.exam, true)).passed).toBe(true);
    expect(await enrolmentOf(token, fx2.install)).toBe('completed');
  });

  it('exam passed first: the topic completes when the hours are earned; the topic page lists its exam with my standing', async () => {
    const fx2 = await topicWithFinal('结业规则专题乙');
    const token = await t.login('13900010193');
    await t.call(L.installApply, { token, query: { installId: fx2.install } });
    expect((await takeExam(token, fx2.exam, true)).passed).toBe(true);
    expect(await enrolmentOf(token, fx2.install)).toBe('applied');
    await studyToTheEnd(token, fx2.video);
    expect(await enrolmentOf(token, fx2.install)).toBe('completed');
    const listed = obj<{ list: K.ExamItem[] }>(await t.call(K.findExamOnlineByPage, { token, query: { installId: fx2.install } }));
    expect(listed.obj.list).toHaveLength(1);
    expect(listed.obj.list[0]).toMatchObject({ id: fx2.exam, decidesCompletion: true, mine: { passed: true } });
  });
});
