/**
 * The reverse-proxy example (deploy/nginx/portal.conf), run for real: two server
 * processes on one PostgreSQL and one shared DATA_DIR, with TRUST_PROXY, behind Debian's nginx
 * started on the example file (only its ports changed). Through the proxy: sessions and uploads work
 * whichever instance answers, both instances get requests, a client cannot forge its address, the
 * request id is nginx's, /metrics is not reachable, and an instance that dies is passed over.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL; see instances.test.ts for why not PGlite) and nginx
 * (/usr/sbin/nginx: `apt-get install nginx-light`, which .ci/run does). The file's own directives are
 * checked always.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@portal/contract';
import { auth, dev, person, UC_CODE, urlOf } from '@portal/contract';
import { DEMO_PASSWORDS } from '../seed/seed.ts';
import { freePort, scratchDatabase, serverProcess, type ServerProcess } from './process.ts';
import { NGINX, nginxExample, renderExample, startNginx } from './nginxExample.ts';

const PG = process.env.TEST_DATABASE_URL;
const example = nginxExample();

describe('the nginx example (deploy/nginx/portal.conf)', () => {
  it('sets the client address (never appends to it), passes its request id, hides /metrics, and lists the instances', () => {
    const live = example.replace(/#.*$/gm, '');
    expect(live).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(live).not.toContain('$proxy_add_x_forwarded_for');
    expect(live).toMatch(/proxy_set_header X-Request-Id \$request_id;/);
    expect(live).toMatch(/location = \/metrics \{ return 404; \}/);
    expect(example).toMatch(/TRUST_PROXY=true/);
    const rendered = renderExample(example, 9999, [1, 2, 3]);
    expect(rendered.match(/server 127\.0\.0\.1:\d+ max_fails/g)).toEqual(['server 127.0.0.1:1 max_fails', 'server 127.0.0.1:2 max_fails', 'server 127.0.0.1:3 max_fails']);
    expect(rendered).toContain('listen 127.0.0.1:9999 backlog=4096;');
  });

  it('lets through every file a call of the contract takes, so that the portal refuses what is too large with its own message', () => {
    const size = (v: string) => Number(v.slice(0, -1)) * (v.endsWith('m') ? 1024 ** 2 : v.endsWith('k') ? 1024 : 1);
    const server = Number(size(/^ {4}client_max_body_size (\d+[mk]);/m.exec(example)![1]!));
    const largest = Object.values(contract)
      .flatMap((ns) => Object.values(ns as Record<string, unknown>))
      .flatMap((c) => (c && typeof c === 'object' && 'upload' in c && (c as { upload?: { maxBytes: number } }).upload ? [(c as { upload: { maxBytes: number } }).upload.maxBytes] : []));
    expect(largest.length).toBeGreaterThan(5);
    expect(server).toBeGreaterThan(Math.max(...largest));
  });
});

describe.skipIf(!PG || !existsSync(NGINX))('N instances behind nginx, for real', { timeout: 90_000 }, () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  const instances: ServerProcess[] = [];
  let stopNginx: (() => Promise<void>) | null = null;
  let proxy = '';
  let sql: pg.Client;
  const metricsPorts: number[] = [];

  beforeAll(async () => {
    database = await scratchDatabase('portal_nginx');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-shared-'));
    const ports = [await freePort(), await freePort()];
    for (const [i, port] of ports.entries()) {
      metricsPorts.push(await freePort());
      instances.push(
        await serverProcess({
          databaseUrl: database.url,
          port,
          env: { TRUST_PROXY: 'true', HOST: '127.0.0.1', DATA_DIR: dataDir, METRICS_PORT: String(metricsPorts[i]), METRICS_HOST: '127.0.0.1', WEB_DIST: '/nonexistent', DATABASE_POOL_SIZE: '4', RATE_LIMIT_PER_MINUTE: '1000' },
        }),
      );
      if (i === 0) await instances[0]!.start(); // the first migrates and seeds
    }
    await instances[1]!.start();

    const proxied = await startNginx(await freePort(), ports);
    stopNginx = proxied.stop;
    proxy = proxied.url;
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 240_000);

  afterAll(async () => {
    await sql?.end();
    await stopNginx?.();
    await Promise.all(instances.map((s) => s.kill()));
    await database?.drop();
  });

  const call = async (c: { method: string; path: string }, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const res = await fetch(`${proxy}${urlOf(c, 'portal')}`, {
      method: c.method,
      headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(opts.token ? { authorization: opts.token } : {}), ...opts.headers },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
    return { res, json: (await res.json()) as Record<string, unknown> & { data: never; obj: never } };
  };
  const requestsOf = async (metricsPort: number, route: string) => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    return text
      .split('\n')
      .filter((l) => l.startsWith('portal_http_requests_total{') && l.includes(`route="${route}"`))
      .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
  };

  it('is ready through the proxy, and /metrics is not reachable there', async () => {
    expect((await fetch(`${proxy}/readyz`)).status).toBe(200);
    expect((await fetch(`${proxy}/metrics`)).status).toBe(404);
    // …while each instance's internal metrics address answers.
    for (const p of metricsPorts) expect((await fetch(`http://127.0.0.1:${p}/metrics`)).status).toBe(200);
  });

  it('a session opened through the proxy serves every call, whichever instance answers; both get requests', async () => {
    const captcha = (await call(auth.requestImageCode)).json.data as { id: string };
    const answer = ((await (await fetch(`${proxy}${urlOf(dev.devCaptcha, 'portal', { id: captcha.id })}`)).json()) as { captcha: string }).captcha;
    const login = await call(auth.usernameLogin, { body: { captcha_session_id: captcha.id, captcha: answer, username: '13900010030', password: DEMO_PASSWORDS.learner, expires: 604800 } });
    expect(login.json.code).toBe(0);
    const token = (login.json.data as { authorization: { id: string } }).authorization.id;
    for (let i = 0; i < 8; i++) {
      const r = await call(person.getSessionPerson, { token });
      expect((r.json.obj as { personName: string } | null)?.personName).toBeTruthy();
      // nginx's request id ($request_id: 32 hex digits), kept by the instance behind the trusted proxy.
      expect(r.res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    }
    const counts = await Promise.all(metricsPorts.map((p) => requestsOf(p, urlOf(person.getSessionPerson, 'portal'))));
    expect(counts.every((n) => n > 0)).toBe(true);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(8);
  });

  it("takes the client's address from nginx, not from a forged X-Forwarded-For", async () => {
    const forged = { 'x-forwarded-for': '198.51.100.77' };
    const r = await call(auth.usernameLogin, { body: { captcha_session_id: 'b6d0f6a4-0000-4000-8000-000000000000', captcha: 'abcd', username: '13900010031', password: 'Wrong@2026x', expires: 604800 }, headers: forged });
    expect(r.json.code).not.toBe(0);
    expect(r.json.code).not.toBe(UC_CODE.rateLimited);
    const { rows } = await sql.query<{ ip: string }>(`select ip from audit_log where target = '13900010031' order by id desc limit 1`);
    expect(rows[0]?.ip).toBe('127.0.0.1');
  });

  it('an avatar uploaded through one instance is served by every instance (shared DATA_DIR)', async () => {
    const captcha = (await call(auth.requestImageCode)).json.data as { id: string };
    const answer = ((await (await fetch(`${proxy}${urlOf(dev.devCaptcha, 'portal', { id: captcha.id })}`)).json()) as { captcha: string }).captcha;
    const token = ((await call(auth.usernameLogin, { body: { captcha_session_id: captcha.id, captcha: answer, username: '13900010032', password: DEMO_PASSWORDS.learner, expires: 604800 } })).json.data as { authorization: { id: string } }).authorization.id;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
    const form = new FormData();
    form.append('userPic', new Blob([png], { type: 'image/png' }), 'me.png');
    const up = (await (await fetch(`${proxy}${urlOf(person.uploadUserPic, 'portal')}`, { method: 'POST', headers: { authorization: token }, body: form })).json()) as { res: boolean; obj: string };
    expect(up.res).toBe(true);
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${proxy}${up.obj}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    }
  });

  it('passes over an instance that died', async () => {
    await instances[1]!.kill();
    for (let i = 0; i < 6; i++) expect((await fetch(`${proxy}/readyz`)).status).toBe(200);
  });
});
