/**
 * Certificates (结业证书): issued by the certificate module when the learning core completes an
 * install, revoked by the college; the module is their only writer (the index reads them to list,
 * count and verify).
 */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { persons } from './people.ts';
import { installs } from './catalog.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    /** ZS + year of issue + the row's id (six digits at least). Upper case: queries compare the number given in upper case, through the unique index. */
    certNo: text('cert_no').notNull(),
    personId: integer('person_id').notNull().references(() => persons.personId),
    installId: integer('install_id').notNull().references(() => installs.id),
    issuedAt: at('issued_at').notNull().default(sql`now()`),
    hours: numeric('hours', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    /** Printed beside the QR code so a reader can tell a real certificate from a copy with another number. */
    verifyCode: text('verify_code').notNull(),
    revokedAt: at('revoked_at'),
    /** Why the college revoked it (kept with the certificate; the audit log has who and when). */
    revokeReason: text('revoke_reason'),
    /** A certificate reissued after a correction: the one it replaces (revoked in the same transaction). */
    replacesId: integer('replaces_id').references((): AnyPgColumn => certificates.id),
  },
  (t) => [
    uniqueIndex('certificates_no_uq').on(t.certNo),
    index('certificates_issued_idx').on(t.issuedAt, t.id),
    // One certificate per person and install, whichever instance completes it first; a reissue
    // (replacing a revoked one) is the same person's and install's again, so it is not counted.
    uniqueIndex('certificates_person_install_uq').on(t.personId, t.installId).where(sql`${t.replacesId} is null`),
    // A certificate is replaced at most once.
    uniqueIndex('certificates_replaces_uq').on(t.replacesId),
  ],
);
