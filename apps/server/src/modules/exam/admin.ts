/**
 * The administration area's exams section: question banks, exams with a fixed paper, their
 * results, and re-grading after a corrected answer. It writes the exam module's own tables
 * (schema/exam.ts), beside the learner's side (service.ts) that reads them; a re-grade completes or
 * reopens a topic, revokes a certificate and tells the learner through those modules' own services.
 *
 * - A finished attempt's record never changes under it: an attempt's paper names question ids, and
 *   its review and grading read those rows, so an edit of a question any attempt (or practice test)
 *   holds retires that row and inserts the next version (replacesId); exams nobody has sat yet move to
 *   the new version, exams with attempts keep theirs. Only 更正答案 changes a held question in place,
 *   on purpose, and re-grades every submitted attempt that holds it (docs/decisions/0027-exam-admin.md).
 * - An exam with attempts accepts no change that alters a result, only its close time later. The edit
 *   holds the exam row FOR UPDATE while it counts attempts: a concurrent attempt's insert holds a key
 *   share lock on the same row (its foreign key) until it commits, so the count sees it.
 * - Every change is audited with before and after; every edit names the version it edited.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { adminExams as X, bookTitle } from '@portal/contract';
import type { z } from 'zod';
import type { Db, Tx, Q } from '../../db/client.ts';
import { installs } from '../../db/schema/catalog.ts';
import { examAnswers, examAttempts, examQuestions, exams, questions } from '../../db/schema/exam.ts';
import { persons } from '../../db/schema/people.ts';
import { teacherClasses } from '../../db/schema/teaching.ts';
import { Refusal, stale } from '../../http/errors.ts';
import { chinaDate, type XlsxExport } from '../../http/xlsx.ts';
import { writeAudit, type Platform } from '../platform/service.ts';
import { recordChange } from '../admin/service.ts';
import { gradePaper, type Gradable } from './grade.ts';
import { messageFromCollege } from '../inbox/service.ts';
import type { Who } from '../../http/auth.ts';
import { offsetOf, pageOf, iso } from '../../lib/listing.ts';

type QuestionRow = typeof questions.$inferSelect;
type ExamRow = typeof exams.$inferSelect;
type QuestionFilter = z.infer<typeof X.questionFilter>;
type ExamFilter = z.infer<typeof X.examFilter>;
type ResultFilter = z.infer<typeof X.resultFilter>;
type Paging = { pageNum: number; pageSize: number };

export interface AdminExamsDeps {
  db: Db;
  platform: Platform;
  /** The learning core completes the topic if this pass was what it still lacked (same transaction). */
  passedInstallExam(tx: Tx, personId: number, installId: number): Promise<void>;
  /** The learning core reopens the topic's completion when the pass it rested on became a fail (same transaction). */
  failedInstallExam(tx: Tx, personId: number, installId: number): Promise<void>;
  /** The certificates module revokes the topic's certificate the fail took away (same transaction); its number, or null. */
  revokeForRegrade(tx: Db, personId: number, installId: number, reason: string): Promise<string | null>;
  /** Learners see a change (an exam published or withdrawn): forget this instance's rendered pages. */
  changed(): void;
}

const EVENT = 'adminExams';
/** Attempts (any state) whose paper holds the question. */
const attemptsHolding = (questionId: SQL | number) =>
  sql<number>`(select count(*)::int from ${examAttempts} a where a.paper @> jsonb_build_array(jsonb_build_object('questionId', ${questionId}::int)))`;
/** Whether any attempt or practice test holds it (then an edit makes a new version). */
const held = (questionId: number) =>
  sql<boolean>`(exists (select 1 from exam_attempts a where a.paper @> jsonb_build_array(jsonb_build_object('questionId', ${questionId}::int)))
             or exists (select 1 from practice_tests p where p.paper @> jsonb_build_array(jsonb_build_object('questionId', ${questionId}::int))))`;

const questionColumns = { q: questions, attemptCount: attemptsHolding(sql`${questions.id}`) };
const questionOut = (q: QuestionRow, attemptCount: number): X.AdminQuestion => ({
  id: q.id,
  bank: q.bank,
  type: q.type,
  stem: q.stem,
  options: q.options,
  answer: q.answer,
  explanation: q.explanation,
  version: q.version,
  retiredAt: q.retiredAt ? iso(q.retiredAt) : null,
  replacesId: q.replacesId,
  attemptCount,
});
/** What the audit keeps of a question. */
const questionRecord = (q: QuestionRow) => ({ id: q.id, bank: q.bank, type: q.type, stem: q.stem, options: q.options, answer: q.answer, explanation: q.explanation, version: q.version, retired: q.retiredAt !== null });

