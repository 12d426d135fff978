/**
 * Online exams: owns exams, the question bank, attempts, saved answers and practice tests
 * (schema/exam.ts). Every rule of PRODUCT.md section 6 is decided here, with the database's clock as
 * the one clock of every server instance:
 *
 * - One open attempt per person and exam: a partial unique index, so concurrent starts on any instances
 *   end with one attempt, which both resume. Its deadline (start + duration, never past the window's
 *   end), question order and option order are fixed when it is created.
 * - An answer is saved under a share lock of its open attempt, before the deadline only, and only over
 *   an older seq; the call answers after the commit. Submitting takes the attempt's row lock, so no save
 *   lands in a submitted attempt, and a submitted attempt never changes.
 * - An attempt past its deadline is finished, stamped with its deadline, by whichever call next touches
 *   it or by the periodic sweep (row locks: exactly once across instances).
 * - The right answers never leave before the attempt is submitted, and then only as the exam allows
 *   (answersShown): in the attempt's review and in the learner's wrong-answer book alike.
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { canTakeOnlineExam, collegeChineseDateTime, type exam as E } from '@portal/contract';
import { preparedRunner, type Db, type Tx, type Q } from '../../db/client.ts';
import { examAnswers, examAttempts, examQuestions, exams, practiceTests, questions, type PaperEntry, type QUESTION_TYPE_VALUES } from '../../db/schema/exam.ts';
import { Refusal } from '../../http/errors.ts';
import type { Caller } from '../../http/auth.ts';
import { iso, isoOrNull, offsetOf } from '../../lib/listing.ts';
import { batched, batchedCalls } from '../../lib/batch.ts';
import { answerFits, gradePaper, type Gradable } from './grade.ts';

/** The install an exam belongs to, as the learning core sees it for the caller. */
export interface InstallOfCaller {
  title: string;
  joined: boolean;
}
export interface ExamDeps {
  /** Provided by the learning core, which owns enrolments. Null when the install is unknown. */
  installOf(caller: Caller, installId: number): Promise<InstallOfCaller | null>;
  /** The learning core completes the install if this pass was what it still lacked (in the same transaction). */
  passedInstallExam(tx: Db, personId: number, installId: number): Promise<void>;
  /** A class's exam is its members' only; provided by the teaching side, which owns classes. Null when the class is unknown. */
  classOf?(personId: number, classId: number): Promise<{ name: string; member: boolean } | null>;
  /**
   * The learner's wrong-answer book, which the mistakes module owns: a graded practice test goes into
   * it in the grading transaction, and a practice result shows where its questions stand there. Handed
   * in rather than imported because the mistakes module builds on this one (its 错题重练 is a practice test).
   */
  book: {
    recordPractice(tx: Tx, personId: number, kind: 'random' | 'mistakes', answered: AnsweredQuestion[]): Promise<void>;
    bookStateOf(q: Q, personId: number, questionIds: number[]): Promise<BookState>;
  };
}

type QuestionType = (typeof QUESTION_TYPE_VALUES)[number];

/** One answered question of a graded paper, as the wrong-answer book takes it. */
export interface AnsweredQuestion {
  questionId: number;
  bank: string;
  type: QuestionType;
  given: string[];
  right: boolean;
}

/** An exam attempt whose answers are now shown to its owner. */
export interface ShownAttempt {
  attemptId: number;
  examTitle: string;
  submittedAt: Date;
  wrong: AnsweredQuestion[];
}

/** How many questions are in the book, and where the given questions stand in it. */
export interface BookState {
  activeCount: number;
  items: { questionId: number; inBook: boolean; rightStreak: number }[];
}

/** How often each instance sweeps attempts past their deadline. */
export const SWEEP_INTERVAL_MS = 30_000;
/** Attempts whose owner and paper each process keeps for saves (the oldest are dropped beyond). */
const FIXED_PARTS_MAX = 50_000;
/** Practice questions are worth one point each: the score reads as right answers out of the count. */
const PRACTICE_POINTS = 1;

/** 2026年3月1日 09:00 on the college's clock. */
const chinaTime = (d: Date) => collegeChineseDateTime(d);

export const EXAM_MSG = {
  examMissing: '考试不存在',
  noRight: '培训班账号需开通考试权限后才能参加在线考试，请联系培训班管理员',
  notJoined: (title: string) => `本场考试属于培训“${title}”，请先报名该培训后再参加考试`,
  notClassMember: (name: string) => `本场考试仅限“${name}”的学员参加`,
  notStarted: (at: Date) => `考试尚未开始，开始时间为${chinaTime(at)}`,
  ended: (at: Date) => `考试已于${chinaTime(at)}结束，不能再开始答题`,
  noAttemptsLeft: (n: number) => `您的考试次数已用完（本场考试限考${n}次）`,
  noQuestions: '本场考试暂未设置试题，请联系培训管理员',
  attemptMissing: '答卷不存在',
  timeUp: (deadline: Date) => `考试时间已于${chinaTime(deadline)}截止，系统已按截止前保存的答案交卷，此答案未计入成绩`,
  /**
   * A save that reaches an attempt already handed in, said as it was handed in: a page that was still
   * open while the learner handed in on another device or page, the deadline, or the leave limit.
   */
  submitted: (mode: E.SubmitMode | null, at: Date, deadline: Date): string =>
    mode === 'deadline'
      ? EXAM_MSG.timeUp(deadline)
      : mode === 'leaveLimit'
        ? `离开考试页面次数超过限制，系统已于${chinaTime(at)}自动交卷，此答案未计入成绩`
        : `本次考试已于${chinaTime(at)}交卷，此答案未能保存，未计入成绩`,
  expiredOnResume: '您上一次的答卷已到截止时间，系统已按保存的答案自动交卷，请在考试记录中查看成绩',
  notOnPaper: '该试题不在本次试卷中',
  badAnswer: '答案格式与题型不符，请重新作答',
  notSubmittedReview: '该答卷尚未交卷，交卷后才能查看答题详情',
  practiceMissing: '练习不存在',
  notOnPractice: '该题不在本次练习中，答案未提交',
  notInBook: '该题不在您的错题本中，不能作为错题重练作答',
  practiceNotSubmitted: '该练习尚未交卷，交卷后才能查看答题详情',
  noBankQuestions: '题库中暂无可练习的试题',
} as const;

const REVIEW_NOTES = {
  never: '本场考试只公布成绩，不公布答案与解析',
  afterSubmit: '交卷后可查看答案与解析',
  afterEnd: (end: Date) => `考试结束（${chinaTime(end)}）后可查看答案与解析`,
} as const;

/**
 * Whether a learner sees the right answers of their submitted attempts of an exam now: the one rule
 * behind an attempt's review (findExamRecord) and the copy into the wrong-answer book.
 */
