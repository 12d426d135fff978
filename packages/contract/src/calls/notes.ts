/**
 * Learning notes, course appraisal and comments under /video_learning/education/studentLearn
 * (SPEC.md section 7, PRODUCT.md: Note, Appraise, Criticism). A note belongs to its learner only and
 * may be anchored to a moment of a video (seconds) or a page of a PDF. A course has one appraisal per
 * learner (1-5 stars and a short text) and comments with replies one level deep; a person changes or
 * deletes only their own. Comments are plain text, shown as text.
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery } from '../call.ts';
import { idParam } from './content.ts';
import { RESOURCE_KINDS } from './catalog.ts';

const SL = '/video_learning/education/studentLearn';
const instant = z.string().describe('ISO 8601 date-time');

/** Lengths a learner meets in the forms (characters). */
export const NOTE_LIMITS = { title: 50, content: 5000 } as const;
export const APPRAISE_TEXT_MAX = 200;
export const CRITICISM_MAX = 500;
export const STARS = { min: 1, max: 5 } as const;
/** What a deleted comment that still has replies shows instead of its text. */
export const DELETED_CRITICISM = '已删除';

const noteId = idParam('笔记编号');
const criticismId = idParam('评论编号');
const courseId = idParam('课程编号');

/** Plain text: the learner's line breaks are kept, surrounding blanks dropped. */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文字` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字`);

/** Seconds into a video or live replay, or the page of a PDF; null when the note is about the whole lesson. */
const anchor = z
  .number({ error: '笔记位置必须是数字' })
  .int('笔记位置必须是整数')
  .min(0, '笔记位置不能为负数')
  .max(86_400, '笔记位置过大')
  .nullable()
  .default(null);

export const note = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  resourceId: z.number().int(),
  resourceTitle: z.string(),
  resourceKind: z.enum(RESOURCE_KINDS),
  anchor: z.number().int().nullable(),
  title: z.string(),
  content: z.string(),
  createdAt: instant,
  updatedAt: instant,
});
export type Note = z.infer<typeof note>;

const noteFields = z.object({
  resourceId: idParam('课程章节编号'),
  anchor,
  title: text('笔记标题', NOTE_LIMITS.title),
  content: text('笔记内容', NOTE_LIMITS.content),
});

export const addNote = defineCall({
  name: 'addNote',
  method: 'POST',
  path: `${SL}/addNote`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Write a note on a chapter of one of my courses, anchored to a video position (seconds) or a PDF page when given.',
  body: noteFields,
  data: note,
});

export const findNoteByPage = defineCall({
  name: 'findNoteByPage',
  method: 'POST',
  path: `${SL}/findNoteByPage`,
  envelope: 'vl',
  auth: 'required',
  summary: 'My notes, newest course first and within a course by chapter and position; of one course, and containing a text in title or content, when given.',
  query: pageQuery.extend({
    courseId: courseId.optional(),
    keyword: z.string().trim().max(50, '搜索内容不能超过50个字').optional(),
  }),
  data: pageOf(note),
});

export const findNoteCourses = defineCall({
  name: 'findNoteCourses',
  method: 'POST',
  path: `${SL}/findNoteCourses`,
  envelope: 'vl',
  auth: 'required',
  summary: 'The courses I have notes in, with how many (the course filter of learningnotes).',
  data: z.array(z.object({ courseId: z.number().int(), courseTitle: z.string(), count: z.number().int() })),
});

export const findNoteById = defineCall({
  name: 'findNoteById',
  method: 'POST',
  path: `${SL}/findNoteById`,
  envelope: 'vl',
  auth: 'required',
  summary: 'One of my notes (learningnotesedit); another learner\'s note is not found.',
  query: z.object({ noteId }),
  data: note,
});

export const updateNote = defineCall({
  name: 'updateNote',
  method: 'POST',
  path: `${SL}/updateNote`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Change one of my notes: its chapter, position, title and content.',
  body: noteFields.extend({ noteId }),
  data: note,
});

export const deleteNote = defineCall({
  name: 'deleteNote',
  method: 'POST',
  path: `${SL}/deleteNote`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Delete one of my notes.',
  body: z.object({ noteId }),
  data: z.object({ noteId: z.number().int() }),
});

// ---- appraisal ------------------------------------------------------------------------------

