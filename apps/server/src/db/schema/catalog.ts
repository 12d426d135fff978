/**
 * The course catalogue: years → installs (training arrangements) → plans → courses, the category tree,
 * ordered course resources (video, pdf, live), learning columns, the courses a person chose, and the
 * exams' public face (their table is in exam.ts, owned by the exam module).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { persons } from './people.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
// Indexes for newest / most popular first are plain ascending ones: scanned backwards they serve
// ORDER BY ... DESC (nulls first, PostgreSQL's default), which a DESC NULLS LAST index cannot.
/** Credit hours (学时) in steps of 0.5: exact decimals, read as numbers. */
const hours = (name: string) => numeric(name, { precision: 6, scale: 1, mode: 'number' });

export const trainingYears = pgTable('training_years', {
  id: serial('id').primaryKey(),
  year: integer('year').notNull().unique(),
  name: text('name').notNull(),
});

export const installs = pgTable(
  'installs',
  {
    id: serial('id').primaryKey(),
    yearId: integer('year_id').notNull().references(() => trainingYears.id),
    /** The training management system's number for it (项目编号): the import's key; null when made here. */
    code: text('code'),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['annual', 'special', 'class'] }).notNull(),
    coverUrl: text('cover_url').notNull().default(''),
    description: text('description').notNull().default(''),
    organizer: text('organizer').notNull().default(''),
    applyStart: at('apply_start').notNull(),
    applyEnd: at('apply_end').notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    /** 0: unlimited places. */
    capacity: integer('capacity').notNull().default(0),
    requiredHours: hours('required_hours').notNull().default(0),
    /** Counts the administration area's changes to its issuing rule: an edit made on an older one is refused. */
    version: integer('version').notNull().default(0),
  },
  (t) => [index('installs_year_idx').on(t.yearId, t.startAt), uniqueIndex('installs_code_uq').on(t.code)],
);

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    installId: integer('install_id').notNull().references(() => installs.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    requiredHours: hours('required_hours').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    /** The administration area's edit check: a change names the version it edited. */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('plans_install_idx').on(t.installId, t.sort)],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    /** The college's course code (课程编号): the import's key; null when made here. */
    code: text('code'),
    title: text('title').notNull(),
    lecturer: text('lecturer').notNull(),
    lecturerTitle: text('lecturer_title').notNull().default(''),
    categoryId: integer('category_id').notNull().references(() => categories.id),
    coverUrl: text('cover_url').notNull().default(''),
    creditHours: hours('credit_hours').notNull(),
    description: text('description').notNull().default(''),
    publishedAt: at('published_at').notNull().default(sql`now()`),
    /** Learners who took the course; the learning core keeps it current. */
    popularity: integer('popularity').notNull().default(0),
    /** Offline courses stay in plans and histories but leave every public list. */
    status: text('status', { enum: ['published', 'offline'] }).notNull().default('published'),
  },
  (t) => [
    index('courses_published_idx').on(t.publishedAt, t.id),
    index('courses_popularity_idx').on(t.popularity, t.id),
    index('courses_category_idx').on(t.categoryId, t.publishedAt),
    uniqueIndex('courses_code_uq').on(t.code),
  ],
);

export const courseResources = pgTable(
  'course_resources',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id),
    sort: integer('sort').notNull().default(0),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['video', 'pdf', 'live'] }).notNull(),
    /** video: length; the media file (or HLS playlist). */
    durationSeconds: integer('duration_seconds'),
    mediaUrl: text('media_url'),
    /** pdf: pages and the reading time that completes it. */
    pages: integer('pages'),
    minReadSeconds: integer('min_read_seconds'),
    /** live: the lesson window, its stream and, afterwards, its replay. */
    liveStart: at('live_start'),
    liveEnd: at('live_end'),
    streamUrl: text('stream_url'),
    replayUrl: text('replay_url'),
  },
  (t) => [index('course_resources_course_idx').on(t.courseId, t.sort)],
);

export const planCourses = pgTable(
  'plan_courses',
  {
    planId: integer('plan_id').notNull().references(() => plans.id),
    courseId: integer('course_id').notNull().references(() => courses.id),
    required: boolean('required').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.planId, t.courseId] }), index('plan_courses_course_idx').on(t.courseId)],
);

export const learningColumns = pgTable(
  'learning_columns',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverUrl: text('cover_url').notNull().default(''),
    publishedAt: at('published_at').notNull().default(sql`now()`),
  },
  (t) => [index('learning_columns_published_idx').on(t.publishedAt)],
);

/** A column holds courses (courseId) and articles (title + body), in one order. */
export const columnItems = pgTable(
  'column_items',
  {
    id: serial('id').primaryKey(),
    columnId: integer('column_id').notNull().references(() => learningColumns.id),
    courseId: integer('course_id').references(() => courses.id),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    publishedAt: at('published_at').notNull().default(sql`now()`),
  },
  (t) => [index('column_items_column_idx').on(t.columnId, t.sort)],
);

/** Courses a person added to their own courses (addPersonCourse). */
export const personCourses = pgTable(
  'person_courses',
  {
    personId: integer('person_id').notNull().references(() => persons.personId),
    courseId: integer('course_id').notNull().references(() => courses.id),
    addedAt: at('added_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.personId, t.courseId] }), index('person_courses_course_idx').on(t.courseId)],
);
