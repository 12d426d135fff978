/**
 * The review queue (批阅中心) through the API, as a teacher's browser and an attacker's script would
 * use it: the queue's order, filters and paging across the teacher's classes; reviews held for the
 * undo window (the learner hears nothing until final), undone, refused after the window and when not
 * one's own; batch passes that are all or none, with another class's item inside refusing the batch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { review as R, teacher as T, work as W, type CallDef } from '@portal/contract';
import { createTestApp, DEMO_PASSWORDS, type TestApp } from '../../test/harness.ts';
import { auditLog, messageRecipients, persons, workReviews, workSubmissions } from '../../db/schema/index.ts';
import { TEACHER_MSG } from '../teacher/service.ts';

let t: TestApp;
let teacher: string;
let coTeacher: string;
let otherTeacher: string;
let learner: string;

type Obj<D> = { res: boolean; resMsg: string; obj: D };
type Opts = { query?: Record<string, string | number>; body?: unknown };
type Queue = { list: R.QueueItem[]; total: number; waiting: number; works: R.QueueWork[] };
async function ok<D>(c: CallDef, token: string, opts: Opts = {}): Promise<D> {
  const r = (await t.call(c, { token, ...opts })).json as Obj<D>;
  if (!r.res) throw new Error(`${c.name}: ${r.resMsg}`);
  return r.obj;
}
async function refused(c: CallDef, token: string, opts: Opts = {}): Promise<string> {
  const r = (await t.call(c, { token, ...opts })).json as Obj<unknown>;
  expect(r.res, `${c.name} should be refused`).toBe(false);
  return r.resMsg;
}
const queue = (token: string, query: Record<string, string | number> = {}) => ok<Queue>(R.findReviewQueue, token, { query: { pageSize: 100, ...query } });
const waitingCount = async (token: string) => (await ok<{ waiting: number }>(R.findReviewQueueCount, token)).waiting;
const messagesOf = async (personId: number) => (await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(messageRecipients).where(eq(messageRecipients.personId, personId)))[0]!.n;
const stateOf = async (submissionId: number) => (await t.db.select({ state: workSubmissions.state, score: workSubmissions.score }).from(workSubmissions).where(eq(workSubmissions.id, submissionId)))[0]!;
/** The window passes: the database's clock is the one the server reads, so the held reviews are moved back in it. */
const windowPasses = (reviewIds: number[]) => t.db.update(workReviews).set({ finalAt: sql`now() - interval '1 second'` }).where(inArray(workReviews.id, reviewIds));
/** Waits for the sweep (every second in every instance) to make the reviews final. */
async function finalised(reviewIds: number[]) {
  await expect
    .poll(async () => (await t.db.select({ id: workReviews.id }).from(workReviews).where(and(inArray(workReviews.id, reviewIds), sql`${workReviews.appliedAt} is not null`))).length, { timeout: 10_000, interval: 200 })
    .toBe(reviewIds.length);
}

beforeAll(async () => {
  t = await createTestApp();
  [teacher, coTeacher, otherTeacher, learner] = await Promise.all([
    t.login('13800000004', DEMO_PASSWORDS.teacher),
    t.login('13700000002', DEMO_PASSWORDS.teacher),
    t.login('13700000001', DEMO_PASSWORDS.teacher),
    t.login('13800000001'),
  ]);
});
afterAll(() => t.close());