export const appraisal = z.object({
  courseId: z.number().int(),
  /** Mean of the learners' stars, one decimal; 0 when nobody has rated the course. */
  average: z.number(),
  count: z.number().int(),
  mine: z.object({ stars: z.number().int(), text: z.string(), updatedAt: instant }).nullable(),
});
export type Appraisal = z.infer<typeof appraisal>;

export const findCourseAppraise = defineCall({
  name: 'findCourseAppraise',
  method: 'POST',
  path: `${SL}/findCourseAppraise`,
  envelope: 'vl',
  auth: 'required',
  summary: "A course's average stars and count, and my appraisal of it.",
  query: z.object({ courseId }),
  data: appraisal,
});

export const addCourseAppraise = defineCall({
  name: 'addCourseAppraise',
  method: 'POST',
  path: `${SL}/addCourseAppraise`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Rate one of my courses (1-5 stars, a short text); rating it again changes my appraisal.',
  body: z.object({
    courseId,
    stars: z.number({ error: '请选择评分' }).int('评分必须是整数').min(STARS.min, '评分为1至5星').max(STARS.max, '评分为1至5星'),
    text: z.string({ error: '评价必须是文字' }).trim().max(APPRAISE_TEXT_MAX, `评价不能超过${APPRAISE_TEXT_MAX}个字`).default(''),
  }),
  data: appraisal,
});

export const deleteCourseAppraise = defineCall({
  name: 'deleteCourseAppraise',
  method: 'POST',
  path: `${SL}/deleteCourseAppraise`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Withdraw my appraisal of a course.',
  body: z.object({ courseId }),
  data: appraisal,
});

// ---- comments (criticism) -------------------------------------------------------------------

const criticismBase = z.object({
  id: z.number().int(),
  /** The author as public lists show names (张*伟). */
  author: z.string(),
  /** Written by the caller: they may change or delete it. */
  mine: z.boolean(),
  /** Deleted while it had replies: its text is 已删除 and it stays for the thread. */
  deleted: z.boolean(),
  content: z.string(),
  createdAt: instant,
  /** Set when the text was changed after it was posted. */
  editedAt: instant.nullable(),
});
export const criticism = criticismBase.extend({ replies: z.array(criticismBase) });
export type Criticism = z.infer<typeof criticism>;
export type CriticismReply = z.infer<typeof criticismBase>;

export const findCourseCriticismByPage = defineCall({
  name: 'findCourseCriticismByPage',
  method: 'POST',
  path: `${SL}/findCourseCriticismByPage`,
  envelope: 'vl',
  auth: 'required',
  summary: "A course's comments, newest first, each with its replies in the order they were written.",
  query: pageQuery.extend({ courseId }),
  data: pageOf(criticism),
});

export const addCourseCriticism = defineCall({
  name: 'addCourseCriticism',
  method: 'POST',
  path: `${SL}/addCourseCriticism`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'Comment on one of my courses, or reply to a comment (replies are one level deep). Refused with the word named when it contains a forbidden word, and beyond a few comments a minute.',
  body: z.object({ courseId, parentId: criticismId.optional(), content: text('评论内容', CRITICISM_MAX) }),
  data: criticismBase,
});

export const updateCourseCriticism = defineCall({
  name: 'updateCourseCriticism',
  method: 'POST',
  path: `${SL}/updateCourseCriticism`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Change the text of my comment or reply (the same word and flood rules as posting).',
  body: z.object({ criticismId, content: text('评论内容', CRITICISM_MAX) }),
  data: criticismBase,
});

export const deleteCourseCriticism = defineCall({
  name: 'deleteCourseCriticism',
  method: 'POST',
  path: `${SL}/deleteCourseCriticism`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Delete my comment or reply; a comment with replies stays as 已删除 so that the thread reads on.',
  body: z.object({ criticismId }),
  data: z.object({ criticismId: z.number().int(), kept: z.boolean() }),
});

export const exportNotes = defineCall({
  name: 'exportNotes',
  method: 'GET',
  path: `${SL}/exportNotes`,
  envelope: 'raw',
  auth: 'required',
  binary: true,
  summary: 'My notes of a course as a Word document (docx), in the order of its lessons: a study record to keep or hand in.',
  query: z.object({ courseId }),
  data: z.null(),
});
