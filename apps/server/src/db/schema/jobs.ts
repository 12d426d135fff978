/**
 * The one queue of work that must survive a restart and run once across instances (media
 * transcoding, scheduled reminders): modules/jobs owns it.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /**
     * At most one waiting job per key: enqueueing the same key again finds it. A running job does not
     * count, so a recurring schedule can enqueue its next run while it runs.
     */
    key: text('key'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    runAt: at('run_at').notNull().default(sql`now()`),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** The instance running it and until when its lease holds; an expired lease is claimed again. */
    lockedBy: text('locked_by'),
    lockedUntil: at('locked_until'),
    progress: integer('progress').notNull().default(0),
    progressNote: text('progress_note'),
    result: jsonb('result'),
    error: text('error'),
    createdAt: at('created_at').notNull().default(sql`now()`),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_waiting_key_idx').on(t.key).where(sql`status = 'queued'`),
    index('jobs_due_idx').on(t.status, t.runAt),
  ],
);
