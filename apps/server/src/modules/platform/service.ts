/**
 * Owns rate-limit windows (and single-use marks kept the same way) and the audit log. Both live in the database so that every server
 * instance sees the same counts and the audit trail survives restarts.
 */
import { sql } from 'drizzle-orm';
import { MSG, UC_CODE } from '@portal/contract';
import type { Db, Q } from '../../db/client.ts';
import { auditLog, rateLimits } from '../../db/schema/platform.ts';
import { Refusal } from '../../http/errors.ts';

export interface AuditEntry {
  personId?: number | null;
  ip: string;
  event: string;
  target?: string;
  outcome: 'success' | 'failure';
  detail?: Record<string, unknown>;
}

/**
 * Writes one audit entry with `q`. Given the transaction of the change it records, the entry and the
 * change commit together or not at all: no change without its entry, no entry of a change undone.
 */
export async function writeAudit(q: Q, e: AuditEntry) {
  await q.insert(auditLog).values({
    personId: e.personId ?? null,
    ip: e.ip,
    event: e.event,
    target: e.target ?? '',
    outcome: e.outcome,
    detail: e.detail ?? null,
  });
}

export function makePlatform(db: Db, hooks: { audited?: (e: AuditEntry) => void } = {}) {
  async function audit(e: AuditEntry) {
    hooks.audited?.(e);
    await writeAudit(db, e);
  }

  return {
    audit,

    /**
     * Counts one hit of `key` in a fixed window; refuses beyond `limit` hits per window. With `who`,
     * the first refusal of each window is written to the audit log (one row per address and window,
     * so a flood cannot flood the log as well).
     */
    async limit(key: string, limit: number, windowSeconds: number, who?: { ip: string; event: string; personId?: number | null }) {
      const windowMs = windowSeconds * 1000;
      const start = new Date(Math.floor(Date.now() / windowMs) * windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: start, count: 1 })
        .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
        .returning({ count: rateLimits.count });
      const count = row?.count ?? 0;
      if (count <= limit) return;
      if (who && count === limit + 1) {
        await audit({ ...who, target: key, outcome: 'failure', detail: { reason: 'rateLimited', limit, windowSeconds, windowStart: start.toISOString() } });
      }
      throw new Refusal(MSG.rateLimited, UC_CODE.rateLimited);
    },

    /**
     * True the first time `key` is presented, false ever after: a single-use mark for something that
     * expires at `until` (a signed ticket), kept as a counter row whose window is the expiry, so that
     * every instance sees it and prune drops it a day after.
     */
    async firstUse(key: string, until: Date): Promise<boolean> {
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: until, count: 1 })
        .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
        .returning({ count: rateLimits.count });
      return row?.count === 1;
    },

    /** Drops rate-limit windows older than a day. */
    async prune() {
      await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
    },
  };
}
export type Platform = ReturnType<typeof makePlatform>;
