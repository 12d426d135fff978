/**
 * Writing a review: the one place that records a teacher's verdict on a handed-in version and tells
 * the learner, used by the class area's review (at once) and by the review queue (when its undo
 * window has passed). The caller holds the submission's row lock and has checked it awaits review.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bookTitle, type work as W } from '@portal/contract';
import type { Tx } from '../../db/client.ts';
import { postMessage } from '../inbox/service.ts';
import { workReviews, workSubmissions, workVersions, type works } from '../../db/schema/work.ts';

type WorkRow = typeof works.$inferSelect;

/** Writes the learner a class message (their 我的消息, kept by modules/inbox). */
export async function notifyLearner(tx: Tx, m: { classId: number; senderId: number; personId: number; title: string; content: string }) {
  await postMessage(tx, { classId: m.classId, senderId: m.senderId, title: m.title, content: m.content }, [{ personId: m.personId }]);
}

export interface Verdict {
  outcome: 'passed' | 'returned';
  score: number | null;
  comment: string;
  teacherId: number;
  /** When the teacher decided. */
  at: Date;
}

/** The version's and the submission's review, and the learner's message about it. */
export async function applyReview(tx: Tx, s: { id: number; version: number; personId: number }, w: WorkRow, v: Verdict) {
  const result = { state: v.outcome, score: v.score, comment: v.comment, examinedBy: v.teacherId, examinedAt: v.at };
  await tx
    .update(workVersions)
    .set(result)
    .where(and(eq(workVersions.submissionId, s.id), eq(workVersions.version, s.version)));
  await tx.update(workSubmissions).set(result).where(eq(workSubmissions.id, s.id));
  const kind: W.WorkKind = w.kind;
  const what = kind === 'homework' ? '作业' : '实践报告';
  const verdict = kind === 'homework' ? (v.outcome === 'passed' ? '已通过' : '已退回修改') : v.outcome === 'passed' ? '审核通过' : '已驳回';
  const parts = [`您提交的${what}${bookTitle(w.title)}（第${s.version}次提交）${verdict}。`];
  if (v.score !== null) parts.push(`成绩：${v.score}分。`);
  if (v.comment) parts.push(`${kind === 'practice' && v.outcome === 'returned' ? '驳回理由' : '评语'}：${v.comment}`);
  if (v.outcome === 'returned') parts.push('请修改后重新提交。');
  await notifyLearner(tx, { classId: w.classId, senderId: v.teacherId, personId: s.personId, title: `${what}${verdict}：${w.title}`.slice(0, 50), content: parts.join('').slice(0, 500) });
  return result;
}

/** A review of this submission held in its undo window (a hand-in under it must not be reviewed again). */
export const heldReviewOf = (submissionId: SQLColumn) =>
  sql`exists (select 1 from ${workReviews} where ${workReviews.submissionId} = ${submissionId} and ${workReviews.appliedAt} is null and ${workReviews.undoneAt} is null)`;
type SQLColumn = typeof workSubmissions.id;

/**
 * The reviews held in their undo window on these submissions, by submission: the teacher who made each.
 * Read in its own statement AFTER the submissions' rows are locked: every review path locks the row
 * before it writes, so this statement's snapshot (READ COMMITTED takes one per statement) holds the
 * review of whoever had the lock before. The `heldReviewOf` of the locking statement itself cannot
 * be trusted for that: PostgreSQL re-reads the locked row when it was waited for, not the subquery.
 */
export async function heldReviewsOn(tx: Tx, submissionIds: number[]): Promise<Map<number, number>> {
  const rows = await tx
    .select({ submissionId: workReviews.submissionId, teacherId: workReviews.teacherId })
    .from(workReviews)
    .where(and(inArray(workReviews.submissionId, submissionIds), isNull(workReviews.appliedAt), isNull(workReviews.undoneAt)));
  return new Map(rows.map((r) => [r.submissionId, r.teacherId]));
}
