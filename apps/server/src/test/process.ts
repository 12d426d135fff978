/**
 * The real server as a child process (for crash and many-instance tests): started on a data
 * directory, or on a PostgreSQL database of its own when TEST_DATABASE_URL is set (or on a given one,
 * shared with other processes), killed with SIGKILL and started again on the same data; calls made
 * over HTTP the way a browser makes them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { auth, dev, urlOf } from '@portal/contract';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  base: string;
  start(): Promise<void>;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  call(c: { method: string; path: string }, opts?: { token?: string; body?: unknown; query?: string; params?: Record<string, string>; headers?: Record<string, string> }): Promise<Record<string, unknown> & { data: never; obj: never }>;
  login(mobile: string, password: string, headers?: Record<string, string>): Promise<string>;
  /** Kills the process and drops its database. */
  dispose(): Promise<void>;
}

export interface ProcessOptions {
  /** A PostgreSQL database shared with other processes (created and dropped by the caller). */
  databaseUrl?: string;
  /** More environment (overrides the defaults below). */
  env?: Record<string, string>;
  port?: number;
}

/** A port nothing listens on now (the system's choice), for a process about to listen on it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** A fresh PostgreSQL database on TEST_DATABASE_URL's server, and a function that drops it. */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  const name = `${prefix}_${randomUUID().slice(0, 8)}`;
  const c = admin();
  await c.connect();
  await c.query(`create database "${name}"`);
  await c.end();
  const u = new URL(process.env.TEST_DATABASE_URL!);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const d = admin();
      await d.connect();
      await d.query(`drop database if exists "${name}" with (force)`);
      await d.end();
    },
  };
}

export async function serverProcess(opts: ProcessOptions = {}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
  let databaseUrl: string | undefined = opts.databaseUrl;
  const ownDatabase = !databaseUrl && !!process.env.TEST_DATABASE_URL;
  const own = ownDatabase ? await scratchDatabase('portal_crash') : null;
  if (own) databaseUrl = own.url;
  let child: ChildProcess | null = null;

  const server: ServerProcess = {
    base,
    async start() {
      child = spawn(process.execPath, [MAIN], {
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...opts.env },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const started = child;
      for (let i = 0; i < 600; i++) {
        if (started.exitCode !== null) throw new Error(`server exited at start (code ${started.exitCode})`);
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
        headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(opts.token ? { authorization: opts.token } : {}), ...opts.headers },
        body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      });
      return res.json() as Promise<Record<string, unknown> & { data: never; obj: never }>;
    },
    async login(mobile, password, headers) {
      const cap = (await server.call(auth.requestImageCode, { headers })).data as { id: string };
      const answer = ((await (await fetch(`${base}${urlOf(dev.devCaptcha, 'portal', { id: cap.id })}`, { headers })).json()) as { captcha: string }).captcha;
      const r = await server.call(auth.usernameLogin, { body: { captcha_session_id: cap.id, captcha: answer, username: mobile, password, expires: 604800 }, headers });
      return (r.data as { authorization: { id: string } }).authorization.id;
    },
    async dispose() {
      await server.kill();
      await own?.drop();
    },
  };
  return server;
}
