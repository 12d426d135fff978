/**
 * The review queue (批阅中心, contract: calls/review.ts): every hand-in awaiting one teacher's review
 * across their classes, reviews made from it held for an undo window, batch passes, and the sweep
 * that makes held reviews final. Part of modules/work (it reads and writes only the work tables and,
 * through `applyReview`, the learner's message); who teaches which class comes from modules/teacher
 * and modules/reports (`classesOf`, `access`), as for every class-area call.
 *
 * Rights: every item named is resolved to its class on the server and refused unless the caller
 * teaches it — before any row is locked, so a foreign item in a batch refuses the batch untouched.
 * A held review lives in `work_reviews` with a `final_at` from the database's clock (the one clock of
 * every instance): undo compares with it under the row lock, and the sweep takes due reviews with
 * FOR UPDATE SKIP LOCKED, so each is applied exactly once whichever instances run it.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { review as R, work as W } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { organs, persons } from '../../db/schema/people.ts';
import { workReviews, workSubmissions, works } from '../../db/schema/work.ts';
import type { Caller } from '../../http/auth.ts';
import { Refusal } from '../../http/errors.ts';
import { iso, offsetOf, type Page, type PageQuery } from '../../lib/listing.ts';
import type { Platform } from '../platform/service.ts';
import type { ClassRow } from '../reports/service.ts';
import type { ClassAccess } from '../teacher/service.ts';
import { applyReview, heldReviewOf, heldReviewsOn } from './review.ts';

const M = W.WORK_MSG;
/** How often each instance makes due reviews final: a learner hears of a review within this of its window's end. */
export const REVIEW_SWEEP_MS = 1000;

export interface ReviewQueueDeps {
  db: Db;
  platform: Platform;
  classesOf: (teacherId: number) => Promise<ClassRow[]>;
  /** The class area's access check (refuses and audits a class the caller does not teach). */
  access: (caller: Caller, classId: number, ip: string, what: string) => Promise<ClassAccess>;
  /** Seconds a review from the queue may be undone before it is final (REVIEW_UNDO_SECONDS). */
  undoSeconds: number;
}

/** What is waiting: submitted, and not under a review held in its undo window. */
const waiting = (): SQL => and(eq(workSubmissions.state, 'submitted'), sql`not ${heldReviewOf(workSubmissions.id)}`)!;

type Verdict = { outcome: 'passed' | 'returned'; score: number | null; comment: string };

