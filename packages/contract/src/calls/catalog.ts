/**
 * The course catalogue under /video_learning/education (SPEC.md section 7, PRODUCT.md sections 2 and 4):
 * years → installs (training arrangements) → plans → courses, the category tree, the /course catalogue
 * with search, sort and paging, guess-you-like, a learner's own courses (addPersonCourse), learning
 * columns and the public list of open exams.
 *
 * Course cards answer `added` and `progress` for a logged-in learner; a visitor sees them false / null.
 * Training-class accounts are refused (MSG.noPermission) by the calls of the permission-checked
 * /course and /learningColumn pages when they call them logged in.
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery } from '../call.ts';
import { idParam, keywordParam } from './content.ts';
import { examMine } from './exam.ts';

const EDU = '/video_learning/education';
const instant = z.string().describe('ISO 8601 date-time');

// ---- years, installs, plans ---------------------------------------------------------------

export const trainingYear = z.object({ id: z.number().int(), year: z.number().int(), name: z.string() });
export type TrainingYear = z.infer<typeof trainingYear>;

export const findYearList = defineCall({
  name: 'findYearList',
  method: 'POST',
  path: `${EDU}/index/findYearList`,
  envelope: 'vl',
  auth: 'none',
  summary: 'Training years, newest first.',
  data: z.array(trainingYear),
});

/** annual: 年度必修; special: 专题培训; class: 培训班. */
export const INSTALL_KINDS = ['annual', 'special', 'class'] as const;
export type InstallKind = (typeof INSTALL_KINDS)[number];
export const INSTALL_KIND_LABELS: Record<InstallKind, string> = { annual: '年度培训', special: '专题培训', class: '培训班' };
/** By the training window: not started, running, over. */
export const INSTALL_STATES = ['upcoming', 'open', 'ended'] as const;
export type InstallState = (typeof INSTALL_STATES)[number];

export const installItem = z.object({
  id: z.number().int(),
  yearId: z.number().int(),
  title: z.string(),
  kind: z.enum(INSTALL_KINDS),
  coverUrl: z.string(),
  description: z.string(),
  organizer: z.string(),
  applyStart: instant,
  applyEnd: instant,
  startAt: instant,
  endAt: instant,
  /** Places; 0 means unlimited. */
  capacity: z.number().int(),
  requiredHours: z.number(),
  state: z.enum(INSTALL_STATES),
  /** Now inside the apply window. */
  applyOpen: z.boolean(),
  planCount: z.number().int(),
});
export type InstallItem = z.infer<typeof installItem>;

export const findInstallByYear = defineCall({
  name: 'findInstallByYear',
  method: 'POST',
  path: `${EDU}/index/findInstallByYear`,
  envelope: 'vl',
  auth: 'none',
  summary: 'Installs (培训安排) of a year, optionally of one kind, by start date.',
  query: pageQuery.extend({ yearId: idParam('年度编号'), kind: z.enum(INSTALL_KINDS, { error: '培训类型不正确' }).optional() }),
  data: pageOf(installItem),
});

export const planItem = z.object({
  id: z.number().int(),
  installId: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Credit hours the plan requires. */
  requiredHours: z.number(),
  requiredCount: z.number().int(),
  electiveCount: z.number().int(),
  /** Credit hours of all its courses. */
  totalHours: z.number(),
});
export type PlanItem = z.infer<typeof planItem>;

export const findPlanByInstall = defineCall({
  name: 'findPlanByInstall',
  method: 'POST',
  path: `${EDU}/index/findPlanByInstall`,
  envelope: 'vl',
  auth: 'none',
  summary: 'The plans (培训计划) of an install, in order; 404 when the install is unknown.',
  query: z.object({ installId: idParam('培训编号') }),
  data: z.array(planItem),
});

// ---- courses ------------------------------------------------------------------------------

