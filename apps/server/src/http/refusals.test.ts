/**
 * Refusals are refusals. Over every call of the contract: a call that needs a session or the operator
 * token, made without one (or with a bad one) and with malformed input, is refused as a caller without
 * the right (401; an operator call 401/403 as the operator check says), never with the input's rule
 * (400). And every file call refuses with its HTTP status and the JSON envelope's message, never a 200
 * the client would save as the file. New calls are covered as they are added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import * as contract from '@portal/contract';
import { MSG, type CallDef } from '@portal/contract';
import { buildApp } from '../app.ts';
import { certificates, classMembers, persons, teacherClasses, workFiles, works } from '../db/schema/index.ts';
import { createTestApp, DEMO_PASSWORDS, PRODUCT, type TestApp } from '../test/harness.ts';
import { TEACHER_MSG } from '../modules/teacher/service.ts';
import { CERTIFICATE_MSG } from '../modules/certificate/service.ts';

const calls: CallDef[] = [
  ...new Set(Object.values(contract).flatMap((ns) => (typeof ns === 'object' && ns !== null ? (Object.values(ns) as unknown[]).filter(contract.isCallDef) : []))),
];
const fieldsOf = (schema: unknown): string[] => Object.keys((schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

/** Input no schema takes (a NUL in every field, PostgreSQL text cannot hold it) and bodies no parser takes. */
function malformed(call: CallDef): { what: string; req: InjectOptions }[] {
  const NUL = 'a\u0000b';
  const params = Object.fromEntries(fieldsOf(call.params).map((k) => [k, NUL]));
  const query = fieldsOf(call.query).length ? `?${new URLSearchParams(fieldsOf(call.query).map((k) => [k, NUL]))}` : '';
  const url = contract.urlOf(call, PRODUCT, call.params ? params : undefined) + query;
  const out: { what: string; req: InjectOptions }[] = [{ what: 'fields with NUL', req: { method: call.method, url } }];
  if (call.method !== 'GET') {
    const json = { 'content-type': 'application/json' };
    out[0]!.req = { ...out[0]!.req, headers: json, payload: JSON.stringify(Object.fromEntries((fieldsOf(call.body).length ? fieldsOf(call.body) : ['x']).map((k) => [k, NUL]))) };
    out.push({ what: 'broken JSON', req: { method: call.method, url, headers: json, payload: '{"a":' } });
    out.push({ what: 'JSON over the body limit', req: { method: call.method, url, headers: json, payload: JSON.stringify({ x: 'x'.repeat(1024 * 1024) }) } });
  }
  return out;
}

const OPERATOR_TOKEN = 'refusals-operator-token-0123456789abcdef';
let t: TestApp;
/** The same app and database with no OPERATOR_TOKEN configured: operator calls closed to all. */
let closed: FastifyInstance;
let learner: string;
let outsider: string;
let teacher: string;
let otherTeacher: string;
let classId: number;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN });
  closed = await buildApp({ config: { ...t.config, OPERATOR_TOKEN: undefined }, db: t.db, logger: false });
  await closed.ready();
  [learner, outsider, teacher, otherTeacher] = await Promise.all([
    t.login('13800000001'),
    t.login('13800000005'),
    t.login('13800000004', DEMO_PASSWORDS.teacher),
    t.login('13700000001', DEMO_PASSWORDS.teacher),
  ]);
  // A class of the demo teacher that 13800000001 is in.
  const [cls] = await t.db
    .select({ id: teacherClasses.id })
    .from(teacherClasses)
    .innerJoin(classMembers, eq(classMembers.classId, teacherClasses.id))
    .innerJoin(persons, eq(persons.personId, classMembers.personId))
    .where(eq(persons.mobile, '13800000001'))
    .limit(1);
  classId = cls!.id;
});
afterAll(async () => {
  await closed.close();
  await t.close();
});

