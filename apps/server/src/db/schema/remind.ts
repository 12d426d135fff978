/** A teacher's reminders of those behind and each run of them; owned by modules/teacher (remind.ts). */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { persons } from './people.ts';
import { teacherClasses } from './teaching.ts';
import { classMessages } from './inbox.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Weekly reminders of those behind (issue 28): the template, the channel, the weekday and time in
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
