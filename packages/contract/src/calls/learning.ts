/**
 * The learning core under /video_learning/education/studentLearn (SPEC.md section 7, PRODUCT.md
 * section 5): applying to training arrangements, study sessions and progress reports (the credit-hour
 * ledger), and the learner's classroom views. Every call acts for the caller only.
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery } from '../call.ts';
import { certNoField, idParam } from './content.ts';
import { courseCard, installItem, RESOURCE_KINDS } from './catalog.ts';

const SL = '/video_learning/education/studentLearn';
const instant = z.string().describe('ISO 8601 date-time');

/** Progress is reported every 30 s while media plays, and on these events. */
export const PROGRESS_REPORT_INTERVAL_SECONDS = 30;
export const REPORT_EVENTS = ['tick', 'pause', 'chapter', 'hide', 'unload', 'end', 'replay'] as const;
/** Default idle period before "are you still learning?" (configurable on the server). */
export const DEFAULT_IDLE_MINUTES = 20;

// ---- training arrangements ----------------------------------------------------------------

export const ENROLMENT_STATES = ['applied', 'approved', 'completed', 'cancelled'] as const;
export const ENROLMENT_LABELS: Record<(typeof ENROLMENT_STATES)[number], string> = { applied: '已报名', approved: '报名已确认', completed: '已完成', cancelled: '已取消' };

export const myInstall = installItem.extend({
  enrolment: z.enum(ENROLMENT_STATES).nullable(),
  appliedAt: instant.nullable(),
  /** Credit hours earned toward it / required by it. */
  earnedHours: z.number(),
  applicantCount: z.number().int(),
});
export type MyInstall = z.infer<typeof myInstall>;

export const findSpecialInstallByPage = defineCall({
  name: 'findSpecialInstallByPage',
  method: 'POST',
  path: `${SL}/findSpecialInstallByPage`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Special training topics by state (open, upcoming, ended) with my enrolment and hours.',
  query: pageQuery.extend({ state: z.enum(['open', 'upcoming', 'ended'], { error: '专题状态不正确' }).default('open') }),
  data: pageOf(myInstall),
});

export const installApply = defineCall({
  name: 'installApply',
  method: 'POST',
  path: `${SL}/installApply`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Apply to an install: refused when the apply window is closed, the places are full, or already applied.',
  query: z.object({ installId: idParam('培训编号') }),
  data: myInstall,
});

export const installCancel = defineCall({
  name: 'installCancel',
  method: 'POST',
  path: `${SL}/installCancel`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Cancel an application: refused once learning has counted toward it.',
  query: z.object({ installId: idParam('培训编号') }),
  data: myInstall,
});

export const findMyInstallList = defineCall({
  name: 'findMyInstallList',
  method: 'POST',
  path: `${SL}/findMyInstallList`,
  envelope: 'vl',
  auth: 'required',
  summary: 'My training arrangements (ongoingTopic): in progress by default, or finished.',
  query: pageQuery.extend({ finished: z.enum(['true', 'false']).default('false') }),
  data: pageOf(myInstall),
});

export const myPlanCourse = courseCard.extend({
  required: z.boolean(),
  completedAt: instant.nullable(),
  learnedSeconds: z.number().int(),
  requiredSeconds: z.number().int(),
});
export const myPlan = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  requiredHours: z.number(),
  earnedHours: z.number(),
  courses: z.array(myPlanCourse),
});
/**
 * A topic's way to its certificate, for me: 课程 n/m → 结业考试 → 证书, and the one next action.
 * One service function decides it (the learning service's pathOf), so the topic page, the study page's completion
 * notice and the exam result say the same.
 */
