/**
 * The writes of a learner's wrong-answer book (schema/mistakes.ts), each in its caller's transaction:
 * the exam module records a practice test here as it grades it, the mistakes service an exam attempt
 * once its answers are shown (ADR wrong-answer-book). One rule for both:
 *
 * - A wrong answer puts the question in the book (back in, if it had been taken out), counts the miss,
 *   keeps the answer and where it was given, and starts the right answers in a row again from none.
 * - A right answer in practice counts one more in a row; MASTERED_STREAK in a row takes it out.
 * - A question left unanswered changes nothing: it was not answered wrongly, nor right.
 * - An exam miss is copied when its answers are shown, possibly after the learner has practised that
 *   question since: it counts as a miss, but undoes no right answer given after it.
 */
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { mistakes as M } from '@portal/contract';
import type { Tx, Q } from '../../db/client.ts';
import type { AnsweredQuestion, BookState, ShownAttempt } from '../exam/service.ts';
import { mistakeEntries, mistakeExamAttempts } from '../../db/schema/mistakes.ts';


/** A miss into the book: where it was made and when. */
async function addMisses(tx: Tx, personId: number, misses: AnsweredQuestion[], source: M.MistakeSource, sourceTitle: string, missedAt: Date | null) {
  if (misses.length === 0) return;
  const at = missedAt ? sql`${missedAt.toISOString()}::timestamptz` : sql`now()`;
  // A miss made before the last right answer (an exam copied late) counts, and changes nothing else.
  const newer = sql`(${mistakeEntries.lastRightAt} is null or ${mistakeEntries.lastRightAt} <= excluded.last_missed_at)`;
  await tx
    .insert(mistakeEntries)
    .values(misses.map((m) => ({ personId, questionId: m.questionId, bank: m.bank, type: m.type, lastGiven: m.given, lastMissedAt: at, lastSource: source, lastSourceTitle: sourceTitle })))
    .onConflictDoUpdate({
      target: [mistakeEntries.personId, mistakeEntries.questionId],
      set: {
        missCount: sql`${mistakeEntries.missCount} + 1`,
        lastGiven: sql`case when ${newer} then excluded.last_given else ${mistakeEntries.lastGiven} end`,
        lastSource: sql`case when ${newer} then excluded.last_source else ${mistakeEntries.lastSource} end`,
        lastSourceTitle: sql`case when ${newer} then excluded.last_source_title else ${mistakeEntries.lastSourceTitle} end`,
        lastMissedAt: sql`greatest(${mistakeEntries.lastMissedAt}, excluded.last_missed_at)`,
        rightStreak: sql`case when ${newer} then 0 else ${mistakeEntries.rightStreak} end`,
        removedAt: sql`case when ${newer} then null else ${mistakeEntries.removedAt} end`,
      },
    });
}

/** Records a graded practice test (模拟练习 or 错题重练) into its learner's book; `gradedAt` (the demo seed's past) or now. */
export async function recordPractice(tx: Tx, personId: number, kind: 'random' | 'mistakes', answered: AnsweredQuestion[], gradedAt: Date | null = null): Promise<void> {
  const given = answered.filter((a) => a.given.length > 0);
  await addMisses(
    tx,
    personId,
    given.filter((a) => !a.right),
    kind === 'mistakes' ? 'redo' : 'practice',
    '',
    gradedAt,
  );
  const right = given.filter((a) => a.right).map((a) => a.questionId);
  if (right.length === 0) return;
  await tx
    .update(mistakeEntries)
    .set({
      rightStreak: sql`${mistakeEntries.rightStreak} + 1`,
      lastRightAt: gradedAt ?? sql`now()`,
      removedAt: sql`case when ${mistakeEntries.rightStreak} + 1 >= ${M.MASTERED_STREAK} then ${gradedAt ? sql`${gradedAt.toISOString()}::timestamptz` : sql`now()`} else null end`,
    })
    .where(and(eq(mistakeEntries.personId, personId), inArray(mistakeEntries.questionId, right), isNull(mistakeEntries.removedAt)));
}

/**
 * Copies an exam attempt's wrong answers into its owner's book, once: the attempt's row in
 * mistake_exam_attempts is the claim (a second instance or tab copying it at the same moment waits
 * for the first's commit, then finds it taken and copies nothing).
 */
export async function recordExamAttempt(tx: Tx, personId: number, attempt: ShownAttempt): Promise<boolean> {
  const [claimed] = await tx.insert(mistakeExamAttempts).values({ attemptId: attempt.attemptId, personId }).onConflictDoNothing().returning({ attemptId: mistakeExamAttempts.attemptId });
  if (!claimed) return false;
  await addMisses(tx, personId, attempt.wrong, 'exam', attempt.examTitle, attempt.submittedAt);
  return true;
}

/** The exam attempts of a person already in their book. */
export async function copiedAttempts(q: Q, personId: number): Promise<Set<number>> {
  const rows = await q.select({ id: mistakeExamAttempts.attemptId }).from(mistakeExamAttempts).where(eq(mistakeExamAttempts.personId, personId));
  return new Set(rows.map((r) => r.id));
}

/** How many questions are in the book, and where the given questions stand in it. */
export async function bookStateOf(q: Q, personId: number, questionIds: number[]): Promise<BookState> {
  const [[active], rows] = await Promise.all([
    q.select({ n: count() }).from(mistakeEntries).where(and(eq(mistakeEntries.personId, personId), isNull(mistakeEntries.removedAt))),
    questionIds.length === 0
      ? []
      : q
          .select({ questionId: mistakeEntries.questionId, rightStreak: mistakeEntries.rightStreak, removedAt: mistakeEntries.removedAt })
          .from(mistakeEntries)
          .where(and(eq(mistakeEntries.personId, personId), inArray(mistakeEntries.questionId, questionIds))),
  ]);
  const byId = new Map(rows.map((r) => [r.questionId, r]));
  return {
    activeCount: active?.n ?? 0,
    items: questionIds.map((questionId) => {
      const r = byId.get(questionId);
      return { questionId, inBook: r !== undefined && r.removedAt === null, rightStreak: r?.removedAt === null ? r.rightStreak : 0 };
    }),
  };
}

/** Whether each of the given questions is in the person's book now (not taken out). */
export async function inBook(q: Q, personId: number, questionIds: number[]): Promise<Set<number>> {
  if (questionIds.length === 0) return new Set();
  const rows = await q
    .select({ questionId: mistakeEntries.questionId })
    .from(mistakeEntries)
    .where(and(eq(mistakeEntries.personId, personId), inArray(mistakeEntries.questionId, questionIds), isNull(mistakeEntries.removedAt)));
  return new Set(rows.map((r) => r.questionId));
}
