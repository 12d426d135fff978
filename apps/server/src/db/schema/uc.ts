/**
 * The user centre's state: credentials with lockout counters, sessions (token hashes only),
 * captcha, SMS code and WeChat ticket sessions. All of it lives here, never in process memory,
 * so several server instances can share it.
 */
import { sql } from 'drizzle-orm';
import { bigserial, integer, pgTable, text, timestamp, index } from 'drizzle-orm/pg-core';
import { persons } from './people.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const credentials = pgTable('credentials', {
  personId: integer('person_id').primaryKey().references(() => persons.personId),
  passwordHash: text('password_hash').notNull(),
  failedCount: integer('failed_count').notNull().default(0),
  firstFailedAt: at('first_failed_at'),
  lockedUntil: at('locked_until'),
  changedAt: at('changed_at').notNull().default(sql`now()`),
});

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    personId: integer('person_id').notNull().references(() => persons.personId),
    loginType: text('login_type').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: at('created_at').notNull().default(sql`now()`),
    expiresAt: at('expires_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull().default(sql`now()`),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('sessions_person_idx').on(t.personId)],
);

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    code: text('code').notNull(),
    ip: text('ip').notNull().default(''),
    sentAt: at('sent_at').notNull().default(sql`now()`),
    expiresAt: at('expires_at').notNull(),
    checks: integer('checks').notNull().default(0),
    usedAt: at('used_at'),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.sentAt), index('sms_codes_ip_idx').on(t.ip, t.sentAt)],
);

export const wechatTickets = pgTable('wechat_tickets', {
  ticket: text('ticket').primaryKey(),
  /** -1 expired, 0 waiting, 1 scanned, 2 failed, 3 confirmed; 4 = the token was handed out once. */
  status: integer('status').notNull().default(0),
  personId: integer('person_id').references(() => persons.personId),
  createdAt: at('created_at').notNull().default(sql`now()`),
  expiresAt: at('expires_at').notNull(),
});
