/**
 * The teacher's class area under /video_learning/education/teacher (SPEC.md section 7, PRODUCT.md
 * section 4 "Teacher"), and the learner's side of class messages under studentLearn/. Every teacher
 * call is made by a teacher (person type 4); every call that names a class is refused unless the
 * caller is a teacher of that class (checked on the server, in one place).
 *
 * The course category tree and guess-you-like a teacher uses to build the class plan are the
 * catalogue's calls at their teacher/ paths (catalog.findCourseCategory, catalog.guessYouLike).
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery } from '../call.ts';
import { personDetails } from '../rules/fields.ts';
import { idParam, keywordParam } from './content.ts';

const T = '/video_learning/education/teacher';
const SL = '/video_learning/education/studentLearn';
const instant = z.string().describe('ISO 8601 date-time');
const classId = idParam('班级编号');

/** Where a learner stands against the class's requirement (see BEHIND_RULE). */
export const STUDY_STATES = ['ahead', 'onTrack', 'behind', 'notStarted'] as const;
export type StudyState = (typeof STUDY_STATES)[number];
export const STUDY_STATE_LABELS: Record<StudyState, string> = { ahead: '进度超前', onTrack: '进度正常', behind: '进度落后', notStarted: '尚未开始' };
export { CLASS_EXAM_STATES, examResultText, type ClassExamState } from '../classExam.ts';
import { CLASS_EXAM_STATES } from '../classExam.ts';

/** The yardstick of "behind", answered with every statistic so the teacher sees what it means. */
export const studyRule = z.object({
  requiredHours: z.number(),
  periodStart: instant,
  periodEnd: instant,
  /** Share of the period gone by today, 0 to 1. */
  elapsedShare: z.number(),
  /** requiredHours × elapsedShare: what a learner on schedule has earned by today. */
  expectedHours: z.number(),
  /** The rule in words, for the page. */
  definition: z.string(),
});
export type StudyRule = z.infer<typeof studyRule>;

export const classSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  installTitle: z.string().nullable(),
  startAt: instant,
  endAt: instant,
  requiredHours: z.number(),
  memberCount: z.number().int(),
  /** Mean of each member's hours / required hours (capped at 1), in percent. */
  averageCompletion: z.number(),
  behindCount: z.number().int(),
  /** Recipients of my messages in this class who have not read them yet. */
  unreadCount: z.number().int(),
  teachers: z.array(z.string()),
});
export type ClassSummary = z.infer<typeof classSummary>;

// ---- my profile and classes -----------------------------------------------------------------

export const findPersonalInfo = defineCall({
  name: 'findPersonalInfo',
  method: 'POST',
  path: `${T}/findPersonalInfo`,
  envelope: 'vl',
  auth: 'required',
  summary: 'teacherinfo: my profile and my classes at a glance (members, average completion, behind, unread).',
  data: z.object({
    personName: z.string(),
    personNo: z.string(),
    mobile: z.string(),
    organName: z.string(),
    positionLevelName: z.string(),
    classes: z.array(classSummary),
  }),
});

export const findClass = defineCall({
  name: 'findClass',
  method: 'POST',
  path: `${T}/findClass`,
  envelope: 'vl',
  auth: 'required',
  summary: 'myclass: the classes I teach.',
  data: z.array(classSummary),
});

// ---- study statistics -------------------------------------------------------------------------

export const findClassStudy = defineCall({
  name: 'findClassStudy',
  method: 'POST',
  path: `${T}/findClassStudy`,
  envelope: 'vl',
  auth: 'required',
  summary: 'classstatistics: one class overview: completion, states, hours distribution, required vs elective, by unit, and the rule of "behind".',
  query: z.object({ classId }),
  data: z.object({
    cls: classSummary,
    rule: studyRule,
    /** Members who have earned the required hours, in percent. */
    completionRate: z.number(),
    states: z.array(z.object({ state: z.enum(STUDY_STATES), count: z.number().int() })),
    /** Members by hours earned, in bands of a fifth of the requirement (the last: the requirement or more). */
    distribution: z.array(z.object({ label: z.string(), count: z.number().int() })),
    requiredHours: z.number(),
    electiveHours: z.number(),
    byUnit: z.array(z.object({ organName: z.string(), members: z.number().int(), averageHours: z.number(), behind: z.number().int() })),
    /** The certificates classCertificatesPdf would print now (members' valid ones for the class's install). */
    certificates: z.number().int(),
  }),
});

