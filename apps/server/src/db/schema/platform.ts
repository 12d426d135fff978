/** Cross-cutting records: rate-limit windows, the SMS outbox and the audit log. */
import { sql } from 'drizzle-orm';
import { bigserial, integer, jsonb, pgTable, primaryKey, text, timestamp, index } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    content: text('content').notNull(),
    provider: text('provider').notNull(),
    status: text('status', { enum: ['sent', 'failed'] }).notNull(),
    error: text('error'),
    sentAt: at('sent_at').notNull().default(sql`now()`),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.sentAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().default(sql`now()`),
    personId: integer('person_id'),
    ip: text('ip').notNull().default(''),
    event: text('event').notNull(),
    target: text('target').notNull().default(''),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  // By time alone: the retention prune and the operators' queries by period.
  (t) => [index('audit_log_person_idx').on(t.personId, t.at), index('audit_log_event_idx').on(t.event, t.at), index('audit_log_at_idx').on(t.at)],
);
