/**
 * The exam module's part of an install's completion rule (PRODUCT.md section 2: the required hours,
 * and a passed exam where the install has one), as a condition the learning core's completion query
 * embeds, so that the rule is decided in one statement. The exam module owns the tables it reads.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { examAttempts, exams } from '../../db/schema/exam.ts';

/** Every exam that decides the install's completion has a passed attempt of the person. */
export const completionExamsPassed = (personId: SQL | number, installId: SQL) =>
  sql`not exists (select 1 from ${exams} x where x.install_id = ${installId} and x.decides_completion and x.status = 'published'
        and not exists (select 1 from ${examAttempts} a where a.exam_id = x.id and a.person_id = ${personId} and a.passed))`;

/** The exams that decide the install's completion, in order, each with whether the person passed it (a topic's path). */
export const completionExamsOf = (db: Db, personId: number, installId: number) =>
  db
    .select({ id: exams.id, title: exams.title, passed: sql<boolean>`exists (select 1 from ${examAttempts} a where a.exam_id = ${exams}.id and a.person_id = ${personId} and a.passed)` })
    .from(exams)
    .where(and(eq(exams.installId, installId), eq(exams.decidesCompletion, true), eq(exams.status, 'published')))
    .orderBy(asc(exams.startAt), asc(exams.id));

/**
 * The administration area sets the exam part of an install's rule (before the install starts): the
 * one exam that decides its completion (null: none does) and that exam's pass mark.
 */
export async function setCompletionExam(tx: Db, installId: number, examId: number | null, passScore: number | null) {
  await tx.update(exams).set({ decidesCompletion: examId === null ? false : sql`${exams.id} = ${examId}` }).where(eq(exams.installId, installId));
  if (examId !== null && passScore !== null) await tx.update(exams).set({ passScore }).where(and(eq(exams.id, examId), eq(exams.installId, installId)));
}