export const PERSON_STUDY_SORTS = ['hoursAsc', 'hoursDesc', 'name', 'lastStudy'] as const;
export const PERSON_STUDY_SORT_LABELS: Record<(typeof PERSON_STUDY_SORTS)[number], string> = {
  hoursAsc: '学时从少到多',
  hoursDesc: '学时从多到少',
  name: '按姓名',
  lastStudy: '最近学习',
};
/** The filter of the per-learner list; the screen and its export take the same one. */
export const personStudyFilter = z.object({
  classId,
  keyword: keywordParam,
  state: z.enum(STUDY_STATES, { error: '学习状态不正确' }).optional(),
  sort: z.enum(PERSON_STUDY_SORTS, { error: '排序方式不正确' }).default('hoursAsc'),
});
export type PersonStudyFilter = z.infer<typeof personStudyFilter>;

export const personStudyRow = z.object({
  personId: z.number().int(),
  personNo: z.string(),
  personName: z.string(),
  organName: z.string(),
  /** Masked (138****0001): the statistics need no full number. */
  mobile: z.string(),
  requiredHours: z.number(),
  electiveHours: z.number(),
  totalHours: z.number(),
  completedCourses: z.number().int(),
  lastStudyAt: instant.nullable(),
  state: z.enum(STUDY_STATES),
  /** The best score of a submitted attempt in the exams of the class's arrangement; null when none. */
  examBestScore: z.number().nullable(),
  examState: z.enum(CLASS_EXAM_STATES),
});
export type PersonStudyRow = z.infer<typeof personStudyRow>;

export const findClassPersonStudy = defineCall({
  name: 'findClassPersonStudy',
  method: 'POST',
  path: `${T}/findClassPersonStudy`,
  envelope: 'vl',
  auth: 'required',
  summary: 'classstatistics1: per learner hours (required / elective), courses completed, exam result, last study, state; searched, filtered, sorted, paged.',
  query: pageQuery.extend(personStudyFilter.shape),
  data: pageOf(personStudyRow).extend({ rule: studyRule }),
});

export const exportClassPersonStudy = defineCall({
  name: 'exportClassPersonStudy',
  method: 'POST',
  path: `${T}/exportClassPersonStudy`,
  envelope: 'raw',
  auth: 'required',
  binary: true,
  summary: 'The per-learner statistics of the same filter as an Excel workbook (xlsx), every row, in the order of the screen.',
  query: personStudyFilter,
  data: z.null(),
});

export const findClassCourseStudy = defineCall({
  name: 'findClassCourseStudy',
  method: 'POST',
  path: `${T}/findClassCourseStudy`,
  envelope: 'vl',
  auth: 'required',
  summary: 'classstatistics2: per course of the class plan: learners started and completed, average progress.',
  query: z.object({ classId }),
  data: z.array(
    z.object({
      courseId: z.number().int(),
      title: z.string(),
      required: z.boolean(),
      creditHours: z.number(),
      started: z.number().int(),
      completed: z.number().int(),
      /** Mean progress of all members, in percent. */
      averageProgress: z.number(),
    }),
  ),
});

export const classCertificatesPdf = defineCall({
  name: 'classCertificatesPdf',
  method: 'GET',
  path: `${T}/classCertificatesPdf`,
  envelope: 'raw',
  auth: 'required',
  binary: true,
  summary:
    "The certificates (结业证书) the class's members hold for the class's training arrangement, in one PDF of one A4 landscape page each, in the order of their numbers (学号); a revoked certificate is left out. Refused when the class has no arrangement or none to print.",
  query: z.object({ classId }),
  data: z.null(),
});

// ---- roster and address list ------------------------------------------------------------------

export const memberItem = z.object({
  personId: z.number().int(),
  personNo: z.string(),
  personName: z.string(),
  gender: z.number().int(),
  nationName: z.string(),
  positionLevelId: z.number().int().nullable(),
  positionLevelName: z.string(),
  organName: z.string(),
  /** In full: only the class's own teachers reach the roster. */
  mobile: z.string(),
  joinedAt: instant,
});
export type MemberItem = z.infer<typeof memberItem>;
export const addressFilter = z.object({ classId, keyword: keywordParam });

