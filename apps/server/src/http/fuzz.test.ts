/**
 * Sends malformed input to every call of the contract (wrong types, huge strings, negative and huge
 * numbers, SQL and script fragments; broken, deeply nested and oversized JSON; multipart bodies without
 * a boundary or cut off) as a visitor and as a logged-in learner, and asserts no 5xx and no change to
 * people or credentials. New calls are covered as they are added.
 *
 * Then, one parameter at a time (path, query and body, nested fields too) with every other parameter
 * valid, as the caller the call is for (an administrator of its first role, the teacher, the learner,
 * the operator), so the value reaches the handler and the database: a number just past PostgreSQL's
 * integer, -1, 1e20 and a string with a NUL byte. Still no 5xx, no dropped export, no change to people.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import * as contract from '@portal/contract';
import type { AdminRole, CallDef } from '@portal/contract';
import { createTestApp, DEMO_ADMINS, DEMO_PASSWORDS, PRODUCT, type TestApp } from '../test/harness.ts';

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

/** Values a field of each kind takes, tried in turn: the first its schema accepts is its valid value. */
const CANDIDATES: unknown[] = [1, 'a', true, '2026-01-01', '2026-01-01T00:00:00.000Z', '13800000001', 'Abc@12345', 'https://example.com/a.png', '测试', 2026, 0, ['a'], {}];

type Part = 'params' | 'query' | 'body';
/** A valid value for `schema` (undefined when none of the candidates fits); a query's and a path's values are strings. */
function sampleOf(schema: z.ZodType, part: Part): unknown {
  if (schema instanceof z.ZodObject) {
    return Object.fromEntries(Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, f]) => [k, sampleOf(f, part)]));
  }
  if (part === 'body' && schema instanceof z.ZodArray) {
    const item = sampleOf(schema.element as z.ZodType, part);
    return item === undefined ? [] : [item];
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) return sampleOf(schema.unwrap() as z.ZodType, part);
  for (const c of CANDIDATES) {
    const v = part === 'body' ? c : typeof c === 'object' ? undefined : String(c);
    if (v !== undefined && schema.safeParse(v).success) return v;
  }
  return undefined;
}

/** The paths of a sample's leaves (array items and object fields), each a place for a bad value. */
function leavesOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length ? value.flatMap((v, i) => leavesOf(v, [...path, i])) : [path];
  if (value && typeof value === 'object' && Object.keys(value).length) return Object.entries(value).flatMap(([k, v]) => leavesOf(v, [...path, k]));
  return [path];
}

function withValue(sample: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const copy = (Array.isArray(sample) ? [...sample] : { ...(sample as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  copy[head] = withValue(copy[head], rest, value);
  return copy;
}

/** Past PostgreSQL's integer, negative, past every integer type, and text PostgreSQL cannot hold. */
const OUT_OF_RANGE: unknown[] = [2147483648, -1, 1e20, 'a\u0000b'];
const asText = (v: unknown) => (typeof v === 'number' ? (v === 1e20 ? '100000000000000000000' : String(v)) : String(v));

/** The name of each call's module (`teacher`, `adminPeople`...), to call a teacher's calls as the teacher. */
const groupOf = new Map<CallDef, string>(Object.entries(contract).flatMap(([g, ns]) => (typeof ns === 'object' && ns !== null ? (Object.values(ns) as unknown[]).filter(contract.isCallDef).map((c) => [c, g] as const) : [])));

describe('fuzz: every parameter of every call, out of range, as the caller it is for', () => {
  it('answers no 5xx and changes no person', async () => {
    const before = await fingerprint();
    const adminTokens = new Map<AdminRole, string>();
    for (const role of Object.keys(DEMO_ADMINS) as AdminRole[]) adminTokens.set(role, `Bearer ${await t.adminLogin(DEMO_ADMINS[role])}`);
    const learner = await t.login('13800000001');
    const teacher = await t.login('13800000004', DEMO_PASSWORDS.teacher);
    const callerOf = (call: CallDef): string | null => {
      if (call.auth === 'admin') return adminTokens.get(call.roles?.[0] ?? 'system') ?? null;
      if (call.auth === 'operator') return `Bearer ${OPERATOR_TOKEN}`;
      if (call.auth === 'none') return null;
      return groupOf.get(call) === 'teacher' ? teacher : learner;
    };
    const failures: string[] = [];
    let sent = 0;
    for (const call of calls) {
      if (call.name.startsWith('dev')) continue;
      const who = callerOf(call);
      const samples = { params: call.params ? sampleOf(call.params, 'params') : {}, query: call.query ? sampleOf(call.query, 'query') : {}, body: call.body && !call.upload ? sampleOf(call.body, 'body') : undefined };
      for (const part of ['params', 'query', 'body'] as const) {
        if (!call[part] || (part === 'body' && call.upload)) continue;
        for (const path of leavesOf(samples[part])) {
          if (!path.length) continue;
          for (const value of OUT_OF_RANGE) {
            const input = { ...samples, [part]: withValue(samples[part], path, part === 'body' ? value : asText(value)) } as { params: Record<string, string>; query: Record<string, string>; body: unknown };
            const query = Object.entries(input.query ?? {}).filter(([, v]) => v !== undefined);
            const url = contract.urlOf(call, PRODUCT, call.params ? input.params : undefined) + (query.length ? `?${new URLSearchParams(query)}` : '');
            const where = `${call.name} ${part}.${path.join('.')}=${JSON.stringify(value)}`;
            sent++;
            try {
              const res = await t.app.inject({
                method: call.method,
                url,
                headers: { 'content-type': 'application/json', ...(who ? { authorization: who } : {}) },
                ...(call.method === 'GET' ? {} : { payload: JSON.stringify(input.body ?? {}) }),
              });
              if (res.statusCode >= 500) failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 120)}`);
              // An export's failure once the workbook has started shows only as a file cut short.
              const zip = res.rawPayload;
              if (res.statusCode === 200 && String(res.headers['content-type']).includes('spreadsheet') && zip.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1')) < 0) failures.push(`${where} → 200 with a cut-off workbook`);
            } catch (err) {
              failures.push(`${where} → connection dropped: ${String(err).slice(0, 120)}`);
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(400);
    expect(failures).toEqual([]);
    expect(await fingerprint()).toBe(before);
  }, 300_000);
});
