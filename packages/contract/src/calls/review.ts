/**
 * The review queue (批阅中心): one queue of everything awaiting this teacher's review across
 * all their classes — homework hand-ins and practice reports — oldest hand-in first, filtered by
 * class, assignment and kind, paged; reviewing from it; passing several hand-ins of one assignment at
 * once; and undoing a review within REVIEW_UNDO_SECONDS.
 *
 * Rights are those of the class area (calls/teacher.ts): a teacher (person type 4), and for every
 * item the server resolves its class and refuses unless the caller teaches it — for a batch, one
 * item of another class refuses the whole batch and changes nothing.
 *
 * A review made here is held, not final: for REVIEW_UNDO_SECONDS (10 by default) the teacher who made
 * it may undo it, the learner sees nothing of it and gets no message, and the hand-in only leaves the
 * queue. Then it becomes final on the server (whichever instance gets to it first): the version gets
 * its review and the learner their message. An undo after that is refused (REVIEW_MSG.final).
 *
 * The text, attachments and the changes since the previous version of an item are read with
 * work.findWorkSubmission (the queue's item names its class); its answer is the same as the class
 * area's review page.
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery } from '../call.ts';
import { intParam, wideIdParam } from '../rules/numbers.ts';
import { idParam } from './content.ts';
import { WORK_KINDS, WORK_LIMITS, WORK_MSG } from './work.ts';

const T = '/video_learning/education/teacher';
const instant = z.string().describe('ISO 8601 date-time');

export const REVIEW_MSG = {
  /** One of the items is not of the caller's classes (or does not exist): the whole batch is refused. */
  notYours: '所选作业中有不属于您所负责班级的提交，本次操作未执行',
  notYourItem: '该提交不存在或不属于您所负责的班级',
  batchOneWork: '批量通过只能选择同一项作业的提交',
  batchNotPending: '所选提交中有已被批阅或已撤回的，请刷新后重新选择',
  practiceNoScore: '实践报告不评分，请不要填写成绩',
  undoMissing: '批阅记录不存在或不是您本人做出的，不能撤销',
  /** The window has passed: the review is final and the learner has been told. */
  final: '批阅已生效，学员已收到通知，不能再撤销',
  reviewed: '批阅已保存',
  batchPassed: '已批量通过',
  undone: '已撤销，该提交已回到待批阅队列',
} as const;

/** The most hand-ins one batch may pass. */
export const BATCH_MAX = 100;

const submissionId = idParam('提交记录编号');
const version = intParam('版本号', 1, 100000, { tooSmall: '版本号不正确', tooLarge: '版本号不正确' });
const score = z.number({ error: '成绩必须是数字' }).min(0, WORK_MSG.scoreRange).max(WORK_LIMITS.scoreMax, WORK_MSG.scoreRange).nullable().default(null);
const comment = z.string({ error: '评语必须是文字' }).trim().max(WORK_LIMITS.commentMax, `评语不能超过${WORK_LIMITS.commentMax}个字`).default('');

/** What the queue is filtered by; every filter is optional. */
export const queueFilter = z.object({
  classId: idParam('班级编号').optional(),
  workId: idParam('作业编号').optional(),
  kind: z.enum(WORK_KINDS, { error: '作业类型不正确' }).optional(),
});
export type QueueFilter = z.infer<typeof queueFilter>;

/** One hand-in awaiting review. */
export const queueItem = z.object({
  submissionId: z.number().int(),
  /** The version handed in (send it back with the review). */
  version: z.number().int(),
  kind: z.enum(WORK_KINDS),
  workId: z.number().int(),
  workTitle: z.string(),
  classId: z.number().int(),
  className: z.string(),
  personId: z.number().int(),
  personNo: z.string(),
  personName: z.string(),
  organName: z.string(),
  submittedAt: instant,
  late: z.boolean(),
  wordCount: z.number().int(),
  attachmentCount: z.number().int(),
});
export type QueueItem = z.infer<typeof queueItem>;