export const findAddressList = defineCall({
  name: 'findAddressList',
  method: 'POST',
  path: `${T}/findAddressList`,
  envelope: 'vl',
  auth: 'required',
  summary: "myclass1: one class's roster and address list, searched by name, number, unit or mobile.",
  query: pageQuery.extend(addressFilter.shape),
  data: pageOf(memberItem),
});

export const directoriesExport = defineCall({
  name: 'directoriesExport',
  method: 'GET',
  path: `${T}/directoriesExport`,
  envelope: 'raw',
  auth: 'required',
  binary: true,
  summary: "The class's address list of the same search as an Excel workbook (xlsx), mobiles in full (the class's own teacher).",
  query: addressFilter,
  data: z.null(),
});

export const updatePerson = defineCall({
  name: 'updatePerson',
  method: 'POST',
  path: `${T}/updatePerson`,
  envelope: 'vl',
  auth: 'required',
  summary: "Changes a member's name, gender, nation and position level (the mobile, the login name, is not changed here).",
  body: personDetails.extend({ classId, personId: idParam('学员编号') }),
  data: memberItem,
});

export const resetPassword = defineCall({
  name: 'resetPassword',
  method: 'POST',
  path: `${T}/resetPassword`,
  envelope: 'vl',
  auth: 'required',
  summary:
    "Gives a member a new random password that satisfies the rule and ends every session of theirs: answered once to the teacher, or sent to the member's mobile by SMS (then not answered).",
  body: z.object({ classId, personId: idParam('学员编号'), bySms: z.boolean({ error: '发送方式不正确' }).default(false) }),
  data: z.object({ password: z.string().nullable(), smsSent: z.boolean() }),
});

// ---- messages ---------------------------------------------------------------------------------

export const SMS_STATES = ['sent', 'failed', 'capped'] as const;
export const SMS_STATE_LABELS: Record<(typeof SMS_STATES)[number], string> = { sent: '已发送', failed: '发送失败', capped: '超出当日上限未发送' };

export const sentMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  sms: z.boolean(),
  sentAt: instant,
  senderName: z.string(),
  recipientCount: z.number().int(),
  readCount: z.number().int(),
});
export type SentMessage = z.infer<typeof sentMessage>;

export const findMessage = defineCall({
  name: 'findMessage',
  method: 'POST',
  path: `${T}/findMessage`,
  envelope: 'vl',
  auth: 'required',
  summary: "message: the class's messages, newest first, with how many read them.",
  query: pageQuery.extend({ classId, keyword: keywordParam }),
  data: pageOf(sentMessage),
});

export const findMessageRecipients = defineCall({
  name: 'findMessageRecipients',
  method: 'POST',
  path: `${T}/findMessageRecipients`,
  envelope: 'vl',
  auth: 'required',
  summary: 'message1: who received one message, when each read it, and the SMS delivery state.',
  query: z.object({ classId, messageId: idParam('消息编号') }),
  data: z.object({
    message: sentMessage,
    recipients: z.array(
      z.object({
        personId: z.number().int(),
        personName: z.string(),
        organName: z.string(),
        readAt: instant.nullable(),
        smsStatus: z.enum(SMS_STATES).nullable(),
        smsAt: instant.nullable(),
      }),
    ),
  }),
});

const smsOutcome = z.object({ sent: z.number().int(), failed: z.number().int(), capped: z.number().int() });
/** Chosen members of the class; none: the whole class. */
const recipients = z.array(idParam('学员编号')).max(2000, '一次最多选择2000人').default([]);

export const sendMessage = defineCall({
  name: 'sendMessage',
  method: 'POST',
  path: `${T}/sendMessage`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Writes a message to the whole class or chosen members, optionally also by SMS (within each number’s daily cap).',
  body: z.object({
    classId,
    personIds: recipients,
    title: z.string({ error: '请输入消息标题' }).trim().min(1, '请输入消息标题').max(50, '消息标题不能超过50个字符'),
    content: z.string({ error: '请输入消息内容' }).trim().min(1, '请输入消息内容').max(500, '消息内容不能超过500个字符'),
    sms: z.boolean({ error: '短信选项不正确' }).default(false),
  }),
  data: z.object({ messageId: z.number().int(), recipientCount: z.number().int(), sms: smsOutcome.nullable() }),
});

