/**
 * 培训管理 in the administration area, for the training and the system
 * administrator: years (培训年度), topics (专题/项目: the installs learners apply to, with their
 * application rules — the application window, the places, who may apply by kind — and their dates and
 * hours), each topic's plans with their courses picked from the catalogue, and classes with their
 * teachers and members. What the imports create (modules/import plans.ts, classes.ts) is created and
 * changed here one record at a time; learners see a change on their next page.
 *
 * Every change is audited with before and after; a topic, a plan or a class is edited naming the
 * version read (another administrator's change since: 409). Taking a member out of a class keeps
 * their learning record (progress, completions, certificates belong to the person, not the class).
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery, type AdminRole } from '../../call.ts';
import { idParam, versionField } from '../../rules/numbers.ts';

const P = '/v1/admin/training';
const ROLES: readonly AdminRole[] = ['training', 'system'];

export const TRAINING_MSG = {
  yearMissing: '培训年度不存在',
  yearTaken: (y: number) => `${y}年度已存在`,
  topicMissing: '培训项目不存在',
  planMissing: '学习计划不存在',
  planTitleTaken: '该项目中已有同名的学习计划',
  planNotEmpty: '该计划中还有课程，请先移出课程再删除计划',
  classMissing: '班级不存在',
  courseMissing: '课程不存在',
  courseInPlan: '该课程已在本计划中',
  courseNotInPlan: '该课程不在本计划中',
  courseStudied: (n: number) => `已有${n}名报名学员学习了该课程，不能移出计划（学员的学习记录和学时须保持不变）`,
  personMissing: '人员不存在',
  notTeacher: '所选人员不是教师，不能担任班级教师',
  alreadyIn: (role: string) => `该人员已是本班${role}`,
  notIn: (role: string) => `该人员不是本班${role}`,
  applyEndBeforeStart: '报名截止不能早于报名开始',
  endBeforeStart: '结束时间不能早于开始时间',
  capacityBelowApplicants: (n: number) => `名额不能少于已报名的${n}人`,
  classInUse: (what: string) => `该班级${what}，不能删除（学员的学习、作业和考试记录须保持不变）`,
  topicInUse: (what: string) => `该项目${what}，不能删除（学员的报名、学习和证书记录须保持不变）`,
  hoursAfterStart: (at: string) => `该项目已于${at}开始，要求学时不能再修改（发证规则在项目开始后固定）`,
} as const;

export const TOPIC_KINDS = ['annual', 'special', 'class'] as const;
export const TOPIC_KIND_LABELS: Record<(typeof TOPIC_KINDS)[number], string> = { annual: '年度培训', special: '专题培训', class: '培训班' };
export const CLASS_ROLES = ['teacher', 'member'] as const;
export const CLASS_ROLE_LABELS: Record<(typeof CLASS_ROLES)[number], string> = { teacher: '教师', member: '学员' };

const instant = z.string().describe('ISO 8601 date-time');
const id = idParam;
const version = versionField();
const text = (what: string, max: number) => z.string({ error: `请填写${what}` }).trim().min(1, `请填写${what}`).max(max, `${what}不能超过${max}个字`);
const optText = (what: string, max: number) => z.string({ error: `${what}格式不正确` }).trim().max(max, `${what}不能超过${max}个字`).default('');
const time = (what: string) => z.iso.datetime({ offset: true, error: `${what}格式不正确` });
const hours = z
  .number({ error: '学时必须是数字' })
  .min(0, '学时不能为负数')
  .max(9999, '学时不能超过9999')
  .refine((v) => Number.isInteger(v * 2), '学时须为0.5的整数倍');
/** A filter's empty value (a cleared field) is none. */
const optionalId = (what: string) => z.preprocess((v) => (v === '' ? undefined : v), id(what).optional());
const words = (what: string) => z.string().trim().max(40, `${what}不能超过40个字`).optional().transform((v) => v || undefined);

// ---- years ---------------------------------------------------------------------------------------

export const adminYear = z.object({ id: z.number().int(), year: z.number().int(), name: z.string(), topicCount: z.number().int() });
export type AdminYear = z.infer<typeof adminYear>;

export const adminTrainingOptions = defineCall({
  name: 'adminTrainingOptions',
  method: 'GET',
  path: `${P}/options`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: "What the section's forms choose from: the years (each with its topics' count) and the topics (a class's topic).",
  data: z.object({ years: z.array(adminYear), topics: z.array(z.object({ id: z.number().int(), title: z.string(), year: z.number().int() })) }),
});

