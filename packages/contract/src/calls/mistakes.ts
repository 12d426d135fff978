/**
 * The learner's wrong-answer book (错题本) and practice history (练习记录), under
 * /video_learning/education/mistakes (ADR wrong-answer-book).
 *
 * - The book holds every question I answered wrongly in a practice test, or in an exam once that exam
 *   shows me its answers, with my last wrong answer, the right one and the explanation, how many
 *   times I missed it, by bank (subject).
 * - 错题重练 is a practice test drawn only from the book, submitted like any practice test
 *   (exam.saveExamTestRecord); a question answered right twice in a row in practice leaves the book
 *   (已移出) and can be brought back.
 * - Nothing here counts toward a topic or a certificate.
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery } from '../call.ts';
import { idParam } from './content.ts';
import { answerValue, PRACTICE_KINDS, practicePaper, practiceResult, PRACTICE_COUNT, QUESTION_TYPES, questionOption } from './exam.ts';

const MK = '/video_learning/education/mistakes';
const instant = z.string().describe('ISO 8601 date-time');

/** Right answers in a row, in practice, after which a question leaves the book. */
export const MASTERED_STREAK = 2;
/** Questions of a 错题重练: at most as many as a practice test; fewer when the book holds fewer. */
export const REDO_COUNT = { min: 1, max: PRACTICE_COUNT.max, default: 10 } as const;

/** In the book, or taken out of it (answered right twice in a row), where it can be brought back from. */
export const MISTAKE_STATUSES = ['active', 'removed'] as const;
export type MistakeStatus = (typeof MISTAKE_STATUSES)[number];
export const MISTAKE_STATUS_LABELS: Record<MistakeStatus, string> = { active: '错题', removed: '已移出' };

/** Where a question was last missed. */
export const MISTAKE_SOURCES = ['practice', 'redo', 'exam'] as const;
export type MistakeSource = (typeof MISTAKE_SOURCES)[number];
export const MISTAKE_SOURCE_LABELS: Record<MistakeSource, string> = { practice: '模拟练习', redo: '错题重练', exam: '在线考试' };

export const mistakeEntry = z.object({
  questionId: z.number().int(),
  bank: z.string(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  /** In the question's own order (A, B, C...); empty for true/false and fill-in questions. */
  options: z.array(questionOption),
  /** My last wrong answer. */
  given: answerValue,
  correct: answerValue,
  explanation: z.string(),
  missCount: z.number().int(),
  /** Right answers in a row since the last miss; MASTERED_STREAK takes it out of the book. */
  rightStreak: z.number().int(),
  lastMissedAt: instant,
  lastSource: z.enum(MISTAKE_SOURCES),
  /** The exam's title when missed in an exam; the practice's kind in words otherwise. */
  lastSourceTitle: z.string(),
  removedAt: instant.nullable(),
});
export type MistakeEntry = z.infer<typeof mistakeEntry>;

export const mistakeBook = pageOf(mistakeEntry).extend({
  /** The banks of the chosen list (错题 or 已移出) with how many questions each holds. */
  banks: z.array(z.object({ bank: z.string(), count: z.number().int() })),
  activeCount: z.number().int(),
  removedCount: z.number().int(),
});
export type MistakeBook = z.infer<typeof mistakeBook>;

const bankFilter = z.string().trim().max(30, '题库不能超过30个字').optional().transform((v) => v || undefined);

export const findMistakeBook = defineCall({
  name: 'findMistakeBook',
  method: 'POST',
  path: `${MK}/findMistakeBook`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'My wrong-answer book: the questions in it (or those taken out of it), most recently missed first, of one bank and type when given, with my last wrong answer, the right answer, the explanation and how many times I missed each; the banks with their counts.',
  query: pageQuery.extend({
    status: z.enum(MISTAKE_STATUSES, { error: '错题状态不正确' }).default('active'),
    bank: bankFilter,
    type: z.enum(QUESTION_TYPES, { error: '题型不正确' }).optional(),
  }),
  data: mistakeBook,
});

export const findMistakePractice = defineCall({
  name: 'findMistakePractice',
  method: 'POST',
  path: `${MK}/findMistakePractice`,
  envelope: 'vl',
  auth: 'required',
  summary:
    '错题重练: a practice test drawn only from the questions in my book (of one bank when given), without their answers; submitted with saveExamTestRecord. Refused when the book holds none.',
  query: z.object({
    count: z.coerce.number({ error: '题目数量必须是数字' }).int('题目数量必须是整数').min(REDO_COUNT.min, `题目数量至少${REDO_COUNT.min}道`).max(REDO_COUNT.max, `题目数量最多${REDO_COUNT.max}道`).default(REDO_COUNT.default),
    bank: bankFilter,
  }),
  data: practicePaper,
});

export const restoreMistake = defineCall({
  name: 'restoreMistake',
  method: 'POST',
  path: `${MK}/restoreMistake`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Brings a question taken out of my book back into it, its right answers in a row counted again from none.',
  body: z.object({ questionId: idParam('试题编号') }),
  data: z.object({ activeCount: z.number().int(), removedCount: z.number().int() }),
});

export const practiceRecord = z.object({
  testId: z.number().int(),
  kind: z.enum(PRACTICE_KINDS),
  startedAt: instant,
  submittedAt: instant,
  score: z.number(),
  totalScore: z.number(),
  correctCount: z.number().int(),
  questionCount: z.number().int(),
  /** The banks its questions came from. */
  banks: z.array(z.string()),
});
export type PracticeRecord = z.infer<typeof practiceRecord>;

export const findPracticeRecords = defineCall({
  name: 'findPracticeRecords',
  method: 'POST',
  path: `${MK}/findPracticeRecords`,
  envelope: 'vl',
  auth: 'required',
  summary: 'My submitted practice tests (模拟练习 and 错题重练), newest first, with date, score and questions.',
  query: pageQuery,
  data: pageOf(practiceRecord),
});

export const findPracticeRecord = defineCall({
  name: 'findPracticeRecord',
  method: 'POST',
  path: `${MK}/findPracticeRecord`,
  envelope: 'vl',
  auth: 'required',
  summary: 'One submitted practice test of mine question by question: my answer, the right answer and the explanation.',
  query: z.object({ testId: idParam('练习编号') }),
  data: practiceResult,
});
