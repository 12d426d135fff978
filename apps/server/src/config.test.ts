import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { PRODUCTION_ENV as PRODUCTION } from './test/harness.ts';

const problemsOf = (env: Record<string, string | undefined>): string => {
  try {
    loadConfig(env);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('configuration', () => {
  it('outside production the development doubles and the demo data are the defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ production: false, SMS_PROVIDER: 'outbox', WECHAT_PROVIDER: 'simulated', SEED_DEMO: true });
    expect(c.SIGNING_SECRET.length).toBeGreaterThanOrEqual(16);
  });

  it('production with every default refuses to start, naming each development default', () => {
    const message = problemsOf({ NODE_ENV: 'production' });
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain('SIGNING_SECRET: required in production');
    expect(message).toContain('CERTIFICATE_SIGNING_KEY: required in production');
    expect(message).toContain("PUBLIC_URL: certificates' QR codes would point at this machine");
    expect(message).toContain('SMS_PROVIDER: the development outbox is not allowed in production');
    expect(message).toContain('WECHAT_PROVIDER: the simulated phone is not allowed in production');
  });

  it('production refuses the SMS outbox and the simulated WeChat phone even with a real secret', () => {
    expect(problemsOf({ ...PRODUCTION, SMS_PROVIDER: 'outbox' })).toContain('SMS_PROVIDER');
    expect(problemsOf({ ...PRODUCTION, WECHAT_PROVIDER: 'simulated' })).toContain('WECHAT_PROVIDER');
    const both = problemsOf({ NODE_ENV: 'production', SIGNING_SECRET: 'a-production-secret-of-length' });
    expect(both).toContain('SMS_PROVIDER');
    expect(both).toContain('WECHAT_PROVIDER');
    expect(both).not.toContain('SIGNING_SECRET');
  });

  it('production refuses a real provider without its credentials, the development secret and the demo people', () => {
    expect(problemsOf({ ...PRODUCTION, SMS_ACCESS_KEY_SECRET: '' })).toContain('SMS_ACCESS_KEY_SECRET: required in production');
    expect(problemsOf({ ...PRODUCTION, WECHAT_SECRET: undefined })).toContain('WECHAT_SECRET: required in production');
    expect(problemsOf({ ...PRODUCTION, SIGNING_SECRET: 'development-signing-secret-not-for-production' })).toContain('SIGNING_SECRET: the development value');
    expect(problemsOf({ ...PRODUCTION, CERTIFICATE_SIGNING_KEY: loadConfig({}).CERTIFICATE_SIGNING_KEY })).toContain('CERTIFICATE_SIGNING_KEY: the development key');
    expect(problemsOf({ ...PRODUCTION, SEED_DEMO: 'true' })).toContain('SEED_DEMO');
  });

  it('a complete production configuration starts, without demo data', () => {
    const c = loadConfig(PRODUCTION);
    expect(c).toMatchObject({ production: true, SMS_PROVIDER: 'aliyun', WECHAT_PROVIDER: 'wechat', SEED_DEMO: false, SIGNING_SECRET: PRODUCTION.SIGNING_SECRET });
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it("the certificates' seal: the demo seal outside production, none in production unless set; a file that is no PNG stops the start", () => {
    const demo = loadConfig({}).CERTIFICATE_SEAL;
    expect(demo).toMatch(/certificate-seal\.png$/);
    expect(loadConfig({ CERTIFICATE_SEAL: 'none' }).CERTIFICATE_SEAL).toBeNull();
    expect(loadConfig(PRODUCTION).CERTIFICATE_SEAL).toBeNull();
    expect(loadConfig({ ...PRODUCTION, CERTIFICATE_SEAL: demo! }).CERTIFICATE_SEAL).toBe(demo);
    expect(problemsOf({ CERTIFICATE_SEAL: '/nonexistent/seal.png' })).toContain('CERTIFICATE_SEAL: /nonexistent/seal.png cannot be read');
    expect(problemsOf({ CERTIFICATE_SEAL: import.meta.filename })).toContain('is not a PNG picture');
  });

  it('the worker threads: the cores but one unless WORKER_THREADS says how many (1–64); a bad value stops the start', () => {
    expect(loadConfig({}).WORKER_THREADS).toBe(Math.max(1, availableParallelism() - 1));
    expect(loadConfig({ WORKER_THREADS: '2' }).WORKER_THREADS).toBe(2);
    for (const bad of ['0', '65', '1.5', 'two']) expect(problemsOf({ WORKER_THREADS: bad })).toContain('WORKER_THREADS');
  });

  it('an unknown NODE_ENV (a misspelt production) is refused rather than run as development', () => {
    expect(problemsOf({ NODE_ENV: 'prod' })).toContain('NODE_ENV');
    expect(loadConfig({ NODE_ENV: 'test' }).production).toBe(false);
  });

  it('the college calendar is China time unless TIME_ZONE names another IANA zone; a misspelt zone stops the start', () => {
    expect(loadConfig({}).TIME_ZONE).toBe('Asia/Shanghai');
    expect(loadConfig({ TIME_ZONE: 'Asia/Urumqi' }).TIME_ZONE).toBe('Asia/Urumqi');
    expect(problemsOf({ TIME_ZONE: 'China/Beijing' })).toContain('TIME_ZONE: not an IANA time zone');
  });

  it('the AI page gets a ticket, not the session token, unless AI_PASS_SESSION_TOKEN is set deliberately', () => {
    expect(loadConfig({}).AI_PASS_SESSION_TOKEN).toBe(false);
    expect(loadConfig(PRODUCTION).AI_PASS_SESSION_TOKEN).toBe(false);
    expect(loadConfig({ ...PRODUCTION, AI_PASS_SESSION_TOKEN: 'true' }).AI_PASS_SESSION_TOKEN).toBe(true);
  });
});
