/**
 * How the operator commands reach a server running on the embedded database. Two processes cannot
 * open one PGlite directory, so while the server runs the commands ask it:
 * - the server writes DATA_DIR/server.json (pid, port) when it listens and removes it when it stops;
 *   a file left by a killed server names a pid that is gone, and is ignored;
 * - `npm run backup` sends the server SIGUSR2 (only its own user or root can) and waits for
 *   BACKUP_DIR/last-backup.json to report a backup begun after the signal;
 * - `npm run audit` asks it over HTTP with the operator token.
 * With no server running, the commands open the directory themselves.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface ServerInfo {
  pid: number;
  port: number;
}

const serverFile = (dataDir: string) => path.join(dataDir, 'server.json');
const resultFile = (backupDir: string) => path.join(backupDir, 'last-backup.json');

export function announceServer(dataDir: string, info: ServerInfo): void {
  writeFileSync(serverFile(dataDir), `${JSON.stringify(info)}\n`, { mode: 0o600 });
}

export function withdrawServer(dataDir: string): void {
  const info = runningServer(dataDir);
  if (!info || info.pid === process.pid) rmSync(serverFile(dataDir), { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server running on this data directory, or null. */
export function runningServer(dataDir: string): ServerInfo | null {
  const file = serverFile(dataDir);
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as ServerInfo;
    return Number.isInteger(info.pid) && info.pid > 0 && alive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

/**
 * Whether the announced server answers on its port: a pid alone may have been reused by another
 * program after a crash, and a signal must not reach that program.
 */
export async function answers(info: ServerInfo): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${info.port}/healthz`, { signal: AbortSignal.timeout(3000) })).ok;
  } catch {
    return false;
  }
}

export const staleHint = (dataDir: string, info: ServerInfo) =>
  `${serverFile(dataDir)} names pid ${info.pid} on port ${info.port}, which does not answer; if no portal server runs on this directory, delete that file`;

/**
 * For a command that writes through its own connection: on the embedded database, refuses while a
 * server runs on the directory (two processes on one PGlite directory corrupt it) and names the
 * operator call that does the same through the running server. PostgreSQL takes any number of clients.
 */
export async function refuseWhileServing(config: { DATABASE_URL?: string; DATA_DIR: string }, instead: string): Promise<void> {
  if (config.DATABASE_URL) return;
  const server = runningServer(config.DATA_DIR);
  if (server && (await answers(server))) {
    throw new Error(`a server (pid ${server.pid}) runs on the embedded database in ${config.DATA_DIR}: stop it first, or use ${instead} with OPERATOR_TOKEN, which it does through the running server`);
  }
}

export interface BackupResult {
  receivedAt: string;
  finishedAt: string;
  ok: boolean;
  dir?: string;
  error?: string;
}

/**
 * The server's side: a backup per SIGUSR2 (`take` is the operator call's, so one at a time and audited
 * alike), its outcome in last-backup.json.
 */
export function serveBackupSignal(backupDir: string, take: () => Promise<{ dir: string; counts: Record<string, number> }>, log: FastifyBaseLogger): void {
  let queue: Promise<void> = Promise.resolve();
  process.on('SIGUSR2', () => {
    const receivedAt = new Date().toISOString();
    queue = queue.then(async () => {
      let result: BackupResult;
      try {
        const { dir, counts } = await take();
        log.info({ dir, counts }, 'backup written');
        result = { receivedAt, finishedAt: new Date().toISOString(), ok: true, dir };
      } catch (err) {
        log.error({ err }, 'backup failed');
        result = { receivedAt, finishedAt: new Date().toISOString(), ok: false, error: err instanceof Error ? err.message : String(err) };
      }
      await mkdir(backupDir, { recursive: true });
      await writeFile(resultFile(backupDir), `${JSON.stringify(result, null, 2)}\n`);
    });
  });
}

/** The command's side: signals the server and waits for the outcome of a backup it began afterwards. */
export async function requestBackup(server: ServerInfo, backupDir: string, timeoutMs = 60 * 60 * 1000): Promise<BackupResult> {
  const asked = Date.now();
  process.kill(server.pid, 'SIGUSR2');
  const file = resultFile(backupDir);
  for (const until = asked + timeoutMs; Date.now() < until; ) {
    await new Promise((r) => setTimeout(r, 200));
    if (!existsSync(file)) continue;
    try {
      const r = JSON.parse(await readFile(file, 'utf8')) as BackupResult;
      // Whole seconds are not enough: the signal and the file's times are compared to the millisecond.
      if (Date.parse(r.receivedAt) >= asked) return r;
    } catch {
      // being written
    }
    if (!alive(server.pid)) throw new Error(`the server (pid ${server.pid}) stopped before finishing the backup`);
  }
  throw new Error(`no backup reported in ${Math.round(timeoutMs / 60000)} minutes; see the server's log`);
}
