/**
 * API test harness: a fresh migrated database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set)
 * with the demo people, the app built on it, and helpers that act as a client would.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { admin, auth, dev, SESSION_EXPIRES_SECONDS, urlOf, type CallDef } from '@portal/contract';
import { loadConfig, type Config } from '../config.ts';
import { openTestDatabase } from '../db/testing.ts';
import { seedDemo, DEMO_PASSWORDS } from '../seed/seed.ts';
import { buildApp, type AppDeps } from '../app.ts';
import type { Database, Db } from '../db/client.ts';

export { DEMO_PASSWORDS };
export const PRODUCT = 'portal';

/** Everything production needs: a real secret and the real SMS and WeChat providers with their credentials. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SIGNING_SECRET: 'a-production-secret-of-length',
  CERTIFICATE_SIGNING_KEY: 'MC4CAQAwBQYDK2VwBCIEIMgcPxHc1KlNOkUGRdwBmMjDAYm2tv42Fge9ZV2k7E+V',
  PUBLIC_URL: 'https://edu.example.cn',
  SMS_PROVIDER: 'aliyun',
  SMS_ACCESS_KEY_ID: 'id',
  SMS_ACCESS_KEY_SECRET: 'secret',
  SMS_SIGN_NAME: '干部网络学院',
  SMS_TEMPLATE_CODE: 'SMS_1',
  WECHAT_PROVIDER: 'wechat',
  WECHAT_APPID: 'app',
  WECHAT_SECRET: 'secret',
};

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
  /** Calls a contract call the way the web client does. */
  call<C extends CallDef>(
    c: C,
    opts?: { body?: unknown; query?: Record<string, string | number>; params?: Record<string, string>; token?: string | null; ip?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; json: Record<string, unknown> & { data?: unknown; obj?: unknown } }>;
  /** A fresh image captcha and its answer (read from the development endpoint). */
  captcha(ip?: string): Promise<{ id: string; answer: string }>;
  login(mobile: string, password?: string, ip?: string): Promise<string>;
  smsCode(phone: string, ip?: string): Promise<{ id: string; code: string }>;
  /** An administrator session: password and captcha, then the SMS code sent (read from the development endpoint). */
  adminLogin(mobile: string, password?: string, ip?: string): Promise<string>;
}

/** The demo's administrators, one per role (seed.ts). */
export const DEMO_ADMINS = { system: '13800000006', content: '13800000007', training: '13800000008', auditor: '13800000009' } as const;

/**
 * `database`: an app on a database the test opened itself (a data directory it restores into, say),
 * seeded only with `seed: true`; by default a fresh test database with the demo people.
 */
export async function createTestApp(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}, own?: { database: Database; seed: boolean }): Promise<TestApp> {
  const database = own?.database ?? (await openTestDatabase());
  if (!own || own.seed) await seedDemo(database.db);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-test-')), WEB_DIST: '/nonexistent', RATE_LIMIT_PER_MINUTE: '1000', ...env });
  const app = await buildApp({ config, db: database.db, logger: false, ...deps });
  await app.ready();

  const t: TestApp = {
    app,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
    },
    async call(c, opts = {}) {
      const qs = opts.query ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))}` : '';
      const req: InjectOptions = {
        method: c.method,
        url: urlOf(c, PRODUCT, opts.params) + qs,
        headers: { ...(opts.token ? { authorization: opts.token } : {}), ...opts.headers },
        remoteAddress: opts.ip ?? '10.0.0.1',
      };
      if (opts.body !== undefined) req.payload = opts.body as InjectOptions['payload'];
      const res = await app.inject(req);
      let json: Record<string, unknown>;
      try {
        json = res.json();
      } catch {
        json = { raw: res.body };
      }
      return { status: res.statusCode, json };
    },
    async captcha(ip) {
      const r = await t.call(auth.requestImageCode, { ip });
      const id = (r.json.data as { id: string }).id;
      const answer = (await t.call(dev.devCaptcha, { params: { id } })).json.captcha as string;
      return { id, answer };
    },
    async login(mobile, password = DEMO_PASSWORDS.learner, ip) {
      const c = await t.captcha(ip);
      const r = await t.call(auth.usernameLogin, {
        body: { captcha_session_id: c.id, captcha: c.answer, username: mobile, password, expires: SESSION_EXPIRES_SECONDS },
        ip,
      });
      if (r.json.code !== 0) throw new Error(`login failed: ${JSON.stringify(r.json)}`);
      return (r.json.data as { authorization: { id: string } }).authorization.id;
    },
    async adminLogin(mobile, password = DEMO_PASSWORDS.admin, ip) {
      const c = await t.captcha(ip);
      const first = await t.call(admin.adminLogin, { body: { captcha_session_id: c.id, captcha: c.answer, username: mobile, password }, ip });
      if (first.json.code !== 0) throw new Error(`admin login failed: ${JSON.stringify(first.json)}`);
      const code = (await t.call(dev.devSms, { query: { phone: mobile } })).json.code as string;
      const second = await t.call(admin.adminVerify, { body: { challenge: (first.json.data as { challenge: string }).challenge, code }, ip });
      if (second.json.code !== 0) throw new Error(`admin verify failed: ${JSON.stringify(second.json)}`);
      return (second.json.data as { token: string }).token;
    },
    async smsCode(phone, ip) {
      const c = await t.captcha(ip);
      const r = await t.call(auth.requestSmsCode, { body: { captcha: c.answer, captcha_session_id: c.id, phone_number: phone }, ip });
      if (r.json.code !== 0) throw new Error(`sms failed: ${JSON.stringify(r.json)}`);
      const code = (await t.call(dev.devSms, { query: { phone } })).json.code as string;
      return { id: (r.json.data as { id: string }).id, code };
    },
  };
  return t;
}