export function makeReviewQueue({ db, platform, classesOf, access, undoSeconds }: ReviewQueueDeps) {
  /** Each assignment of the teacher's classes with hand-ins waiting, and how many, oldest waiting first. */
  async function waitingWorks(classes: ClassRow[]): Promise<R.QueueWork[]> {
    if (classes.length === 0) return [];
    const names = new Map(classes.map((c) => [c.id, c.name]));
    const rows = await db
      .select({ workId: works.id, workTitle: works.title, kind: works.kind, classId: works.classId, dueAt: works.dueAt, waiting: sql<number>`count(*)`.mapWith(Number), oldest: sql`min(${workSubmissions.submittedAt})` })
      .from(workSubmissions)
      .innerJoin(works, eq(works.id, workSubmissions.workId))
      .where(and(inArray(works.classId, [...names.keys()]), waiting()))
      .groupBy(works.id)
      .orderBy(sql`min(${workSubmissions.submittedAt})`, asc(works.id));
    return rows.map(({ oldest: _o, dueAt, ...r }) => ({ ...r, dueAt: iso(dueAt), className: names.get(r.classId) ?? '' }));
  }

  const audit = (teacher: Caller, ip: string, event: string, target: string, outcome: 'success' | 'failure', detail: Record<string, unknown>) =>
    platform.audit({ personId: teacher.personId, ip, event, target, outcome, detail });

  /**
   * Holds one verdict on each item (the version the teacher read), all or none. Rights first, from
   * rows read without a lock (an assignment's class never changes): one item that is not of the
   * caller's classes refuses everything before anything is locked.
   */
  async function hold(teacher: Caller, ip: string, items: { submissionId: number; version: number }[], v: Verdict, batch: boolean): Promise<R.HeldReviews> {
    const call = batch ? 'passReviewBatch' : 'reviewFromQueue';
    const ids = [...new Set(items.map((i) => i.submissionId))].sort((a, b) => a - b);
    const refuse = async (message: string, detail: Record<string, unknown>): Promise<never> => {
      await audit(teacher, ip, `teacher.${call}`, `submission:${ids.join(',')}`, 'failure', { ...detail, reason: message });
      throw new Refusal(message);
    };
    const mine = new Set((await classesOf(teacher.personId)).map((c) => c.id));
    const found = await db
      .select({ id: workSubmissions.id, version: workSubmissions.version, classId: works.classId })
      .from(workSubmissions)
      .innerJoin(works, eq(works.id, workSubmissions.workId))
      .where(inArray(workSubmissions.id, ids));
    const foreign = ids.filter((id) => {
      const f = found.find((r) => r.id === id);
      return !f || f.version === 0 || !mine.has(f.classId);
    });
    if (foreign.length > 0) {
      // The class area's refusal: audited as an access refused, naming what was asked for.
      await audit(teacher, ip, 'teacher.access', `submission:${foreign.join(',')}`, 'failure', { call, reason: 'notYourClass', submissionIds: ids });
      throw new Refusal(batch ? R.REVIEW_MSG.notYours : R.REVIEW_MSG.notYourItem);
    }
    const versionOf = new Map(items.map((i) => [i.submissionId, i.version]));
    const outcome = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ s: workSubmissions, w: works })
        .from(workSubmissions)
        .innerJoin(works, eq(works.id, workSubmissions.workId))
        .where(inArray(workSubmissions.id, ids))
        .orderBy(asc(workSubmissions.id))
        .for('update', { of: workSubmissions });
      if (batch && new Set(rows.map((r) => r.w.id)).size > 1) return R.REVIEW_MSG.batchOneWork;
      const kind = rows[0]!.w.kind;
      if (kind === 'practice' && v.score !== null) return R.REVIEW_MSG.practiceNoScore;
      if (kind === 'homework' && v.outcome === 'passed' && v.score === null) return M.scoreRequired;
      if (v.outcome === 'returned' && !v.comment) return kind === 'practice' ? M.rejectCommentRequired : M.commentRequired;
      // Read after the lock, in a statement of its own: a hold committed by whoever had the lock before is seen (review.ts).
      const held = await heldReviewsOn(tx, rows.map((r) => r.s.id));
      for (const r of rows) {
        if (batch && (r.s.state !== 'submitted' || held.has(r.s.id))) return R.REVIEW_MSG.batchNotPending;
        if (held.has(r.s.id)) return M.heldInQueue;
        if (r.s.state !== 'submitted') return r.s.examinedBy !== null && r.s.examinedBy !== teacher.personId ? M.reviewedByOther : M.notPending;
        if (r.s.version !== versionOf.get(r.s.id)) return M.versionChanged;
      }
      const inserted = await tx
        .insert(workReviews)
        .values(rows.map((r) => ({ submissionId: r.s.id, version: r.s.version, ...v, teacherId: teacher.personId, classId: r.w.classId, finalAt: sql`now() + ${undoSeconds} * interval '1 second'` })))
        .returning({ reviewId: workReviews.id, submissionId: workReviews.submissionId, finalAt: workReviews.finalAt });
      return { rows, held: inserted };
    });
    if (typeof outcome === 'string') return refuse(outcome, { submissionIds: ids });
    // Each item audited on its own, as the class area's review is.
    for (const r of outcome.rows) {
      const h = outcome.held.find((x) => x.submissionId === r.s.id)!;
      await audit(teacher, ip, r.w.kind === 'homework' ? 'teacher.examineWork' : 'teacher.auditPractice', `submission:${r.s.id}`, 'success', {
        via: call,
        reviewId: h.reviewId,
        classId: r.w.classId,
        workId: r.w.id,
        personId: r.s.personId,
        version: r.s.version,
        state: v.outcome,
        score: v.score,
        finalAt: iso(h.finalAt),
        ...(batch ? { batchSize: outcome.rows.length } : {}),
      });
    }
    return { reviews: outcome.held.map(({ reviewId, submissionId }) => ({ reviewId, submissionId })), finalAt: iso(outcome.held[0]!.finalAt), undoSeconds };
  }

  return {
    async queue(teacher: Caller, ip: string, f: R.QueueFilter, q: PageQuery): Promise<Page<R.QueueItem> & { waiting: number; works: R.QueueWork[] }> {
      // A class named in the filter is checked as the class area checks it (refused and audited when not the caller's).
      if (f.classId !== undefined) await access(teacher, f.classId, ip, 'findReviewQueue');
      const list = await waitingWorks(await classesOf(teacher.personId));
      const chosen = list.filter((w) => (f.classId === undefined || w.classId === f.classId) && (f.workId === undefined || w.workId === f.workId) && (f.kind === undefined || w.kind === f.kind));
      const page = { pageNum: q.pageNum, pageSize: q.pageSize, waiting: list.reduce((n, w) => n + w.waiting, 0), works: list };
      if (chosen.length === 0) return { ...page, list: [], total: 0 };
      const byWork = new Map(chosen.map((w) => [w.workId, w]));
      // The page's hand-ins first (the waiting index, no join), then only their people: joining every
      // waiting row's person before the sort cost 2,000 lookups for a page of 20.
      const subs = await db
        .select({ id: workSubmissions.id, version: workSubmissions.version, workId: workSubmissions.workId, personId: workSubmissions.personId, submittedAt: workSubmissions.submittedAt, late: workSubmissions.late, wordCount: workSubmissions.wordCount, attachmentIds: workSubmissions.attachmentIds })
        .from(workSubmissions)
        .where(and(inArray(workSubmissions.workId, [...byWork.keys()]), waiting()))
        .orderBy(asc(workSubmissions.submittedAt), asc(workSubmissions.id))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      const people = new Map(
        subs.length === 0
          ? []
          : (
              await db
                .select({ personId: persons.personId, personNo: persons.personNo, personName: persons.personName, organName: sql<string>`coalesce(${organs.name}, '')` })
                .from(persons)
                .leftJoin(organs, eq(organs.id, persons.organId))
                .where(inArray(persons.personId, subs.map((s) => s.personId)))
            ).map((p) => [p.personId, p]),
      );
      const rows = subs.map((s) => ({ s, ...(people.get(s.personId) ?? { personId: s.personId, personNo: '', personName: '', organName: '' }) }));
      return {
        ...page,
        total: chosen.reduce((n, w) => n + w.waiting, 0),
        list: rows.map((r): R.QueueItem => {
          const w = byWork.get(r.s.workId)!;
          return {
            submissionId: r.s.id,
            version: r.s.version,
            kind: w.kind,
            workId: w.workId,
            workTitle: w.workTitle,
            classId: w.classId,
            className: w.className,
            personId: r.personId,
            personNo: r.personNo,
            personName: r.personName,
            organName: r.organName,
            // A submitted row always has its hand-in's time; the draft it was is the version handed in.
            submittedAt: iso(r.s.submittedAt!),
            late: r.s.late,
            wordCount: r.s.wordCount,
            attachmentCount: r.s.attachmentIds.length,
          };
        }),
      };
    },

    async count(teacher: Caller): Promise<{ waiting: number }> {
      const classIds = (await classesOf(teacher.personId)).map((c) => c.id);
      if (classIds.length === 0) return { waiting: 0 };
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(workSubmissions)
        .innerJoin(works, eq(works.id, workSubmissions.workId))
        .where(and(inArray(works.classId, classIds), waiting()));
      return { waiting: row?.n ?? 0 };
    },

    review(teacher: Caller, ip: string, body: { submissionId: number; version: number; decision: 'pass' | 'return'; score: number | null; comment: string }) {
      const score = body.score === null ? null : Math.round(body.score * 10) / 10;
      return hold(teacher, ip, [body], { outcome: body.decision === 'pass' ? 'passed' : 'returned', score, comment: body.comment }, false);
    },

    passBatch(teacher: Caller, ip: string, body: { items: { submissionId: number; version: number }[]; score: number | null; comment: string }) {
      const score = body.score === null ? null : Math.round(body.score * 10) / 10;
      return hold(teacher, ip, body.items, { outcome: 'passed', score, comment: body.comment }, true);
    },

    /** Takes back the caller's own reviews still in their window, all or none; one already undone counts as undone. */
    async undo(teacher: Caller, ip: string, reviewIds: number[]): Promise<{ undone: number }> {
      const ids = [...new Set(reviewIds)].sort((a, b) => a - b);
      const mine = new Set((await classesOf(teacher.personId)).map((c) => c.id));
      const outcome = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ r: workReviews, open: sql<boolean>`${workReviews.finalAt} > now()` })
          .from(workReviews)
          .where(inArray(workReviews.id, ids))
          .orderBy(asc(workReviews.id))
          .for('update');
        if (rows.length !== ids.length || rows.some(({ r }) => r.teacherId !== teacher.personId || !mine.has(r.classId))) return R.REVIEW_MSG.undoMissing;
        const live = rows.filter(({ r }) => r.undoneAt === null);
        if (live.some(({ r, open }) => r.appliedAt !== null || !open)) return R.REVIEW_MSG.final;
        if (live.length > 0)
          await tx
            .update(workReviews)
            .set({ undoneAt: sql`now()` })
            .where(
              inArray(
                workReviews.id,
                live.map(({ r }) => r.id),
              ),
            );
        return live.map(({ r }) => r);
      });
      if (typeof outcome === 'string') {
        await audit(teacher, ip, 'teacher.undoReview', `review:${ids.join(',')}`, 'failure', { reviewIds: ids, reason: outcome });
        throw new Refusal(outcome);
      }
      for (const r of outcome) await audit(teacher, ip, 'teacher.undoReview', `submission:${r.submissionId}`, 'success', { reviewId: r.id, classId: r.classId, version: r.version, state: r.outcome, score: r.score });
      return { undone: ids.length };
    },

    /**
     * Applies the held reviews whose window has passed: the version's review, the submission's state and
     * the learner's message, each review with its submission locked. Safe in every instance at once
     * (SKIP LOCKED: a review another instance is applying is left to it). Answers how many it applied.
     */
    async finaliseDue(limit = 100): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(workReviews)
          .where(and(sql`${workReviews.appliedAt} is null and ${workReviews.undoneAt} is null`, sql`${workReviews.finalAt} <= now()`))
          .orderBy(asc(workReviews.finalAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        for (const r of due) {
          const [row] = await tx.select({ s: workSubmissions, w: works }).from(workSubmissions).innerJoin(works, eq(works.id, workSubmissions.workId)).where(eq(workSubmissions.id, r.submissionId)).for('update', { of: workSubmissions });
          // Nothing else reviews or changes a held hand-in; should it have moved on all the same, the review lapses rather than overwrite.
          if (!row || row.s.state !== 'submitted' || row.s.version !== r.version) {
            await tx.update(workReviews).set({ undoneAt: sql`now()` }).where(eq(workReviews.id, r.id));
            continue;
          }
          await applyReview(tx, row.s, row.w, { outcome: r.outcome, score: r.score, comment: r.comment, teacherId: r.teacherId, at: r.madeAt });
          await tx.update(workReviews).set({ appliedAt: sql`now()` }).where(eq(workReviews.id, r.id));
        }
        return due.length;
      });
    },
  };
}
export type ReviewQueue = ReturnType<typeof makeReviewQueue>;
