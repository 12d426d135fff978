/**
 * Two reviews of one hand-in at the same moment, on two app instances over one database (each its own
 * connection pool on PostgreSQL; on the embedded PGlite both share its one connection): for every pair
 * of review paths — the class page's review, the review queue's held review, the queue's batch pass,
 * by one teacher in two tabs or by two teachers of the class — exactly one wins, the other is refused
 * with a sentence saying what happened (never a 500), and the review that stands is the winner's.
 * A held review that wins becomes final through the sweep, as the winner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { review as R, teacher as T, work as W, type CallDef } from '@portal/contract';
import { createTestApp, DEMO_PASSWORDS, type TestApp } from '../../test/harness.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { openTestDatabase } from '../../db/testing.ts';
import { classMembers, persons, workReviews, workSubmissions, works, workVersions } from '../../db/schema/index.ts';

const M = W.WORK_MSG;
const ROUNDS = 5;

let a: TestApp;
let b: TestApp;
let teacher: string;
let coTeacher: string;
let teacherId: number;
let coTeacherId: number;
let classId: number;
let members: number[];

type Answer = { status: number; json: Record<string, unknown> };

/** The second instance: its own pool on the first one's schema (PostgreSQL), or the same embedded database. */
async function secondInstance(first: Database): Promise<TestApp> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return createTestApp({}, {}, { database: { ...first, close: async () => undefined }, seed: false });
  const result = (await first.db.execute(sql`select current_schema() as s`)) as unknown as { rows: { s: string }[] };
  const database = await openDatabase({ url, searchPath: result.rows[0]!.s, poolSize: 4 });
  return createTestApp({}, {}, { database, seed: false });
}

beforeAll(async () => {
  const database = await openTestDatabase();
  a = await createTestApp({}, {}, { database, seed: true });
  b = await secondInstance(database);
  [teacher, coTeacher] = await Promise.all([a.login('13800000004', DEMO_PASSWORDS.teacher), b.login('13700000002', DEMO_PASSWORDS.teacher)]);
  const idOf = async (mobile: string) => (await a.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, mobile)))[0]!.id;
  [teacherId, coTeacherId] = await Promise.all([idOf('13800000004'), idOf('13700000002')]);
  // A class both teachers teach.
  const classesOf = async (token: string) => ((await a.call(T.findClass, { token })).json.obj as T.ClassSummary[]).map((c) => c.id);
  const theirs = new Set(await classesOf(coTeacher));
  classId = (await classesOf(teacher)).find((id) => theirs.has(id))!;
  members = (await a.db.select({ id: classMembers.personId }).from(classMembers).where(eq(classMembers.classId, classId))).map((m) => m.id);
  expect(members.length).toBeGreaterThanOrEqual(2);
}, 600_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** A fresh assignment with two hand-ins (version 1) awaiting review. */
async function twoHandIns(): Promise<[number, number]> {
  const [w] = await a.db
    .insert(works)
    .values({ classId, kind: 'homework', title: '同时批阅', requirement: '谈体会', dueAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: works.id });
  const ids: number[] = [];
  for (const personId of members.slice(0, 2)) {
    const now = new Date();
    const [s] = await a.db
      .insert(workSubmissions)
      .values({ workId: w!.id, personId, state: 'submitted', version: 1, text: '学习体会正文', wordCount: 6, submittedAt: now })
      .returning({ id: workSubmissions.id });
    await a.db.insert(workVersions).values({ submissionId: s!.id, version: 1, text: '学习体会正文', attachmentIds: [], wordCount: 6, late: false, submittedAt: now, state: 'submitted' });
    ids.push(s!.id);
  }
  return [ids[0]!, ids[1]!];
}

/** The review as stored, once any review held in the queue has been made final by a sweep (of either instance). */
async function storedReview(submissionId: number) {
  const live = and(eq(workReviews.submissionId, submissionId), sql`${workReviews.appliedAt} is null and ${workReviews.undoneAt} is null`);
  await a.db.update(workReviews).set({ finalAt: sql`now() - interval '1 second'` }).where(live);
  await expect.poll(async () => (await a.db.select({ id: workReviews.id }).from(workReviews).where(live)).length, { timeout: 10_000, interval: 100 }).toBe(0);
  const [s] = await a.db.select({ state: workSubmissions.state, score: workSubmissions.score, examinedBy: workSubmissions.examinedBy }).from(workSubmissions).where(eq(workSubmissions.id, submissionId));
  // Exactly one review applied to the version, and none lapsed: the held one that won was not overtaken.
  const reviews = await a.db.select({ applied: workReviews.appliedAt, undone: workReviews.undoneAt }).from(workReviews).where(eq(workReviews.submissionId, submissionId));
  expect(reviews.filter((r) => r.undone !== null)).toEqual([]);
  return s!;
}

type Verdict = { state: 'passed' | 'returned'; score: number | null; examinedBy: number };
interface Contender {
  name: string;
  app: () => TestApp;
  call: CallDef;
  token: () => string;
  body: (x: number, y: number) => unknown;
  /** What it writes on the hand-in `x` when it wins. */
  verdict: () => Verdict;
  /** The sentences it may be refused with when it loses. */
  refusals: string[];
}

