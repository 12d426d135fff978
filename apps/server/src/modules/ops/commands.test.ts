/**
 * The operator commands against a real server on the embedded database, as an operator runs them:
 * `npm run backup` while it serves (the server takes the copy on SIGUSR2), `npm run audit` (asks it
 * over HTTP with the operator token), `npm run restore` (refused while it runs; then the restarted
 * server serves the backed-up state), and a second server on the same directory refused. On
 * PostgreSQL (TEST_DATABASE_URL), the same commands on a database of their own: pg_dump, the audit
 * query from the database, pg_restore.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { auth, dev, learning as L, operator as O, urlOf } from '@portal/contract';
import { openDatabase } from '../../db/client.ts';
import { seedDemo } from '../../seed/seed.ts';

const run = promisify(execFile);
const SERVER = path.resolve(import.meta.dirname, '../../main.ts');
const script = (name: string) => path.resolve(import.meta.dirname, `../../../scripts/${name}.ts`);
const OPERATOR_TOKEN = 'commands-operator-token-0123456789abcdefghij';
const port = 19000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-commands-'));
// The commands read the same configuration as the server; no DATABASE_URL: the embedded database.
const env: Record<string, string> = { ...(process.env as Record<string, string>), NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), DATA_DIR: dataDir, OPERATOR_TOKEN, RATE_LIMIT_PER_MINUTE: '100000' };
delete env.DATABASE_URL;

let server: ChildProcess | null = null;
async function start() {
  server = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}
async function stop() {
  const s = server;
  if (!s) return;
  const gone = new Promise((r) => s.once('exit', r));
  s.kill('SIGTERM');
  await gone;
  server = null;
}
afterAll(async () => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(c: { method: string; path: string }, token?: string, body?: unknown) {
  const res = await fetch(`${base}${urlOf(c, 'portal')}`, {
    method: c.method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
async function login(mobile: string) {
  const cap = (await call(auth.requestImageCode)).json.data as { id: string };
  const answer = ((await (await fetch(`${base}${urlOf(dev.devCaptcha, 'portal', { id: cap.id })}`)).json()) as { captcha: string }).captcha;
  const r = await call(auth.usernameLogin, undefined, { captcha_session_id: cap.id, captcha: answer, username: mobile, password: 'Study@2026', expires: 604800 });
  return (r.json.data as { authorization: { id: string } }).authorization.id;
}
async function command(name: string, args: string[] = [], withEnv = env): Promise<{ code: number; out: string; err: string }> {
  try {
    const r = await run(process.execPath, [script(name), ...args], { env: withEnv, timeout: 300_000 });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout, err: x.stderr };
  }
}

// The embedded database only: with TEST_DATABASE_URL (CI) it runs in the api-pglite project.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('operator commands on the embedded database', () => {
  it('backup while serving, audit through the server, restore once stopped', { timeout: 600_000 }, async () => {
    await start();
    const announced = JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as { pid: number; port: number };
    expect(announced).toEqual({ pid: server!.pid, port });

    // A second server on the same directory would corrupt it: refused before it opens the database.
    const second = await run(process.execPath, [SERVER], { env: { ...env, PORT: String(port + 1) } }).catch((e: { code: number; stderr: string }) => e);
    expect((second as { code: number }).code).not.toBe(0);
    expect((second as { stderr: string }).stderr).toMatch(/already runs on/);

    const kept = await login('13800000001');
    const hours = (await call(L.findCreditHours, kept)).json.obj;

    const backup = await command('backup');
    expect(backup.code, backup.err).toBe(0);
    const dir = /backup written: (.+)/.exec(backup.out)?.[1]?.trim();
    expect(dir && existsSync(path.join(dir, 'manifest.json'))).toBe(true);

    // After the backup: a new session (and its login entry).
    const later = await login('13800000005');
    expect((await call(L.findCreditHours, later)).status).toBe(200);

    const audit = await command('audit', ['--person', '13800000005', '--event', 'login', '--json']);
    expect(audit.code, audit.err).toBe(0);
    const found = JSON.parse(audit.out) as { total: number; list: O.AuditEntry[] };
    expect(found.total).toBe(1);
    expect(found.list[0]).toMatchObject({ event: 'login', outcome: 'success' });
    expect(found.list[0]?.personId).not.toBeNull();
    const audited = await command('audit', ['--event', 'backup', '--json']);
    expect(JSON.parse(audited.out)).toMatchObject({ total: 1, list: [{ ip: 'signal', outcome: 'success', target: path.basename(dir!) }] });
    const badDate = await command('audit', ['--from', '2026/05/01']);
    expect(badDate.code).toBe(2);
    expect(badDate.err).toContain('开始时间格式应为');

    // Commands that write through their own connection are refused while the server holds the directory.
    const revoke = await command('revoke-certificate', ['ZS2026000001', '测试撤销']);
    expect(revoke.code).toBe(1);
    expect(revoke.err).toMatch(/operator\/certificate\/revoke/);
    const imported = await command('import', ['units', path.join(path.dirname(SERVER), '..', 'import-templates', 'units.xlsx')]);
    expect(imported.code).toBe(1);
    expect(imported.err).toMatch(/operator\/import/);

    const early = await command('restore', [dir!]);
    expect(early.code).toBe(1);
    expect(early.err).toMatch(/stop the server first/);

    await stop();
    expect(existsSync(path.join(dataDir, 'server.json'))).toBe(false);
    const restored = await command('restore', [dir!]);
    expect(restored.code, restored.err + restored.out).toBe(0);
    expect(restored.out).toMatch(/moved aside: .*pglite\.before-restore-/);
    expect(restored.out).toMatch(/restored the backup of/);

    // With no server running the audit command opens the directory itself: the later login is gone.
    const none = await command('audit', ['--person', '13800000005', '--event', 'login', '--json']);
    expect(none.code, none.err).toBe(0);
    expect((JSON.parse(none.out) as { total: number }).total).toBe(0);

    // A file left by a crash whose pid now belongs to another program (here: this test): the backup
    // command does not signal it, and a server starts over it.
    writeFileSync(path.join(dataDir, 'server.json'), JSON.stringify({ pid: process.pid, port: port + 2 }));
    const stale = await command('backup');
    expect(stale.code).toBe(1);
    expect(stale.err).toMatch(/does not answer; if no portal server runs on this directory, delete that file/);

    await start();
    expect(JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8'))).toEqual({ pid: server!.pid, port });
    expect((await call(L.findCreditHours, kept)).json.obj).toEqual(hours);
    expect((await call(L.findCreditHours, later)).status).toBe(401);
    await stop();
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('operator commands on PostgreSQL', () => {
  it('backup by pg_dump, audit from the database, restore by pg_restore', { timeout: 300_000 }, async () => {
    const name = `portal_commands_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    const url = u.toString();
    const pgDataDir = mkdtempSync(path.join(tmpdir(), 'portal-commands-pg-'));
    const pgEnv = { ...env, DATABASE_URL: url, DATA_DIR: pgDataDir };
    const db = new pg.Client({ connectionString: url });
    try {
      const database = await openDatabase({ url, poolSize: 2 });
      await seedDemo(database.db);
      await database.close();
      await db.connect();
      const state = async () =>
        (
          await db.query(
            `select (select person_name from persons where mobile = '13800000001') as name, (select count(*)::int from course_completions) as completions, (select count(*)::int from audit_log where event = 'opsCheck') as checks`,
          )
        ).rows[0] as { name: string; completions: number; checks: number };
      const before = await state();
      expect(before).toMatchObject({ name: '张伟', checks: 0 });
      expect(before.completions).toBeGreaterThan(0);

      const backup = await command('backup', [], pgEnv);
      expect(backup.code, backup.err).toBe(0);
      const dir = /backup written: (.+)/.exec(backup.out)?.[1]?.trim();
      expect(existsSync(path.join(dir!, 'database.pgdump'))).toBe(true);

      await db.query(`update persons set person_name = '张伟（已改）' where mobile = '13800000001'`);
      await db.query('delete from course_completions');
      await db.query(`insert into audit_log (person_id, ip, event, target, outcome) select person_id, '10.0.0.7', 'opsCheck', '', 'success' from persons where mobile = '13800000001'`);
      const audit = await command('audit', ['--person', 'S20260001', '--event', 'opsCheck', '--json'], pgEnv);
      expect(audit.code, audit.err).toBe(0);
      expect(JSON.parse(audit.out)).toMatchObject({ total: 1, list: [{ event: 'opsCheck', personName: '张伟（已改）', ip: '10.0.0.7' }] });

      const restored = await command('restore', [dir!], pgEnv);
      expect(restored.code, restored.err + restored.out).toBe(0);
      expect(await state()).toEqual(before);
    } finally {
      await db.end().catch(() => undefined);
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      rmSync(pgDataDir, { recursive: true, force: true });
    }
  });
});
