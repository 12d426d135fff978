/**
 * The teacher's side: classes (班级) with their teachers (a class may have several), members and
 * class plan (the class's courses). Owned by modules/teacher; the messages a teacher sends live in
 * inbox.ts (the learner's inbox, owned by modules/inbox), the reminders in remind.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