export const adminYearSave = defineCall({
  name: 'adminYearSave',
  method: 'POST',
  path: `${P}/years/save`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Creates a year (id null) or renames one; a year number exists once.',
  body: z.object({
    id: id('年度编号').nullable().default(null),
    year: z.number({ error: '年度必须是数字' }).int('年度必须是整数').min(2000, '年度不正确').max(2100, '年度不正确'),
    name: text('年度名称', 30),
  }),
  data: adminYear,
});

// ---- topics (installs) ---------------------------------------------------------------------------

/** A topic as the form writes it: what it is, when one applies and studies, how many may, the hours. */
export const topicInput = z.object({
  yearId: id('培训年度'),
  title: text('项目名称', 60),
  kind: z.enum(TOPIC_KINDS, { error: '项目类型只能是年度培训、专题培训或培训班' }),
  organizer: optText('主办单位', 60),
  description: optText('项目简介', 2000),
  coverUrl: z
    .string()
    .trim()
    .max(500, '封面图片网址不能超过500个字')
    .regex(/^$|^(https?:\/\/|\/)\S+$/, '封面图片应为网址（http(s):// 或 / 开头）')
    .default(''),
  applyStart: time('报名开始'),
  applyEnd: time('报名截止'),
  startAt: time('培训开始'),
  endAt: time('培训结束'),
  capacity: z.number({ error: '名额必须是数字' }).int('名额必须是整数').min(0, '名额不能为负数').max(1_000_000, '名额过大'),
  requiredHours: hours,
});
export type TopicInput = z.infer<typeof topicInput>;

export const adminTopicItem = z.object({
  id: z.number().int(),
  code: z.string().nullable().describe('项目编号 of an imported topic'),
  yearId: z.number().int(),
  year: z.number().int(),
  title: z.string(),
  kind: z.enum(TOPIC_KINDS),
  applyStart: instant,
  applyEnd: instant,
  startAt: instant,
  endAt: instant,
  capacity: z.number().int(),
  requiredHours: z.number(),
  planCount: z.number().int(),
  applicantCount: z.number().int().describe('enrolments not cancelled'),
  classCount: z.number().int(),
  version: z.number().int(),
});
export type AdminTopicItem = z.infer<typeof adminTopicItem>;

export const adminPlanCourse = z.object({
  courseId: z.number().int(),
  title: z.string(),
  lecturer: z.string(),
  creditHours: z.number(),
  required: z.boolean(),
  sort: z.number().int(),
  /** Enrolled learners who have studied it: then it cannot leave the plan. */
  studied: z.number().int(),
  offline: z.boolean(),
});
export const adminPlan = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  requiredHours: z.number(),
  sort: z.number().int(),
  version: z.number().int(),
  courses: z.array(adminPlanCourse),
});
export type AdminPlan = z.infer<typeof adminPlan>;

export const adminTopicDetail = adminTopicItem.extend({
  organizer: z.string(),
  description: z.string(),
  coverUrl: z.string(),
  plans: z.array(adminPlan),
  classes: z.array(z.object({ id: z.number().int(), name: z.string(), memberCount: z.number().int() })),
  exams: z.array(z.object({ id: z.number().int(), title: z.string(), status: z.enum(['draft', 'published']), decidesCompletion: z.boolean() })),
});
export type AdminTopicDetail = z.infer<typeof adminTopicDetail>;

export const topicFilter = z.object({
  title: words('项目名称'),
  yearId: optionalId('培训年度'),
  kind: z.enum([...TOPIC_KINDS, ''], { error: '项目类型不正确' }).optional().transform((v) => v || undefined),
});

export const adminTopicList = defineCall({
  name: 'adminTopicList',
  method: 'GET',
  path: `${P}/topics`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Topics, the latest start first, by words of the title, year and kind; each with its plans, applicants and classes counted.',
  query: pageQuery.extend(topicFilter.shape),
  data: pageOf(adminTopicItem),
});

export const adminTopicExport = defineCall({
  name: 'adminTopicExport',
  method: 'GET',
  path: `${P}/topics/export`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'The same filter as adminTopicList, every matching topic as an .xlsx file (audited).',
  query: topicFilter,
  data: z.unknown(),
  binary: true,
});