describe('the queue', () => {
  it("holds every hand-in awaiting review in all the teacher's classes, homework and practice, oldest first, and nobody else's", async () => {
    const q = await queue(teacher);
    const classes = await ok<T.ClassSummary[]>(T.findClass, teacher);
    expect(new Set(q.list.map((i) => i.classId)).size).toBeGreaterThan(1);
    expect(q.list.every((i) => classes.some((c) => c.id === i.classId))).toBe(true);
    expect(new Set(q.list.map((i) => i.kind))).toEqual(new Set(['homework', 'practice']));
    const times = q.list.map((i) => Date.parse(i.submittedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The same count everywhere: the whole queue, its per-assignment counts, the badge, and the class area's pending counts.
    expect(q.total).toBe(q.list.length);
    expect(q.waiting).toBe(q.total);
    expect(q.works.reduce((n, w) => n + w.waiting, 0)).toBe(q.total);
    // Each assignment in the filter carries its class and due time, so two of one title are told apart.
    expect(q.works.every((w) => w.className !== '' && !Number.isNaN(Date.parse(w.dueAt)))).toBe(true);
    expect(await waitingCount(teacher)).toBe(q.total);
    const pending = await ok<{ homework: number; practice: number }[]>(W.findWorkPending, teacher);
    expect(pending.reduce((n, c) => n + c.homework + c.practice, 0)).toBe(q.total);
    // The other teacher's queue is only their own class's.
    const other = await queue(otherTeacher);
    expect(other.total).toBeGreaterThan(0);
    expect(other.list.some((i) => q.list.some((m) => m.submissionId === i.submissionId))).toBe(false);
  });

  it('is filtered by class, assignment and kind, and paged in the same order', async () => {
    const all = await queue(teacher);
    const classId = all.list.at(-1)!.classId;
    const byClass = await queue(teacher, { classId });
    expect(byClass.list.length).toBeGreaterThan(0);
    expect(byClass.list.every((i) => i.classId === classId)).toBe(true);
    expect(byClass.list).toEqual(all.list.filter((i) => i.classId === classId));
    expect(byClass.waiting).toBe(all.waiting);
    const work = all.works[0]!;
    const byWork = await queue(teacher, { workId: work.workId });
    expect(byWork.total).toBe(work.waiting);
    expect(byWork.list.every((i) => i.workId === work.workId)).toBe(true);
    const practice = await queue(teacher, { kind: 'practice' });
    expect(practice.list.length).toBeGreaterThan(0);
    expect(practice.list.every((i) => i.kind === 'practice')).toBe(true);
    const page2 = await queue(teacher, { pageSize: 3, pageNum: 2 });
    expect(page2.list.map((i) => i.submissionId)).toEqual(all.list.slice(3, 6).map((i) => i.submissionId));
    expect(page2.total).toBe(all.total);
  });

  it("refuses a class that is not the teacher's, and anybody who is not a teacher", async () => {
    const theirs = (await queue(otherTeacher)).list[0]!.classId;
    expect(await refused(R.findReviewQueue, teacher, { query: { classId: theirs } })).toBe(TEACHER_MSG.notYourClass);
    expect(await refused(R.findReviewQueue, learner)).toBe(TEACHER_MSG.notTeacher);
    expect(await refused(R.findReviewQueueCount, learner)).toBe(TEACHER_MSG.notTeacher);
    expect(await refused(R.reviewFromQueue, learner, { body: { submissionId: 1, version: 1, decision: 'pass', score: 90 } })).toBe(TEACHER_MSG.notTeacher);
  });
});

describe('reviewing from the queue', () => {
  it('is held for the undo window: out of the queue at once, the learner told nothing until it is final', async () => {
    const before = await queue(teacher, { kind: 'homework' });
    const item = before.list[0]!;
    const messages = await messagesOf(item.personId);
    const held = await ok<R.HeldReviews>(R.reviewFromQueue, teacher, { body: { submissionId: item.submissionId, version: item.version, decision: 'pass', score: 88.5, comment: '联系实际紧密，措施具体。' } });
    expect(held.undoSeconds).toBe(10);
    expect(Date.parse(held.finalAt) - Date.now()).toBeGreaterThan(5_000);
    expect((await queue(teacher)).list.some((i) => i.submissionId === item.submissionId)).toBe(false);
    expect(await waitingCount(teacher)).toBe(before.waiting - 1);
    // The class area's counts say the same at once: the teacher's pending counts and the assignment's 待批阅.
    const pendingOf = async () => (await ok<{ homework: number; practice: number }[]>(W.findWorkPending, teacher)).reduce((n, c) => n + c.homework + c.practice, 0);
    expect(await pendingOf()).toBe(before.waiting - 1);
    const assignment = async () => (await ok<W.ClassWorkItem[]>(W.findClassWork, teacher, { query: { classId: item.classId, kind: 'homework' } })).find((w) => w.id === item.workId)!;
    const waitingHere = before.works.find((w) => w.workId === item.workId)!.waiting;
    expect((await assignment()).pending).toBe(waitingHere - 1);
    // Nothing of it yet where the learner or the class area reads: still awaiting review, no message.
    expect(await stateOf(item.submissionId)).toEqual({ state: 'submitted', score: null });
    expect(await messagesOf(item.personId)).toBe(messages);
    // The class area cannot review it behind the queue's back meanwhile.
    expect(await refused(W.examineWork, teacher, { body: { classId: item.classId, submissionId: item.submissionId, version: item.version, decision: 'return', comment: '请补充' } })).toBe(W.WORK_MSG.heldInQueue);
    // Nor can it be reviewed twice from the queue.
    expect(await refused(R.reviewFromQueue, teacher, { body: { submissionId: item.submissionId, version: item.version, decision: 'pass', score: 60 } })).toBe(W.WORK_MSG.heldInQueue);

    await windowPasses(held.reviews.map((r) => r.reviewId));
    await finalised(held.reviews.map((r) => r.reviewId));
    expect(await stateOf(item.submissionId)).toEqual({ state: 'passed', score: 88.5 });
    expect(await messagesOf(item.personId)).toBe(messages + 1);
    const detail = await ok<W.SubmissionDetail>(W.findWorkSubmission, teacher, { query: { classId: item.classId, submissionId: item.submissionId } });
    expect(detail.current).toMatchObject({ state: 'passed', score: 88.5, comment: '联系实际紧密，措施具体。', examinedBy: '刘建国' });
  });

  it('can be undone within the window: back in the queue, the learner never hears of it; after the window the undo is refused', async () => {
    const item = (await queue(teacher, { kind: 'practice' })).list[0]!;
    const messages = await messagesOf(item.personId);
    const held = await ok<R.HeldReviews>(R.reviewFromQueue, teacher, { body: { submissionId: item.submissionId, version: item.version, decision: 'return', comment: '实践成效部分缺少具体数据，请补充。' } });
    const ids = held.reviews.map((r) => r.reviewId);
    expect(await ok<{ undone: number }>(R.undoReview, teacher, { body: { reviewIds: ids } })).toEqual({ undone: 1 });
    expect((await queue(teacher)).list.some((i) => i.submissionId === item.submissionId)).toBe(true);
    // An undo retried (its answer lost) is still answered as done.
    expect(await ok<{ undone: number }>(R.undoReview, teacher, { body: { reviewIds: ids } })).toEqual({ undone: 1 });
    // Undone reviews never become final.
    await windowPasses(ids);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await stateOf(item.submissionId)).toMatchObject({ state: 'submitted' });
    expect(await messagesOf(item.personId)).toBe(messages);

    // Reviewed again; the window passes; the undo comes too late, even before the sweep has applied it.
    const again = await ok<R.HeldReviews>(R.reviewFromQueue, teacher, { body: { submissionId: item.submissionId, version: item.version, decision: 'pass', score: null, comment: '' } });
    const againIds = again.reviews.map((r) => r.reviewId);
    await windowPasses(againIds);
    expect(await refused(R.undoReview, teacher, { body: { reviewIds: againIds } })).toBe(R.REVIEW_MSG.final);
    await finalised(againIds);
    expect(await refused(R.undoReview, teacher, { body: { reviewIds: againIds } })).toBe(R.REVIEW_MSG.final);
    expect(await stateOf(item.submissionId)).toMatchObject({ state: 'passed' });
    expect(await messagesOf(item.personId)).toBe(messages + 1);
    const [refusal] = await t.db.select().from(auditLog).where(eq(auditLog.event, 'teacher.undoReview')).orderBy(desc(auditLog.id)).limit(1);
    expect(refusal).toMatchObject({ outcome: 'failure' });
  });

  it("refuses to undo somebody else's review — another class's teacher or a co-teacher of the same class — and a review that does not exist", async () => {
    // A hand-in of the class the demo teacher shares with a co-teacher.
    const shared = (await queue(coTeacher)).list[0]!;
    const held = await ok<R.HeldReviews>(R.reviewFromQueue, teacher, { body: { submissionId: shared.submissionId, version: shared.version, decision: 'pass', score: 90 } });
    const ids = held.reviews.map((r) => r.reviewId);
    expect(await refused(R.undoReview, coTeacher, { body: { reviewIds: ids } })).toBe(R.REVIEW_MSG.undoMissing);
    expect(await refused(R.undoReview, otherTeacher, { body: { reviewIds: ids } })).toBe(R.REVIEW_MSG.undoMissing);
    expect(await refused(R.undoReview, teacher, { body: { reviewIds: [...ids, 99_999_999] } })).toBe(R.REVIEW_MSG.undoMissing);
    // Still held, and still the demo teacher's to undo.
    expect(await ok<{ undone: number }>(R.undoReview, teacher, { body: { reviewIds: ids } })).toEqual({ undone: 1 });
  });

  it("refuses another class's hand-in, and a score outside 0–100, a pass without one, a return without a comment, a practice report with one", async () => {
    const theirs = (await queue(otherTeacher)).list[0]!;
    expect(await refused(R.reviewFromQueue, teacher, { body: { submissionId: theirs.submissionId, version: theirs.version, decision: 'pass', score: 90 } })).toBe(R.REVIEW_MSG.notYourItem);
    const [denied] = await t.db.select().from(auditLog).where(eq(auditLog.event, 'teacher.access')).orderBy(desc(auditLog.id)).limit(1);
    expect(denied).toMatchObject({ outcome: 'failure', target: `submission:${theirs.submissionId}` });
    const q = await queue(teacher);
    const hw = q.list.find((i) => i.kind === 'homework')!;
    const pr = q.list.find((i) => i.kind === 'practice')!;
    const body = (i: R.QueueItem, extra: Record<string, unknown>) => ({ body: { submissionId: i.submissionId, version: i.version, ...extra } });
    expect(await refused(R.reviewFromQueue, teacher, body(hw, { decision: 'pass', score: 150 }))).toBe('成绩为0至100分');
    expect(await refused(R.reviewFromQueue, teacher, body(hw, { decision: 'pass', score: -1 }))).toBe('成绩为0至100分');
    expect(await refused(R.reviewFromQueue, teacher, body(hw, { decision: 'pass', score: null }))).toBe(W.WORK_MSG.scoreRequired);
    expect(await refused(R.reviewFromQueue, teacher, body(hw, { decision: 'return', comment: '  ' }))).toBe(W.WORK_MSG.commentRequired);
    expect(await refused(R.reviewFromQueue, teacher, body(hw, { decision: 'pass', score: 90, version: hw.version + 1 }))).toBe(W.WORK_MSG.versionChanged);
    expect(await refused(R.reviewFromQueue, teacher, body(pr, { decision: 'pass', score: 90 }))).toBe(R.REVIEW_MSG.practiceNoScore);
    expect(await refused(R.reviewFromQueue, teacher, body(pr, { decision: 'return' }))).toBe(W.WORK_MSG.rejectCommentRequired);
    // Nothing was held by any of them.
    expect((await queue(teacher)).total).toBe(q.total);
  });
});

describe('batch pass', () => {
  it("refuses the whole batch when one item is another class's, changing nothing", async () => {
    const mine = await queue(teacher, { kind: 'homework' });
    const work = mine.works.find((w) => w.kind === 'homework' && w.waiting >= 3)!;
    const items = (await queue(teacher, { workId: work.workId })).list.slice(0, 3);
    const theirs = (await queue(otherTeacher)).list[0]!;
    const reviewsBefore = (await t.db.select({ id: workReviews.id }).from(workReviews)).length;
    const batch = [...items, theirs].map((i) => ({ submissionId: i.submissionId, version: i.version }));
    expect(await refused(R.passReviewBatch, teacher, { body: { items: batch, score: 85, comment: '' } })).toBe(R.REVIEW_MSG.notYours);
    expect((await t.db.select({ id: workReviews.id }).from(workReviews)).length).toBe(reviewsBefore);
    expect(await waitingCount(teacher)).toBe(mine.waiting);
    expect(await waitingCount(otherTeacher)).toBeGreaterThan(0);
    for (const i of items) expect(await stateOf(i.submissionId)).toMatchObject({ state: 'submitted' });
  });

  it('refuses hand-ins of two assignments, and one no longer awaiting review', async () => {
    const q = await queue(teacher);
    const [a, b] = q.works;
    const one = q.list.find((i) => i.workId === a!.workId)!;
    const two = q.list.find((i) => i.workId === b!.workId)!;
    const items = [one, two].map((i) => ({ submissionId: i.submissionId, version: i.version }));
    expect(await refused(R.passReviewBatch, teacher, { body: { items, score: 80 } })).toBe(R.REVIEW_MSG.batchOneWork);
    const held = await ok<R.HeldReviews>(R.reviewFromQueue, teacher, { body: { submissionId: one.submissionId, version: one.version, decision: 'return', comment: one.kind === 'practice' ? '请补充实践照片。' : '请联系本岗位实际补充落实举措。' } });
    const same = q.list.filter((i) => i.workId === one.workId && i.submissionId !== one.submissionId).slice(0, 1);
    expect(await refused(R.passReviewBatch, teacher, { body: { items: [one, ...same].map((i) => ({ submissionId: i.submissionId, version: i.version })), score: one.kind === 'practice' ? null : 80 } })).toBe(R.REVIEW_MSG.batchNotPending);
    await ok(R.undoReview, teacher, { body: { reviewIds: held.reviews.map((r) => r.reviewId) } });
  });

  it('passes several hand-ins of one assignment with one score and comment: each audited, each learner told once final', async () => {
    const mine = await queue(teacher, { kind: 'homework' });
    const work = mine.works.find((w) => w.kind === 'homework' && w.waiting >= 3)!;
    const items = (await queue(teacher, { workId: work.workId })).list.slice(0, 3);
    const before = await Promise.all(items.map((i) => messagesOf(i.personId)));
    const held = await ok<R.HeldReviews>(R.passReviewBatch, teacher, { body: { items: items.map((i) => ({ submissionId: i.submissionId, version: i.version })), score: 85, comment: '结构完整，认识到位。' } });
    expect(held.reviews.map((r) => r.submissionId).sort()).toEqual(items.map((i) => i.submissionId).sort());
    expect(await waitingCount(teacher)).toBe(mine.waiting - 3);
    const audits = (await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'teacher.examineWork'), inArray(auditLog.target, items.map((i) => `submission:${i.submissionId}`))))).filter(
      (a) => (a.detail as { via?: string }).via === 'passReviewBatch',
    );
    expect(audits).toHaveLength(3);
    expect(audits.every((a) => a.outcome === 'success' && (a.detail as { batchSize?: number }).batchSize === 3)).toBe(true);
    // Nobody is told before the window ends.
    expect(await Promise.all(items.map((i) => messagesOf(i.personId)))).toEqual(before);
    await windowPasses(held.reviews.map((r) => r.reviewId));
    await finalised(held.reviews.map((r) => r.reviewId));
    expect(await Promise.all(items.map((i) => messagesOf(i.personId)))).toEqual(before.map((n) => n + 1));
    for (const i of items) expect(await stateOf(i.submissionId)).toEqual({ state: 'passed', score: 85 });
    const names = await t.db.select({ name: persons.personName }).from(persons).where(inArray(persons.personId, items.map((i) => i.personId)));
    expect(names).toHaveLength(3);
  });

  it('refuses a batch that is empty or too large, and bad input changes nothing', async () => {
    expect(await refused(R.passReviewBatch, teacher, { body: { items: [], score: 80 } })).toBe('请选择要通过的提交');
    const many = Array.from({ length: R.BATCH_MAX + 1 }, (_, i) => ({ submissionId: i + 1, version: 1 }));
    expect(await refused(R.passReviewBatch, teacher, { body: { items: many, score: 80 } })).toBe(`一次最多批量通过${R.BATCH_MAX}份`);
    expect(await refused(R.passReviewBatch, teacher, { body: { items: [{ submissionId: 'x', version: 1 }], score: 80 } })).toMatch(/提交记录编号/);
    expect(await refused(R.undoReview, teacher, { body: { reviewIds: [] } })).toBe('请选择要撤销的批阅');
  });
});
