/**
 * The teacher's side: classes (班级) with their teachers (a class may have several), members and
 * class plan (the class's courses), and messages from a teacher to a class or chosen members with
 * each recipient's read state and SMS delivery state. Owned by modules/teacher.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { persons } from './people.ts';
import { courses, installs } from './catalog.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const teacherClasses = pgTable(
  'teacher_classes',
  {
  id: serial('id').primaryKey(),
  /** The training management system's class number (班级编号): the import's key; null when made here. */
  code: text('code'),
  name: text('name').notNull(),
  /** The training arrangement the class belongs to, where it has one. */
  installId: integer('install_id').references(() => installs.id),
  /** The class's study period: hours count from start to end, and "behind" is measured against it. */
  startAt: at('start_at').notNull(),
  endAt: at('end_at').notNull(),
  /** Credit hours each member must earn in the period. */
  requiredHours: numeric('required_hours', { precision: 6, scale: 1, mode: 'number' }).notNull(),
  createdAt: at('created_at').notNull().default(sql`now()`),
  /** The administration area's edit check: a change names the version it edited. */
  version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('teacher_classes_code_uq').on(t.code)],
);

export const classTeachers = pgTable(
  'class_teachers',
  {
    classId: integer('class_id').notNull().references(() => teacherClasses.id),
    personId: integer('person_id').notNull().references(() => persons.personId),
  },
  (t) => [primaryKey({ columns: [t.classId, t.personId] }), index('class_teachers_person_idx').on(t.personId)],
);

export const classMembers = pgTable(
  'class_members',
  {
    classId: integer('class_id').notNull().references(() => teacherClasses.id),
    personId: integer('person_id').notNull().references(() => persons.personId),
    joinedAt: at('joined_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.classId, t.personId] }), index('class_members_person_idx').on(t.personId)],
);

/** The class plan: its courses, required or elective, and who added each. */
export const classCourses = pgTable(
  'class_courses',
  {
    classId: integer('class_id').notNull().references(() => teacherClasses.id),
    courseId: integer('course_id').notNull().references(() => courses.id),
    required: boolean('required').notNull(),
    addedBy: integer('added_by').references(() => persons.personId),
    addedAt: at('added_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.classId, t.courseId] })],
);

export const classMessages = pgTable(
  'class_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** null: a message from the college itself (a certificate issued), not from a class's teacher. */
    classId: integer('class_id').references(() => teacherClasses.id),
    senderId: integer('sender_id').references(() => persons.personId),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** A page of the portal the message points to (the certificate's print page), or null. */
    link: text('link'),
    /** Whether the teacher asked for an SMS as well. */
    sms: boolean('sms').notNull().default(false),
    sentAt: at('sent_at').notNull().default(sql`now()`),
    /** Deleted by the teacher: gone from every list, the rows kept for the audit trail. */
    deletedAt: at('deleted_at'),
  },
  (t) => [index('class_messages_class_idx').on(t.classId, t.sentAt)],
);

export const messageRecipients = pgTable(
  'message_recipients',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => classMessages.id),
    personId: integer('person_id').notNull().references(() => persons.personId),
    /** This recipient's own text (a reminder's template merged for them); null: the message's content. */
    content: text('content'),
    readAt: at('read_at'),
    /** null: no SMS asked; sent / failed (the provider refused) / capped (the number's daily cap was reached). */
    smsStatus: text('sms_status', { enum: ['sent', 'failed', 'capped'] }),
    smsAt: at('sms_at'),
    smsError: text('sms_error'),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.personId] }), index('message_recipients_person_idx').on(t.personId, t.readAt)],
);

/**
 * Weekly reminders of those behind: the template, the channel, the weekday and time in
 * the college's time zone, and the next run (the jobs queue holds the job due then; `nextRunAt` is
 * what a run checks, so a stale or doubled job sends nothing).
 */
export const remindSchedules = pgTable(
  'remind_schedules',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => teacherClasses.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => persons.personId),
    title: text('title').notNull(),
    template: text('template').notNull(),
    channel: text('channel', { enum: ['message', 'sms', 'both'] }).notNull(),
    /** 1 Monday … 7 Sunday. */
    weekday: integer('weekday').notNull(),
    /** Minutes after midnight. */
    minuteOfDay: integer('minute_of_day').notNull(),
    state: text('state', { enum: ['active', 'paused', 'ended'] }).notNull().default('active'),
    endReason: text('end_reason', { enum: ['classEnded', 'nobodyBehind', 'notTeacher'] }),
    nextRunAt: at('next_run_at'),
    createdAt: at('created_at').notNull().default(sql`now()`),
    /** Deleted by a teacher: runs no more, its runs kept. */
    deletedAt: at('deleted_at'),
  },
  (t) => [index('remind_schedules_class_idx').on(t.classId)],
);

/** Each reminder sent, by hand or by a schedule's run (a run that stopped its schedule too), and to whom. */
export const remindRuns = pgTable(
  'remind_runs',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => teacherClasses.id),
    scheduleId: integer('schedule_id').references(() => remindSchedules.id),
    senderId: integer('sender_id')
      .notNull()
      .references(() => persons.personId),
    title: text('title').notNull(),
    channel: text('channel', { enum: ['message', 'sms', 'both'] }).notNull(),
    outcome: text('outcome', { enum: ['sent', 'classEnded', 'nobodyBehind', 'notTeacher'] }).notNull(),
    /** The 站内消息 written (its recipients carry the read states), null when by SMS only or nothing sent. */
    messageId: bigint('message_id', { mode: 'number' }).references(() => classMessages.id),
    /** Who was reminded, and the SMS state of each when texted. */
    recipients: jsonb('recipients').$type<{ personId: number; sms: 'sent' | 'failed' | 'capped' | null }[]>().notNull().default([]),
    ranAt: at('ran_at').notNull().default(sql`now()`),
  },
  (t) => [index('remind_runs_class_idx').on(t.classId, t.ranAt), index('remind_runs_schedule_idx').on(t.scheduleId)],
);