export const adminTopicGet = defineCall({
  name: 'adminTopicGet',
  method: 'GET',
  path: `${P}/topics/one`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'One topic with its plans (their courses, each with how many enrolled learners studied it), its classes and its exams.',
  query: z.object({ id: id('项目编号') }),
  data: adminTopicDetail,
});

export const adminTopicSave = defineCall({
  name: 'adminTopicSave',
  method: 'POST',
  path: `${P}/topics/save`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary:
    'Creates a topic (id null) or changes one naming the version read (stale: 409). Refused: an application window or period that ends before it begins, fewer places than applicants, and a change of the required hours once the topic has started (the issuing rule is fixed then).',
  body: topicInput.extend({ id: id('项目编号').nullable().default(null), version: version.nullable().default(null) }),
  data: adminTopicDetail,
});

export const adminTopicDelete = defineCall({
  name: 'adminTopicDelete',
  method: 'POST',
  path: `${P}/topics/delete`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary:
    'Deletes a topic created by mistake, with its plans, naming the version read (stale: 409). Refused, naming what holds it, while anybody is enrolled (a cancelled application goes with the topic) or it has a class, an exam, an assignment or a certificate.',
  body: z.object({ id: id('项目编号'), version }),
  data: z.object({ id: z.number().int() }),
});

// ---- plans -----------------------------------------------------------------------------------------

export const adminPlanSave = defineCall({
  name: 'adminPlanSave',
  method: 'POST',
  path: `${P}/plans/save`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: "Creates a plan in a topic (id null) or changes one naming the version read (stale: 409); a plan's title is unique in its topic.",
  body: z.object({
    id: id('计划编号').nullable().default(null),
    version: version.nullable().default(null),
    installId: id('项目编号'),
    title: text('计划名称', 40),
    description: optText('计划说明', 1000),
    requiredHours: hours,
    sort: z.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能为负数').max(9999, '排序不能超过9999').default(0),
  }),
  data: adminTopicDetail,
});

export const adminPlanDelete = defineCall({
  name: 'adminPlanDelete',
  method: 'POST',
  path: `${P}/plans/delete`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Deletes a plan that holds no course (naming the version read).',
  body: z.object({ id: id('计划编号'), version }),
  data: adminTopicDetail,
});

export const adminPlanCourseAdd = defineCall({
  name: 'adminPlanCourseAdd',
  method: 'POST',
  path: `${P}/plans/courses/add`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Adds a course of the catalogue to a plan, required or elective, at the end.',
  body: z.object({ planId: id('计划编号'), courseId: id('课程编号'), required: z.boolean({ error: '请选择必修或选修' }) }),
  data: adminTopicDetail,
});

export const adminPlanCourseRemove = defineCall({
  name: 'adminPlanCourseRemove',
  method: 'POST',
  path: `${P}/plans/courses/remove`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: "Takes a course out of a plan; refused once a learner enrolled in the topic has studied it (their hours toward the topic would silently change).",
  body: z.object({ planId: id('计划编号'), courseId: id('课程编号') }),
  data: adminTopicDetail,
});

export const adminCourseOption = z.object({
  id: z.number().int(),
  title: z.string(),
  lecturer: z.string(),
  category: z.string(),
  creditHours: z.number(),
  offline: z.boolean(),
});
export type AdminCourseOption = z.infer<typeof adminCourseOption>;

export const adminTrainingCourses = defineCall({
  name: 'adminTrainingCourses',
  method: 'GET',
  path: `${P}/courses`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'The catalogue to pick a plan\u2019s or a class\u2019s course from: by words of the title or lecturer, newest first.',
  query: pageQuery.extend({ text: words('课程名称') }),
  data: pageOf(adminCourseOption),
});

// ---- classes ---------------------------------------------------------------------------------------

export const classInput = z.object({
  name: text('班级名称', 60),
  installId: id('所属项目').nullable().default(null),
  startAt: time('学习开始'),
  endAt: time('学习结束'),
  requiredHours: hours,
});

export const adminClassItem = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  installId: z.number().int().nullable(),
  installTitle: z.string(),
  startAt: instant,
  endAt: instant,
  requiredHours: z.number(),
  teachers: z.string().describe('names, 、-separated'),
  memberCount: z.number().int(),
  version: z.number().int(),
});
export type AdminClassItem = z.infer<typeof adminClassItem>;

export const adminClassPerson = z.object({
  personId: z.number().int(),
  personName: z.string(),
  personNo: z.string(),
  /** Masked: 138****0001. */
  mobile: z.string(),
  organName: z.string(),
  personType: z.number().int(),
});
export type AdminClassPerson = z.infer<typeof adminClassPerson>;

