/**
 * Online exams and practice tests under /video_learning/education/index (SPEC.md section 7, PRODUCT.md
 * section 6): my attempts of an exam, starting or resuming my one open attempt, saving one answer at a
 * time, submitting, my records and one attempt's review; practice tests graded at once.
 *
 * The server's clock is the only clock: an attempt answers its deadline and the server's time, so a
 * page counts down to the deadline corrected for its device's offset. Questions travel without their
 * answers until the attempt is submitted (and then only where the exam shows them).
 */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField } from '../rules/numbers.ts';
import { idParam } from './content.ts';

const IDX = '/video_learning/education/index';
const instant = z.string().describe('ISO 8601 date-time');

export const QUESTION_TYPES = ['single', 'multiple', 'judge', 'fill'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = { single: '单选题', multiple: '多选题', judge: '判断题', fill: '填空题' };
/** The two keys of a true/false question's answer. */
export const JUDGE_KEYS = { true: 'T', false: 'F' } as const;

/** When a learner sees the right answers and explanations of a submitted attempt. */
export const REVIEW_POLICIES = ['never', 'afterSubmit', 'afterEnd'] as const;
export type ReviewPolicy = (typeof REVIEW_POLICIES)[number];
export const REVIEW_POLICY_LABELS: Record<ReviewPolicy, string> = {
  never: '交卷后只显示成绩',
  afterSubmit: '交卷后可查看答案与解析',
  afterEnd: '考试结束后可查看答案与解析',
};

/** How an attempt ended: the learner's 交卷, the deadline, or too many departures from the page. */
export const SUBMIT_MODES = ['manual', 'deadline', 'leaveLimit'] as const;
export type SubmitMode = (typeof SUBMIT_MODES)[number];
export const SUBMIT_MODE_LABELS: Record<SubmitMode, string> = { manual: '主动交卷', deadline: '到时自动交卷', leaveLimit: '离开页面次数超限自动交卷' };

/** Questions of a practice test: how many a learner may ask for. */
export const PRACTICE_COUNT = { min: 5, max: 50, default: 10 } as const;
/** Subjects of the question bank; a practice test may draw from one of them. */
export const QUESTION_BANKS = ['党史党建', '法律法规', '国家治理', '职业道德'] as const;

/** An answer: option keys (A, B...), T or F, or the text of a blank; empty when cleared. */
export const answerValue = z
  .array(z.string({ error: '答案必须是文字' }).trim().max(200, '答案不能超过200个字符'), { error: '答案格式不正确' })
  .max(10, '答案选项过多');
export type AnswerValue = z.infer<typeof answerValue>;

/**
 * Why I cannot start an exam now, as the list and the exam's page show it: not allowed online exams
 * at all (a training-class account without the exam right), not enrolled in the exam's install, not
 * open yet, over, every attempt used; unavailable: its install is not one I can see.
 */
export const EXAM_BLOCKS = ['noRight', 'notJoined', 'notStarted', 'ended', 'noAttemptsLeft', 'unavailable'] as const;
export type ExamBlock = (typeof EXAM_BLOCKS)[number];
export const EXAM_BLOCK_LABELS: Record<ExamBlock, string> = {
  noRight: '未开通考试权限',
  notJoined: '未报名',
  notStarted: '未开始',
  ended: '已结束',
  noAttemptsLeft: '次数已用完',
  unavailable: '不可参加',
};

/** My standing in an exam; null attempts figures where I may not take it. */
export const examMine = z.object({
  attemptsUsed: z.number().int(),
  attemptsAllowed: z.number().int(),
  bestScore: z.number().nullable(),
  passed: z.boolean(),
  /** An attempt of mine is open now: 继续考试. */
  openAttemptId: z.number().int().nullable(),
  /** Why I cannot start (now), in words; null when I can. The same sentence the start would refuse with. */
  refusal: z.string().nullable(),
  /** The same reason as a kind, for the page's label; null exactly when refusal is. */
  blocked: z.enum(EXAM_BLOCKS).nullable(),
  /** The install the exam belongs to (its page, /specialTrainingInfo?id=, is where to enrol); null for an exam open to all. */
  installId: z.number().int().nullable(),
});
export type ExamMine = z.infer<typeof examMine>;

const examQuery = z.object({ examId: idParam('考试编号') });

export const findAnswerNumber = defineCall({
  name: 'findAnswerNumber',
  method: 'POST',
  path: `${IDX}/findAnswerNumber`,
  envelope: 'vl',
  auth: 'required',
  summary: 'My attempts of an exam: used / allowed, best score, pass state, my open attempt, and why I may not start if so.',
  query: examQuery,
  data: examMine,
});

export const questionOption = z.object({ key: z.string(), text: z.string() });
export const paperQuestion = z.object({
  questionId: z.number().int(),
  /** Position on the paper, from 1. */
  no: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  /** In this attempt's order; empty for true/false and fill-in questions. */
  options: z.array(questionOption),
  score: z.number(),
});
export type PaperQuestion = z.infer<typeof paperQuestion>;

export const savedAnswer = z.object({ questionId: z.number().int(), answer: answerValue, seq: z.number().int(), savedAt: instant });
export type SavedAnswer = z.infer<typeof savedAnswer>;

export const examRules = z.object({
  examId: z.number().int(),
  title: z.string(),
  installTitle: z.string(),
  startAt: instant,
  endAt: instant,
  durationMinutes: z.number().int(),
  passScore: z.number(),
  totalScore: z.number(),
  questionCount: z.number().int(),
  attemptsAllowed: z.number().int(),
  review: z.enum(REVIEW_POLICIES),
  partialCredit: z.boolean(),
  /** Departures from the page allowed: one more submits the attempt. Null: counted, never submitted for it. */
  leaveLimit: z.number().int().nullable(),
});
export type ExamRules = z.infer<typeof examRules>;

export const examPaper = z.object({
  attemptId: z.number().int(),
  rules: examRules,
  startedAt: instant,
  /** Never past the exam's end: started + duration at most. */
  deadline: instant,
  /** The server's time when it answered: the page's clock offset. */
  serverNow: instant,
  leaveCount: z.number().int(),
  questions: z.array(paperQuestion),
  /** Every acknowledged answer of this attempt, the newest of each question. */
  answers: z.array(savedAnswer),
});
export type ExamPaper = z.infer<typeof examPaper>;

export const findExamQuestions = defineCall({
  name: 'findExamQuestions',
  method: 'POST',
  path: `${IDX}/findExamQuestions`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'Start my one open attempt of an exam, or resume it: the same questions, order, answers and deadline on every device. Refused outside the window, beyond the attempts allowed, without the right, or for an install I have not joined.',
  query: examQuery,
  data: examPaper,
});

export const saveAck = z.object({
  questionId: z.number().int(),
  /** The seq now stored: above the one sent when a newer save arrived first. */
  seq: z.number().int(),
  /** False when a newer answer was already stored (this one was not written). */
  written: z.boolean(),
  savedAt: instant,
});
export type SaveAck = z.infer<typeof saveAck>;

export const saveExamQuestionAnswerd = defineCall({
  name: 'saveExamQuestionAnswerd',
  method: 'POST',
  path: `${IDX}/saveExamQuestionAnswerd`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'Save one answer of my open attempt, acknowledged once durable. A save whose seq is not above the stored one changes nothing (a late or repeated save); a save at or after the deadline is refused.',
  body: z.object({
    attemptId: idParam('答卷编号'),
    questionId: idParam('试题编号'),
    answer: answerValue,
    seq: idField('序号'),
  }),
  data: saveAck,
});

export const attemptResult = z.object({
  attemptId: z.number().int(),
  attemptNo: z.number().int(),
  startedAt: instant,
  deadline: instant,
  submittedAt: instant.nullable(),
  submitMode: z.enum(SUBMIT_MODES).nullable(),
  score: z.number().nullable(),
  totalScore: z.number(),
  passed: z.boolean().nullable(),
  answeredCount: z.number().int(),
  questionCount: z.number().int(),
  leaveCount: z.number().int(),
});
export type AttemptResult = z.infer<typeof attemptResult>;

export const saveExamLeave = defineCall({
  name: 'saveExamLeave',
  method: 'POST',
  path: `${IDX}/saveExamLeave`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Count a departure from the exam page (tab hidden, window blur) at the server time; beyond the exam\'s limit the attempt is submitted.',
  body: z.object({ attemptId: idParam('答卷编号') }),
  data: attemptResult,
});

export const saveExamRecord = defineCall({
  name: 'saveExamRecord',
  method: 'POST',
  path: `${IDX}/saveExamRecord`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Submit my attempt: graded on the server from the saved answers. Once only: submitting again answers the same record.',
  body: z.object({ attemptId: idParam('答卷编号') }),
  data: attemptResult,
});

export const reviewItem = paperQuestion.extend({
  given: answerValue,
  /** The right answer and why. */
  correct: answerValue,
  explanation: z.string(),
  earned: z.number(),
});
export type ReviewItem = z.infer<typeof reviewItem>;

export const examRecord = z.object({
  rules: examRules,
  mine: examMine,
  records: z.array(attemptResult),
  /** The asked submitted attempt question by question; null when none was asked or the exam shows only scores (yet). */
  review: z.array(reviewItem).nullable(),
  /** Whether the right answers are shown, in words (e.g. they will be after the exam ends). */
  reviewNote: z.string(),
});
export type ExamRecord = z.infer<typeof examRecord>;

export const findExamRecord = defineCall({
  name: 'findExamRecord',
  method: 'POST',
  path: `${IDX}/findExamRecord`,
  envelope: 'vl',
  auth: 'required',
  summary: "An exam's rules, my standing and my records; with attemptId, that submitted attempt's review.",
  query: examQuery.extend({ attemptId: idParam('答卷编号').optional() }),
  data: examRecord,
});

export const practicePaper = z.object({ testId: z.number().int(), questions: z.array(paperQuestion) });
export type PracticePaper = z.infer<typeof practicePaper>;

export const findExamTestQuestions = defineCall({
  name: 'findExamTestQuestions',
  method: 'POST',
  path: `${IDX}/findExamTestQuestions`,
  envelope: 'vl',
  auth: 'required',
  summary: 'A practice test: random questions from the bank (one subject, or all), without their answers. Never counts toward a topic.',
  query: z.object({
    count: z.coerce.number({ error: '题目数量必须是数字' }).int('题目数量必须是整数').min(PRACTICE_COUNT.min, `题目数量至少${PRACTICE_COUNT.min}道`).max(PRACTICE_COUNT.max, `题目数量最多${PRACTICE_COUNT.max}道`).default(PRACTICE_COUNT.default),
    bank: z.enum(QUESTION_BANKS, { error: '题库不存在' }).optional(),
  }),
  data: practicePaper,
});

/** A practice test drawn from the bank at random (模拟练习), or from my wrong-answer book (错题重练). */
export const PRACTICE_KINDS = ['random', 'mistakes'] as const;
export type PracticeKind = (typeof PRACTICE_KINDS)[number];
export const PRACTICE_KIND_LABELS: Record<PracticeKind, string> = { random: '模拟练习', mistakes: '错题重练' };

export const practiceResult = z.object({
  testId: z.number().int(),
  kind: z.enum(PRACTICE_KINDS),
  score: z.number(),
  totalScore: z.number(),
  correctCount: z.number().int(),
  submittedAt: instant,
  items: z.array(reviewItem),
  /** My wrong-answer book now, for this test's questions: in it or not, and right answers in a row. */
  book: z.object({
    activeCount: z.number().int(),
    items: z.array(z.object({ questionId: z.number().int(), inBook: z.boolean(), rightStreak: z.number().int() })),
  }),
});
export type PracticeResult = z.infer<typeof practiceResult>;

export const saveExamTestRecord = defineCall({
  name: 'saveExamTestRecord',
  method: 'POST',
  path: `${IDX}/saveExamTestRecord`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Submit a practice test: graded at once with the right answers and explanations, recorded. Submitting again answers the same result.',
  body: z.object({
    testId: idParam('练习编号'),
    answers: z.array(z.object({ questionId: idParam('试题编号'), answer: answerValue }), { error: '答案格式不正确' }).max(PRACTICE_COUNT.max, '答案过多'),
  }),
  data: practiceResult,
});
