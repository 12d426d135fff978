/**
 * The real server as a child process (for crash tests): started on a data directory, or on a
 * PostgreSQL database of its own when TEST_DATABASE_URL is set, killed with SIGKILL and started again
 * on the same data; calls made over HTTP the way a browser makes them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { auth, dev, urlOf } from '@portal/contract';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');

export interface ServerProcess {
  start(): Promise<void>;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  call(c: { method: string; path: string }, opts?: { token?: string; body?: unknown; query?: string; params?: Record<string, string> }): Promise<Record<string, unknown> & { data: never; obj: never }>;
  login(mobile: string, password: string): Promise<string>;
  /** Kills the process and drops its database. */
  dispose(): Promise<void>;
}

export async function serverProcess(): Promise<ServerProcess> {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
  let databaseUrl: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const name = `portal_crash_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(process.env.TEST_DATABASE_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  let child: ChildProcess | null = null;

  const server: ServerProcess = {
    async start() {
      child = spawn(process.execPath, [MAIN], {
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      for (let i = 0; i < 600; i++) {
        try {
          if ((await fetch(`${base}/healthz`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('server did not start');
    },
    async kill() {
      const c = child;
      if (!c) return;
      c.kill('SIGKILL');
      await new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r(null) : c.once('exit', r)));
      child = null;
    },
    async call(c, opts = {}) {
      const res = await fetch(`${base}${urlOf(c, 'portal', opts.params)}${opts.query ?? ''}`, {
        method: c.method,
        headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(opts.token ? { authorization: opts.token } : {}) },
        body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      });
      return res.json() as Promise<Record<string, unknown> & { data: never; obj: never }>;
    },
    async login(mobile, password) {
      const cap = (await server.call(auth.requestImageCode)).data as { id: string };
      const answer = ((await (await fetch(`${base}${urlOf(dev.devCaptcha, 'portal', { id: cap.id })}`)).json()) as { captcha: string }).captcha;
      const r = await server.call(auth.usernameLogin, { body: { captcha_session_id: cap.id, captcha: answer, username: mobile, password, expires: 604800 } });
      return (r.data as { authorization: { id: string } }).authorization.id;
    },
    async dispose() {
      await server.kill();
      if (databaseUrl && process.env.TEST_DATABASE_URL) {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`);
        await admin.end();
      }
    },
  };
  return server;
}