export const NEXT_STEPS = ['join', 'study', 'exam', 'certificate', 'none'] as const;
export const topicPath = z.object({
  /** Courses of the topic's plans that I have completed / that they hold. */
  coursesDone: z.number().int(),
  coursesTotal: z.number().int(),
  /** Whether my completed courses carry the topic's required hours. */
  hoursMet: z.boolean(),
  /** The topic's 结业考试: the first I have not passed, else the last; null when it has none. */
  exam: z.object({ id: z.number().int(), title: z.string(), passed: z.boolean() }).nullable(),
  /** My certificate of the topic, if issued. */
  certificate: z.object({ certNo: z.string(), revoked: z.boolean() }).nullable(),
  /**
   * join: not enrolled; study: the hours are missing (nextCourse is the first course not completed);
   * exam: the 结业考试 is not passed; certificate: issued, to print; none: nothing left to do here (a
   * revoked certificate).
   */
  next: z.enum(NEXT_STEPS),
  nextCourse: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type TopicPath = z.infer<typeof topicPath>;
export const installDetail = z.object({ install: myInstall, plans: z.array(myPlan), path: topicPath });
export type InstallDetail = z.infer<typeof installDetail>;

export const findCoursePlan = defineCall({
  name: 'findCoursePlan',
  method: 'POST',
  path: `${SL}/findCoursePlan`,
  envelope: 'vl',
  auth: 'required',
  summary: 'One install for me: its plans and courses with my progress and hours, and my way to its certificate with the next step (specialTrainingInfo, ongoingTopicDetail).',
  query: z.object({ installId: idParam('培训编号') }),
  data: installDetail,
});

// ---- studying: sessions and progress reports ----------------------------------------------

export const studyResource = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  title: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  durationSeconds: z.number().int().nullable(),
  mediaUrl: z.string().nullable(),
  pages: z.number().int().nullable(),
  minReadSeconds: z.number().int().nullable(),
  liveStart: instant.nullable(),
  liveEnd: instant.nullable(),
  streamUrl: z.string().nullable(),
  replayUrl: z.string().nullable(),
});

export const resourceProgress = z.object({
  resourceId: z.number().int(),
  learnedSeconds: z.number().int(),
  requiredSeconds: z.number().int(),
  maxPosition: z.number().int(),
  lastPosition: z.number().int(),
  completedAt: instant.nullable(),
});
export type ResourceProgress = z.infer<typeof resourceProgress>;

export const studySession = z.object({
  sessionId: z.string(),
  resource: studyResource,
  progress: resourceProgress,
  course: z.object({ id: z.number().int(), title: z.string(), creditHours: z.number(), completedAt: instant.nullable() }),
  /** Why time counts or not, in words the learner reads on the study page. */
  rule: z.string(),
  /** Live attendance earns until the lesson's end (then the replay needs a session of its own); null otherwise. */
  creditUntil: instant.nullable(),
  idleMinutes: z.number().int(),
  reportIntervalSeconds: z.number().int(),
});
export type StudySession = z.infer<typeof studySession>;

export const findStudyResourceTime = defineCall({
  name: 'findStudyResourceTime',
  method: 'POST',
  path: `${SL}/findStudyResourceTime`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'Opens a study session on a resource of one of my courses: the resume position, time credited and needed, the rule. Any earlier session of mine stops counting.',
  query: z.object({ resourceId: idParam('章节编号') }),
  data: studySession,
});

export const progressReport = z.object({
  reportId: z.uuid({ error: '上报编号格式不正确' }),
  sessionId: z.string().regex(/^\d{1,18}$/, '学习会话编号不正确'),
  position: z.number({ error: '播放位置必须是数字' }).min(0, '播放位置不能为负数').max(86_400, '播放位置过大'),
  playedSeconds: z.number({ error: '学习时长必须是数字' }).min(0, '学习时长不能为负数').max(86_400, '学习时长过大'),
  clientTime: z.string().max(40),
  event: z.enum(REPORT_EVENTS, { error: '上报事件不正确' }),
});
export type ProgressReport = z.infer<typeof progressReport>;

export const reportResult = z.object({
  reportId: z.string(),
  /** Seconds credited by this report (0 for a replayed report id: it was counted the first time). */
  credited: z.number().int(),
  duplicate: z.boolean(),
  /** False when a newer study session of mine (another tab or device) now counts. */
  active: z.boolean(),
  seekRefused: z.boolean(),
  progress: resourceProgress,
  courseCompletedAt: instant.nullable(),
});
export type ReportResult = z.infer<typeof reportResult>;

export const updateStudyResourceTime = defineCall({
  name: 'updateStudyResourceTime',
  method: 'POST',
  path: `${SL}/updateStudyResourceTime`,
  envelope: 'vl',
  auth: 'required',
  summary: 'One progress report (idempotent by reportId); acknowledged after it is durable.',
  body: progressReport,
  data: reportResult,
});