export const deleteMessage = defineCall({
  name: 'deleteMessage',
  method: 'POST',
  path: `${T}/deleteMessage`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Deletes a message of the class: gone from the lists of the teachers and of its recipients.',
  query: z.object({ classId, messageId: idParam('消息编号') }),
  data: z.null(),
});

export const sendSMS = defineCall({
  name: 'sendSMS',
  method: 'POST',
  path: `${T}/sendSMS`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Sends a message of the class by SMS to chosen recipients, or to every recipient who has not read it yet; each SMS is logged with its delivery state.',
  body: z.object({ classId, messageId: idParam('消息编号'), personIds: recipients }),
  data: smsOutcome,
});

// ---- the class plan ---------------------------------------------------------------------------

export const classCourseItem = z.object({
  courseId: z.number().int(),
  title: z.string(),
  lecturer: z.string(),
  categoryName: z.string(),
  creditHours: z.number(),
  required: z.boolean(),
  addedAt: instant,
  /** Members who started it: a course someone studied stays in the plan. */
  started: z.number().int(),
});

export const findClassPlan = defineCall({
  name: 'findClassPlan',
  method: 'POST',
  path: `${T}/findClassPlan`,
  envelope: 'vl',
  auth: 'required',
  summary: 'classcourse: the class plan: the requirement, the period, and its courses required and elective.',
  query: z.object({ classId }),
  data: z.object({
    cls: classSummary,
    requiredCourses: z.number().int(),
    electiveCourses: z.number().int(),
    requiredCourseHours: z.number(),
    electiveCourseHours: z.number(),
  }),
});

export const findClassCourse = defineCall({
  name: 'findClassCourse',
  method: 'POST',
  path: `${T}/findClassCourse`,
  envelope: 'vl',
  auth: 'required',
  summary: 'classcourse1: the courses of the class plan, searched, paged.',
  query: pageQuery.extend({ classId, keyword: keywordParam }),
  data: pageOf(classCourseItem),
});

export const addPersonCourse = defineCall({
  name: 'addPersonCourse',
  method: 'POST',
  path: `${T}/addPersonCourse`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Adds a published course to the class plan, required or elective; a course already in the plan is refused.',
  body: z.object({ classId, courseId: idParam('课程编号'), required: z.boolean({ error: '请选择必修或选修' }) }),
  data: classCourseItem,
});

export const deleteClassCourse = defineCall({
  name: 'deleteClassCourse',
  method: 'POST',
  path: `${T}/deleteClassCourse`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Removes a course from the class plan; refused once a member has studied it.',
  query: z.object({ classId, courseId: idParam('课程编号') }),
  data: z.null(),
});

// ---- the learner's messages -------------------------------------------------------------------

export const myMessage = z.object({
  id: z.number().int(),
  className: z.string(),
  senderName: z.string(),
  title: z.string(),
  content: z.string(),
  /** A portal page the message is about (a certificate's print page), or null. */
  link: z.string().nullable(),
  sentAt: instant,
  readAt: instant.nullable(),
});

export const findMyMessage = defineCall({
  name: 'findMyMessage',
  method: 'POST',
  path: `${SL}/findMyMessage`,
  envelope: 'vl',
  auth: 'required',
  summary: "My class messages, newest first, with my read state; optionally the unread only.",
  query: pageQuery.extend({ unread: z.enum(['true', 'false'], { error: '筛选条件不正确' }).default('false') }),
  data: pageOf(myMessage),
});

export const readMessage = defineCall({
  name: 'readMessage',
  method: 'POST',
  path: `${SL}/readMessage`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Marks one of my messages read (the first reading time is kept).',
  query: z.object({ messageId: idParam('消息编号') }),
  data: myMessage,
});

export const findUnreadMessageCount = defineCall({
  name: 'findUnreadMessageCount',
  method: 'POST',
  path: `${SL}/findUnreadMessageCount`,
  envelope: 'vl',
  auth: 'required',
  summary: 'How many of my messages are unread (the header badge).',
  data: z.number().int(),
});
