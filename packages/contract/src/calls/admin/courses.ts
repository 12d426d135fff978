/**
 * 课程管理, for the training and the system administrator: the
 * courses list (by title or lecturer, category and status; paged; exported from the same query), one
 * course with its chapters, save (create as a draft, or edit naming the version edited), publish and
 * take offline, and the cover upload checked by its content. Every change is audited with before and
 * after.
 *
 * A course in use keeps its learners' records (ADR 0033): a chapter anybody has studied is
 * never deleted — a save without it is refused, naming how many learners studied it — but it may be
 * 停用 (hidden: off the course's page and not needed to complete it); its kind cannot change. Credit
 * already granted keeps the hours it was granted with when the course's hours change.
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery, type AdminRole } from '../../call.ts';
import { keywordParam } from '../content.ts';
import { uploadedFile } from './content.ts';
import { idField, idParam, INT_MAX, intField, intParam, versionField } from '../../rules/numbers.ts';

const A = '/v1/admin/courses';
const ROLES: readonly AdminRole[] = ['training', 'system'];

export const COURSE_STATUSES = ['draft', 'published', 'offline'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export const COURSE_STATUS_LABELS: Record<CourseStatus, string> = { draft: '草稿', published: '已发布', offline: '已下架' };

export const CHAPTER_KINDS = ['video', 'pdf', 'live'] as const;
export type ChapterKind = (typeof CHAPTER_KINDS)[number];
export const CHAPTER_KIND_LABELS: Record<ChapterKind, string> = { video: '视频', pdf: 'PDF课件', live: '直播' };

export const COURSE_LIMITS = { chaptersMax: 100, coverMaxBytes: 5 * 1024 * 1024 } as const;

export const ADMIN_COURSES_MSG = {
  notFound: '该课程不存在',
  categoryMissing: '所选课程分类不存在',
  noChapters: '课程至少需要一个章节才能发布',
  noVisibleChapters: '课程至少需要一个未停用的章节才能发布',
  alreadyPublished: '该课程已发布',
  notPublished: '该课程未发布，无需下架',
  chapterMissing: '章节不属于该课程，请刷新后重试',
  chapterTwice: '同一章节出现了两次',
  liveEnd: '直播结束时间须晚于开始时间',
  coverMissing: '请选择要上传的封面图片',
  coverType: '封面只能是 JPG、PNG、GIF 或 WebP 格式（按文件内容识别）',
  coverTooLarge: '封面图片不能超过5MB',
} as const;
/** The refusals that name a studied chapter and its learners (functions: not part of the web's plain constants). */
export const STUDIED_MSG = {
  removed: (title: string, n: number) => `章节“${title}”已有${n}名学员学习过，不能删除；如不再需要，请将其停用（隐藏），学员的学习记录会保留`,
  kind: (title: string, n: number) => `章节“${title}”已有${n}名学员学习过，不能更改其类型；请新增一个章节并停用原章节`,
};

const required = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过${max}个字`);
const optional = (label: string, max: number) => z.string({ error: `${label}必须是文字` }).trim().max(max, `${label}不能超过${max}个字`).default('');
const int = intField;
const id = idField;
const version = versionField();
const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label}格式不正确` });

/**
 * Where a chapter's media is: a file of the portal's own (/media/..., /uploads/..., or whatever path
 * the media library serves) or an http(s) address. A path only, never a page a browser would run.
 */
export const mediaSource = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(500, `${label}不能超过500个字符`)
    .regex(/^(https?:\/\/[^\s<>"']+|\/[A-Za-z0-9_\-./%~]+)$/i, `${label}应为以 / 开头的站内路径或 http(s) 地址`)
    .refine((u) => !u.includes('..') && !u.startsWith('//'), `${label}不正确`);

const chapterBase = {
  /** An existing chapter (absent: a new one). */
  id: id('章节编号').optional(),
  title: required('章节名称', 100),
  /** 停用: off the course's page, not needed to complete it; its learners' records stay. */
  hidden: z.boolean({ error: '是否停用须为是或否' }).default(false),
};
export const chapterInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ ...chapterBase, kind: z.literal('video'), mediaUrl: mediaSource('视频地址'), durationSeconds: int('视频时长（秒）', 1, 86_400) }),
    z.object({ ...chapterBase, kind: z.literal('pdf'), mediaUrl: mediaSource('课件地址'), pages: int('课件页数', 1, 5000), minReadSeconds: int('最少阅读时间（秒）', 10, 86_400) }),
    z
      .object({
        ...chapterBase,
        kind: z.literal('live'),
        liveStart: instant('直播开始时间'),
        liveEnd: instant('直播结束时间'),
        streamUrl: mediaSource('直播地址'),
        replayUrl: mediaSource('回放地址').nullable().default(null),
      })
      .refine((c) => Date.parse(c.liveEnd) > Date.parse(c.liveStart), { path: ['liveEnd'], message: ADMIN_COURSES_MSG.liveEnd }),
  ],
  { error: '章节类型只能是视频、PDF课件或直播' },
);
export type ChapterInput = z.infer<typeof chapterInput>;