/** The settings that decide results: none may change once an exam has attempts. */
const RESULT_FIELDS: { key: keyof X.ExamInput; label: string }[] = [
  { key: 'title', label: '考试名称' },
  { key: 'installId', label: '所属专题' },
  { key: 'classId', label: '所属班级' },
  { key: 'startAt', label: '开始时间' },
  { key: 'durationMinutes', label: '考试时长' },
  { key: 'passScore', label: '及格分' },
  { key: 'attemptsAllowed', label: '考试次数' },
  { key: 'decidesCompletion', label: '是否计入结业' },
  { key: 'review', label: '答案公布方式' },
  { key: 'partialCredit', label: '多选题部分得分' },
  { key: 'shuffleQuestions', label: '试题乱序' },
  { key: 'shuffleOptions', label: '选项乱序' },
];

export function makeAdminExams({ db, passedInstallExam, failedInstallExam, revokeForRegrade, changed }: AdminExamsDeps) {
  /** The change's audit entry, written in the change's own transaction. */
  const audit = (tx: Tx, who: Who, target: string, action: string, before: unknown, after: unknown) =>
    recordChange(tx, { personId: who.personId, ip: who.ip, event: EVENT, target, action, before, after });

  async function questionById(q: Q, id: number): Promise<X.AdminQuestion> {
    const [row] = await q.select(questionColumns).from(questions).where(eq(questions.id, id));
    if (!row) throw new Refusal(X.EXAMS_MSG.questionMissing, 404);
    return questionOut(row.q, row.attemptCount);
  }

  /** A question locked for a change, its version checked. */
  async function lockQuestion(tx: Tx, id: number, version: number): Promise<QuestionRow> {
    const [row] = await tx.select().from(questions).where(eq(questions.id, id)).for('update');
    if (!row) throw new Refusal(X.EXAMS_MSG.questionMissing, 404);
    if (row.version !== version) throw stale();
    if (row.retiredAt) throw new Refusal(X.EXAMS_MSG.retired);
    return row;
  }

  function questionWhere(f: QuestionFilter): SQL | undefined {
    const status = f.status ?? 'active';
    return and(
      f.bank ? eq(questions.bank, f.bank) : undefined,
      f.type ? eq(questions.type, f.type) : undefined,
      f.text ? ilike(questions.stem, `%${f.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
      status === 'active' ? isNull(questions.retiredAt) : status === 'retired' ? isNotNull(questions.retiredAt) : undefined,
    );
  }

  // ---- exams ---------------------------------------------------------------------------------------

  const examColumns = {
    e: exams,
    installTitle: sql<string>`coalesce(${installs.title}, '')`,
    classTitle: sql<string>`coalesce((select c.name from ${teacherClasses} c where c.id = ${exams.classId}), '')`,
    questionCount: sql<number>`(select count(*)::int from ${examQuestions} eq where eq.exam_id = ${exams.id})`,
    paperTotal: sql<number>`(select coalesce(sum(eq.score), 0)::float8 from ${examQuestions} eq where eq.exam_id = ${exams.id})`,
    attemptCount: sql<number>`(select count(*)::int from ${examAttempts} a where a.exam_id = ${exams.id})`,
  };
  type ExamListRow = { e: ExamRow; installTitle: string; classTitle: string; questionCount: number; paperTotal: number; attemptCount: number };
  const examItem = (r: ExamListRow): X.AdminExamItem => ({
    id: r.e.id,
    title: r.e.title,
    installId: r.e.installId,
    installTitle: r.installTitle,
    classId: r.e.classId,
    classTitle: r.classTitle,
    status: r.e.status,
    selection: r.e.selection,
    startAt: iso(r.e.startAt),
    endAt: iso(r.e.endAt),
    durationMinutes: r.e.durationMinutes,
    passScore: r.e.passScore,
    totalScore: r.e.selection === 'random' ? r.e.randomRules.reduce((n, x) => n + x.count * x.score, 0) : Number(r.paperTotal),
    questionCount: r.e.selection === 'random' ? r.e.randomRules.reduce((n, x) => n + x.count, 0) : r.questionCount,
    attemptCount: r.attemptCount,
    decidesCompletion: r.e.decidesCompletion,
    version: r.e.version,
  });

  async function examDetail(q: Q, id: number): Promise<X.AdminExamDetail> {
    const [row] = await q.select(examColumns).from(exams).leftJoin(installs, eq(installs.id, exams.installId)).where(eq(exams.id, id));
    if (!row) throw new Refusal(X.EXAMS_MSG.examMissing, 404);
    const paper = await q
      .select({ score: examQuestions.score, ...questionColumns })
      .from(examQuestions)
      .innerJoin(questions, eq(questions.id, examQuestions.questionId))
      .where(eq(examQuestions.examId, id))
      .orderBy(asc(examQuestions.sort));
    const e = row.e;
    const randomRules = await Promise.all(
      e.randomRules.map(async (r) => {
        const bank = r.bank ?? e.bank ?? null;
        return { bank, type: r.type, count: r.count, score: r.score, available: await available(q, bank, r.type) };
      }),
    );
    return {
      ...examItem(row),
      randomRules,
      attemptsAllowed: e.attemptsAllowed,
      review: e.review,
      partialCredit: e.partialCredit,
      shuffleQuestions: e.shuffleQuestions,
      shuffleOptions: e.shuffleOptions,
      questions: paper.map((p) => ({ score: p.score, question: questionOut(p.q, p.attemptCount) })),
    };
  }

  /** Questions in use a rule draws from. */
  async function available(q: Q, bank: string | null, type: X.QuestionType): Promise<number> {
    const [r] = await q
      .select({ n: count() })
      .from(questions)
      .where(and(isNull(questions.retiredAt), eq(questions.type, type), bank ? eq(questions.bank, bank) : undefined));
    return r?.n ?? 0;
  }

  /** What the audit keeps of an exam: its settings and its paper (ids and points). */
  const examRecord = (d: X.AdminExamDetail) => {
    const { questions: qs, installTitle: _t, classTitle: _c, attemptCount: _a, randomRules, ...rest } = d;
    return { ...rest, randomRules: randomRules.map(({ available: _n, ...r }) => r), questions: qs.map((x) => ({ questionId: x.question.id, score: x.score })) };
  };

  /** The checks of a paper and its settings (any state): times, questions in use, pass mark within the total. */
  async function checkExam(tx: Tx, input: X.ExamInput): Promise<number> {
    const start = new Date(input.startAt);
    const end = new Date(input.endAt);
    if (end <= start) throw new Refusal(X.EXAMS_MSG.endBeforeStart);
    if (input.durationMinutes * 60_000 > end.getTime() - start.getTime()) throw new Refusal(X.EXAMS_MSG.durationOverWindow);
    if (input.installId !== null) {
      const [i] = await tx.select({ id: installs.id }).from(installs).where(eq(installs.id, input.installId));
      if (!i) throw new Refusal(X.EXAMS_MSG.installMissing);
    }
    if (input.classId !== null) {
      const [c] = await tx.select({ installId: teacherClasses.installId }).from(teacherClasses).where(eq(teacherClasses.id, input.classId));
      if (!c) throw new Refusal(X.EXAMS_MSG.classMissing);
      // A class of another topic would let the exam count for one topic while only another's class sits it.
      if (input.installId !== null && c.installId !== null && c.installId !== input.installId) throw new Refusal(X.EXAMS_MSG.classNotOfTopic);
    }
    if (input.selection === 'random') {
      if (input.questions.length > 0) throw new Refusal(X.EXAMS_MSG.rulesWithQuestions);
      return Math.round(input.randomRules.reduce((n, r) => n + r.count * r.score, 0) * 10) / 10;
    }
    const ids = input.questions.map((x) => x.questionId);
    const rows = ids.length ? await tx.select({ id: questions.id, retiredAt: questions.retiredAt }).from(questions).where(inArray(questions.id, ids)) : [];
    if (rows.length !== ids.length) throw new Refusal(X.EXAMS_MSG.unknownQuestion);
    return Math.round(input.questions.reduce((n, x) => n + x.score, 0) * 10) / 10;
  }

  const examValues = (input: X.ExamInput, total: number) => ({
    title: input.title,
    installId: input.installId,
    classId: input.classId,
    startAt: new Date(input.startAt),
    endAt: new Date(input.endAt),
    durationMinutes: input.durationMinutes,
    passScore: input.passScore,
    totalScore: Math.round(total),
    attemptsAllowed: input.attemptsAllowed,
    decidesCompletion: input.decidesCompletion,
    review: input.review,
    partialCredit: input.partialCredit,
    shuffleQuestions: input.shuffleQuestions,
    shuffleOptions: input.shuffleOptions,
    selection: input.selection,
    randomRules: input.selection === 'random' ? input.randomRules.map((r) => ({ bank: r.bank, type: r.type, count: r.count, score: r.score })) : [],
    // Each rule names its bank (or none: every subject).
    bank: null,
  });

  async function writePaper(tx: Tx, examId: number, paper: X.ExamInput['questions']) {
    await tx.delete(examQuestions).where(eq(examQuestions.examId, examId));
    if (paper.length) await tx.insert(examQuestions).values(paper.map((p, i) => ({ examId, questionId: p.questionId, sort: i + 1, score: p.score })));
  }

  /** Newly chosen questions must be in use (a paper may keep one retired since it was chosen). */
  async function refuseRetiredPicks(tx: Tx, ids: number[]) {
    if (ids.length === 0) return;
    const [r] = await tx.select({ n: count() }).from(questions).where(and(inArray(questions.id, ids), isNotNull(questions.retiredAt)));
    if ((r?.n ?? 0) > 0) throw new Refusal(X.EXAMS_MSG.retiredPick);
  }

  // ---- results -------------------------------------------------------------------------------------

  function resultWhere(f: ResultFilter): SQL | undefined {
    const person = f.person?.replace(/[\\%_]/g, (c) => `\\${c}`);
    return and(
      eq(examAttempts.examId, f.examId),
      person ? or(ilike(persons.personName, `%${person}%`), eq(persons.mobile, f.person!), eq(persons.personNo, f.person!)) : undefined,
      f.passed === 'true' ? eq(examAttempts.passed, true) : f.passed === 'false' ? sql`${examAttempts.passed} is not true` : undefined,
    );
  }
  async function resultsPage(f: ResultFilter & Paging) {
    const where = resultWhere(f);
    const [rows, [total]] = await Promise.all([
      db
        .select({ a: examAttempts, personName: persons.personName, personNo: persons.personNo })
        .from(examAttempts)
        .innerJoin(persons, eq(persons.personId, examAttempts.personId))
        .where(where)
        .orderBy(desc(examAttempts.startedAt), desc(examAttempts.id))
        .limit(f.pageSize)
        .offset(offsetOf(f)),
      db.select({ n: count() }).from(examAttempts).innerJoin(persons, eq(persons.personId, examAttempts.personId)).where(where),
    ]);
    const list: X.AdminExamResult[] = rows.map(({ a, personName, personNo }) => ({
      attemptId: a.id,
      personId: a.personId,
      personName,
      personNo,
      attemptNo: a.attemptNo,
      startedAt: iso(a.startedAt),
      submittedAt: a.submittedAt ? iso(a.submittedAt) : null,
      submitMode: a.submitMode,
      score: a.score,
      totalScore: a.paper.reduce((n, p) => n + p.score, 0),
      passed: a.passed,
      leaveCount: a.leaveCount,
    }));
    return pageOf(f, list, total?.n ?? 0);
  }


  /**
   * Publishes or withdraws an exam on the version the administrator saw, under the row's lock:
   * `refuse` throws what may not change it; the audit entry records both sides in the same transaction.
   */
  async function setStatus(who: Who, input: { id: number; version: number }, status: 'published' | 'draft', action: string, refuse: (tx: Tx, current: X.AdminExamDetail) => Promise<void>) {
    const after = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(exams).where(eq(exams.id, input.id)).for('update');
      if (!locked) throw new Refusal(X.EXAMS_MSG.examMissing, 404);
      if (locked.version !== input.version) throw stale();
      const current = await examDetail(tx, input.id);
      await refuse(tx, current);
      await tx.update(exams).set({ status, version: sql`${exams.version} + 1` }).where(eq(exams.id, input.id));
      const after = await examDetail(tx, input.id);
      await audit(tx, who, `exam:${input.id}`, action, examRecord(current), examRecord(after));
      return after;
    });
    changed();
    return after;
  }
  return {
    async options() {
      const [banks, topics, classes] = await Promise.all([
        db.select({ bank: questions.bank, count: count() }).from(questions).where(isNull(questions.retiredAt)).groupBy(questions.bank).orderBy(asc(questions.bank)),
        db.select({ id: installs.id, title: installs.title }).from(installs).orderBy(desc(installs.id)).limit(500),
        db.select({ id: teacherClasses.id, name: teacherClasses.name, installId: teacherClasses.installId }).from(teacherClasses).orderBy(desc(teacherClasses.id)).limit(500),
      ]);
      return { banks, installs: topics, classes };
    },

    async questionList(f: QuestionFilter & Paging) {
      const where = questionWhere(f);
      const [rows, [total]] = await Promise.all([
        db
          .select(questionColumns)
          .from(questions)
          .where(where)
          .orderBy(desc(questions.id))
          .limit(f.pageSize)
          .offset(offsetOf(f)),
        db.select({ n: count() }).from(questions).where(where),
      ]);
      return pageOf(f, rows.map((r) => questionOut(r.q, r.attemptCount)), total?.n ?? 0);
    },

    async questionCreate(who: Who, input: X.QuestionInput) {
      const row = await db.transaction(async (tx) => {
        const [row] = await tx.insert(questions).values(input).returning();
        await audit(tx, who, `question:${row!.id}`, '新增试题', null, questionRecord(row!));
        return row!;
      });
      return questionOut(row, 0);
    },

    /** In place when nothing holds it; otherwise the next version, the old one retired. */
    async questionUpdate(who: Who, input: X.QuestionInput & { id: number; version: number }) {
      const { id, version, ...fields } = input;
      const done = await db.transaction(async (tx) => {
        const old = await lockQuestion(tx, id, version);
        const isHeld = ((await tx.execute(sql`select ${held(id)} as held`)) as unknown as { rows: { held: boolean }[] }).rows[0]?.held === true;
        if (!isHeld) {
          const [row] = await tx
            .update(questions)
            .set({ ...fields, version: sql`${questions.version} + 1` })
            .where(and(eq(questions.id, id), eq(questions.version, version)))
            .returning();
          if (!row) throw stale();
          await audit(tx, who, `question:${id}`, '修改试题', questionRecord(old), questionRecord(row));
          return row;
        }
        const [row] = await tx
          .insert(questions)
          .values({ ...fields, version: old.version + 1, replacesId: old.id })
          .returning();
        await tx.update(questions).set({ retiredAt: sql`now()`, version: sql`${questions.version} + 1` }).where(eq(questions.id, id));
        // Papers nobody has sat yet take the new version; papers with attempts keep theirs.
        await tx.execute(sql`
          update ${examQuestions} set question_id = ${row!.id}
           where question_id = ${id} and not exists (select 1 from ${examAttempts} a where a.exam_id = ${examQuestions}.exam_id)`);
        await audit(tx, who, `question:${id}`, `修改试题（已被作答，生成新版本 ${row!.id}，原版本停用）`, questionRecord(old), questionRecord(row!));
        return row!;
      });
      return questionById(db, done.id);
    },

    async questionRetire(who: Who, input: { id: number; version: number }) {
      return db.transaction(async (tx) => {
        const old = await lockQuestion(tx, input.id, input.version);
        await tx.update(questions).set({ retiredAt: sql`now()`, version: sql`${questions.version} + 1` }).where(eq(questions.id, input.id));
        const after = await questionById(tx, input.id);
        await audit(tx, who, `question:${input.id}`, '停用试题', questionRecord(old), { ...questionRecord(old), version: after.version, retired: true });
        return after;
      });
    },

    /**
     * Corrects the answer of this version in place and re-grades every submitted attempt holding it,
     * each under its row lock, in one transaction; a new pass of an exam that decides completion goes
     * through the learning core (which issues the certificate). A pass become a fail, where the learner
     * holds no other pass of that exam, reopens the topic's completion and revokes its certificate
     * (revoked with the reason, as the college's revoke keeps it; passing again issues a successor).
     * Every learner whose score changed is told in 我的消息, in the same transaction. Each changed
     * attempt and each revoke is audited.
     */
    async questionCorrect(who: Who, input: { id: number; version: number; answer: string[] }) {
      type Changed = {
        attemptId: number;
        examId: number;
        personId: number;
        before: { score: number | null; passed: boolean | null };
        after: { score: number; passed: boolean };
        revoked: string | null;
      };
      const done = await db.transaction(async (tx) => {
        const old = await lockQuestion(tx, input.id, input.version);
        const parsed = X.questionInput.safeParse({ ...questionRecord(old), answer: input.answer });
        if (!parsed.success) throw new Refusal(parsed.error.issues[0]?.message ?? '答案格式不正确');
        if (JSON.stringify(parsed.data.answer) === JSON.stringify(old.answer)) throw new Refusal(X.EXAMS_MSG.answerUnchanged);
        const [row] = await tx
          .update(questions)
          .set({ answer: parsed.data.answer, version: sql`${questions.version} + 1` })
          .where(eq(questions.id, input.id))
          .returning();
        const attempts = await tx
          .select({ a: examAttempts, exam: exams })
          .from(examAttempts)
          .innerJoin(exams, eq(exams.id, examAttempts.examId))
          .where(and(isNotNull(examAttempts.submittedAt), sql`${examAttempts.paper} @> jsonb_build_array(jsonb_build_object('questionId', ${input.id}::int))`))
          .orderBy(asc(examAttempts.id))
          .for('update', { of: examAttempts });
        const changed: Changed[] = [];
        if (attempts.length) {
          const qIds = [...new Set(attempts.flatMap((x) => x.a.paper.map((p) => p.questionId)))];
          const qs = new Map((await tx.select({ id: questions.id, type: questions.type, answer: questions.answer }).from(questions).where(inArray(questions.id, qIds))).map((q) => [q.id, q as Gradable]));
          const saved = await tx.select().from(examAnswers).where(inArray(examAnswers.attemptId, attempts.map((x) => x.a.id)));
          for (const { a, exam } of attempts) {
            const answers = new Map(saved.filter((s) => s.attemptId === a.id).map((s) => [s.questionId, s.answer]));
            const { score } = gradePaper(a.paper, qs, answers, exam.partialCredit);
            const passed = score >= exam.passScore;
            if (score === a.score && passed === a.passed) continue;
            await tx.update(examAttempts).set({ score, passed }).where(eq(examAttempts.id, a.id));
            const counts = exam.decidesCompletion && exam.installId !== null && exam.status === 'published';
            if (passed && !a.passed && counts) await passedInstallExam(tx, a.personId, exam.installId!);
            let revoked: string | null = null;
            if (!passed && a.passed && counts) {
              const [still] = await tx
                .select({ id: examAttempts.id })
                .from(examAttempts)
                .where(and(eq(examAttempts.examId, exam.id), eq(examAttempts.personId, a.personId), eq(examAttempts.passed, true)))
                .limit(1);
              if (!still) {
                await failedInstallExam(tx, a.personId, exam.installId!);
                revoked = await revokeForRegrade(tx as unknown as Db, a.personId, exam.installId!, `更正试题答案后重新评分，${bookTitle(exam.title)}未达及格分`);
              }
            }
            changed.push({ attemptId: a.id, examId: exam.id, personId: a.personId, before: { score: a.score, passed: a.passed }, after: { score, passed }, revoked });
            const verdict = (p: boolean | null) => (p ? '及格' : '不及格');
            await messageFromCollege(tx as unknown as Db, a.personId, {
              title: '考试成绩已更正',
              content:
                `${bookTitle(exam.title)}第${a.attemptNo}次作答中一道试题的标准答案已更正，答卷已重新评分：得分由${a.score ?? 0}分变为${score}分（${verdict(a.passed)}→${verdict(passed)}）。` +
                (revoked ? `您因此不再满足结业条件，结业证书${revoked}已撤销；再次考试及格后将重新颁发。` : ''),
              link: `/examInfo?examId=${exam.id}`,
              sentAt: new Date(),
            });
          }
        }
        await audit(tx, who, `question:${input.id}`, `更正答案（重新评分${attempts.length}份答卷，${changed.length}份成绩变化）`, questionRecord(old), questionRecord(row!));
        for (const c of changed) {
          await audit(tx, who, `attempt:${c.attemptId}`, `更正试题 ${input.id} 答案后重新评分`, { examId: c.examId, personId: c.personId, ...c.before }, { examId: c.examId, personId: c.personId, ...c.after });
          if (c.revoked) {
            // The certificate's own event, as every revoke writes it, and the area's change.
            await writeAudit(tx, { personId: who.personId, ip: who.ip, event: 'certificateRevoke', target: c.revoked, outcome: 'success', detail: { reason: 'regrade', attemptId: c.attemptId } });
            await audit(tx, who, `certificate:${c.revoked}`, '重新评分后不及格，撤销证书', { certNo: c.revoked, valid: true }, { certNo: c.revoked, valid: false, attemptId: c.attemptId });
          }
        }
        return { regraded: attempts.length, changed };
      });
      if (done.changed.some((c) => c.revoked)) changed();
      return { question: await questionById(db, input.id), regraded: done.regraded, changed: done.changed.length, revoked: done.changed.filter((c) => c.revoked).length };
    },

    async examList(f: ExamFilter & Paging) {
      const where = and(f.title ? ilike(exams.title, `%${f.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined, f.status ? eq(exams.status, f.status) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select(examColumns)
          .from(exams)
          .leftJoin(installs, eq(installs.id, exams.installId))
          .where(where)
          .orderBy(desc(exams.id))
          .limit(f.pageSize)
          .offset(offsetOf(f)),
        db.select({ n: count() }).from(exams).where(where),
      ]);
      return pageOf(f, rows.map(examItem), total?.n ?? 0);
    },

    examGet: (id: number) => examDetail(db, id),

    async examCreate(who: Who, input: X.ExamInput) {
      return db.transaction(async (tx) => {
        const total = await checkExam(tx, input);
        await refuseRetiredPicks(tx, input.questions.map((x) => x.questionId));
        const [row] = await tx
          .insert(exams)
          .values({ ...examValues(input, total), status: 'draft' })
          .returning({ id: exams.id });
        await writePaper(tx, row!.id, input.questions);
        const after = await examDetail(tx, row!.id);
        await audit(tx, who, `exam:${row!.id}`, '新建考试（草稿）', null, examRecord(after));
        return after;
      });
    },

    async examUpdate(who: Who, input: X.ExamInput & { id: number; version: number }) {
      const { id, version, ...fields } = input;
      /** The exam as changed, its entry written in the change's transaction. */
      const recorded = async (tx: Tx, before: X.AdminExamDetail, action: string) => {
        const after = await examDetail(tx, id);
        await audit(tx, who, `exam:${id}`, action, examRecord(before), examRecord(after));
        return after;
      };
      return db.transaction(async (tx) => {
        // FOR UPDATE conflicts with the key share lock a concurrent attempt's insert holds on this row.
        const [locked] = await tx.select().from(exams).where(eq(exams.id, id)).for('update');
        if (!locked) throw new Refusal(X.EXAMS_MSG.examMissing, 404);
        if (locked.version !== version) throw stale();
        const current = await examDetail(tx, id);
        const total = await checkExam(tx, fields);
        if (current.attemptCount > 0) {
          const was: X.ExamInput = {
            title: current.title,
            installId: current.installId,
            classId: current.classId,
            startAt: current.startAt,
            endAt: current.endAt,
            durationMinutes: current.durationMinutes,
            passScore: current.passScore,
            attemptsAllowed: current.attemptsAllowed,
            decidesCompletion: current.decidesCompletion,
            review: current.review,
            partialCredit: current.partialCredit,
            shuffleQuestions: current.shuffleQuestions,
            shuffleOptions: current.shuffleOptions,
            selection: current.selection,
            randomRules: current.randomRules.map((r) => ({ bank: r.bank, type: r.type, count: r.count, score: r.score })),
            questions: current.questions.map((x) => ({ questionId: x.question.id, score: x.score })),
          };
          const same = (k: keyof X.ExamInput) => (k === 'startAt' ? new Date(was.startAt).getTime() === new Date(fields.startAt).getTime() : was[k] === fields[k]);
          const moved = RESULT_FIELDS.filter((f) => !same(f.key)).map((f) => f.label);
          if (JSON.stringify(was.questions) !== JSON.stringify(fields.questions)) moved.unshift('试题与分值');
          if (was.selection !== fields.selection) moved.unshift('组卷方式');
          if (JSON.stringify(was.randomRules) !== JSON.stringify(fields.selection === 'random' ? fields.randomRules : [])) moved.unshift('抽题规则');
          if (moved.length) throw new Refusal(X.EXAMS_MSG.lockedByAttempts(moved.join('、')));
          if (new Date(fields.endAt) < new Date(was.endAt)) throw new Refusal(X.EXAMS_MSG.endOnlyLater);
          await tx.update(exams).set({ endAt: new Date(fields.endAt), version: sql`${exams.version} + 1` }).where(eq(exams.id, id));
          return recorded(tx, current, '延后考试结束时间');
        }
        const kept = new Set(current.questions.map((x) => x.question.id));
        await refuseRetiredPicks(tx, fields.questions.map((x) => x.questionId).filter((q) => !kept.has(q)));
        if (locked.status === 'published') await refusePublishable(tx, { ...fields, total });
        else if (fields.passScore > total && total > 0) throw new Refusal(X.EXAMS_MSG.passOverTotal(total));
        await tx.update(exams).set({ ...examValues(fields, total), version: sql`${exams.version} + 1` }).where(eq(exams.id, id));
        await writePaper(tx, id, fields.questions);
        return recorded(tx, current, '修改考试');
      });
    },

    examPublish: (who: Who, input: { id: number; version: number }) =>
      setStatus(who, input, 'published', '发布考试', async (tx, current) => {
        if (current.status === 'published') throw new Refusal(X.EXAMS_MSG.alreadyPublished);
        await refusePublishable(tx, {
          selection: current.selection,
          randomRules: current.randomRules,
          questions: current.questions.map((x) => ({ questionId: x.question.id, score: x.score })),
          passScore: current.passScore,
          total: current.totalScore,
        });
      }),

    /** Back to a draft while nobody has started it; the attempts' key share lock makes the count exact (as for edits). */
    examUnpublish: (who: Who, input: { id: number; version: number }) =>
      setStatus(who, input, 'draft', '撤回发布（改回草稿）', async (_tx, current) => {
        if (current.status !== 'published') throw new Refusal(X.EXAMS_MSG.notPublished);
        if (current.attemptCount > 0) throw new Refusal(X.EXAMS_MSG.unpublishAttempted(current.attemptCount));
      }),

    results: resultsPage,

    /** The list's own query, page after page. */
    async resultsExport(f: ResultFilter): Promise<XlsxExport<X.AdminExamResult>> {
      const exam = await examDetail(db, f.examId);
      async function* rows() {
        for (let page = 1; page <= 100; page++) {
          const { list } = await resultsPage({ ...f, pageNum: page, pageSize: 1000 });
          yield* list;
          if (list.length < 1000) return;
        }
      }
      const day = chinaDate();
      const MODES = { manual: '主动交卷', deadline: '到时交卷', leaveLimit: '离开次数超限' } as const;
      return {
        fileName: `考试成绩_${exam.title}_${day}`,
        asciiName: `exam-${exam.id}-results-${day}.xlsx`,
        sheetName: '考试成绩',
        title: `${exam.title} 成绩（及格 ${exam.passScore} 分，导出于 ${day}）`,
        columns: [
          { header: '姓名', width: 12, kind: 'text', value: (r) => r.personName },
          { header: '人员编号', width: 14, kind: 'text', value: (r) => r.personNo },
          { header: '第几次', width: 8, kind: 'number', value: (r) => r.attemptNo },
          { header: '开始时间', width: 18, kind: 'datetime', value: (r) => new Date(r.startedAt) },
          { header: '交卷时间', width: 18, kind: 'datetime', value: (r) => (r.submittedAt ? new Date(r.submittedAt) : null) },
          { header: '交卷方式', width: 12, kind: 'text', value: (r) => (r.submitMode ? MODES[r.submitMode] : '答题中') },
          { header: '得分', width: 8, kind: 'number', value: (r) => r.score },
          { header: '总分', width: 8, kind: 'number', value: (r) => r.totalScore },
          { header: '是否及格', width: 10, kind: 'text', value: (r) => (r.passed === null ? '' : r.passed ? '及格' : '不及格') },
          { header: '离开次数', width: 10, kind: 'number', value: (r) => r.leaveCount },
        ],
        rows: rows(),
      };
    },
  };

  /** A paper learners may take: questions (none retired) or rules each with enough questions in use; pass mark within the total. */
  async function refusePublishable(tx: Tx, d: Pick<X.ExamInput, 'selection' | 'randomRules' | 'questions' | 'passScore'> & { total: number }) {
    const { passScore, total } = d;
    if (d.selection === 'random') {
      if (d.randomRules.length === 0) throw new Refusal(X.EXAMS_MSG.noRules);
      // Rules on the same bank and type draw from one pool: their counts add up.
      const need = new Map<string, { bank: string | null; type: X.QuestionType; n: number }>();
      for (const r of d.randomRules) {
        const key = `${r.bank ?? ''}:${r.type}`;
        need.set(key, { bank: r.bank, type: r.type, n: (need.get(key)?.n ?? 0) + r.count });
      }
      for (const r of need.values()) {
        const have = await available(tx, r.bank, r.type);
        if (have < r.n) throw new Refusal(X.EXAMS_MSG.notEnough(`${r.bank ?? '全部题库'}的${X.QUESTION_TYPE_LABELS[r.type]}`, r.n, have));
      }
      if (passScore > total) throw new Refusal(X.EXAMS_MSG.passOverTotal(total));
      return;
    }
    const ids = d.questions.map((x) => x.questionId);
    if (ids.length === 0) throw new Refusal(X.EXAMS_MSG.noQuestions);
    const [r] = await tx.select({ n: count() }).from(questions).where(and(inArray(questions.id, ids), isNotNull(questions.retiredAt)));
    if ((r?.n ?? 0) > 0) throw new Refusal(X.EXAMS_MSG.retiredOnPaper(r!.n));
    if (passScore > total) throw new Refusal(X.EXAMS_MSG.passOverTotal(total));
  }
}
export type AdminExams = ReturnType<typeof makeAdminExams>;
