/**
 * The catalogue's part of a topic's issuing rule (PRODUCT.md section 2): the install's required hours.
 * 证书管理 (certificate/admin.ts) sets the rule; the install is the catalogue's, so the lock and the
 * change are made here, in the caller's transaction, beside the exam module's part
 * (exam/completion.ts `setCompletionExam`).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { installs } from '../../db/schema/catalog.ts';

/**
 * The install locked for a change of its rule, with its start, its version and the database's now: the
 * start is read under the lock, so a rule never changes once the topic has begun. Null when it is gone.
 */
export async function lockInstallForRule(tx: Db, installId: number): Promise<{ startAt: Date; version: number; now: Date } | null> {
  const [row] = await tx
    .select({ startAt: installs.startAt, version: installs.version, now: sql<Date>`now()`.mapWith((v: Date | string) => new Date(v)) })
    .from(installs)
    .where(eq(installs.id, installId))
    .for('update');
  return row ?? null;
}

/** Sets the install's required hours, raising its version (other editors of the topic see the change). */
export async function setRequiredHours(tx: Db, installId: number, requiredHours: number) {
  await tx.update(installs).set({ requiredHours, version: sql`${installs.version} + 1` }).where(eq(installs.id, installId));
}
