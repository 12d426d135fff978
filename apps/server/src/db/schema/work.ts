/**
 * Homework and practice reports (PRODUCT.md: Work, Practice). Owned by modules/work.
 *
 * An assignment (`works`) belongs to a class, whose teachers review it, and for its label to a course
 * or the class's install. A learner's `work_submissions` row is their one submission of it: the
 * current draft (text, practice fields, attachment ids, `revision` counted up by every save) and its
 * state. Every hand-in is copied to `work_versions` (numbered from 1) with what was handed in and
 * the review it got, so nothing submitted is ever overwritten. Uploaded files are rows of
 * `work_files`, stored under generated names outside the public uploads.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { persons } from './people.ts';
import { courses, installs } from './catalog.ts';
import { teacherClasses } from './teaching.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export interface PracticeData {
  time: string;
  place: string;
  done: string;
  outcome: string;
}

export const works = pgTable(
  'works',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => teacherClasses.id),
    kind: text('kind', { enum: ['homework', 'practice'] }).notNull(),
    courseId: integer('course_id').references(() => courses.id),
    installId: integer('install_id').references(() => installs.id),
    title: text('title').notNull(),
    /** Markdown. */
    requirement: text('requirement').notNull(),
    minWords: integer('min_words').notNull().default(0),
    maxWords: integer('max_words').notNull().default(0),
    maxFiles: integer('max_files').notNull().default(0),
    dueAt: at('due_at').notNull(),
    /** Late work accepted until then; null: at any time. */
    cutoffAt: at('cutoff_at'),
    createdBy: integer('created_by').references(() => persons.personId),
    createdAt: at('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('works_class_idx').on(t.classId, t.kind, t.dueAt), check('works_cutoff_after_due', sql`${t.cutoffAt} is null or ${t.cutoffAt} >= ${t.dueAt}`)],
);

export const workSubmissions = pgTable(
  'work_submissions',
  {
    id: serial('id').primaryKey(),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.personId),
    state: text('state', { enum: ['draft', 'submitted', 'passed', 'returned'] }).notNull(),
    /** Counted up by every save of the draft: a save based on an older one is refused. */
    revision: integer('revision').notNull().default(1),
    /** Versions handed in so far. */
    version: integer('version').notNull().default(0),
    text: text('text').notNull().default(''),
    practice: jsonb('practice').$type<PracticeData>(),
    attachmentIds: jsonb('attachment_ids').$type<number[]>().notNull().default([]),
    wordCount: integer('word_count').notNull().default(0),
    /** The first hand-in came after the due date. */
    late: boolean('late').notNull().default(false),
    savedAt: at('saved_at').notNull().default(sql`now()`),
    submittedAt: at('submitted_at'),
    score: numeric('score', { precision: 4, scale: 1, mode: 'number' }),
    comment: text('comment').notNull().default(''),
    examinedBy: integer('examined_by').references(() => persons.personId),
    examinedAt: at('examined_at'),
  },
  (t) => [
    uniqueIndex('work_submissions_work_person_idx').on(t.workId, t.personId),
    index('work_submissions_person_idx').on(t.personId),
    index('work_submissions_state_idx').on(t.workId, t.state),
    // The review queue (批阅中心): a teacher's hand-ins awaiting review, by assignment, oldest first.
    index('work_submissions_waiting_idx').on(t.workId, t.submittedAt, t.id).where(sql`${t.state} = 'submitted'`),
  ],
);

export const workVersions = pgTable(
  'work_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => workSubmissions.id),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    practice: jsonb('practice').$type<PracticeData>(),
    attachmentIds: jsonb('attachment_ids').$type<number[]>().notNull(),
    wordCount: integer('word_count').notNull(),
    late: boolean('late').notNull(),
    submittedAt: at('submitted_at').notNull(),
    state: text('state', { enum: ['submitted', 'passed', 'returned'] }).notNull(),
    score: numeric('score', { precision: 4, scale: 1, mode: 'number' }),
    comment: text('comment').notNull().default(''),
    examinedBy: integer('examined_by').references(() => persons.personId),
    examinedAt: at('examined_at'),
  },
  (t) => [uniqueIndex('work_versions_submission_version_idx').on(t.submissionId, t.version)],
);

export const workFiles = pgTable(
  'work_files',
  {
    id: serial('id').primaryKey(),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.personId),
    kind: text('kind', { enum: ['file', 'photo'] }).notNull(),
    /** The learner's file name, shown only. */
    name: text('name').notNull(),
    type: text('type', { enum: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'png'] }).notNull(),
    size: integer('size').notNull(),
    /** The generated storage key (works/<personId>/<random>.<type>). */
    storageKey: text('storage_key').notNull(),
    uploadedAt: at('uploaded_at').notNull().default(sql`now()`),
  },
  (t) => [index('work_files_owner_idx').on(t.personId, t.workId)],
);

/** A later deadline for one learner (Moodle's extension): work handed in by then is on time and accepted. */
export const workExtensions = pgTable(
  'work_extensions',
  {
    workId: integer('work_id')
      .notNull()
      .references(() => works.id),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.personId),
    until: at('until').notNull(),
    reason: text('reason').notNull().default(''),
    grantedBy: integer('granted_by')
      .notNull()
      .references(() => persons.personId),
    grantedAt: at('granted_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.workId, t.personId] })],
);

/**
 * A review made in the review queue (批阅中心), held until `final_at` (REVIEW_UNDO_SECONDS after it was
 * made): until then the teacher who made it may undo it and nothing of it reaches the submission, its
 * version or the learner; the submission only leaves the queue. Once final it is applied — the
 * version's and the submission's review written and the learner's message sent, in one transaction —
 * by whichever instance's sweep locks it first (`applied_at`). An undone review keeps its row
 * (`undone_at`), as the audit keeps its entry. At most one live (neither applied nor undone) per submission.
 */
export const workReviews = pgTable(
  'work_reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => workSubmissions.id),
    /** The version the teacher read. */
    version: integer('version').notNull(),
    outcome: text('outcome', { enum: ['passed', 'returned'] }).notNull(),
    score: numeric('score', { precision: 4, scale: 1, mode: 'number' }),
    comment: text('comment').notNull().default(''),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => persons.personId),
    classId: integer('class_id')
      .notNull()
      .references(() => teacherClasses.id),
    madeAt: at('made_at').notNull().default(sql`now()`),
    finalAt: at('final_at').notNull(),
    appliedAt: at('applied_at'),
    undoneAt: at('undone_at'),
  },
  (t) => [
    uniqueIndex('work_reviews_live_uq').on(t.submissionId).where(sql`${t.appliedAt} is null and ${t.undoneAt} is null`),
    index('work_reviews_due_idx').on(t.finalAt).where(sql`${t.appliedAt} is null and ${t.undoneAt} is null`),
  ],
);
