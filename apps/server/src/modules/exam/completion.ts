/**
 * The exam module's part of an install's completion rule (PRODUCT.md section 2: the required hours,
 * and a passed exam where the install has one), as a condition the learning core's completion query
 * embeds, so that the rule is decided in one statement. The exam module owns the tables it reads.
 */
import { sql, type SQL } from 'drizzle-orm';
import { examAttempts, exams } from '../../db/schema/index.ts';

/** Every exam that decides the install's completion has a passed attempt of the person. */
export const completionExamsPassed = (personId: SQL | number, installId: SQL) =>
  sql`not exists (select 1 from ${exams} x where x.install_id = ${installId} and x.decides_completion
        and not exists (select 1 from ${examAttempts} a where a.exam_id = x.id and a.person_id = ${personId} and a.passed))`;
