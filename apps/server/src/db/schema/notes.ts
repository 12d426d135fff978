/**
 * Learning notes, course appraisals and comments (PRODUCT.md: Note, Appraise, Criticism). Owned by
 * modules/notes. A note's anchor is seconds into a video or live replay, or a PDF page, after the kind
 * of its resource. A comment deleted while it has replies is kept with `deletedAt` set and its text
 * cleared, so that the thread stays readable.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { persons } from './people.ts';
import { courseResources, courses } from './catalog.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id').notNull().references(() => persons.personId),
    courseId: integer('course_id').notNull().references(() => courses.id),
    resourceId: integer('resource_id').notNull().references(() => courseResources.id),
    anchor: integer('anchor'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().default(sql`now()`),
    updatedAt: at('updated_at').notNull().default(sql`now()`),
  },
  (t) => [index('notes_person_course_idx').on(t.personId, t.courseId)],
);

export const courseAppraisals = pgTable(
  'course_appraisals',
  {
    personId: integer('person_id').notNull().references(() => persons.personId),
    courseId: integer('course_id').notNull().references(() => courses.id),
    stars: smallint('stars').notNull(),
    text: text('text').notNull().default(''),
    updatedAt: at('updated_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.personId, t.courseId] }), index('course_appraisals_course_idx').on(t.courseId)],
);

export const courseCriticisms = pgTable(
  'course_criticisms',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id),
    personId: integer('person_id').notNull().references(() => persons.personId),
    /** The comment this replies to; replies are one level deep (a reply's parent has none). */
    parentId: integer('parent_id').references((): AnyPgColumn => courseCriticisms.id),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().default(sql`now()`),
    editedAt: at('edited_at'),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('course_criticisms_course_idx').on(t.courseId, t.parentId, t.createdAt), index('course_criticisms_parent_idx').on(t.parentId, t.createdAt)],
);