export const courseFields = z.object({
  title: required('课程名称', 100),
  lecturer: required('主讲人', 50),
  lecturerTitle: optional('主讲人职务', 50),
  categoryId: id('课程分类'),
  creditHours: z.number({ error: '学时必须是数字' }).min(0.5, '学时至少0.5').max(200, '学时最多200').multipleOf(0.5, '学时以0.5为单位'),
  coverUrl: z
    .string({ error: '封面地址不正确' })
    .trim()
    .max(500, '封面地址不正确')
    .regex(/^(\/(uploads|media)\/[A-Za-z0-9_\-/]+\.[A-Za-z0-9]+)?$/, '请上传封面图片')
    .refine((u) => !u.includes('..'), '封面地址不正确')
    .default(''),
  /** Plain text: the course page shows it as paragraphs. */
  description: optional('课程简介', 5000),
  chapters: z.array(chapterInput, { error: '章节格式不正确' }).max(COURSE_LIMITS.chaptersMax, `章节最多${COURSE_LIMITS.chaptersMax}个`),
});

export const courseSave = courseFields.extend({ id: id('课程编号').optional(), version: version.optional() });
export type CourseSave = z.infer<typeof courseSave>;

export const adminChapter = z.object({
  id: z.number().int(),
  kind: z.enum(CHAPTER_KINDS),
  title: z.string(),
  hidden: z.boolean(),
  mediaUrl: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  minReadSeconds: z.number().int().nullable(),
  liveStart: z.string().nullable(),
  liveEnd: z.string().nullable(),
  streamUrl: z.string().nullable(),
  replayUrl: z.string().nullable(),
  /** Learners who opened it: such a chapter can be hidden, not deleted. */
  learners: z.number().int(),
});
export type AdminChapter = z.infer<typeof adminChapter>;

const courseMeta = {
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(COURSE_STATUSES),
  categoryName: z.string(),
  publishedAt: z.string().describe('ISO 8601 date-time'),
  /** Learners who completed it (their granted hours stay as granted). */
  completions: z.number().int(),
};
export const adminCourse = courseFields.omit({ chapters: true }).extend({ ...courseMeta, code: z.string().nullable(), chapters: z.array(adminChapter) });
export type AdminCourse = z.infer<typeof adminCourse>;

export const adminCourseRow = z.object({
  ...courseMeta,
  title: z.string(),
  lecturer: z.string(),
  creditHours: z.number(),
  chapterCount: z.number().int(),
  learners: z.number().int(),
});
export type AdminCourseRow = z.infer<typeof adminCourseRow>;

const optionalId = z
  .union([z.literal('').transform(() => undefined), intParam('课程分类', 1, INT_MAX, { notNumber: '课程分类不正确', notWhole: '课程分类不正确', tooSmall: '课程分类不正确', tooLarge: '课程分类不正确' })])
  .optional();
export const courseFilter = z.object({
  /** Words of the title or the lecturer's name. */
  keyword: keywordParam,
  /** A category includes its sub-categories. */
  categoryId: optionalId,
  status: z.enum(COURSE_STATUSES, { error: '状态只能是草稿、已发布或已下架' }).optional().or(z.literal('').transform(() => undefined)),
});

export const adminCourseOptions = defineCall({
  name: 'adminCourseOptions',
  method: 'GET',
  path: `${A}/options`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: "The catalogue's category tree (every category, with or without courses), for the list's filter and the editor.",
  data: z.object({ categories: z.array(z.object({ id: z.number().int(), name: z.string(), children: z.array(z.object({ id: z.number().int(), name: z.string() })) })) }),
});

export const adminCourseList = defineCall({
  name: 'adminCourseList',
  method: 'GET',
  path: `${A}/list`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Every course (drafts and offline ones too), newest first, by words of the title or lecturer, category (with its sub-categories) and status; with chapters, learners and completions.',
  query: pageQuery.extend(courseFilter.shape),
  data: pageOf(adminCourseRow),
});

export const adminCourseExport = defineCall({
  name: 'adminCourseExport',
  method: 'GET',
  path: `${A}/export`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'The same filter as adminCourseList, every matching course as an .xlsx file.',
  query: courseFilter,
  data: z.unknown(),
  binary: true,
});

export const adminCourseGet = defineCall({
  name: 'adminCourseGet',
  method: 'GET',
  path: `${A}/item`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'One course with every field the editor edits, its chapters in order (hidden ones too, each with how many learners studied it) and its version.',
  query: z.object({ id: idParam('课程编号') }),
  data: adminCourse,
});

export const adminCourseSave = defineCall({
  name: 'adminCourseSave',
  method: 'POST',
  path: `${A}/save`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary:
    'Creates a course as a draft (no id) or edits one (its id and the version edited; a newer edit refuses it with 409). The chapters are the whole list in order: existing ones by id, new ones without; one left out is deleted — refused when anybody studied it (hide it instead), as is changing a studied chapter’s kind.',
  body: courseSave,
  data: adminCourse,
});

const target = z.object({ id: id('课程编号'), version });

export const adminCoursePublish = defineCall({
  name: 'adminCoursePublish',
  method: 'POST',
  path: `${A}/publish`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Publishes a draft or an offline course: it joins the catalogue at once (a first publication dates it now). Refused without a chapter in use.',
  body: target,
  data: adminCourse,
});

export const adminCourseUnpublish = defineCall({
  name: 'adminCourseUnpublish',
  method: 'POST',
  path: `${A}/unpublish`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Takes a course offline: it leaves every public list; plans, histories and granted credit keep it.',
  body: target,
  data: adminCourse,
});

export const adminCourseCover = defineCall({
  name: 'adminCourseCover',
  method: 'POST',
  path: `${A}/cover`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'A course cover in the multipart field file (JPG, PNG, GIF or WebP by content, at most 5 MB); answers its /uploads/ address.',
  upload: { field: 'file', maxBytes: COURSE_LIMITS.coverMaxBytes, tooLarge: ADMIN_COURSES_MSG.coverTooLarge },
  data: uploadedFile,
});
