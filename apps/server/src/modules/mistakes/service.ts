/**
 * The learner's wrong-answer book (错题本) and 错题重练 (ADR wrong-answer-book): owns
 * mistake_entries and mistake_exam_attempts (their writes are in book.ts). The questions, exams and
 * practice tests belong to the exam module, asked through its service:
 *
 * - An exam attempt's wrong answers are copied into the book when the book is next read after the exam
 *   shows its answers (the exam module's rule, never earlier), each attempt once across instances.
 * - 错题重练 draws only from the questions in the book; the exam module records it like any practice
 *   test, and book.ts takes a question out after MASTERED_STREAK right answers in a row.
 * - Nothing here touches credit hours, topics or certificates.
 */
import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { canTakeOnlineExam, type mistakes as M } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { mistakeEntries } from '../../db/schema/mistakes.ts';
import { Refusal } from '../../http/errors.ts';
import type { Caller } from '../../http/auth.ts';
import { iso, isoOrNull, offsetOf } from '../../lib/listing.ts';
import { EXAM_MSG, type ExamService } from '../exam/service.ts';
import { copiedAttempts, recordExamAttempt } from './book.ts';

export const MISTAKES_MSG = {
  emptyBook: '错题本中暂无可重练的题目',
  emptyBank: (bank: string) => `错题本中暂无“${bank}”题库的错题`,
  notRemoved: '该题不在已移出列表中，无需恢复',
} as const;

type BookQuery = { status: M.MistakeStatus; bank?: string | undefined; type?: M.MistakeEntry['type'] | undefined; pageNum: number; pageSize: number };

export function makeMistakes(db: Db, exam: Pick<ExamService, 'shownMisses' | 'bookQuestions' | 'startPractice'>) {
  const mineOf = (caller: Caller) => {
    if (!canTakeOnlineExam(caller)) throw new Refusal(EXAM_MSG.noRight);
    return eq(mistakeEntries.personId, caller.personId);
  };

  /** Copies the exam attempts whose answers became visible since the last read (each once). */
  async function copyShownExams(personId: number) {
    const shown = await exam.shownMisses(personId, await copiedAttempts(db, personId));
    for (const attempt of shown) await db.transaction((tx) => recordExamAttempt(tx, personId, attempt));
  }

  async function counts(mine: SQL) {
    const [row] = await db
      .select({ active: sql<number>`count(*) filter (where ${mistakeEntries.removedAt} is null)`.mapWith(Number), removed: sql<number>`count(*) filter (where ${mistakeEntries.removedAt} is not null)`.mapWith(Number) })
      .from(mistakeEntries)
      .where(mine);
    return { activeCount: row?.active ?? 0, removedCount: row?.removed ?? 0 };
  }

  return {
    async book(caller: Caller, q: BookQuery): Promise<M.MistakeBook> {
      const mine = mineOf(caller);
      await copyShownExams(caller.personId);
      const inList = and(mine, q.status === 'active' ? isNull(mistakeEntries.removedAt) : isNotNull(mistakeEntries.removedAt));
      const where = and(inList, q.bank ? eq(mistakeEntries.bank, q.bank) : undefined, q.type ? eq(mistakeEntries.type, q.type) : undefined);
      const [rows, [total], banks, totals] = await Promise.all([
        db
          .select()
          .from(mistakeEntries)
          .where(where)
          .orderBy(q.status === 'active' ? desc(mistakeEntries.lastMissedAt) : desc(mistakeEntries.removedAt), desc(mistakeEntries.questionId))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        db.select({ n: count() }).from(mistakeEntries).where(where),
        db.select({ bank: mistakeEntries.bank, count: count() }).from(mistakeEntries).where(inList).groupBy(mistakeEntries.bank).orderBy(asc(mistakeEntries.bank)),
        counts(mine),
      ]);
      const shown = await exam.bookQuestions(rows.map((r) => r.questionId));
      return {
        list: rows.map((r) => {
          const question = shown.get(r.questionId)!;
          return {
            questionId: r.questionId,
            bank: r.bank,
            type: r.type,
            stem: question.stem,
            options: r.type === 'judge' || r.type === 'fill' ? [] : question.options,
            given: r.lastGiven,
            correct: question.answer,
            explanation: question.explanation,
            missCount: r.missCount,
            rightStreak: r.rightStreak,
            lastMissedAt: iso(r.lastMissedAt),
            lastSource: r.lastSource,
            lastSourceTitle: r.lastSourceTitle,
            removedAt: isoOrNull(r.removedAt),
          };
        }),
        total: total?.n ?? 0,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        banks,
        ...totals,
      };
    },

    /** 错题重练: a practice test of questions in my book only (of one bank when given). */
    async startRedo(caller: Caller, q: { count: number; bank?: string | undefined }) {
      const mine = mineOf(caller);
      await copyShownExams(caller.personId);
      const rows = await db
        .select({ questionId: mistakeEntries.questionId })
        .from(mistakeEntries)
        .where(and(mine, isNull(mistakeEntries.removedAt), q.bank ? eq(mistakeEntries.bank, q.bank) : undefined))
        .orderBy(sql`random()`)
        .limit(q.count);
      if (rows.length === 0) throw new Refusal(q.bank ? MISTAKES_MSG.emptyBank(q.bank) : MISTAKES_MSG.emptyBook);
      return exam.startPractice(caller, { count: q.count }, rows.map((r) => r.questionId));
    },

    /** Brings a question taken out of my book back into it. */
    async restore(caller: Caller, questionId: number) {
      const mine = mineOf(caller);
      const [back] = await db
        .update(mistakeEntries)
        .set({ removedAt: null, rightStreak: 0 })
        .where(and(mine, eq(mistakeEntries.questionId, questionId), isNotNull(mistakeEntries.removedAt)))
        .returning({ questionId: mistakeEntries.questionId });
      if (!back) throw new Refusal(MISTAKES_MSG.notRemoved);
      return counts(mine);
    },
  };
}
export type MistakesService = ReturnType<typeof makeMistakes>;
