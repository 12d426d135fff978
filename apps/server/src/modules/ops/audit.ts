/**
 * The audit log for operators: queried by person, event and time (the `npm run audit` command and the
 * operator call), and kept for AUDIT_RETENTION_DAYS (at least 183: six months) by a scheduled prune.
 *
 * The prune runs in every instance (ARCHITECTURE.md: no instance is special) and is safe at once: it
 * takes a transaction-scoped advisory lock without waiting (a second instance skips), and under that
 * lock runs only when no prune was recorded in the last PRUNE_EVERY_HOURS, so across all instances it
 * removes and records once a day. Its own audit row (`auditPrune`, how many removed and the cut-off)
 * is written in the same transaction as the DELETE.
 */
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { persons } from '../../db/schema/people.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { dayBoundIn } from '@portal/contract/calendar';
import { offsetOf, pageOf } from '../../lib/listing.ts';

/** The advisory-lock key of the prune (any constant no other lock in the portal uses). */
export const AUDIT_PRUNE_LOCK = 7_318_001;
/** How often each instance looks whether a prune is due. */
export const PRUNE_CHECK_MS = 60 * 60 * 1000;
/** A prune recorded within this many hours makes the next one wait. */
export const PRUNE_EVERY_HOURS = 20;
export const PRUNE_EVENT = 'auditPrune';

export interface AuditFilter {
  /** A mobile number, a person number (人员编号), a person id, or (byName) a name. */
  person?: string;
  /** Whether `person` may also be a person's name (the administration area's search box). */
  byName?: boolean;
  event?: string;
  outcome?: 'success' | 'failure';
  from?: Date;
  /** Exclusive. */
  to?: Date;
  pageNum?: number;
  pageSize?: number;
}

export interface AuditRow {
  id: number;
  at: string;
  personId: number | null;
  personNo: string | null;
  personName: string | null;
  ip: string;
  event: string;
  target: string;
  outcome: 'success' | 'failure';
  detail: Record<string, unknown> | null;
}

/**
 * A time bound as an operator types it: an ISO instant (INSTANT_EXAMPLE), or a date
 * (`2026-05-01`) meaning that day in the college's time zone — its start for `from`, the start of the
 * next day for `to` (so `--to 2026-05-31` takes in the whole of 31 May). Null when not a time.
 */
export function parseBound(text: string, timeZone: string, end: boolean): Date | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return dayBoundIn(timeZone, text, end);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) return null;
  const t = Date.parse(text);
  return Number.isNaN(t) ? null : new Date(t);
}

export function makeAudit(db: Db, opts: { retentionDays: number }) {
  async function query(f: AuditFilter): Promise<{ list: AuditRow[]; total: number; pageNum: number; pageSize: number }> {
    const pageNum = f.pageNum ?? 1;
    const pageSize = f.pageSize ?? 50;
    const where: SQL[] = [];
    if (f.person) {
      const p = f.person;
      const idMatch = /^\d{1,9}$/.test(p) ? [eq(persons.personId, Number(p))] : [];
      const nameMatch = f.byName ? [eq(persons.personName, p)] : [];
      const ids = (await db.select({ id: persons.personId }).from(persons).where(or(eq(persons.mobile, p), eq(persons.personNo, p), ...idMatch, ...nameMatch))).map((r) => r.id);
      // Failures against a number nobody has carry the number as their target, not a person.
      where.push(ids.length > 0 ? or(inArray(auditLog.personId, ids), eq(auditLog.target, p))! : eq(auditLog.target, p));
    }
    if (f.event) where.push(eq(auditLog.event, f.event));
    if (f.outcome) where.push(eq(auditLog.outcome, f.outcome));
    if (f.from) where.push(gte(auditLog.at, f.from));
    if (f.to) where.push(lt(auditLog.at, f.to));
    const cond = where.length > 0 ? and(...where) : undefined;
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(cond);
    const rows = await db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        personId: auditLog.personId,
        personNo: persons.personNo,
        personName: persons.personName,
        ip: auditLog.ip,
        event: auditLog.event,
        target: auditLog.target,
        outcome: auditLog.outcome,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .leftJoin(persons, eq(persons.personId, auditLog.personId))
      .where(cond)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset(offsetOf({ pageNum, pageSize }));
    return pageOf({ pageNum, pageSize }, rows.map((r) => ({ ...r, at: r.at.toISOString(), detail: r.detail ?? null })), count?.n ?? 0);
  }

  /**
   * Removes entries older than the retention and records how many, once per PRUNE_EVERY_HOURS across
   * every instance; `force` runs it even if a prune was recorded recently (the command, tests).
   * Answers whether this call ran it.
   */
  async function prune(force = false): Promise<{ ran: boolean; removed: number; cutoff: string | null }> {
    return db.transaction(async (tx) => {
      const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${AUDIT_PRUNE_LOCK}) as ok`)) as unknown as { rows: { ok: boolean }[] };
      if (!lock.rows[0]?.ok) return { ran: false, removed: 0, cutoff: null };
      if (!force) {
        const [recent] = await tx
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.event, PRUNE_EVENT), sql`${auditLog.at} > now() - make_interval(hours => ${PRUNE_EVERY_HOURS})`))
          .limit(1);
        if (recent) return { ran: false, removed: 0, cutoff: null };
      }
      const [cut] = (
        (await tx.execute(sql`select (now() - make_interval(days => ${opts.retentionDays}))::timestamptz as cutoff`)) as unknown as { rows: { cutoff: Date | string }[] }
      ).rows;
      const cutoff = new Date(cut!.cutoff).toISOString();
      const del = (await tx.execute(
        sql`with gone as (delete from ${auditLog} where ${auditLog.at} < ${cutoff}::timestamptz returning 1) select count(*)::int as n from gone`,
      )) as unknown as { rows: { n: number }[] };
      const removed = del.rows[0]?.n ?? 0;
      await tx.insert(auditLog).values({
        personId: null,
        ip: 'scheduler',
        event: PRUNE_EVENT,
        target: 'audit_log',
        outcome: 'success',
        detail: { removed, cutoff, retentionDays: opts.retentionDays },
      });
      return { ran: true, removed, cutoff };
    });
  }

  return { query, prune };
}
export type Audit = ReturnType<typeof makeAudit>;
