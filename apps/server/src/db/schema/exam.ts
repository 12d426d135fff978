/**
 * Online exams (PRODUCT.md section 6): exams and their rules, the question bank, the fixed question
 * lists of exams, attempts with their paper (order and option order fixed at start), one saved answer
 * per attempt and question, and practice tests. Owned by modules/exam; the catalogue reads `exams`
 * for the public list.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { persons } from './people.ts';
import { installs } from './catalog.ts';
import { teacherClasses } from './teaching.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
/** Points: half points exist (partial credit), so one decimal, read as numbers. */
const points = (name: string) => numeric(name, { precision: 6, scale: 1, mode: 'number' });

export const QUESTION_TYPE_VALUES = ['single', 'multiple', 'judge', 'fill'] as const;

/**
 * Random selection: `count` questions of `type` from the rule's bank (or else the exam's bank; neither:
 * every subject), each worth `score`, drawn per attempt.
 */
export interface RandomRule {
  bank?: string | null;
  type: (typeof QUESTION_TYPE_VALUES)[number];
  count: number;
  score: number;
}

/** One question of an attempt's paper, in paper order: its type, points and its options' keys in shown order. */
export interface PaperEntry {
  questionId: number;
  type: (typeof QUESTION_TYPE_VALUES)[number];
  score: number;
  optionKeys: string[];
}

export const exams = pgTable(
  'exams',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    installId: integer('install_id').references(() => installs.id),
    /** A class's exam: only the class's members may take it. */
    classId: integer('class_id').references(() => teacherClasses.id),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    passScore: smallint('pass_score').notNull(),
    totalScore: smallint('total_score').notNull().default(100),
    attemptsAllowed: smallint('attempts_allowed').notNull().default(1),
    selection: text('selection', { enum: ['fixed', 'random'] }).notNull().default('fixed'),
    /** For random selection: what to draw; the subject is `bank` (null: every subject). */
    randomRules: jsonb('random_rules').$type<RandomRule[]>().notNull().default([]),
    bank: text('bank'),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    review: text('review', { enum: ['never', 'afterSubmit', 'afterEnd'] }).notNull().default('afterEnd'),
    /** Multiple choice: points in proportion to the right options chosen (none if a wrong one is). */
    partialCredit: boolean('partial_credit').notNull().default(false),
    /** Departures from the page allowed: one more submits the attempt. Null: counted only. */
    leaveLimit: smallint('leave_limit'),
    /** 结业考试: passing it is part of completing its install, with the install's required hours. */
    decidesCompletion: boolean('decides_completion').notNull().default(false),
    /** Set up in the administration area as a draft, shown to learners once published (older rows: published). */
    status: text('status', { enum: ['draft', 'published'] }).notNull().default('published'),
    /** The administration area's edit check: an update names the version it edited. */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('exams_end_idx').on(t.endAt, t.startAt)],
);

export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    /** The subject it belongs to (党史党建, 法律法规...). */
    bank: text('bank').notNull(),
    type: text('type', { enum: QUESTION_TYPE_VALUES }).notNull(),
    stem: text('stem').notNull(),
    /** Option texts in their original order, keyed A, B, C... by position; empty for judge and fill. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    /** Option keys; T or F; or the accepted texts of a blank (any one is right). */
    answer: jsonb('answer').$type<string[]>().notNull(),
    explanation: text('explanation').notNull().default(''),
    /** The administration area's edit check: an update names the version it edited. */
    version: integer('version').notNull().default(1),
    /**
     * Retired: never drawn again nor added to a paper; papers and attempts that hold it keep it. An
     * edit of a question some attempt holds retires it and creates its next version (replacesId).
     */
    retiredAt: at('retired_at'),
    replacesId: integer('replaces_id'),
  },
  (t) => [index('questions_bank_type_idx').on(t.bank, t.type)],
);

/** A fixed selection: the exam's questions, in order, with their points. */
export const examQuestions = pgTable(
  'exam_questions',
  {
    examId: integer('exam_id').notNull().references(() => exams.id),
    questionId: integer('question_id').notNull().references(() => questions.id),
    sort: smallint('sort').notNull(),
    score: points('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.questionId] })],
);

export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id').notNull().references(() => exams.id),
    personId: integer('person_id').notNull().references(() => persons.personId),
    attemptNo: smallint('attempt_no').notNull(),
    startedAt: at('started_at').notNull(),
    deadline: at('deadline').notNull(),
    submittedAt: at('submitted_at'),
    submitMode: text('submit_mode', { enum: ['manual', 'deadline', 'leaveLimit'] }),
    score: points('score'),
    passed: boolean('passed'),
    paper: jsonb('paper').$type<PaperEntry[]>().notNull(),
    leaveCount: integer('leave_count').notNull().default(0),
    leaveTimes: jsonb('leave_times').$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('exam_attempts_no_uniq').on(t.examId, t.personId, t.attemptNo),
    // One open attempt per person and exam, whichever server instance starts it.
    uniqueIndex('exam_attempts_open_uniq').on(t.examId, t.personId).where(sql`${t.submittedAt} is null`),
    // The deadline sweep reads only open attempts.
    index('exam_attempts_open_deadline_idx').on(t.deadline).where(sql`${t.submittedAt} is null`),
    // A learner's wrong-answer book reads their submitted attempts (modules/mistakes).
    index('exam_attempts_person_idx').on(t.personId),
  ],
);

/** The newest acknowledged answer of each question of an attempt (by the client's seq). */
export const examAnswers = pgTable(
  'exam_answers',
  {
    attemptId: integer('attempt_id').notNull().references(() => examAttempts.id),
    questionId: integer('question_id').notNull().references(() => questions.id),
    answer: jsonb('answer').$type<string[]>().notNull(),
    seq: integer('seq').notNull(),
    savedAt: at('saved_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

/** A practice test (/exam1): graded at once, recorded, never counted toward a topic. */
export const practiceTests = pgTable(
  'practice_tests',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id').notNull().references(() => persons.personId),
    /** random: from the bank (模拟练习); mistakes: from the learner's wrong-answer book (错题重练). */
    kind: text('kind', { enum: ['random', 'mistakes'] }).notNull().default('random'),
    startedAt: at('started_at').notNull().default(sql`now()`),
    paper: jsonb('paper').$type<PaperEntry[]>().notNull(),
    submittedAt: at('submitted_at'),
    score: points('score'),
    correctCount: smallint('correct_count'),
    answers: jsonb('answers').$type<{ questionId: number; answer: string[] }[]>(),
  },
  (t) => [index('practice_tests_person_idx').on(t.personId, t.startedAt), index('practice_tests_submitted_idx').on(t.personId, t.submittedAt).where(sql`${t.submittedAt} is not null`)],
);
