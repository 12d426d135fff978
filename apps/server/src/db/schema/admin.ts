/**
 * The administration area: who holds which administrative role, the password step of an
 * administrator's login waiting for its SMS code, and the server instances seen recently.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { persons } from './people.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const adminRoles = pgTable(
  'admin_roles',
  {
    personId: integer('person_id')
      .notNull()
      .references(() => persons.personId),
    role: text('role', { enum: ['content', 'training', 'system', 'auditor'] }).notNull(),
    /** Who granted it (null: the first-administrator command or the seed). */
    grantedBy: integer('granted_by'),
    grantedAt: at('granted_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.personId, t.role] }), index('admin_roles_role_idx').on(t.role)],
);

export const adminChallenges = pgTable('admin_challenges', {
  id: text('id').primaryKey(),
  personId: integer('person_id')
    .notNull()
    .references(() => persons.personId),
  /** The SMS code sent for this challenge (sms_codes.id): only this code completes it. */
  smsCodeId: text('sms_code_id').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const serverInstances = pgTable('server_instances', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  version: text('version').notNull(),
  startedAt: at('started_at').notNull(),
  seenAt: at('seen_at').notNull(),
});
