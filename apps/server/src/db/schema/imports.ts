/**
 * The administration area's imports: one row per workbook uploaded in the area, written by
 * the adminImport module. While it runs, the row says which phase it is in (the page asks, on any
 * instance); afterwards it keeps the counts, the outcome, the first problems and the rejected rows, so
 * that the history can show them and the rejects can be downloaded later. The audit log keeps its own
 * entry of every attempt (event import), whichever way it came.
 */
import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { persons } from './people.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export interface StoredProblem {
  sheet: string;
  row: number;
  column: string;
  reason: string;
}

export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    /** The page's own name for the run, given with the upload, by which it asks for the phase. */
    runKey: text('run_key').notNull(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.personId),
    kind: text('kind', { enum: ['units', 'people', 'courses', 'plans', 'classes', 'questions'] }).notNull(),
    file: text('file').notNull().default(''),
    partial: boolean('partial').notNull(),
    phase: text('phase', { enum: ['checking', 'writing', 'done'] }).notNull(),
    /** Null while it runs. */
    outcome: text('outcome', { enum: ['ok', 'partial', 'refused'] }),
    message: text('message').notNull().default(''),
    rows: integer('rows').notNull().default(0),
    badRows: integer('bad_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    /** The first problems (IMPORT_PROBLEMS_KEPT); problemCount says how many there were. */
    problems: jsonb('problems').$type<StoredProblem[]>().notNull().default([]),
    problemCount: integer('problem_count').notNull().default(0),
    rejects: bytes('rejects'),
    startedAt: at('started_at').notNull().default(sql`now()`),
    finishedAt: at('finished_at'),
  },
  (t) => [uniqueIndex('import_runs_key_uq').on(t.personId, t.runKey), index('import_runs_started_idx').on(t.startedAt)],
);