export const RESOURCE_KINDS = ['video', 'pdf', 'live'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export const courseCard = z.object({
  id: z.number().int(),
  title: z.string(),
  lecturer: z.string(),
  lecturerTitle: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  coverUrl: z.string(),
  creditHours: z.number(),
  popularity: z.number().int(),
  publishedAt: instant,
  /** In the caller's own courses (false for a visitor). */
  added: z.boolean(),
  /** The caller's completion in percent; null for a visitor or where no progress is recorded. */
  progress: z.number().nullable(),
});
export type CourseCard = z.infer<typeof courseCard>;

export const findNewCourseByPage = defineCall({
  name: 'findNewCourseByPage',
  method: 'POST',
  path: `${EDU}/index/findNewCourseByPage`,
  envelope: 'vl',
  auth: 'optional',
  summary: 'Newest courses.',
  query: pageQuery,
  data: pageOf(courseCard),
});

export const findCourseTopByPage = defineCall({
  name: 'findCourseTopByPage',
  method: 'POST',
  path: `${EDU}/index/findCourseTopByPage`,
  envelope: 'vl',
  auth: 'optional',
  summary: 'Most popular courses (by learners).',
  query: pageQuery,
  data: pageOf(courseCard),
});

export const COURSE_SORTS = ['new', 'popular'] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

export const findCourseByPage = defineCall({
  name: 'findCourseByPage',
  method: 'POST',
  path: `${EDU}/index/findCourseByPage`,
  envelope: 'vl',
  auth: 'optional',
  summary:
    'The /course catalogue: `keyword` searches titles and lecturers, `categoryId` includes its sub-categories, sorted newest or most popular. Refused for a logged-in training-class account.',
  query: pageQuery.extend({
    keyword: keywordParam,
    categoryId: idParam('分类编号').optional(),
    sort: z.enum(COURSE_SORTS, { error: '排序方式不正确' }).default('new'),
  }),
  data: pageOf(courseCard),
});

export const planCourseCard = courseCard.extend({ required: z.boolean() });
export type PlanCourseCard = z.infer<typeof planCourseCard>;

export const findCourseByPlan = defineCall({
  name: 'findCourseByPlan',
  method: 'POST',
  path: `${EDU}/index/findCourseByPlan`,
  envelope: 'vl',
  auth: 'optional',
  summary: 'The courses of a plan, required ones first, optionally only required or only elective; 404 when the plan is unknown.',
  query: pageQuery.extend({ planId: idParam('计划编号'), required: z.enum(['true', 'false'], { error: '必修标记不正确' }).optional() }),
  data: pageOf(planCourseCard),
});

export const courseResource = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  /** Video length in seconds; null for other kinds. */
  durationSeconds: z.number().int().nullable(),
  /** PDF pages and minimum reading time; null for other kinds. */
  pages: z.number().int().nullable(),
  minReadSeconds: z.number().int().nullable(),
  /** Live lesson window; null for other kinds. */
  liveStart: instant.nullable(),
  liveEnd: instant.nullable(),
});
export type CourseResource = z.infer<typeof courseResource>;

export const courseDetail = courseCard.extend({
  description: z.string(),
  resources: z.array(courseResource),
});
export type CourseDetail = z.infer<typeof courseDetail>;

export const findCourseById = defineCall({
  name: 'findCourseById',
  method: 'POST',
  path: `${EDU}/index/findCourseById`,
  envelope: 'vl',
  auth: 'optional',
  summary: 'One course with its ordered chapters (media addresses are given by the study calls, to logged-in learners); 404 when unknown.',
  query: z.object({ id: idParam('课程编号') }),
  data: courseDetail,
});

export const categoryNode = z.object({ id: z.number().int(), name: z.string(), courseCount: z.number().int() });
/** A top-level category: its courseCount covers its own courses and its sub-categories'. */
export const categoryTreeNode = categoryNode.extend({ children: z.array(categoryNode) });
export type CategoryTreeNode = z.infer<typeof categoryTreeNode>;

export const findCourseCategory = defineCall({
  name: 'findCourseCategory',
  method: 'POST',
  path: `${EDU}/teacher/findCourseCategory`,
  envelope: 'vl',
  auth: 'none',
  summary: 'The course category tree (two levels) with the number of published courses in each.',
  data: z.array(categoryTreeNode),
});