describe('a caller without the right is refused before the input is looked at', () => {
  const guarded = calls.filter((c) => c.auth === 'required' || c.auth === 'operator');

  it(`every call needing a session (${calls.filter((c) => c.auth === 'required').length} calls): 401 with no token or a bad one, whatever the input`, async () => {
    expect(guarded.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const call of guarded.filter((c) => c.auth === 'required')) {
      for (const { what, req } of malformed(call)) {
        for (const token of [null, 'x'.repeat(40), 'short']) {
          const res = await t.app.inject({ ...req, headers: { ...req.headers, ...(token ? { authorization: token } : {}) } });
          const body = res.json() as Record<string, unknown>;
          const message = body.message ?? body.resMsg;
          if (res.statusCode !== 401 || message !== MSG.sessionExpired) wrong.push(`${call.name} (${what}, token ${token?.slice(0, 5)}) → ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('the same input with a valid session is refused as malformed (400), so the 401s above are about the session', async () => {
    const not400: string[] = [];
    for (const call of guarded.filter((c) => c.auth === 'required' && !c.upload && (c.params || c.query || c.body))) {
      const [first] = malformed(call);
      const res = await t.app.inject({ ...first!.req, headers: { ...first!.req.headers, authorization: learner } });
      if (res.statusCode !== 400) not400.push(`${call.name} → ${res.statusCode}`);
    }
    expect(not400).toEqual([]);
 }, 120_000);

  it('every operator call: 401 with no token, a wrong one or a portal session; 403 while none is configured; 400 only for the operator', async () => {
    const operatorCalls = guarded.filter((c) => c.auth === 'operator');
    expect(operatorCalls.length).toBeGreaterThanOrEqual(3);
    const wrong: string[] = [];
    for (const call of operatorCalls) {
      for (const { what, req } of malformed(call)) {
        for (const token of [null, 'Bearer not-the-operator-token-0123456789', learner, `Bearer ${learner}`]) {
          const res = await t.app.inject({ ...req, headers: { ...req.headers, ...(token ? { authorization: token } : {}) } });
          if (res.statusCode !== 401 || (res.json() as { message?: string }).message !== MSG.operatorTokenWrong) wrong.push(`${call.name} (${what}) → ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
        for (const token of [null, `Bearer ${OPERATOR_TOKEN}`]) {
          const res = await closed.inject({ ...req, headers: { ...req.headers, ...(token ? { authorization: token } : {}) } });
          if (res.statusCode !== 403 || (res.json() as { message?: string }).message !== MSG.operatorDisabled) wrong.push(`${call.name} (${what}, not configured) → ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
      if (call.params || call.query || call.body) {
        const [first] = malformed(call);
        const res = await t.app.inject({ ...first!.req, headers: { ...first!.req.headers, authorization: `Bearer ${OPERATOR_TOKEN}` } });
        if (res.statusCode !== 400) wrong.push(`${call.name} (operator, malformed) → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
 }, 120_000);

  it('teacher/updatePerson and grantWorkExtension: a visitor with a body against the rules is told to log in, not the rule', async () => {
    for (const call of [contract.teacher.updatePerson, contract.work.grantWorkExtension]) {
      const res = await t.call(call, { body: { classId: 'x', personName: '' } });
      expect(res.status, call.name).toBe(401);
      expect(res.json, call.name).toMatchObject({ res: false, resMsg: MSG.sessionExpired });
      expect(res.json.field, call.name).toBeUndefined();
    }
  });
});

describe('a file call refuses with its HTTP status and the envelope, never a 200', () => {
  /** Who is refused each file call that needs a session, with what status and message, besides a visitor (401). */
  type Case = { token: () => string; status: number; message: string };
  let input: Record<string, () => Promise<Record<string, string | number>>>;
  let refused: Record<string, Case[]>;
  beforeAll(() => {
    const classCases: Case[] = [
      { token: () => learner, status: 403, message: TEACHER_MSG.notTeacher },
      { token: () => otherTeacher, status: 403, message: TEACHER_MSG.notYourClass },
    ];
    input = {
      exportClassPersonStudy: async () => ({ classId }),
      directoriesExport: async () => ({ classId }),
      classCertificatesPdf: async () => ({ classId }),
      workExport: async () => ({ classId, workId: await aWork() }),
      certificatePdf: async () => ({ certNo: await aCertificateOf('13800000001') }),
      downloadWorkFile: async () => ({ fileId: await aFileOf('13800000001') }),
      exportNotes: async () => ({ courseId: 99_999_999 }),
      exportLearningHistory: async () => ({}),
    };
    refused = {
      exportClassPersonStudy: classCases,
      directoriesExport: classCases,
      classCertificatesPdf: classCases,
      workExport: classCases,
      // Another person's certificate or file is not found (404): nobody learns it exists.
      certificatePdf: [{ token: () => outsider, status: 404, message: CERTIFICATE_MSG.notFound }],
      downloadWorkFile: [
        { token: () => outsider, status: 404, message: contract.work.WORK_MSG.fileNotFound },
        { token: () => otherTeacher, status: 404, message: contract.work.WORK_MSG.fileNotFound },
      ],
      exportNotes: [{ token: () => learner, status: 404, message: MSG.notFound }],
      // One's own learning history: nobody but a visitor is refused.
      exportLearningHistory: [],
    };
  });
  async function aWork() {
    const [w] = await t.db
      .insert(works)
      .values({ classId, kind: 'homework', title: '导出测试作业', requirement: '谈谈体会', dueAt: new Date(Date.now() + 86_400_000) })
      .returning({ id: works.id });
    return w!.id;
  }
  async function aCertificateOf(mobile: string) {
    const [c] = await t.db.select({ certNo: certificates.certNo }).from(certificates).innerJoin(persons, eq(persons.personId, certificates.personId)).where(eq(persons.mobile, mobile)).limit(1);
    return c!.certNo;
  }
  async function aFileOf(mobile: string) {
    const [p] = await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, mobile));
    const [f] = await t.db
      .insert(workFiles)
      .values({ workId: await aWork(), personId: p!.id, kind: 'file', name: '心得.pdf', type: 'pdf', size: 10, storageKey: `works/${p!.id}/none.pdf` })
      .returning({ id: workFiles.id });
    return f!.id;
  }

  const fileCalls = calls.filter((c) => c.binary && c.auth === 'required');

  it('every file call needing a session is listed here', () => {
    expect(fileCalls.length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(refused).sort()).toEqual(fileCalls.map((c) => c.name).sort());
  });

  for (const name of ['exportClassPersonStudy', 'directoriesExport', 'classCertificatesPdf', 'workExport', 'certificatePdf', 'downloadWorkFile', 'exportNotes', 'exportLearningHistory']) {
    it(`${name}: a visitor 401, anybody without the right their status, each with the message in JSON`, async () => {
      const call = fileCalls.find((c) => c.name === name)!;
      const query = await input[name]!();
      const send = (token: string | null) => t.call(call, { query, token });
      const visitor = await send(null);
      expect(visitor).toEqual({ status: 401, json: { message: MSG.sessionExpired } });
      for (const c of refused[name]!) {
        const res = await send(c.token());
        expect(res, name).toEqual({ status: c.status, json: { message: c.message } });
      }
    });
  }

  it('a refused file call answers JSON, not the file type', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${contract.urlOf(contract.teacher.exportClassPersonStudy, PRODUCT)}?classId=${classId}`, headers: { authorization: otherTeacher } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('a teacher of the class still gets the file', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${contract.urlOf(contract.teacher.exportClassPersonStudy, PRODUCT)}?classId=${classId}`, headers: { authorization: teacher } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheet');
  });
});