export const adminClassDetail = adminClassItem.extend({ teacherList: z.array(adminClassPerson) });
export type AdminClassDetail = z.infer<typeof adminClassDetail>;

export const classFilter = z.object({ name: words('班级名称'), installId: optionalId('所属项目') });

export const adminClassList = defineCall({
  name: 'adminClassList',
  method: 'GET',
  path: `${P}/classes`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Classes, newest first, by words of the name and topic; each with its teachers and members counted.',
  query: pageQuery.extend(classFilter.shape),
  data: pageOf(adminClassItem),
});

export const adminClassExport = defineCall({
  name: 'adminClassExport',
  method: 'GET',
  path: `${P}/classes/export`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'The same filter as adminClassList, every matching class as an .xlsx file (audited).',
  query: classFilter,
  data: z.unknown(),
  binary: true,
});

export const adminClassGet = defineCall({
  name: 'adminClassGet',
  method: 'GET',
  path: `${P}/classes/one`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'One class with its teachers.',
  query: z.object({ id: id('班级编号') }),
  data: adminClassDetail,
});

export const adminClassSave = defineCall({
  name: 'adminClassSave',
  method: 'POST',
  path: `${P}/classes/save`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Creates a class (id null) or changes one naming the version read (stale: 409).',
  body: classInput.extend({ id: id('班级编号').nullable().default(null), version: version.nullable().default(null) }),
  data: adminClassDetail,
});

export const adminClassDelete = defineCall({
  name: 'adminClassDelete',
  method: 'POST',
  path: `${P}/classes/delete`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary:
    'Deletes a class created by mistake, with its teachers and its chosen courses, naming the version read (stale: 409). Refused, naming what holds it, while it has a member, an assignment, an exam, a class notice or a reminder.',
  body: z.object({ id: id('班级编号'), version }),
  data: z.object({ id: z.number().int() }),
});

export const adminClassMember = adminClassPerson.extend({
  joinedAt: instant,
  /** Hours earned in the class's period (the teacher's measure). */
  earnedHours: z.number(),
});
export type AdminClassMember = z.infer<typeof adminClassMember>;

export const memberFilter = z.object({ classId: id('班级编号'), person: words('学员') });

export const adminClassMembers = defineCall({
  name: 'adminClassMembers',
  method: 'GET',
  path: `${P}/classes/members`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: "A class's members, the latest joined first, by name, mobile or person number; each with the hours earned in the class's period.",
  query: pageQuery.extend(memberFilter.shape),
  data: pageOf(adminClassMember),
});

export const adminClassMembersExport = defineCall({
  name: 'adminClassMembersExport',
  method: 'GET',
  path: `${P}/classes/members/export`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'The same filter as adminClassMembers, every matching member (the class roster) as an .xlsx file.',
  query: memberFilter,
  data: z.unknown(),
  binary: true,
});

export const adminClassPersonAdd = defineCall({
  name: 'adminClassPersonAdd',
  method: 'POST',
  path: `${P}/classes/people/add`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: "Adds a person to a class as a teacher (a teacher only) or a member; a member of a topic's class is enrolled in the topic (approved) at once.",
  body: z.object({ classId: id('班级编号'), personId: id('人员编号'), role: z.enum(CLASS_ROLES, { error: '身份只能是教师或学员' }) }),
  data: adminClassDetail,
});

export const adminClassPersonRemove = defineCall({
  name: 'adminClassPersonRemove',
  method: 'POST',
  path: `${P}/classes/people/remove`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: "Takes a teacher or a member out of a class. A member's learning record (progress, completed courses, hours, exam attempts, certificates) stays theirs.",
  body: z.object({ classId: id('班级编号'), personId: id('人员编号'), role: z.enum(CLASS_ROLES, { error: '身份只能是教师或学员' }) }),
  data: adminClassDetail,
});

export const adminTrainingPeople = defineCall({
  name: 'adminTrainingPeople',
  method: 'GET',
  path: `${P}/people`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'People to add to a class: by name, mobile or person number (at least one character), teachers only when asked; 20 at most.',
  query: z.object({
    text: z.string().trim().min(1, '请输入姓名、手机号或人员编号').max(40, '查询内容不能超过40个字'),
    teachers: z.enum(['true', 'false']).optional(),
  }),
  data: z.array(adminClassPerson),
});
