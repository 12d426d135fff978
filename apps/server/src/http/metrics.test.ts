import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auth, catalog as K, dev, exam as E, learning as L } from '@portal/contract';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { loadConfig } from '../config.ts';
import { buildApp } from '../app.ts';
import type { Db } from '../db/client.ts';
import { courseResources, courses } from '../db/schema/index.ts';
import { migrationsSchemaOf } from '../db/client.ts';
import { freePort } from '../test/process.ts';

const TOKEN = 'metrics-token-of-the-operators';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

/** Another app on the same database (no seeding), with its own configuration. */
const appOn = (db: Db, env: Record<string, string>) => buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/portal-metrics', WEB_DIST: '/nonexistent', ...env }), db, logger: false, defaultMetrics: false });

async function scrape(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
}
/** The value of one series (name and exact label set as printed), or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('is served only with the configured bearer token, as if it did not exist otherwise', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, `Bearer ${TOKEN.slice(1)}`, 'Basic abc']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(404);
      expect(res.body).not.toContain('portal_');
    }
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
  });

  it('is not public by default: without a token and a port it is never served', async () => {
    const bare = await appOn(t.db, {});
    try {
      for (const authorization of [undefined, 'Bearer ', 'Bearer undefined']) {
        expect((await bare.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })).statusCode).toBe(404);
      }
    } finally {
      await bare.close();
    }
  });

  it('counts requests by route pattern, never by raw address, with their latency', async () => {
    const before = await scrape();
    const route = dev.devCaptcha.path;
    const series = (status: number) => `portal_http_requests_total{method="GET",route="${route}",status="${status}"}`;
    const n0 = value(before, series(200)) ?? 0;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await t.captcha()).id);
    await t.app.inject({ method: 'GET', url: '/v1/portal/no/such/call/12345' });
    const after = await scrape();
    expect(route).toContain(':id');
    expect(value(after, series(200))).toBe(n0 + 3);
    expect(value(after, `portal_http_request_duration_seconds_count{method="GET",route="${route}",status="200"}`)).toBe(n0 + 3);
    expect(value(after, `portal_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="${route}",status="200"}`)).toBe(n0 + 3);
    expect(after).toContain('route="(unmatched)"');
    for (const raw of [...ids, '12345']) expect(after).not.toContain(raw);
  });

  it('counts logins by outcome and reason (through the audit log)', async () => {
    const before = await scrape();
    const ok = value(before, 'portal_logins_total{outcome="success",reason=""}') ?? 0;
    const wrong = value(before, 'portal_logins_total{outcome="failure",reason="password"}') ?? 0;
    await t.login('13900010021');
    const c = await t.captcha();
    const bad = await t.call(auth.usernameLogin, { body: { captcha_session_id: c.id, captcha: c.answer, username: '13900010021', password: 'Wrong@2026x', expires: 3600 } });
    expect(bad.json.code).not.toBe(0);
    const after = await scrape();
    expect(value(after, 'portal_logins_total{outcome="success",reason=""}')).toBe(ok + 1);
    expect(value(after, 'portal_logins_total{outcome="failure",reason="password"}')).toBe(wrong + 1);
  });

  it('counts progress reports accepted and refused by reason', async () => {
    const token = await t.login('13900010022');
    const [res] = await t.db
      .select({ id: courseResources.id })
      .from(courseResources)
      .innerJoin(courses, eq(courses.id, courseResources.courseId))
      .where(and(eq(courses.status, 'published'), eq(courseResources.kind, 'video')))
      .limit(1);
    const session = (await t.call(L.findStudyResourceTime, { token, query: { resourceId: res!.id } })).json.obj as L.StudySession;
    const before = await scrape();
    const at = (o: string) => value(before, `portal_progress_reports_total{outcome="${o}"}`) ?? -1;
    const report = (reportId: string, sessionId = session.sessionId) =>
      t.call(L.updateStudyResourceTime, { token, body: { reportId, sessionId, position: 1, playedSeconds: 1, clientTime: new Date().toISOString(), event: 'tick' } });
    const id = randomUUID();
    expect((await report(id)).json.res).toBe(true);
    expect((await report(id)).json.obj).toMatchObject({ duplicate: true });
    expect((await report(randomUUID(), '999999999')).json.res).toBe(false);
    const after = await scrape();
    expect(value(after, 'portal_progress_reports_total{outcome="accepted"}')).toBe(at('accepted') + 1);
    expect(value(after, 'portal_progress_reports_total{outcome="duplicate"}')).toBe(at('duplicate') + 1);
    expect(value(after, 'portal_progress_reports_total{outcome="sessionMissing"}')).toBe(at('sessionMissing') + 1);
    expect(value(after, 'portal_progress_reports_total{outcome="busy"}')).toBe(at('busy'));
  });

  it('counts exam answers saved (a replay of an older seq saves nothing)', async () => {
    const token = await t.login('13900010070');
    const list = (await t.call(K.findExamOnlineByPage, { token, query: { pageSize: 100 } })).json.obj as { list: K.ExamItem[] };
    const exam = list.list.find((e) => e.title === '全省公务员法律知识考试')!;
    const paper = (await t.call(E.findExamQuestions, { token, query: { examId: exam.id } })).json.obj as E.ExamPaper;
    const q = paper.questions.find((x) => x.type === 'single')!;
    const n0 = value(await scrape(), 'portal_exam_answers_saved_total') ?? -1;
    const save = (seq: number) => t.call(E.saveExamQuestionAnswerd, { token, body: { attemptId: paper.attemptId, questionId: q.questionId, answer: [q.options[0]!.key], seq } });
    expect((await save(5)).json.res).toBe(true);
    expect((await save(6)).json.res).toBe(true);
    expect((await save(4)).json.obj).toMatchObject({ written: false });
    expect(value(await scrape(), 'portal_exam_answers_saved_total')).toBe(n0 + 2);
  });

  it('reports the database pool, query latency, event-loop lag and memory', async () => {
    const text = await scrape();
    for (const name of ['portal_db_pool_max', 'portal_db_query_duration_seconds_bucket', 'nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes']) {
      expect(text, name).toContain(`\n${name}`);
    }
    const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    expect(value(text, `portal_db_query_duration_seconds_count{database="${database}"}`)).toBeGreaterThan(10);
    expect(value(text, 'portal_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'portal_db_pool_connections{state="waiting"}')).toBe(0);
    expect(value(text, 'portal_db_pool_max')).toBe(process.env.TEST_DATABASE_URL ? 4 : 1);
  });

  it('is served without a token on the internal metrics address only', async () => {
    const port = await freePort();
    const internal = await appOn(t.db, { METRICS_PORT: String(port) });
    try {
      await internal.listen({ host: '127.0.0.1', port: 0 });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('portal_http_requests_total');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      // …and still not on the application's own port.
      expect((await internal.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await internal.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('request ids', () => {
  it('answers every request with an X-Request-Id, unique per request', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/healthz' });
    const b = await t.app.inject({ method: 'GET', url: '/v1/portal/no/such' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('writes structured (JSON) log lines that carry the request id of the answer', async () => {
    const lines: string[] = [];
    const logged = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/portal-metrics', WEB_DIST: '/nonexistent' }), db: t.db, logger: { write: (l) => lines.push(l) }, defaultMetrics: false });
    try {
      const res = await logged.inject({ method: 'GET', url: '/readyz' });
      const id = res.headers['x-request-id'];
      const mine = lines.map((l) => JSON.parse(l) as { reqId?: string; msg: string; level: number; res?: { statusCode: number } }).filter((l) => l.reqId === id);
      expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
      expect(mine[1]!.res?.statusCode).toBe(200);
    } finally {
      await logged.close();
    }
  });

  it("ignores a client's id unless behind a trusted proxy, and then only a sane one", async () => {
    const sent = 'edge-0123456789abcdef';
    expect((await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': sent } })).headers['x-request-id']).not.toBe(sent);
    const proxied = await appOn(t.db, { TRUST_PROXY: 'true' });
    try {
      const id = async (h: string) => (await proxied.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': h } })).headers['x-request-id'];
      expect(await id(sent)).toBe(sent);
      for (const bad of ['short', 'x'.repeat(65), 'a b c d e f g h', 'abc\u00e9defgh', '<script>alert(1)</script>']) expect(await id(bad)).not.toBe(bad);
    } finally {
      await proxied.close();
    }
  });
});

describe('/healthz and /readyz', () => {
  it('/healthz is alive and /readyz ready on a migrated database', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true });
  });

  it('/readyz answers 503 while the database is away, /healthz stays alive', async () => {
    /** A database whose every query fails the way a stopped PostgreSQL does (as in outage.test.ts). */
    const downDb = new Proxy({} as Db, {
      get: () => () => {
        const chain: unknown = new Proxy(() => undefined, {
          get: (_t, prop) => (prop === 'then' ? (_: unknown, reject: (e: unknown) => void) => reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })) : () => chain),
          apply: () => chain,
        });
        return chain;
      },
    });
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/portal-outage', WEB_DIST: '/nonexistent' }), db: downDb, logger: false, defaultMetrics: false });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ ok: false, reason: 'database unavailable' });
      expect(ready.body).not.toContain('ECONNREFUSED');
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('/readyz answers 503 when a migration of this build is not applied', async () => {
    const table = sql`${sql.identifier(migrationsSchemaOf(t.db))}.${sql.identifier('__drizzle_migrations')}`;
    // The newest applied migration taken out of drizzle's list (and put back afterwards).
    const removed = await t.db.execute(sql`delete from ${table} where created_at = (select max(created_at) from ${table}) returning hash, created_at`);
    const row = ((Array.isArray(removed) ? removed : (removed as { rows: unknown[] }).rows) as { hash: string; created_at: string }[])[0]!;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().reason).toMatch(/^migrations not applied: 00\d\d_/);
    } finally {
      await t.db.execute(sql`insert into ${table} (hash, created_at) values (${row.hash}, ${row.created_at})`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
