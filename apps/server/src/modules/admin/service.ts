/**
 * The administration platform: the administrator's session, the audit log (list and
 * export from one query), the roles (roles.ts) and operations at a glance. The areas that change a
 * module's records live in that module (content/admin.ts, catalog/adminCourses.ts, exam/admin.ts...:
 * docs/decisions/0051) and record every change with `recordChange`.
 */
import { readdir, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { desc, eq, gt, lt } from 'drizzle-orm';
import { admin as A, operator as O, type AdminRole, maskMobile } from '@portal/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, Tx, Q } from '../../db/client.ts';
import { persons, serverInstances } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';
import { readiness } from '../../http/metrics.ts';
import type { XlsxExport } from '../../http/xlsx.ts';
import { chinaDate } from '../../http/xlsx.ts';
import { writeAudit, type Platform } from '../platform/service.ts';
import type { Ops } from '../ops/service.ts';
import { MANIFEST, readManifest } from '../ops/backup.ts';
import { parseBound } from '../ops/audit.ts';

type AuditFilter = z.infer<typeof A.auditFilter>;
type AuditEntry = z.infer<typeof O.auditEntry>;

/** How often each instance says it is alive; the ops page lists those seen within three times this. */
export const INSTANCE_BEAT_MS = 60_000;
/** The largest audit export (the list pages through any number). */
export const AUDIT_EXPORT_MAX = 50_000;

/** Who changed what in the area: the entry every administrative change writes (before and after). */
export interface Change {
  personId: number;
  ip: string;
  /** The section's event name, letters only (adminContent, adminPerson, adminCertificate...). */
  event: string;
  /** What was changed, as a person would name it (news:12, person:13800000001). */
  target: string;
  action: string;
  before: unknown;
  after: unknown;
  outcome?: 'success' | 'failure';
}

/**
 * Writes the change's entry with `q`, the transaction that makes the change (its after-state read in
 * it), so the entry and the change commit or roll back together. A change outside the database (a
 * file stored, a backup taken) passes the database itself, after the change is done.
 */
export function recordChange(q: Q, c: Change) {
  return writeAudit(q, {
    personId: c.personId,
    ip: c.ip,
    event: c.event,
    target: c.target,
    outcome: c.outcome ?? 'success',
    detail: { action: c.action, before: c.before ?? null, after: c.after ?? null },
  });
}

/**
 * A change and its entry in one transaction: `change` writes and answers what the entry needs; `record`
 * reads the after-state and writes the entry (recordChange) with the same transaction, answering the result.
 */
export function changeRecorded<R, A>(db: Db, change: (tx: Tx) => Promise<R>, record: (tx: Tx, done: R) => Promise<A>): Promise<A> {
  return db.transaction(async (tx) => record(tx, await change(tx)));
}


/** Secrets show only whether they are set. */
const SECRET = /SECRET|TOKEN|KEY|PASSWORD|SEAL/;
const SHOWN: readonly (keyof Config)[] = [
  'NODE_ENV',
  'PRODUCT',
  'COLLEGE_NAME',
  'PORT',
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'WORKER_THREADS',
  'DATA_DIR',
  'BACKUP_DIR',
  'AUDIT_RETENTION_DAYS',
  'TIME_ZONE',
  'SESSION_IDLE_SECONDS',
  'SSR_CACHE_SECONDS',
  'SSR_RENDERS_PER_SECOND',
  'STATS_CACHE_SECONDS',
  'SMS_PROVIDER',
  'SMS_ACCESS_KEY_SECRET',
  'WECHAT_PROVIDER',
  'WECHAT_SECRET',
  'OPERATOR_TOKEN',
  'METRICS_TOKEN',
  'SIGNING_SECRET',
  'TRUST_PROXY',
];

function shown(key: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '（未设置）';
  if (key === 'DATABASE_URL') return String(value).replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  if (SECRET.test(key)) return '已设置（已隐藏）';
  return String(value);
}

export interface AdminDeps {
  db: Db;
  config: Config;
  platform: Platform;
  ops: Ops;
  rolesOf: (personId: number) => Promise<AdminRole[]>;
  version: string;
}

export function makeAdmin({ db, config, ops, rolesOf, version }: AdminDeps) {
  const instanceId = randomUUID();
  const startedAt = new Date();

  function auditBounds(f: AuditFilter) {
    const bound = (text: string | undefined, end: boolean, field: string) => {
      if (!text) return undefined;
      const d = parseBound(text, config.TIME_ZONE, end);
      if (!d) throw new HttpError(400, O.OPERATOR_MSG.noSuchDate, field);
      return d;
    };
    const from = bound(f.from, false, 'from');
    const to = bound(f.to, true, 'to');
    if (from && to && from >= to) throw new HttpError(400, O.OPERATOR_MSG.rangeReversed, 'from');
    return { person: f.person, byName: true, event: f.event, outcome: f.outcome, from, to };
  }

  return {
    async me(caller: { personId: number }) {
      const [p] = await db.select({ personId: persons.personId, personName: persons.personName, mobile: persons.mobile }).from(persons).where(eq(persons.personId, caller.personId)).limit(1);
      if (!p) throw new HttpError(401, A.ADMIN_MSG.adminOnly);
      return { ...p, mobile: maskMobile(p.mobile), roles: await rolesOf(p.personId), idleSeconds: A.ADMIN_IDLE_SECONDS };
    },

    async auditList(q: AuditFilter & { pageNum: number; pageSize: number }) {
      const page = await ops.audit.query({ ...auditBounds(q), pageNum: q.pageNum, pageSize: q.pageSize });
      return { ...page, retentionDays: config.AUDIT_RETENTION_DAYS };
    },

    /** The list's own query, page after page: the file holds what the screen pages through. */
    async auditExport(q: AuditFilter): Promise<XlsxExport<AuditEntry>> {
      const filter = auditBounds(q);
      async function* rows() {
        const size = 1000;
        for (let page = 1; (page - 1) * size < AUDIT_EXPORT_MAX; page++) {
          const { list } = await ops.audit.query({ ...filter, pageNum: page, pageSize: size });
          yield* list;
          if (list.length < size) return;
        }
      }
      const day = chinaDate();
      return {
        fileName: `审计日志_${day}`,
        asciiName: `audit-log-${day}.xlsx`,
        sheetName: '审计日志',
        title: `${config.COLLEGE_NAME} 审计日志（导出于 ${day}，保留 ${config.AUDIT_RETENTION_DAYS} 天）`,
        columns: [
          { header: '时间', width: 20, kind: 'datetime', value: (r) => new Date(r.at) },
          { header: '人员', width: 12, kind: 'text', value: (r) => r.personName ?? '' },
          { header: '人员编号', width: 14, kind: 'text', value: (r) => r.personNo ?? '' },
          { header: '事件', width: 16, kind: 'text', value: (r) => r.event },
          { header: '对象', width: 24, kind: 'text', value: (r) => r.target },
          { header: '结果', width: 8, kind: 'text', value: (r) => (r.outcome === 'success' ? '成功' : '失败') },
          { header: '来源地址', width: 18, kind: 'text', value: (r) => r.ip },
          { header: '详情', width: 60, kind: 'text', value: (r) => (r.detail ? JSON.stringify(r.detail) : '') },
        ],
        rows: rows(),
      };
    },

    /** This instance says it is alive (every INSTANCE_BEAT_MS); instances gone for a day are forgotten. */
    async beat() {
      const now = new Date();
      await db
        .insert(serverInstances)
        .values({ id: instanceId, host: hostname(), version, startedAt, seenAt: now })
        .onConflictDoUpdate({ target: serverInstances.id, set: { seenAt: now } });
      await db.delete(serverInstances).where(lt(serverInstances.seenAt, new Date(now.getTime() - 86_400_000)));
    },

    async opsOverview() {
      const ready = await readiness(db);
      const instances = await db
        .select()
        .from(serverInstances)
        .where(gt(serverInstances.seenAt, new Date(Date.now() - 3 * INSTANCE_BEAT_MS)))
        .orderBy(desc(serverInstances.seenAt));
      const backups: { dir: string; kind: string; createdAt: string; bytes: number }[] = [];
      const names = await readdir(config.BACKUP_DIR).catch(() => [] as string[]);
      for (const name of names.sort().reverse()) {
        if (backups.length >= 10) break;
        const dir = path.join(config.BACKUP_DIR, name);
        try {
          const m = await readManifest(dir);
          let bytes = 0;
          for (const f of await readdir(dir)) if (f !== MANIFEST) bytes += (await stat(path.join(dir, f))).size;
          backups.push({ dir: name, kind: m.kind, createdAt: m.createdAt, bytes });
        } catch {
          // Not a finished backup (a partial directory, a stray file).
        }
      }
      const usingPg = typeof (db as unknown as { $client?: { totalCount?: unknown } }).$client?.totalCount === 'number';
      return {
        ready: ready.ready,
        database: usingPg ? ('postgres' as const) : ('pglite' as const),
        version,
        startedAt: startedAt.toISOString(),
        instances: instances.map((i) => ({ id: i.id.slice(0, 8), host: i.host, version: i.version, startedAt: i.startedAt.toISOString(), seenAt: i.seenAt.toISOString() })),
        backups,
        config: SHOWN.map((key) => ({ key, value: shown(key, (config as unknown as Record<string, unknown>)[key]) })),
      };
    },

    async backupNow(caller: { personId: number }, ip: string) {
      const taken = await ops.backup(`admin:${ip}`);
      await recordChange(db, { personId: caller.personId, ip, event: 'adminOps', target: 'backup', action: '立即备份', before: null, after: { dir: path.basename(taken.dir) } });
      return taken;
    },
  };
}
export type Admin = ReturnType<typeof makeAdmin>;