const single = (who: 'teacher' | 'coTeacher', on: 'a' | 'b', score: number): Contender => ({
  name: `class page (${who})`,
  app: () => (on === 'a' ? a : b),
  call: W.examineWork,
  token: () => (who === 'teacher' ? teacher : coTeacher),
  body: (x) => ({ classId, submissionId: x, version: 1, decision: 'pass', score }),
  verdict: () => ({ state: 'passed', score, examinedBy: who === 'teacher' ? teacherId : coTeacherId }),
  refusals: [M.notPending, M.reviewedByOther, M.heldInQueue],
});
const queued = (who: 'teacher' | 'coTeacher', on: 'a' | 'b', comment: string): Contender => ({
  name: `review queue (${who})`,
  app: () => (on === 'a' ? a : b),
  call: R.reviewFromQueue,
  token: () => (who === 'teacher' ? teacher : coTeacher),
  body: (x) => ({ submissionId: x, version: 1, decision: 'return', comment }),
  verdict: () => ({ state: 'returned', score: null, examinedBy: who === 'teacher' ? teacherId : coTeacherId }),
  refusals: [M.notPending, M.reviewedByOther, M.heldInQueue],
});
const batch = (who: 'teacher' | 'coTeacher', on: 'a' | 'b', score: number): Contender => ({
  name: `batch pass (${who})`,
  app: () => (on === 'a' ? a : b),
  call: R.passReviewBatch,
  token: () => (who === 'teacher' ? teacher : coTeacher),
  body: (x, y) => ({ items: [x, y].map((submissionId) => ({ submissionId, version: 1 })), score }),
  verdict: () => ({ state: 'passed', score, examinedBy: who === 'teacher' ? teacherId : coTeacherId }),
  refusals: [R.REVIEW_MSG.batchNotPending],
});

const PAIRS: [string, Contender, Contender][] = [
  ['single / single (two tabs)', single('teacher', 'a', 91), single('teacher', 'b', 62)],
  ['single / single (two teachers)', single('teacher', 'a', 91), single('coTeacher', 'b', 62)],
  ['single / batch', single('teacher', 'a', 91), batch('teacher', 'b', 73)],
  ['batch / batch (two teachers)', batch('teacher', 'a', 84), batch('coTeacher', 'b', 73)],
  ['queue hold / single', queued('teacher', 'a', '请联系本岗位实际补充。'), single('coTeacher', 'b', 62)],
  ['queue hold / batch', queued('teacher', 'a', '请联系本岗位实际补充。'), batch('coTeacher', 'b', 73)],
  ['queue hold / queue hold (two teachers)', queued('teacher', 'a', '请联系本岗位实际补充。'), queued('coTeacher', 'b', '请补充具体举措。')],
];

describe('two reviews of one hand-in at once, on two instances', { timeout: 120_000 }, () => {
  it.each(PAIRS)('%s: one wins, the other is told, the winner’s review stands', async (_name, first, second) => {
    const winners = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const [x, y] = await twoHandIns();
      // Alternate who is sent first, so each side gets its turn at winning.
      const [p, q] = round % 2 === 0 ? [first, second] : [second, first];
      const answers: Answer[] = await Promise.all([p, q].map((c) => c.app().call(c.call, { token: c.token(), body: c.body(x, y) })));
      const contenders = round % 2 === 0 ? [first, second] : [second, first];
      const why = `${_name}, round ${round}: ${JSON.stringify(answers)}`;
      expect(answers.map((r) => r.status), why).toEqual([200, 200]);
      const won = answers.map((r) => r.json.res === true);
      expect(won.filter(Boolean), why).toHaveLength(1);
      const winner = contenders[won.indexOf(true)]!;
      const loser = contenders[won.indexOf(false)]!;
      expect(loser.refusals, why).toContain(answers[won.indexOf(false)]!.json.resMsg);
      winners.add(winner.name);
      expect(await storedReview(x), why).toEqual(winner.verdict());
    }
    expect(winners.size).toBeGreaterThan(0);
  });

  it('a hand-in held in the undo window is refused to every other path, on either instance, and the hold then becomes final as the winner', async () => {
    const [x, y] = await twoHandIns();
    const held = await a.call(R.reviewFromQueue, { token: teacher, body: { submissionId: x, version: 1, decision: 'pass', score: 88, comment: '' } });
    expect(held.json.res).toBe(true);
    for (const app of [a, b]) {
      for (const token of [teacher, coTeacher]) {
        expect((await app.call(W.examineWork, { token, body: { classId, submissionId: x, version: 1, decision: 'pass', score: 60 } })).json.resMsg).toBe(M.heldInQueue);
        expect((await app.call(R.reviewFromQueue, { token, body: { submissionId: x, version: 1, decision: 'pass', score: 60 } })).json.resMsg).toBe(M.heldInQueue);
        expect((await app.call(R.passReviewBatch, { token, body: { items: [x, y].map((submissionId) => ({ submissionId, version: 1 })), score: 60 } })).json.resMsg).toBe(R.REVIEW_MSG.batchNotPending);
      }
    }
    expect(await storedReview(x)).toEqual({ state: 'passed', score: 88, examinedBy: teacherId });
    const [other] = await a.db.select({ state: workSubmissions.state }).from(workSubmissions).where(inArray(workSubmissions.id, [y]));
    expect(other!.state).toBe('submitted');
  });
});
