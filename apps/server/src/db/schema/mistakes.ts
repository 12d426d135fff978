/**
 * The learners' wrong-answer books (错题本): one row per learner and question they missed,
 * with how often, their last wrong answer and where, and their right answers in a row since; and the
 * exam attempts already copied into their owner's book (each once, across instances). Owned by
 * modules/mistakes; the exam module records practice tests into it through that module's functions.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { persons } from './people.ts';
import { examAttempts, questions, QUESTION_TYPE_VALUES } from './exam.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const mistakeEntries = pgTable(
  'mistake_entries',
  {
    personId: integer('person_id').notNull().references(() => persons.personId),
    questionId: integer('question_id').notNull().references(() => questions.id),
    /** The question's bank and type when missed: the book is grouped and filtered by them. */
    bank: text('bank').notNull(),
    type: text('type', { enum: QUESTION_TYPE_VALUES }).notNull(),
    missCount: integer('miss_count').notNull().default(1),
    lastGiven: jsonb('last_given').$type<string[]>().notNull(),
    lastMissedAt: at('last_missed_at').notNull().default(sql`now()`),
    lastSource: text('last_source', { enum: ['practice', 'redo', 'exam'] }).notNull(),
    /** The exam's title when missed in an exam; empty otherwise. */
    lastSourceTitle: text('last_source_title').notNull().default(''),
    rightStreak: smallint('right_streak').notNull().default(0),
    /** The last right answer in practice: an exam miss copied later but made before it does not undo it. */
    lastRightAt: at('last_right_at'),
    /** Taken out of the book (answered right twice in a row); null while in it. */
    removedAt: at('removed_at'),
  },
  (t) => [primaryKey({ columns: [t.personId, t.questionId] }), index('mistake_entries_list_idx').on(t.personId, t.lastMissedAt)],
);

/** An exam attempt whose wrong answers are in its owner's book: copied once, when the exam shows its answers. */
export const mistakeExamAttempts = pgTable('mistake_exam_attempts', {
  attemptId: integer('attempt_id')
    .primaryKey()
    .references(() => examAttempts.id),
  personId: integer('person_id').notNull().references(() => persons.personId),
  copiedAt: at('copied_at').notNull().default(sql`now()`),
});