/** An assignment with hand-ins awaiting this teacher: the filter's choices, with their counts. */
export const queueWork = z.object({
  workId: z.number().int(),
  workTitle: z.string(),
  kind: z.enum(WORK_KINDS),
  classId: z.number().int(),
  className: z.string(),
  /** The assignment's due time: with the class it tells apart two assignments of the same title. */
  dueAt: z.string(),
  waiting: z.number().int(),
});
export type QueueWork = z.infer<typeof queueWork>;

export const findReviewQueue = defineCall({
  name: 'findReviewQueue',
  method: 'POST',
  path: `${T}/findReviewQueue`,
  envelope: 'vl',
  auth: 'required',
  summary:
    '批阅中心: the hand-ins awaiting my review in all my classes (homework and practice reports; those held in their undo window are not), oldest hand-in first, filtered by class, assignment and kind, paged; with every assignment that has some waiting (the filter choices) and how many wait in all.',
  query: pageQuery.extend(queueFilter.shape),
  data: pageOf(queueItem).extend({
    /** Everything awaiting me, whatever the filter (the header's badge). */
    waiting: z.number().int(),
    works: z.array(queueWork),
  }),
});

export const findReviewQueueCount = defineCall({
  name: 'findReviewQueueCount',
  method: 'POST',
  path: `${T}/findReviewQueueCount`,
  envelope: 'vl',
  auth: 'required',
  summary: 'How many hand-ins await my review in all my classes (the badge on 班级管理 and 批阅中心).',
  data: z.object({ waiting: z.number().int() }),
});

/** A review held in its undo window. */
export const heldReview = z.object({ reviewId: z.number().int(), submissionId: z.number().int() });

export const heldReviews = z.object({
  reviews: z.array(heldReview),
  /** When the reviews become final (the server's clock); until then undoReview takes them back. */
  finalAt: instant,
  undoSeconds: z.number().int(),
});
export type HeldReviews = z.infer<typeof heldReviews>;

export const reviewFromQueue = defineCall({
  name: 'reviewFromQueue',
  method: 'POST',
  path: `${T}/reviewFromQueue`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'Reviews one hand-in of my classes awaiting review, the version I read: pass (homework: with a score 0–100) or return (with a comment; a practice report: rejected with the reason). Held for the undo window, then final: the learner is told only then.',
  body: z.object({
    submissionId,
    version,
    decision: z.enum(['pass', 'return'], { error: '请选择通过或退回' }),
    score,
    comment,
  }),
  data: heldReviews,
});

export const passReviewBatch = defineCall({
  name: 'passReviewBatch',
  method: 'POST',
  path: `${T}/passReviewBatch`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'Passes several hand-ins of one assignment of my classes with one score (homework) and one comment, each the version I read; all or none: an item of another class, of another assignment or no longer awaiting review refuses the whole batch. Each is audited and each learner gets their own message once final; held for the undo window like one review.',
  body: z.object({
    items: z
      .array(z.object({ submissionId, version }), { error: '请选择要通过的提交' })
      .min(1, '请选择要通过的提交')
      .max(BATCH_MAX, `一次最多批量通过${BATCH_MAX}份`),
    score,
    comment,
  }),
  data: heldReviews,
});

export const undoReview = defineCall({
  name: 'undoReview',
  method: 'POST',
  path: `${T}/undoReview`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'Undoes my reviews (one, or a whole batch) still in their undo window: each hand-in goes back to the queue and the learner never hears of it. All or none: a review of somebody else, or one already final, refuses the undo.',
  body: z.object({
    reviewIds: z
      .array(wideIdParam('批阅记录编号'), { error: '请选择要撤销的批阅' })
      .min(1, '请选择要撤销的批阅')
      .max(BATCH_MAX, `一次最多撤销${BATCH_MAX}份`),
  }),
  data: z.object({ undone: z.number().int() }),
});
