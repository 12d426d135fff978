/**
 * Sends malformed input to every call of the contract (wrong types, huge strings, negative and huge
 * numbers, SQL and script fragments; broken, deeply nested and oversized JSON; multipart bodies without
 * a boundary or cut off) as a visitor and as a logged-in learner, and asserts no 5xx and no change to
 * people or credentials. New calls are covered as they are added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as contract from '@portal/contract';
import type { CallDef } from '@portal/contract';
import { createTestApp, PRODUCT, type TestApp } from '../test/harness.ts';

const calls: CallDef[] = Object.values(contract).flatMap((ns) => (typeof ns === 'object' && ns !== null ? (Object.values(ns) as unknown[]).filter(contract.isCallDef) : []));

const NASTY: unknown[] = [
  null,
  -1,
  1e308,
  -Number.MAX_SAFE_INTEGER * 4,
  '',
  'x'.repeat(100_000),
  "' OR 1=1 --",
  "'; DROP TABLE persons; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000\uffff',
  [],
  {},
  { $ne: null },
  true,
];

function fieldsOf(call: CallDef, part: 'body' | 'query' | 'params'): string[] {
  const schema = call[part] as { shape?: Record<string, unknown> } | undefined;
  return schema?.shape ? Object.keys(schema.shape) : ['x'];
}

const DEEP = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const BOUNDARY = '----fuzz';

/** Bodies no parser can take as they are: each must be refused with a 4xx, whatever the call. */
function malformedBodies(call: CallDef): Record<string, { type: string; payload: string }> {
  const field = call.upload?.field ?? fieldsOf(call, 'body')[0] ?? 'x';
  const filePart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`;
  return {
    'broken JSON': { type: 'application/json', payload: '{"a":' },
    'JSON nested 10,000 deep': { type: 'application/json', payload: DEEP },
    'one field nested 10,000 deep': { type: 'application/json', payload: `{"${field}":${DEEP}}` },
    'JSON over the body limit': { type: 'application/json', payload: JSON.stringify({ [field]: 'x'.repeat(1024 * 1024) }) },
    'multipart without a boundary': { type: 'multipart/form-data', payload: filePart },
    'multipart cut off before its closing boundary': { type: `multipart/form-data; boundary=${BOUNDARY}`, payload: filePart },
  };
}

let t: TestApp;
const OPERATOR_TOKEN = 'fuzz-operator-token-0123456789abcdefghij';
let token: string;
let fingerprint: () => Promise<string>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', OPERATOR_TOKEN });
  token = await t.login('13800000001');
  fingerprint = async () => {
    const r = await t.db.execute(sql`select md5(coalesce((select string_agg(p::text, ',' order by person_id) from persons p), '') || coalesce((select string_agg(c::text, ',' order by person_id) from credentials c), '')) as h`);
    return String((r as unknown as { rows: { h: string }[] }).rows[0]?.h);
  };
});
afterAll(() => t.close());

describe('fuzz: every call, malformed input', () => {
  it(`covers ${calls.length} calls without a 5xx or a change to people`, async () => {
    expect(calls.length).toBeGreaterThan(15);
    const before = await fingerprint();
    const failures: string[] = [];
    for (const call of calls) {
      // Operator calls are fuzzed with the operator's token as well, so their input is reached too.
      for (const who of call.auth === 'operator' ? [null, token, `Bearer ${OPERATOR_TOKEN}`] : [null, token]) {
        for (const value of NASTY) {
          const params = Object.fromEntries(fieldsOf(call, 'params').map((k) => [k, typeof value === 'string' ? value.slice(0, 200) : String(value)]));
          const base = contract.urlOf(call, PRODUCT, call.params ? params : undefined);
          const query = call.query ? `?${new URLSearchParams(fieldsOf(call, 'query').map((k) => [k, typeof value === 'string' ? value.slice(0, 2000) : JSON.stringify(value)]))}` : '';
          const body = Object.fromEntries(fieldsOf(call, 'body').map((k) => [k, value]));
          const res = await t.app.inject({
            method: call.method,
            url: base + query,
            headers: { 'content-type': 'application/json', ...(who ? { authorization: who } : {}) },
            ...(call.method === 'GET' ? {} : { payload: JSON.stringify(body) }),
          });
          if (res.statusCode >= 500) failures.push(`${call.name} ${JSON.stringify(value)?.slice(0, 40)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        if (call.method !== 'GET') {
          for (const [what, { type, payload }] of Object.entries(malformedBodies(call))) {
            const res = await t.app.inject({ method: call.method, url: contract.urlOf(call, PRODUCT, {}), headers: { 'content-type': type, ...(who ? { authorization: who } : {}) }, payload });
            if (res.statusCode >= 500) failures.push(`${call.name} ${what} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toBe(before);
  }, 300_000);
});
