/**
 * SIGKILL in the middle of a stream of progress reports loses no acknowledged report: after a
 * restart on the same data, every acknowledged report id is known to the ledger (replaying it answers
 * duplicate) and the chapter holds at least the seconds acknowledged. Runs the real server process on
 * the embedded database, or on a database of its own when TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { auth, dev, learning as L, urlOf } from '@portal/contract';

const MAIN = path.resolve(import.meta.dirname, '../../main.ts');
const PORT = 18000 + Math.floor(Math.random() * 1000);
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
let databaseUrl: string | undefined;
let child: ChildProcess | null = null;

async function start() {
  child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const call = async (c: { method: string; path: string }, opts: { token?: string; body?: unknown; query?: string; params?: Record<string, string> } = {}) => {
  const res = await fetch(`${BASE}${urlOf(c, 'portal', opts.params)}${opts.query ?? ''}`, {
    method: c.method,
    headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(opts.token ? { authorization: opts.token } : {}) },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  return res.json() as Promise<Record<string, unknown> & { data: never; obj: never }>;
};

afterAll(async () => {
  child?.kill('SIGKILL');
  if (databaseUrl && process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`);
    await admin.end();
  }
});

describe('a crash during a stream of progress reports', () => {
  it('keeps every acknowledged report after SIGKILL and restart', async () => {
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
    await start();
    const cap = (await call(auth.requestImageCode)).data as { id: string };
    const answer = ((await (await fetch(`${BASE}${urlOf(dev.devCaptcha, 'portal', { id: cap.id })}`)).json()) as { captcha: string }).captcha;
    const login = await call(auth.usernameLogin, { body: { captcha_session_id: cap.id, captcha: answer, username: '13900010060', password: 'Study@2026', expires: 604800 } });
    const token = (login.data as { authorization: { id: string } }).authorization.id;
    const top = (await call({ method: 'POST', path: '/video_learning/education/index/findCourseTopByPage' }, { query: '?pageSize=1' })).obj as { list: { id: number }[] };
    const course = (await call({ method: 'POST', path: '/video_learning/education/index/findCourseById' }, { query: `?id=${top.list[0]!.id}` })).obj as { resources: { id: number; kind: string }[] };
    const resourceId = course.resources.find((r) => r.kind === 'video')!.id;
    const session = (await call(L.findStudyResourceTime, { token, query: `?resourceId=${resourceId}` })).obj as { sessionId: string };
    // Let the wall clock allow the seconds the stream claims.
    await new Promise((r) => setTimeout(r, 4000));

    const acked: { reportId: string; credited: number }[] = [];
    let sent = 0;
    let stop = false;
    const stream = async () => {
      while (!stop) {
        const reportId = randomUUID();
        sent++;
        try {
          const r = await call(L.updateStudyResourceTime, { token, body: { reportId, sessionId: session.sessionId, position: 1, playedSeconds: 1, clientTime: new Date().toISOString(), event: 'tick' } });
          if (r.res === true) acked.push({ reportId, credited: (r.obj as { credited: number }).credited });
        } catch {
          return; // the server died under this request: not acknowledged
        }
      }
    };
    const streams = Array.from({ length: 4 }, stream);
    await new Promise((r) => setTimeout(r, 1500));
    child!.kill('SIGKILL');
    stop = true;
    await Promise.all(streams);
    await new Promise((r) => child!.exitCode !== null || child!.signalCode !== null ? r(null) : child!.once('exit', r));
    expect(acked.length).toBeGreaterThan(5);
    expect(sent).toBeGreaterThan(acked.length - 1);

    await start();
    const again = await call(auth.usernameLogin, { body: await (async () => {
      const c = (await call(auth.requestImageCode)).data as { id: string };
      const a = ((await (await fetch(`${BASE}${urlOf(dev.devCaptcha, 'portal', { id: c.id })}`)).json()) as { captcha: string }).captcha;
      return { captcha_session_id: c.id, captcha: a, username: '13900010060', password: 'Study@2026', expires: 604800 };
    })() });
    const token2 = (again.data as { authorization: { id: string } }).authorization.id;
    const replays = await Promise.all(acked.map((a) => call(L.updateStudyResourceTime, { token: token2, body: { reportId: a.reportId, sessionId: session.sessionId, position: 1, playedSeconds: 1, clientTime: new Date().toISOString(), event: 'replay' } })));
    expect(replays.filter((r) => !(r.obj as { duplicate: boolean } | null)?.duplicate)).toEqual([]);
    const progress = (await call(L.findProgress, { token: token2, query: `?courseId=${top.list[0]!.id}` })).obj as { resources: { resourceId: number; learnedSeconds: number }[] };
    const learned = progress.resources.find((r) => r.resourceId === resourceId)!.learnedSeconds;
    expect(learned).toBeGreaterThanOrEqual(acked.reduce((s, a) => s + a.credited, 0));
  }, 180_000);
});