export const guessYouLike = defineCall({
  name: 'guessYouLike',
  method: 'POST',
  path: `${EDU}/teacher/guessYouLike`,
  envelope: 'vl',
  auth: 'optional',
  summary:
    "Courses to suggest: for a learner, popular courses of the categories of their own courses they have not added; for a visitor, popular courses. Refused for a logged-in training-class account.",
  query: z.object({
    size: z.coerce.number({ error: '条数必须是数字' }).int('条数必须是整数').min(1, '至少1条').max(20, '最多20条').default(6),
  }),
  data: z.array(courseCard),
});

export const addPersonCourse = defineCall({
  name: 'addPersonCourse',
  method: 'POST',
  path: `${EDU}/studentLearn/addPersonCourse`,
  envelope: 'vl',
  auth: 'required',
  summary: "Adds a course to the caller's own courses; adding it again changes nothing. Refused for training-class accounts; 404 when unknown.",
  query: z.object({ courseId: idParam('课程编号') }),
  data: z.object({ courseId: z.number().int(), alreadyAdded: z.boolean(), addedAt: instant }),
});

// ---- learning columns ---------------------------------------------------------------------

export const columnItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  coverUrl: z.string(),
  courseCount: z.number().int(),
  articleCount: z.number().int(),
  publishedAt: instant,
});
export type ColumnItem = z.infer<typeof columnItem>;

export const findColumnByPage = defineCall({
  name: 'findColumnByPage',
  method: 'POST',
  path: `${EDU}/studentLearn/findColumnByPage`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Learning columns (学习专栏), newest first. Refused for training-class accounts.',
  query: pageQuery,
  data: pageOf(columnItem),
});

export const columnArticle = z.object({ id: z.number().int(), title: z.string(), body: z.string(), publishedAt: instant });
export type ColumnArticle = z.infer<typeof columnArticle>;

export const columnDetail = columnItem.extend({ courses: z.array(courseCard), articles: z.array(columnArticle) });
export type ColumnDetail = z.infer<typeof columnDetail>;

export const findColumnById = defineCall({
  name: 'findColumnById',
  method: 'POST',
  path: `${EDU}/studentLearn/findColumnById`,
  envelope: 'vl',
  auth: 'required',
  summary: "One learning column: its courses and articles in order. Refused for training-class accounts; 404 when unknown.",
  query: z.object({ id: idParam('专栏编号') }),
  data: columnDetail,
});

// ---- exams --------------------------------------------------------------------------------

export const EXAM_STATES = ['upcoming', 'open', 'ended'] as const;
export type ExamState = (typeof EXAM_STATES)[number];

export const examItem = z.object({
  id: z.number().int(),
  title: z.string(),
  installTitle: z.string(),
  startAt: instant,
  endAt: instant,
  durationMinutes: z.number().int(),
  passScore: z.number().int(),
  totalScore: z.number().int(),
  state: z.enum(EXAM_STATES),
  /** 结业考试: passing it is part of completing its install, with the required hours. */
  decidesCompletion: z.boolean(),
  /** My attempts and whether I may start, for a logged-in caller; null for a visitor. */
  mine: examMine.nullable(),
});
export type ExamItem = z.infer<typeof examItem>;

export const findExamOnlineByPage = defineCall({
  name: 'findExamOnlineByPage',
  method: 'POST',
  path: `${EDU}/index/findExamOnlineByPage`,
  envelope: 'vl',
  auth: 'optional',
  summary:
    'The public list of exams open now or upcoming, the soonest-closing first (with ended: the ended ones after them, the latest first); with my attempts and whether I may start when logged in.',
  query: pageQuery.extend({
    ended: z.enum(['true', 'false'], { error: '参数ended只能是true或false' }).optional(),
    /** The exams of one install, whatever their state (the topic's page). */
    installId: idParam('培训编号').optional(),
  }),
  data: pageOf(examItem),
});
