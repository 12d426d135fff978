/**
 * The operators' calls: the audit log by person, event and time, and a backup taken by this server
 * (backup.ts). Backups of one process run one at a time, and a call within REUSE_BACKUP_MS of the
 * last backup this process finished is answered that backup instead of another copy (a tool that
 * retries, or calls in a loop, does not fill the disk).
 */
import path from 'node:path';
import { operator as O } from '@portal/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { makeAudit, parseBound } from './audit.ts';
import { fileFoldersOf, takeBackup } from './backup.ts';

export const REUSE_BACKUP_MS = 60_000;

type AuditQuery = z.infer<(typeof O.findAuditLog)['query']>;

export function makeOps(db: Db, config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'BACKUP_DIR' | 'AUDIT_RETENTION_DAYS' | 'TIME_ZONE'>) {
  const audit = makeAudit(db, { retentionDays: config.AUDIT_RETENTION_DAYS });
  type Taken = { dir: string; kind: 'pglite' | 'postgres'; createdAt: string; counts: Record<string, number> };
  let backups: Promise<unknown> = Promise.resolve();
  let last: { finished: number; taken: Taken } | null = null;

  return {
    audit,

    async findAuditLog(q: AuditQuery) {
      const bound = (text: string | undefined, end: boolean, field: string) => {
        if (!text) return undefined;
        const d = parseBound(text, config.TIME_ZONE, end);
        if (!d) throw new HttpError(400, O.OPERATOR_MSG.noSuchDate, field);
        return d;
      };
      const from = bound(q.from, false, 'from');
      const to = bound(q.to, true, 'to');
      if (from && to && from >= to) throw new HttpError(400, O.OPERATOR_MSG.rangeReversed, 'from');
      return audit.query({ person: q.person, event: q.event, from, to, pageNum: q.pageNum, pageSize: q.pageSize });
    },

    /** `from`: where the request came from, for the audit entry (`operator:<ip>`, `signal`). */
    async backup(from: string) {
      const run = backups.then(async (): Promise<Taken> => {
        if (last && Date.now() - last.finished < REUSE_BACKUP_MS) return last.taken;
        try {
          const { dir, manifest } = await takeBackup({ db, databaseUrl: config.DATABASE_URL, fileDirs: fileFoldersOf(config.DATA_DIR), backupDir: config.BACKUP_DIR });
          last = { finished: Date.now(), taken: { dir, kind: manifest.kind, createdAt: manifest.createdAt, counts: manifest.counts } };
          // Written after the copy, so the backup does not hold its own entry.
          await db.insert(auditLog).values({ ip: from, event: 'backup', target: path.basename(dir), outcome: 'success', detail: { dir, kind: manifest.kind, counts: manifest.counts } });
          return last.taken;
        } catch (e) {
          await db
            .insert(auditLog)
            .values({ ip: from, event: 'backup', target: '', outcome: 'failure', detail: { error: e instanceof Error ? e.message : String(e) } })
            .catch(() => undefined);
          throw e;
        }
      });
      backups = run.catch(() => undefined);
      try {
        return await run;
      } catch (e) {
        throw new HttpError(500, `${O.OPERATOR_MSG.backupFailed}：${e instanceof Error ? e.message : String(e)}`);
      }
    },
  };
}
export type Ops = ReturnType<typeof makeOps>;
