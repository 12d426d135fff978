/**
 * The learning core's ledger: enrolments in installs, study sessions, progress per resource and per
 * course, and every progress report with what it credited — so "why" can be answered for any learner
 * and course. Owned by modules/learning.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { persons } from './people.ts';
import { courseResources, courses, installs } from './catalog.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const enrolments = pgTable(
  'enrolments',
  {
    personId: integer('person_id').notNull().references(() => persons.personId),
    installId: integer('install_id').notNull().references(() => installs.id),
    status: text('status', { enum: ['applied', 'approved', 'completed', 'cancelled'] }).notNull(),
    appliedAt: at('applied_at').notNull().default(sql`now()`),
    cancelledAt: at('cancelled_at'),
    completedAt: at('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.personId, t.installId] }), index('enrolments_install_idx').on(t.installId, t.status)],
);

/** One opened resource; a newer session of the same person supersedes it (only one counts at a time). */
export const studySessions = pgTable(
  'study_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    personId: integer('person_id').notNull().references(() => persons.personId),
    resourceId: integer('resource_id').notNull().references(() => courseResources.id),
    courseId: integer('course_id').notNull().references(() => courses.id),
    startedAt: at('started_at').notNull().default(sql`now()`),
    supersededAt: at('superseded_at'),
    /** The session earns wall-clock time from here (a live lesson opened early: from its start). */
    creditFrom: at('credit_from').notNull().default(sql`now()`),
    /** Live attendance earns nothing after the lesson's end; null for everything else. */
    creditUntil: at('credit_until'),
    /** Seconds the learner's previous session was credited ahead of the wall clock when this one began. */
    debtSeconds: integer('debt_seconds').notNull().default(0),
    creditedSeconds: integer('credited_seconds').notNull().default(0),
    lastReportAt: at('last_report_at'),
  },
  (t) => [index('study_sessions_person_idx').on(t.personId, t.supersededAt)],
);

export const resourceProgress = pgTable(
  'resource_progress',
  {
    personId: integer('person_id').notNull().references(() => persons.personId),
    resourceId: integer('resource_id').notNull().references(() => courseResources.id),
    courseId: integer('course_id').notNull().references(() => courses.id),
    learnedSeconds: integer('learned_seconds').notNull().default(0),
    maxPosition: integer('max_position').notNull().default(0),
    lastPosition: integer('last_position').notNull().default(0),
    completedAt: at('completed_at'),
    updatedAt: at('updated_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.personId, t.resourceId] }), index('resource_progress_course_idx').on(t.personId, t.courseId)],
);

/** A course completed by a person: its hours count for the year of completion. */
export const courseCompletions = pgTable(
  'course_completions',
  {
    personId: integer('person_id').notNull().references(() => persons.personId),
    courseId: integer('course_id').notNull().references(() => courses.id),
    completedAt: at('completed_at').notNull().default(sql`now()`),
    year: integer('year').notNull(),
    hours: numeric('hours', { precision: 6, scale: 1, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.courseId] }), index('course_completions_year_idx').on(t.year, t.completedAt)],
);

/** Every report received: idempotency by report id, and the credited interval it produced. */
export const progressReports = pgTable(
  'progress_reports',
  {
    reportId: uuid('report_id').primaryKey(),
    personId: integer('person_id').notNull(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    resourceId: integer('resource_id').notNull(),
    receivedAt: at('received_at').notNull().default(sql`now()`),
    clientTime: text('client_time').notNull(),
    event: text('event').notNull(),
    position: integer('position').notNull(),
    playedSeconds: integer('played_seconds').notNull(),
    creditedSeconds: integer('credited_seconds').notNull(),
    seekRefused: boolean('seek_refused').notNull().default(false),
    clipped: boolean('clipped').notNull().default(false),
  },
  (t) => [index('progress_reports_person_idx').on(t.personId, t.resourceId, t.receivedAt)],
);
