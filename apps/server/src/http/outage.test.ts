import { describe, expect, it } from 'vitest';
import { MSG, person } from '@portal/contract';
import { loadConfig } from '../config.ts';
import { buildApp } from '../app.ts';
import type { Db } from '../db/client.ts';

/** A database whose every query fails the way a stopped PostgreSQL does. */
const downDb = new Proxy({} as Db, {
  get: () => () => {
    const chain: unknown = new Proxy(() => undefined, {
      get: (_t, prop) => (prop === 'then' ? (_: unknown, reject: (e: unknown) => void) => reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })) : () => chain),
      apply: () => chain,
    });
    return chain;
  },
});

describe('database outage', () => {
  it('answers 503 with a message, not a 500 or a stack trace', async () => {
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/portal-outage', WEB_DIST: '/nonexistent' }), db: downDb, logger: false });
    const res = await app.inject({ method: 'POST', url: person.getSessionPerson.path, headers: { authorization: 'x'.repeat(43) } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ res: false, resMsg: MSG.serviceUnavailable, obj: null });
    expect(res.body).not.toContain('ECONNREFUSED');
    await app.close();
  });
});
