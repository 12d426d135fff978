/**
 * The administration area in browser tests: an administrator's session made through the API (password,
 * then the SMS code from the development outbox) and put into a page's tab, so a test starts on the
 * page it is about. Sessions are kept for the whole run in a file per server (test files each load this
 * module afresh), because a new login sends a new code and the resend interval is 60 s per number.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { devCaptcha, devSms } from './helpers.ts';

export const ADMINS = { system: '13800000006', content: '13800000007', training: '13800000008', auditor: '13800000009' } as const;
export const ADMIN_PASSWORD = 'Admin@2026';
const SESSION_KEY = 'portal-admin-session';

interface Stored {
  token: string;
  person: unknown;
}

const cacheFile = (baseUrl: string) => path.join(os.tmpdir(), `portal-e2e-admins-${new URL(baseUrl).port}.json`);
const readCache = (baseUrl: string): Record<string, Stored> => {
  try {
    return existsSync(cacheFile(baseUrl)) ? (JSON.parse(readFileSync(cacheFile(baseUrl), 'utf8')) as Record<string, Stored>) : {};
  } catch {
    return {};
  }
};

async function post(baseUrl: string, url: string, body: unknown, token?: string) {
  const r = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) });
  return (await r.json()) as { code: number; message: string; data: unknown };
}

/** Logs in through the API; waits out the SMS resend interval if a code went to this number a moment ago. */
async function freshSession(baseUrl: string, mobile: string): Promise<Stored> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const c = (await post(baseUrl, '/v1/portal/uc/session/captcha/request_image_code', {})).data as { id: string };
    const answer = await devCaptcha(baseUrl, c.id);
    const first = await post(baseUrl, '/v1/admin/session/login', { captcha_session_id: c.id, captcha: answer, username: mobile, password: ADMIN_PASSWORD });
    if (first.code === 1008) {
      await new Promise((r) => setTimeout(r, 61_000));
      continue;
    }
    if (first.code !== 0) throw new Error(`admin login ${mobile}: ${first.message}`);
    const code = await devSms(baseUrl, mobile);
    const second = await post(baseUrl, '/v1/admin/session/verify', { challenge: (first.data as { challenge: string }).challenge, code });
    if (second.code !== 0) throw new Error(`admin verify ${mobile}: ${second.message}`);
    const d = second.data as { token: string; person: unknown };
    return { token: d.token, person: d.person };
  }
  throw new Error(`admin login ${mobile}: the SMS resend interval never passed`);
}

/** A live administrator session for this number on this server (reused while the server accepts it). */
export async function adminSession(baseUrl: string, mobile: string): Promise<Stored> {
  const cache = readCache(baseUrl);
  const known = cache[mobile];
  if (known) {
    const r = await fetch(`${baseUrl}/v1/admin/session/me`, { headers: { authorization: known.token } });
    if (r.status === 200) return known;
  }
  const fresh = await freshSession(baseUrl, mobile);
  writeFileSync(cacheFile(baseUrl), JSON.stringify({ ...readCache(baseUrl), [mobile]: fresh }));
  return fresh;
}

/** Opens `target` (e.g. /admin/audit) in `page` as the administrator with this number. */
export async function openAdmin(page: Page, baseUrl: string, mobile: string, target = '/admin'): Promise<void> {
  const s = await adminSession(baseUrl, mobile);
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem(key!)) sessionStorage.setItem(key!, value!);
    },
    [SESSION_KEY, JSON.stringify(s)],
  );
  await page.goto(target);
}