export const backup = defineCall({
  name: 'backup',
  method: 'POST',
  path: `${SL}/backup`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Reports kept on the device while offline, replayed in order (at most 100 at once).',
  body: z.object({ reports: z.array(progressReport).min(1, '没有需要补传的记录').max(100, '一次最多补传100条记录') }),
  data: z.array(reportResult),
});

export const findProgress = defineCall({
  name: 'findProgress',
  method: 'POST',
  path: `${SL}/findProgress`,
  envelope: 'vl',
  auth: 'required',
  summary: 'My progress in every chapter of a course, and whether the course is mine to study.',
  query: z.object({ courseId: idParam('课程编号') }),
  data: z.object({ courseId: z.number().int(), mine: z.boolean(), completedAt: instant.nullable(), resources: z.array(resourceProgress) }),
});

// ---- the classroom --------------------------------------------------------------------------

export const learningCourse = courseCard.extend({
  learnedSeconds: z.number().int(),
  requiredSeconds: z.number().int(),
  lastStudiedAt: instant.nullable(),
  completedAt: instant.nullable(),
  earnedHours: z.number(),
});
export type LearningCourseItem = z.infer<typeof learningCourse>;

export const findLearningCourse = defineCall({
  name: 'findLearningCourse',
  method: 'POST',
  path: `${SL}/findLearningCourse`,
  envelope: 'vl',
  auth: 'required',
  summary: 'My courses: started and not completed (ongoingcourses), or completed (qualifiedcourses).',
  query: pageQuery.extend({ completed: z.enum(['true', 'false']).default('false') }),
  data: pageOf(learningCourse),
});

export const yearStatistics = z.object({
  year: z.number().int(),
  requiredHours: z.number(),
  earnedHours: z.number(),
  earnedRequiredHours: z.number(),
  earnedElectiveHours: z.number(),
  completedCourses: z.number().int(),
  byCategory: z.array(z.object({ category: z.string(), hours: z.number() })),
  byMonth: z.array(z.object({ month: z.number().int(), hours: z.number() })),
});
export type YearStatistics = z.infer<typeof yearStatistics>;

export const findCreditHours = defineCall({
  name: 'findCreditHours',
  method: 'POST',
  path: `${SL}/findCreditHours`,
  envelope: 'vl',
  auth: 'required',
  summary: 'My credit hours of a year (default this year): required vs earned, required/elective, by category, by month.',
  query: z.object({ year: z.coerce.number().int().min(2000, '年度不正确').max(2100, '年度不正确').optional() }),
  data: yearStatistics,
});

export const findLearningHistory = defineCall({
  name: 'findLearningHistory',
  method: 'POST',
  path: `${SL}/findLearningHistory`,
  envelope: 'vl',
  auth: 'required',
  summary: 'My history by year: hours required and earned, courses completed.',
  data: z.array(z.object({ year: z.number().int(), requiredHours: z.number(), earnedHours: z.number(), completedCourses: z.number().int() })),
});

export const exportLearningHistory = defineCall({
  name: 'exportLearningHistory',
  method: 'GET',
  path: `${SL}/exportLearningHistory`,
  envelope: 'raw',
  auth: 'required',
  binary: true,
  summary: 'My completed courses by year as an Excel workbook (xlsx).',
  data: z.null(),
});

// ---- certificates -------------------------------------------------------------------------

export const myCertificate = z.object({
  certNo: z.string(),
  installId: z.number().int(),
  installTitle: z.string(),
  hours: z.number(),
  issuedAt: instant,
  verifyCode: z.string(),
  /** When the college revoked it, and why (null while valid). */
  revokedAt: instant.nullable(),
  revokeReason: z.string().nullable(),
  /** The address the QR code opens: /certificate with the number and the signed payload. */
  verifyUrl: z.string(),
});
export type MyCertificate = z.infer<typeof myCertificate>;

export const certificate = defineCall({
  name: 'certificate',
  method: 'POST',
  path: `${SL}/certificate`,
  envelope: 'vl',
  auth: 'required',
  summary: 'My certificates (one per completed install), newest first, with their state and verification address.',
  data: z.array(myCertificate),
});

export const certificatePdf = defineCall({
  name: 'certificatePdf',
  method: 'GET',
  path: `${SL}/certificatePdf`,
  envelope: 'raw',
  auth: 'required',
  binary: true,
  summary: 'One of my certificates as a one-page A4 landscape PDF with its QR code.',
  query: z.object({ certNo: certNoField }),
  data: z.null(),
});