const answersShown = (exam: Pick<ExamRow, 'review' | 'endAt'>, now: Date) => exam.review === 'afterSubmit' || (exam.review === 'afterEnd' && now >= exam.endAt);

/** Why an attempt cannot start: the kind the pages label, and the sentence the start refuses with. */
interface Block {
  kind: E.ExamBlock;
  message: string;
}

type ExamRow = typeof exams.$inferSelect;
/** A practice test in my history (the contract's practiceRecord). */
export interface PracticeRecordRow {
  testId: number;
  kind: E.PracticeKind;
  startedAt: string;
  submittedAt: string;
  score: number;
  totalScore: number;
  correctCount: number;
  questionCount: number;
  banks: string[];
}
type AttemptRow = typeof examAttempts.$inferSelect;

/** Option keys by position: A, B, C... */
const keyOf = (i: number) => String.fromCharCode(65 + i);

function shuffled<T>(xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function dbNow(q: Q): Promise<Date> {
  const r = (await q.execute(sql`select now() as now`)) as unknown as { rows: { now: Date | string }[] };
  return new Date(r.rows[0]!.now);
}

export function makeExam(db: Db, deps: ExamDeps) {
  const prepared = preparedRunner(db);

  /**
   * What a save checks that never changes once an attempt exists: whose it is and its paper (fixed at
   * start). Kept per process, so a save needs no read; whether the attempt is still open (not
   * submitted, before its deadline) is checked by the write itself, in the database, every time.
   */
  type FixedParts = { personId: number; paper: Map<number, PaperEntry> };
  const fixedParts = new Map<number, FixedParts>();
  const remember = (id: number, personId: number, paper: PaperEntry[]): FixedParts => {
    const parts = { personId, paper: new Map(paper.map((p) => [p.questionId, p])) };
    if (fixedParts.size >= FIXED_PARTS_MAX) fixedParts.delete(fixedParts.keys().next().value!);
    fixedParts.set(id, parts);
    return parts;
  };
  /** The owners and papers of the attempts asked for in one event-loop turn, in one query. */
  const readFixedParts = batched(async (ids: number[]) => {
    const rows = await prepared<{ id: number; person_id: number; paper: PaperEntry[] }>('exam_attempt_fixed_parts', 'select id, person_id, paper from exam_attempts where id = any($1::int[])', [ids]);
    return new Map(rows.map((r) => [r.id, remember(r.id, r.person_id, r.paper)]));
  });
  const fixedPartsOf = async (attemptId: number) => fixedParts.get(attemptId) ?? (await readFixedParts(attemptId));

  type AnswerWrite = { attemptId: number; questionId: number; answer: string[]; seq: number };
  /** A save's outcome: acknowledged (written or not), or null when its attempt is not open. */
  type WriteOutcome = E.SaveAck | null;

  /**
   * Writes the answers of one event-loop turn in one statement (its own transaction): each attempt
   * row is share-locked and must be unsubmitted and before its deadline by the database's clock (a
   * submit holds the row's update lock, so no answer lands in a submitted attempt), and an answer
   * replaces the stored one only over an older seq. Keys are written in one order, so concurrent
   * batches cannot deadlock on them; one statement writes a key once, so repeats of a key in one
   * turn go in waves. The acknowledgement follows the commit.
   */
  async function writeAnswers(items: AnswerWrite[]): Promise<WriteOutcome[]> {
    const waves: AnswerWrite[][] = [];
    const seen = new Map<string, number>();
    for (const i of items) {
      const key = `${i.attemptId}:${i.questionId}`;
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      (waves[n] ??= []).push(i);
    }
    if (waves.length > 1) {
      const done = new Map<AnswerWrite, WriteOutcome>();
      for (const wave of waves) (await writeAnswers(wave)).forEach((w, j) => done.set(wave[j]!, w));
      return items.map((i) => done.get(i) ?? null);
    }
    const order = items.map((_, k) => k).sort((x, y) => items[x]!.attemptId - items[y]!.attemptId || items[x]!.questionId - items[y]!.questionId);
    const sorted = order.map((k) => items[k]!);
    let rows: { i: number; open: boolean; seq: number | null; saved_at: Date | string | null }[];
    try {
      rows = await prepared(
        items.length === 1 ? 'exam_answer_write_one' : 'exam_answer_write_many',
        `with v as (
           select * from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::int[]) as v(i, attempt_id, question_id, answer, seq)),
         live as (
           select a.id from exam_attempts a
            where a.id = any($2::int[]) and a.submitted_at is null and a.deadline > now()
            for share),
         w as (
           insert into exam_answers as e (attempt_id, question_id, answer, seq, saved_at)
           select v.attempt_id, v.question_id, v.answer::jsonb, v.seq, now() from v join live on live.id = v.attempt_id
            order by v.attempt_id, v.question_id
           on conflict (attempt_id, question_id) do update set answer = excluded.answer, seq = excluded.seq, saved_at = excluded.saved_at
            where e.seq < excluded.seq
           returning e.attempt_id, e.question_id, e.seq, e.saved_at)
         select v.i, live.id is not null as open, w.seq, w.saved_at
           from v left join live on live.id = v.attempt_id
           left join w on w.attempt_id = v.attempt_id and w.question_id = v.question_id`,
        [sorted.map((_, k) => k), sorted.map((i) => i.attemptId), sorted.map((i) => i.questionId), sorted.map((i) => JSON.stringify(i.answer)), sorted.map((i) => i.seq)],
      );
    } catch (e) {
      // A deadlock with another writer of these rows (none is known): each answer on its own.
      if ((e as { code?: string }).code !== '40P01' || items.length === 1) throw e;
      const out: WriteOutcome[] = [];
      for (const i of items) out.push((await writeAnswers([i]))[0] ?? null);
      return out;
    }
    const out: WriteOutcome[] = items.map(() => null);
    const kept: number[] = [];
    for (const r of rows) {
      const k = order[r.i]!;
      const item = items[k]!;
      if (!r.open) continue;
      if (r.seq === null) kept.push(k);
      else out[k] = { questionId: item.questionId, seq: r.seq, written: true, savedAt: iso(new Date(r.saved_at!)) };
    }
    // Not written: a newer answer is stored (read after the commit, as the client is told which).
    if (kept.length > 0) {
      const stored = await prepared<{ attempt_id: number; question_id: number; seq: number; saved_at: Date | string }>(
        'exam_answer_kept',
        `select e.attempt_id, e.question_id, e.seq, e.saved_at from exam_answers e
           join unnest($1::int[], $2::int[]) as v(attempt_id, question_id) on e.attempt_id = v.attempt_id and e.question_id = v.question_id`,
        [kept.map((k) => items[k]!.attemptId), kept.map((k) => items[k]!.questionId)],
      );
      const byKey = new Map(stored.map((s) => [`${s.attempt_id}:${s.question_id}`, s]));
      for (const k of kept) {
        const s = byKey.get(`${items[k]!.attemptId}:${items[k]!.questionId}`);
        if (s) out[k] = { questionId: items[k]!.questionId, seq: s.seq, written: false, savedAt: iso(new Date(s.saved_at)) };
      }
    }
    return out;
  }
  // At most two statements at once: under load the batches grow, not the statements and commits.
  const writeAnswer = batchedCalls(writeAnswers, 500, 2);

  // Reads outside a transaction that many calls of one turn make alike (a spike: everyone starts the
  // same exam) share one query per turn; nothing is kept beyond it.
  // A draft (being set up in the administration area) is no exam to a learner.
  const examRows = batched(async (ids: number[]) => new Map((await db.select().from(exams).where(and(inArray(exams.id, ids), eq(exams.status, 'published')))).map((r) => [r.id, r])));
  const questionRows = batched(async (ids: number[]) => new Map((await db.select().from(questions).where(inArray(questions.id, ids))).map((r) => [r.id, r])), 1000);
  type FixedEntry = { id: number; type: PaperEntry['type']; options: string[]; score: number };
  const fixedLists = batched(async (examIds: number[]) => {
    const rows = await db
      .select({ examId: examQuestions.examId, id: questions.id, type: questions.type, options: questions.options, score: examQuestions.score })
      .from(examQuestions)
      .innerJoin(questions, eq(questions.id, examQuestions.questionId))
      .where(inArray(examQuestions.examId, examIds))
      .orderBy(asc(examQuestions.examId), asc(examQuestions.sort));
    const out = new Map<number, FixedEntry[]>(examIds.map((id) => [id, []]));
    for (const { examId, ...entry } of rows) out.get(examId)!.push(entry);
    return out;
  });
  const sharedNow = batchedCalls(async (calls: null[]) => {
    const now = await dbNow(db);
    return calls.map(() => now);
  });

  /** The attempts of each person and exam ("person:exam") that starts of one turn ask for, in one query. */
  const attemptsOfStart = batched(async (keys: string[]) => {
    const pairs = keys.map((k) => k.split(':').map(Number) as [number, number]);
    const rows = await db
      .select()
      .from(examAttempts)
      .where(sql`(${examAttempts.personId}, ${examAttempts.examId}) in (select * from unnest(${sql.param(pairs.map((p) => p[0]))}::int[], ${sql.param(pairs.map((p) => p[1]))}::int[]))`)
      .orderBy(asc(examAttempts.attemptNo));
    const out = new Map<string, AttemptRow[]>(keys.map((k) => [k, []]));
    for (const r of rows) out.get(`${r.personId}:${r.examId}`)?.push(r);
    return out;
  });
  type NewAttempt = { exam: ExamRow; personId: number; attemptNo: number; paper: PaperEntry[] };
  /**
   * The new attempts of one turn in one insert: each with the database's clock, its deadline (start +
   * duration, never past the window's end) and its paper. One that meets another open attempt of its
   * person and exam (the partial unique index, across instances, or a twin in the same batch) is not
   * created and answers null, as its caller then resumes the one that was.
   */
  const createAttempt = batchedCalls(async (items: NewAttempt[]): Promise<(AttemptRow | null)[]> => {
    const created = await db
      .insert(examAttempts)
      .values(
        items.map((i) => ({
          examId: i.exam.id,
          personId: i.personId,
          attemptNo: i.attemptNo,
          startedAt: sql`now()`,
          deadline: sql`least(now() + make_interval(mins => ${i.exam.durationMinutes}), ${i.exam.endAt})`,
          paper: i.paper,
        })),
      )
      .onConflictDoNothing()
      .returning();
    const byKey = new Map(created.map((r) => [`${r.personId}:${r.examId}:${r.attemptNo}`, r]));
    // A twin in the batch (same person, exam and number) gets the one row once; the other resumes it.
    return items.map((i) => {
      const key = `${i.personId}:${i.exam.id}:${i.attemptNo}`;
      const r = byKey.get(key) ?? null;
      byKey.delete(key);
      return r;
    });
  }, 500, 2);

  async function examById(id: number): Promise<ExamRow | null> {
    return (await examRows(id)) ?? null;
  }

  async function questionsOf(q: Q, ids: number[]) {
    if (ids.length === 0) return new Map<number, typeof questions.$inferSelect>();
    if (q === db) {
      const rows = await Promise.all(ids.map(questionRows));
      return new Map(rows.filter((r) => r !== undefined).map((r) => [r.id, r]));
    }
    const rows = await q.select().from(questions).where(inArray(questions.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }

  async function answersOf(q: Q, attemptId: number) {
    return q.select().from(examAnswers).where(eq(examAnswers.attemptId, attemptId));
  }

  /** An attempt after a call that may have finished it, with its answered count when that call read it. */
  type Finished = { row: AttemptRow; answered: number | null };

  /** Grades and closes an attempt still open, under its row lock (taken by the caller). */
  async function finish(tx: Tx, a: AttemptRow, exam: Pick<ExamRow, 'passScore' | 'partialCredit' | 'installId' | 'decidesCompletion'>, mode: E.SubmitMode, at: Date): Promise<Finished> {
    const [qs, saved] = await Promise.all([questionsOf(tx, a.paper.map((p) => p.questionId)), answersOf(tx, a.id)]);
    const graded = gradePaper(a.paper, qs as Map<number, Gradable>, new Map(saved.map((s) => [s.questionId, s.answer])), exam.partialCredit);
    const [done] = await tx
      .update(examAttempts)
      .set({ submittedAt: at, submitMode: mode, score: graded.score, passed: graded.score >= exam.passScore })
      .where(and(eq(examAttempts.id, a.id), isNull(examAttempts.submittedAt)))
      .returning();
    if (done?.passed && exam.decidesCompletion && exam.installId !== null) await deps.passedInstallExam(tx, a.personId, exam.installId);
    return { row: done ?? a, answered: saved.filter((x) => x.answer.length > 0).length };
  }

  type SubmitItem = { personId: number; attemptId: number };
  /**
   * Submits the attempts of one event-loop turn in one transaction: their rows are locked for update in
   * id order (as saves lock them, so no deadlock between the two) and their answers read after the
   * locks, so every acknowledged save is graded and none lands after; each open attempt is stamped
   * with the database's clock, or its deadline when that has passed, and all are written in one
   * statement. The questions' grading keys are read before, shared by the turn. An item answers null
   * when the attempt is unknown or another person's. Should the batch fail (a deadlock with the
   * learning core's completion writes), each goes again on its own.
   */
  async function submitMany(items: SubmitItem[]): Promise<(Finished | null)[]> {
    const ids = [...new Set(items.map((i) => i.attemptId))].sort((x, y) => x - y);
    const papers = await Promise.all(ids.map(fixedPartsOf));
    const questionIds = [...new Set(papers.flatMap((p) => (p ? [...p.paper.keys()] : [])))];
    const known = (await questionsOf(db, questionIds)) as Map<number, Gradable>;
    let byId: Map<number, Finished>;
    try {
      byId = await db.transaction(async (tx) => {
        const locked = await tx
          .select({ a: examAttempts, exam: exams, now: sql<Date>`now()`.mapWith((v: Date | string) => new Date(v)) })
          .from(examAttempts)
          .innerJoin(exams, eq(exams.id, examAttempts.examId))
          .where(inArray(examAttempts.id, ids))
          .orderBy(asc(examAttempts.id))
          .for('update', { of: examAttempts });
        const out = new Map<number, Finished>();
        // Only the owner's own submit closes an attempt: another person's id is refused below, untouched.
        const open = locked.filter((r) => r.a.submittedAt === null && items.some((i) => i.attemptId === r.a.id && i.personId === r.a.personId));
        for (const r of locked) if (r.a.submittedAt) out.set(r.a.id, { row: r.a, answered: null });
        if (open.length === 0) return out;
        const saved = await tx
          .select({ attemptId: examAnswers.attemptId, questionId: examAnswers.questionId, answer: examAnswers.answer })
          .from(examAnswers)
          .where(inArray(examAnswers.attemptId, open.map((r) => r.a.id)));
        const missing = open.flatMap((r) => r.a.paper.map((p) => p.questionId)).filter((q) => !known.has(q));
        if (missing.length > 0) for (const [id, q] of await questionsOf(tx, [...new Set(missing)])) known.set(id, q as Gradable);
        const answersOfAttempt = new Map<number, Map<number, string[]>>();
        for (const s of saved) {
          const m = answersOfAttempt.get(s.attemptId) ?? new Map<number, string[]>();
          answersOfAttempt.set(s.attemptId, m.set(s.questionId, s.answer));
        }
        const graded = open.map(({ a, exam, now }) => {
          const answers = answersOfAttempt.get(a.id) ?? new Map<number, string[]>();
          const { score } = gradePaper(a.paper, known, answers, exam.partialCredit);
          const late = now >= a.deadline;
          const row: AttemptRow = { ...a, submittedAt: late ? a.deadline : now, submitMode: late ? 'deadline' : 'manual', score, passed: score >= exam.passScore };
          return { row, exam, answered: [...answers.values()].filter((x) => x.length > 0).length };
        });
        await tx.execute(sql`
          update ${examAttempts} a set submitted_at = v.at, submit_mode = v.mode, score = v.score, passed = v.passed
            from unnest(${sql.param(graded.map((g) => g.row.id))}::int[], ${sql.param(graded.map((g) => g.row.submittedAt!.toISOString()))}::timestamptz[],
                        ${sql.param(graded.map((g) => g.row.submitMode!))}::text[], ${sql.param(graded.map((g) => g.row.score!))}::numeric[],
                        ${sql.param(graded.map((g) => g.row.passed!))}::boolean[]) as v(id, at, mode, score, passed)
           where a.id = v.id and a.submitted_at is null`);
        for (const g of graded) {
          if (g.row.passed && g.exam.decidesCompletion && g.exam.installId !== null) await deps.passedInstallExam(tx, g.row.personId, g.exam.installId);
          out.set(g.row.id, { row: g.row, answered: g.answered });
        }
        return out;
      });
    } catch (e) {
      if (items.length === 1) throw e;
      const out: (Finished | null)[] = [];
      for (const i of items) out.push((await submitMany([i]))[0] ?? null);
      return out;
    }
    return items.map((i) => {
      const f = byId.get(i.attemptId);
      return f && f.row.personId === i.personId ? f : null;
    });
  }
  // At most two batches at once: under load the batches grow, not the transactions.
  const submitOne = batchedCalls(submitMany, 200, 2);

  /** Finishes the given open attempts that are past their deadline; `skipLocked` for the sweep. */
  async function finishExpired(where: ReturnType<typeof and>, skipLocked: boolean, limit = 100): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ a: examAttempts, passScore: exams.passScore, partialCredit: exams.partialCredit, installId: exams.installId, decidesCompletion: exams.decidesCompletion })
        .from(examAttempts)
        .innerJoin(exams, eq(exams.id, examAttempts.examId))
        .where(and(isNull(examAttempts.submittedAt), lte(examAttempts.deadline, sql`now()`), where))
        .orderBy(asc(examAttempts.deadline))
        .limit(limit)
        .for('update', skipLocked ? { of: examAttempts, skipLocked: true } : { of: examAttempts });
      for (const d of due) await finish(tx, d.a, d, 'deadline', d.a.deadline);
      return due.length;
    });
  }

  const finishMineExpired = (personId: number, examId?: number) =>
    finishExpired(and(eq(examAttempts.personId, personId), examId === undefined ? undefined : eq(examAttempts.examId, examId)), false);

  function rulesOf(exam: ExamRow, installTitle: string, questionCount: number, totalScore: number): E.ExamRules {
    return {
      examId: exam.id,
      title: exam.title,
      installTitle,
      startAt: iso(exam.startAt),
      endAt: iso(exam.endAt),
      durationMinutes: exam.durationMinutes,
      passScore: exam.passScore,
      totalScore,
      questionCount,
      attemptsAllowed: exam.attemptsAllowed,
      review: exam.review,
      partialCredit: exam.partialCredit,
      leaveLimit: exam.leaveLimit,
    };
  }

  /** The paper's size and total as the exam defines it (before any attempt draws its questions). */
  async function paperSize(exam: ExamRow): Promise<{ count: number; total: number }> {
    if (exam.selection === 'random') {
      return { count: exam.randomRules.reduce((n, r) => n + r.count, 0), total: exam.randomRules.reduce((n, r) => n + r.count * r.score, 0) };
    }
    const [row] = await db
      .select({ count: count(), total: sql<number>`coalesce(sum(${examQuestions.score}), 0)`.mapWith(Number) })
      .from(examQuestions)
      .where(eq(examQuestions.examId, exam.id));
    return { count: row?.count ?? 0, total: row?.total ?? 0 };
  }

  /** Whether the caller may take the exam at all (right, install), with the install's title. */
  async function standing(caller: Caller, exam: ExamRow): Promise<{ installTitle: string; block: Block | null }> {
    if (!canTakeOnlineExam(caller)) return { installTitle: '', block: { kind: 'noRight', message: EXAM_MSG.noRight } };
    if (exam.classId !== null && deps.classOf) {
      const cls = await deps.classOf(caller.personId, exam.classId);
      if (!cls) return { installTitle: '', block: { kind: 'unavailable', message: EXAM_MSG.examMissing } };
      if (!cls.member) return { installTitle: '', block: { kind: 'noRight', message: EXAM_MSG.notClassMember(cls.name) } };
    }
    if (exam.installId === null) return { installTitle: '', block: null };
    const install = await deps.installOf(caller, exam.installId);
    if (!install) return { installTitle: '', block: { kind: 'unavailable', message: EXAM_MSG.examMissing } };
    return { installTitle: install.title, block: install.joined ? null : { kind: 'notJoined', message: EXAM_MSG.notJoined(install.title) } };
  }

  /**
   * Why I cannot start the exam now, or null: the one rule behind the list's and the exam page's
   * reason and the start's refusal. The standing comes first, except that an exam over is over
   * whether I enrolled or not (enrolling would not help); an open attempt of mine is resumed (or, past
   * its deadline, finished); then the window and the attempts allowed.
   */
  function blockOf(standingBlock: Block | null, exam: ExamRow, attempts: AttemptRow[], now: Date): Block | null {
    const over = now >= exam.endAt;
    if (standingBlock && !(standingBlock.kind === 'notJoined' && over)) return standingBlock;
    if (attempts.some((a) => a.submittedAt === null)) return null;
    if (now < exam.startAt) return { kind: 'notStarted', message: EXAM_MSG.notStarted(exam.startAt) };
    if (over) return { kind: 'ended', message: EXAM_MSG.ended(exam.endAt) };
    if (attempts.length >= exam.attemptsAllowed) return { kind: 'noAttemptsLeft', message: EXAM_MSG.noAttemptsLeft(exam.attemptsAllowed) };
    return null;
  }

  async function myAttempts(personId: number, examId: number) {
    return db
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.personId, personId), eq(examAttempts.examId, examId)))
      .orderBy(asc(examAttempts.attemptNo));
  }

  function mineOf(exam: ExamRow, attempts: AttemptRow[], standingBlock: Block | null, now: Date): E.ExamMine {
    const open = attempts.find((a) => a.submittedAt === null) ?? null;
    const scores = attempts.filter((a) => a.score !== null).map((a) => a.score!);
    const block = blockOf(standingBlock, exam, attempts, now);
    return {
      attemptsUsed: attempts.length,
      attemptsAllowed: exam.attemptsAllowed,
      bestScore: scores.length ? Math.max(...scores) : null,
      passed: attempts.some((a) => a.passed === true),
      openAttemptId: open?.id ?? null,
      refusal: block?.message ?? null,
      blocked: block?.kind ?? null,
      installId: exam.installId,
    };
  }

  function resultOf(a: AttemptRow, answered: number): E.AttemptResult {
    return {
      attemptId: a.id,
      attemptNo: a.attemptNo,
      startedAt: iso(a.startedAt),
      deadline: iso(a.deadline),
      submittedAt: isoOrNull(a.submittedAt),
      submitMode: a.submitMode,
      score: a.score,
      totalScore: a.paper.reduce((n, p) => n + p.score, 0),
      passed: a.passed,
      answeredCount: answered,
      questionCount: a.paper.length,
      leaveCount: a.leaveCount,
    };
  }

  async function answeredCounts(attemptIds: number[]): Promise<Map<number, number>> {
    if (attemptIds.length === 0) return new Map();
    const rows = await db
      .select({ attemptId: examAnswers.attemptId, n: count() })
      .from(examAnswers)
      .where(and(inArray(examAnswers.attemptId, attemptIds), sql`jsonb_array_length(${examAnswers.answer}) > 0`))
      .groupBy(examAnswers.attemptId);
    return new Map(rows.map((r) => [r.attemptId, r.n]));
  }

  /** The questions of a paper as the page shows them: in paper order, options in the attempt's order, no answers. */
  async function paperQuestions(paper: PaperEntry[], q: Q = db): Promise<E.PaperQuestion[]> {
    const qs = await questionsOf(q, paper.map((p) => p.questionId));
    return paper.map((p, i) => {
      const q = qs.get(p.questionId)!;
      return {
        questionId: p.questionId,
        no: i + 1,
        type: p.type,
        stem: q.stem,
        options: p.optionKeys.map((key) => ({ key, text: q.options[key.charCodeAt(0) - 65] ?? '' })),
        score: p.score,
      };
    });
  }

  /** Draws a paper: the fixed list or the random rules, shuffled as the exam says, options' order fixed. */
  async function drawPaper(exam: ExamRow): Promise<PaperEntry[]> {
    let picked: FixedEntry[];
    if (exam.selection === 'random') {
      picked = [];
      for (const rule of exam.randomRules) {
        const rows = await db
          .select({ id: questions.id, type: questions.type, options: questions.options })
          .from(questions)
          .where(and(eq(questions.type, rule.type), isNull(questions.retiredAt), (rule.bank ?? exam.bank) ? eq(questions.bank, (rule.bank ?? exam.bank)!) : undefined))
          .orderBy(sql`random()`)
          .limit(rule.count);
        picked.push(...rows.map((r) => ({ ...r, score: rule.score })));
      }
    } else {
      picked = (await fixedLists(exam.id)) ?? [];
    }
    const ordered = exam.shuffleQuestions ? shuffled(picked) : picked;
    return ordered.map((q) => {
      const keys = q.options.map((_, i) => keyOf(i));
      return { questionId: q.id, type: q.type, score: q.score, optionKeys: exam.shuffleOptions ? shuffled(keys) : keys };
    });
  }

  /** The attempt as the exam page shows it; `now` is the database's clock read for this call. */
  async function paperOf(exam: ExamRow, a: AttemptRow, installTitle: string, now: Date, mayHaveAnswers = true): Promise<E.ExamPaper> {
    if (!fixedParts.has(a.id)) remember(a.id, a.personId, a.paper);
    const [qs, saved] = await Promise.all([paperQuestions(a.paper), mayHaveAnswers ? answersOf(db, a.id) : []]);
    return {
      attemptId: a.id,
      rules: rulesOf(exam, installTitle, a.paper.length, a.paper.reduce((n, p) => n + p.score, 0)),
      startedAt: iso(a.startedAt),
      deadline: iso(a.deadline),
      serverNow: iso(now),
      leaveCount: a.leaveCount,
      questions: qs,
      answers: saved.map((s) => ({ questionId: s.questionId, answer: s.answer, seq: s.seq, savedAt: iso(s.savedAt) })),
    };
  }

  /** My attempt by id under a lock, refused when unknown or another person's (without saying which). */
  async function lockMine(tx: Tx, caller: Caller, attemptId: number, mode: 'update' | 'share') {
    const [row] = await tx
      .select({ a: examAttempts, exam: exams, now: sql<Date>`now()`.mapWith((v: Date | string) => new Date(v)) })
      .from(examAttempts)
      .innerJoin(exams, eq(exams.id, examAttempts.examId))
      .where(eq(examAttempts.id, attemptId))
      .for(mode, { of: examAttempts });
    if (!row || row.a.personId !== caller.personId) throw new Refusal(EXAM_MSG.attemptMissing);
    return row;
  }

  /** One save in a transaction of its own, with every check in order and its refusal (the path of refusals). */
  async function saveAlone(caller: Caller, input: { attemptId: number; questionId: number; answer: string[]; seq: number }): Promise<E.SaveAck> {
    type Outcome = { saved: E.SaveAck } | { refusal: string; expired?: true };
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const { a, now } = await lockMine(tx, caller, input.attemptId, 'share');
      if (a.submittedAt) return { refusal: EXAM_MSG.submitted(a.submitMode, a.submittedAt, a.deadline) };
      if (now >= a.deadline) return { refusal: EXAM_MSG.timeUp(a.deadline), expired: true };
      const entry = a.paper.find((p) => p.questionId === input.questionId);
      if (!entry) return { refusal: EXAM_MSG.notOnPaper };
      const answer = entry.type === 'fill' ? input.answer : input.answer.map((k) => k.toUpperCase());
      if (!answerFits(entry.type, entry.optionKeys, answer)) return { refusal: EXAM_MSG.badAnswer };
      const [written] = await tx
        .insert(examAnswers)
        .values({ attemptId: a.id, questionId: input.questionId, answer, seq: input.seq, savedAt: sql`now()` })
        .onConflictDoUpdate({
          target: [examAnswers.attemptId, examAnswers.questionId],
          set: { answer: sql`excluded.answer`, seq: sql`excluded.seq`, savedAt: sql`excluded.saved_at` },
          setWhere: sql`${examAnswers.seq} < excluded.seq`,
        })
        .returning({ seq: examAnswers.seq, savedAt: examAnswers.savedAt });
      if (written) return { saved: { questionId: input.questionId, seq: written.seq, written: true, savedAt: iso(written.savedAt) } };
      const [kept] = await tx
        .select({ seq: examAnswers.seq, savedAt: examAnswers.savedAt })
        .from(examAnswers)
        .where(and(eq(examAnswers.attemptId, a.id), eq(examAnswers.questionId, input.questionId)));
      return { saved: { questionId: input.questionId, seq: kept!.seq, written: false, savedAt: iso(kept!.savedAt) } };
    });
    if ('saved' in outcome) return outcome.saved;
    // The attempt is past its deadline: this call is the one touching it, so it finishes it.
    if ('expired' in outcome) await finishExpired(eq(examAttempts.id, input.attemptId), false);
    throw new Refusal(outcome.refusal);
  }

  async function attemptResultOf({ row, answered }: Finished) {
    return resultOf(row, answered ?? (await answeredCounts([row.id])).get(row.id) ?? 0);
  }

  return {
    /** My standing in each of the given exams (the public list, for a logged-in learner). */
    async mineOfExams(caller: Caller, examIds: number[]): Promise<Map<number, E.ExamMine>> {
      if (examIds.length === 0) return new Map();
      await finishMineExpired(caller.personId);
      const [rows, attempts, now] = await Promise.all([
        db.select().from(exams).where(and(inArray(exams.id, examIds), eq(exams.status, 'published'))),
        db.select().from(examAttempts).where(and(eq(examAttempts.personId, caller.personId), inArray(examAttempts.examId, examIds))),
        dbNow(db),
      ]);
      const out = new Map<number, E.ExamMine>();
      for (const exam of rows) {
        const { block } = await standing(caller, exam);
        out.set(exam.id, mineOf(exam, attempts.filter((a) => a.examId === exam.id), block, now));
      }
      return out;
    },

    async answerNumber(caller: Caller, examId: number): Promise<E.ExamMine> {
      const exam = await examById(examId);
      if (!exam) throw new Refusal(EXAM_MSG.examMissing);
      await finishMineExpired(caller.personId, examId);
      const [{ block }, attempts, now] = await Promise.all([standing(caller, exam), myAttempts(caller.personId, examId), dbNow(db)]);
      return mineOf(exam, attempts, block, now);
    },

    /** Starts my one open attempt of the exam, or resumes it. */
    async start(caller: Caller, examId: number): Promise<E.ExamPaper> {
      const exam = await examById(examId);
      if (!exam) throw new Refusal(EXAM_MSG.examMissing);
      const { installTitle, block } = await standing(caller, exam);
      // Two tries: a concurrent start may win the insert; then its attempt is the one to resume (and
      // one more when another instance finished an expired attempt first).
      for (let round = 0; round < 3; round++) {
        const [attempts, now] = await Promise.all([attemptsOfStart(`${caller.personId}:${examId}`).then((r) => r ?? []), sharedNow(null)]);
        const cannot = blockOf(block, exam, attempts, now);
        if (cannot) throw new Refusal(cannot.message);
        const open = attempts.find((a) => a.submittedAt === null);
        // An open attempt whose time ran out is finished (once, under its lock) and said so.
        if (open && open.deadline <= now && (await finishMineExpired(caller.personId, examId)) > 0) throw new Refusal(EXAM_MSG.expiredOnResume);
        if (open && open.deadline > now) return paperOf(exam, open, installTitle, now);
        if (open) continue;
        const paper = await drawPaper(exam);
        if (paper.length === 0) throw new Refusal(EXAM_MSG.noQuestions);
        const created = await createAttempt({ exam, personId: caller.personId, attemptNo: attempts.length + 1, paper });
        if (created) return paperOf(exam, created, installTitle, created.startedAt, false);
      }
      throw new Refusal(EXAM_MSG.noAttemptsLeft(exam.attemptsAllowed));
    },

    /**
     * Saves one answer of my open attempt; answers after the commit. The answers of one event-loop
     * turn are written together (writeAnswers); a save that is refused for any reason goes the whole
     * way on its own (saveAlone), which says why.
     */
    async save(caller: Caller, input: { attemptId: number; questionId: number; answer: string[]; seq: number }): Promise<E.SaveAck> {
      const fixed = await fixedPartsOf(input.attemptId);
      const entry = fixed?.personId === caller.personId ? fixed.paper.get(input.questionId) : undefined;
      if (!entry) return saveAlone(caller, input);
      const answer = entry.type === 'fill' ? input.answer : input.answer.map((k) => k.toUpperCase());
      if (!answerFits(entry.type, entry.optionKeys, answer)) return saveAlone(caller, input);
      return (await writeAnswer({ attemptId: input.attemptId, questionId: input.questionId, answer, seq: input.seq })) ?? saveAlone(caller, input);
    },

    /**
     * Submits my attempt (once: a submitted attempt answers its record as it is). The submits of one
     * event-loop turn go together (submitMany); the answer follows the commit.
     */
    async submit(caller: Caller, attemptId: number): Promise<E.AttemptResult> {
      const done = await submitOne({ personId: caller.personId, attemptId });
      if (!done) throw new Refusal(EXAM_MSG.attemptMissing);
      return attemptResultOf(done);
    },

    /** Counts a departure from the exam page; beyond the exam's limit, submits the attempt. */
    async leave(caller: Caller, attemptId: number): Promise<E.AttemptResult> {
      const done = await db.transaction(async (tx) => {
        const { a, exam, now } = await lockMine(tx, caller, attemptId, 'update');
        if (a.submittedAt) return { row: a, answered: null };
        if (now >= a.deadline) return finish(tx, a, exam, 'deadline', a.deadline);
        const [counted] = await tx
          .update(examAttempts)
          .set({ leaveCount: sql`${examAttempts.leaveCount} + 1`, leaveTimes: sql`${examAttempts.leaveTimes} || jsonb_build_array(${iso(now)}::text)` })
          .where(eq(examAttempts.id, a.id))
          .returning();
        if (exam.leaveLimit !== null && counted!.leaveCount > exam.leaveLimit) return finish(tx, counted!, exam, 'leaveLimit', now);
        return { row: counted!, answered: null };
      });
      return attemptResultOf(done);
    },

    /** The exam's rules, my standing and records; with an attempt id, that submitted attempt's review. */
    async records(caller: Caller, examId: number, attemptId: number | undefined): Promise<E.ExamRecord> {
      const exam = await examById(examId);
      if (!exam) throw new Refusal(EXAM_MSG.examMissing);
      await finishMineExpired(caller.personId, examId);
      const [{ installTitle, block }, attempts, now, size] = await Promise.all([standing(caller, exam), myAttempts(caller.personId, examId), dbNow(db), paperSize(exam)]);
      const counts = await answeredCounts(attempts.map((a) => a.id));
      const shown = answersShown(exam, now);
      const reviewNote = exam.review === 'afterEnd' ? (shown ? REVIEW_NOTES.afterSubmit : REVIEW_NOTES.afterEnd(exam.endAt)) : REVIEW_NOTES[exam.review];
      let review: E.ReviewItem[] | null = null;
      if (attemptId !== undefined) {
        const a = attempts.find((x) => x.id === attemptId);
        if (!a) throw new Refusal(EXAM_MSG.attemptMissing);
        if (!a.submittedAt) throw new Refusal(EXAM_MSG.notSubmittedReview);
        // Score only until the exam shows answers: points per question would tell which were right.
        if (shown) review = await reviewOf(a.paper, (await answersOf(db, a.id)).map((s) => ({ questionId: s.questionId, answer: s.answer })), exam.partialCredit);
      }
      return {
        rules: rulesOf(exam, installTitle, size.count, size.total),
        mine: mineOf(exam, attempts, block, now),
        records: attempts.map((a) => resultOf(a, counts.get(a.id) ?? 0)),
        review,
        reviewNote,
      };
    },

    /**
     * A practice test, recorded, without answers: random questions of the bank (one subject or all),
     * or (错题重练) the given questions of the learner's wrong-answer book, in a random order.
     */
    async startPractice(caller: Caller, q: { count: number; bank?: string | undefined }, fromBook?: number[]): Promise<E.PracticePaper> {
      if (!canTakeOnlineExam(caller)) throw new Refusal(EXAM_MSG.noRight);
      const rows = await db
        .select({ id: questions.id, type: questions.type, options: questions.options })
        .from(questions)
        .where(fromBook ? inArray(questions.id, fromBook) : and(isNull(questions.retiredAt), q.bank ? eq(questions.bank, q.bank) : undefined))
        .orderBy(sql`random()`)
        .limit(q.count);
      if (rows.length === 0) throw new Refusal(EXAM_MSG.noBankQuestions);
      const paper: PaperEntry[] = rows.map((r) => ({ questionId: r.id, type: r.type, score: PRACTICE_POINTS, optionKeys: shuffled(r.options.map((_, i) => keyOf(i))) }));
      const [test] = await db
        .insert(practiceTests)
        .values({ personId: caller.personId, paper, kind: fromBook ? 'mistakes' : 'random' })
        .returning({ id: practiceTests.id });
      return { testId: test!.id, questions: await paperQuestions(paper) };
    },

    /** Grades a practice test at once, with the right answers and explanations; once only. */
    async submitPractice(caller: Caller, input: { testId: number; answers: { questionId: number; answer: string[] }[] }): Promise<E.PracticeResult> {
      return db.transaction(async (tx) => {
        const [test] = await tx.select().from(practiceTests).where(eq(practiceTests.id, input.testId)).for('update');
        if (!test || test.personId !== caller.personId) throw new Refusal(EXAM_MSG.practiceMissing);
        const byQuestion = new Map(test.paper.map((p) => [p.questionId, p]));
        // An answer to a question the test did not ask (for 错题重练: one not drawn from the book) changes nothing.
        if (input.answers.some((x) => !byQuestion.has(x.questionId))) throw new Refusal(test.kind === 'mistakes' ? EXAM_MSG.notInBook : EXAM_MSG.notOnPractice);
        let done: typeof test | undefined = test;
        if (!test.submittedAt) {
          const answers = input.answers
            .filter((x) => byQuestion.has(x.questionId))
            .map((x) => {
              const entry = byQuestion.get(x.questionId)!;
              return { questionId: x.questionId, answer: entry.type === 'fill' ? x.answer : x.answer.map((k) => k.toUpperCase()) };
            })
            .filter((x) => answerFits(byQuestion.get(x.questionId)!.type, byQuestion.get(x.questionId)!.optionKeys, x.answer));
          const qs = await questionsOf(tx, [...byQuestion.keys()]);
          const graded = gradePaper(test.paper, qs as Map<number, Gradable>, new Map(answers.map((x) => [x.questionId, x.answer])), false);
          [done] = await tx
            .update(practiceTests)
            .set({ submittedAt: sql`now()`, score: graded.score, correctCount: graded.correctCount, answers })
            .where(eq(practiceTests.id, test.id))
            .returning();
          // Into the learner's wrong-answer book in the same transaction: graded once, recorded once.
          await deps.book.recordPractice(
            tx,
            test.personId,
            test.kind,
            answers.map((x) => ({ questionId: x.questionId, bank: qs.get(x.questionId)!.bank, type: qs.get(x.questionId)!.type, given: x.answer, right: graded.earned.get(x.questionId) === byQuestion.get(x.questionId)!.score })),
          );
        }
        return practiceResultOf(done!, tx);
      });
    },

    /** My submitted practice tests, newest first. */
    async practiceRecords(caller: Caller, page: { pageNum: number; pageSize: number }): Promise<{ list: PracticeRecordRow[]; total: number }> {
      const mine = and(eq(practiceTests.personId, caller.personId), isNotNull(practiceTests.submittedAt));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(practiceTests)
          .where(mine)
          .orderBy(desc(practiceTests.submittedAt), desc(practiceTests.id))
          .limit(page.pageSize)
          .offset(offsetOf(page)),
        db.select({ n: count() }).from(practiceTests).where(mine),
      ]);
      const qs = await questionsOf(db, [...new Set(rows.flatMap((r) => r.paper.map((p) => p.questionId)))]);
      return {
        total: total?.n ?? 0,
        list: rows.map((r) => ({
          testId: r.id,
          kind: r.kind,
          startedAt: iso(r.startedAt),
          submittedAt: iso(r.submittedAt!),
          score: r.score ?? 0,
          totalScore: r.paper.reduce((n, p) => n + p.score, 0),
          correctCount: r.correctCount ?? 0,
          questionCount: r.paper.length,
          banks: [...new Set(r.paper.map((p) => qs.get(p.questionId)?.bank ?? ''))].filter((b) => b !== '').sort(),
        })),
      };
    },

    /** One submitted practice test of mine, question by question. */
    async practiceRecord(caller: Caller, testId: number): Promise<E.PracticeResult> {
      const [test] = await db.select().from(practiceTests).where(eq(practiceTests.id, testId));
      if (!test || test.personId !== caller.personId) throw new Refusal(EXAM_MSG.practiceMissing);
      if (!test.submittedAt) throw new Refusal(EXAM_MSG.practiceNotSubmitted);
      return practiceResultOf(test);
    },

    /**
     * The wrong answers of a person's submitted attempts whose exam shows its answers now (the rule of
     * `records`: afterSubmit, or afterEnd once the exam has ended; never: not at all), except the
     * attempts given. A question answered only in part (partial credit) counts as wrong.
     */
    async shownMisses(personId: number, except: Set<number>): Promise<ShownAttempt[]> {
      const [rows, now] = await Promise.all([
        db
          .select({ a: examAttempts, exam: exams })
          .from(examAttempts)
          .innerJoin(exams, eq(exams.id, examAttempts.examId))
          .where(and(eq(examAttempts.personId, personId), isNotNull(examAttempts.submittedAt), eq(exams.status, 'published')))
          .orderBy(asc(examAttempts.submittedAt)),
        dbNow(db),
      ]);
      const due = rows.filter((r) => !except.has(r.a.id) && answersShown(r.exam, now)).map((r) => ({ a: r.a, title: r.exam.title, partialCredit: r.exam.partialCredit }));
      if (due.length === 0) return [];
      const [qs, saved] = await Promise.all([
        questionsOf(db, [...new Set(due.flatMap((r) => r.a.paper.map((p) => p.questionId)))]),
        db.select().from(examAnswers).where(inArray(examAnswers.attemptId, due.map((r) => r.a.id))),
      ]);
      return due.map(({ a, title, partialCredit }) => {
        const answers = new Map(saved.filter((s) => s.attemptId === a.id).map((s) => [s.questionId, s.answer]));
        const graded = gradePaper(a.paper, qs as Map<number, Gradable>, answers, partialCredit);
        return {
          attemptId: a.id,
          examTitle: title,
          submittedAt: a.submittedAt!,
          wrong: a.paper
            .filter((p) => (answers.get(p.questionId)?.length ?? 0) > 0 && graded.earned.get(p.questionId) !== p.score)
            .map((p) => ({ questionId: p.questionId, bank: qs.get(p.questionId)!.bank, type: p.type, given: answers.get(p.questionId)!, right: false })),
        };
      });
    },

    /** Questions as the wrong-answer book shows them: options in their own order, the answer and why. */
    async bookQuestions(ids: number[]): Promise<Map<number, { stem: string; options: E.PaperQuestion['options']; answer: string[]; explanation: string }>> {
      const qs = await questionsOf(db, ids);
      return new Map(
        [...qs.values()].map((q) => [q.id, { stem: q.stem, options: q.options.map((text, i) => ({ key: keyOf(i), text })), answer: q.answer, explanation: q.explanation }]),
      );
    },

    /** Finishes every attempt past its deadline, in batches; safe on several instances at once. */
    async sweep(): Promise<number> {
      let total = 0;
      for (;;) {
        const n = await finishExpired(undefined, true);
        total += n;
        if (n < 100) return total;
      }
    },
  };

  /** A submitted practice test as its learner sees it: the review, and where its questions stand in the book. */
  async function practiceResultOf(test: typeof practiceTests.$inferSelect, q: Q = db): Promise<E.PracticeResult> {
    const [items, book] = await Promise.all([reviewOf(test.paper, test.answers ?? [], false, q), deps.book.bookStateOf(q, test.personId, test.paper.map((p) => p.questionId))]);
    return {
      testId: test.id,
      kind: test.kind,
      score: test.score ?? 0,
      totalScore: test.paper.reduce((n, p) => n + p.score, 0),
      correctCount: test.correctCount ?? 0,
      submittedAt: iso(test.submittedAt!),
      items,
      book,
    };
  }

  /** A submitted paper question by question: my answer and points, the right answer and why. */
  async function reviewOf(paper: PaperEntry[], given: { questionId: number; answer: string[] }[], partialCredit: boolean, q: Q = db): Promise<E.ReviewItem[]> {
    const [shownQuestions, qs] = await Promise.all([paperQuestions(paper, q), questionsOf(q, paper.map((p) => p.questionId))]);
    const answers = new Map(given.map((x) => [x.questionId, x.answer]));
    const graded = gradePaper(paper, qs as Map<number, Gradable>, answers, partialCredit);
    return shownQuestions.map((sq) => {
      const full = qs.get(sq.questionId)!;
      return {
        ...sq,
        given: answers.get(sq.questionId) ?? [],
        correct: full.answer,
        explanation: full.explanation,
        earned: graded.earned.get(sq.questionId) ?? 0,
      };
    });
  }
}
export type ExamService = ReturnType<typeof makeExam>;
