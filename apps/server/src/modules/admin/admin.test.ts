/**
 * The administration area's door: two factors every time, roles checked on the server for
 * every administrative call, 30 minutes idle, and the audit log and operations behind their roles.
 * Written as a script talking to the API directly would try it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { admin as A, dev, isCallDef, UC_CODE, type CallDef } from '@portal/contract';
import * as contract from '@portal/contract';
import { adminRoles, auditLog, persons, sessions } from '../../db/schema/index.ts';
import { createTestApp, DEMO_ADMINS, DEMO_PASSWORDS, type TestApp } from '../../test/harness.ts';
import { makePlatform } from '../platform/service.ts';
import { createSystemAdmin } from './bootstrap.ts';

let t: TestApp;
const tokens: Partial<Record<keyof typeof DEMO_ADMINS | 'learner' | 'teacher', string>> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const [role, mobile] of Object.entries(DEMO_ADMINS)) tokens[role as keyof typeof DEMO_ADMINS] = await t.adminLogin(mobile);
  tokens.learner = await t.login('13800000001');
  tokens.teacher = await t.login('13800000004', DEMO_PASSWORDS.teacher);
});
afterAll(() => t.close());

const passwordStep = async (mobile: string, password: string, ip = '10.0.0.9') => {
  const c = await t.captcha(ip);
  return t.call(A.adminLogin, { body: { captcha_session_id: c.id, captcha: c.answer, username: mobile, password }, ip });
};

describe('logging in', () => {
  it('takes the password and then the SMS code sent to the administrator, and answers their roles', async () => {
    const me = await t.call(A.adminMe, { token: tokens.content! });
    expect(me.json).toMatchObject({ code: 0, data: { personName: '孙晓丽', mobile: '138****0007', roles: ['content'], idleSeconds: 1800 } });
  });

  it('refuses a person without an administrative role after the password, and sends no code', async () => {
    await t.db.execute(sql`delete from sms_codes where phone = '13800000005'`);
    const r = await passwordStep('13800000005', DEMO_PASSWORDS.learner);
    expect(r.json).toMatchObject({ code: UC_CODE.forbidden, message: A.ADMIN_MSG.notAdmin });
    expect((await t.call(dev.devSms, { query: { phone: '13800000005' } })).status).toBe(404);
  });

  it('a wrong password is a failure like any login (counted, audited), and no code goes out', async () => {
    const r = await passwordStep(DEMO_ADMINS.auditor, 'Wrong@2026x');
    expect(r.json.code).toBe(UC_CODE.badCredentials);
    expect(String(r.json.message)).toMatch(/再错4次/);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.event, 'adminLogin')).orderBy(sql`id desc`).limit(1);
    expect(row).toMatchObject({ outcome: 'failure', target: DEMO_ADMINS.auditor });
  });

  it('the password alone opens nothing: an SMS code from the public login path cannot complete a challenge', async () => {
    const { id, code } = await t.smsCode('13800000001');
    const r = await t.call(A.adminVerify, { body: { challenge: id, code } });
    expect(r.json).toMatchObject({ code: UC_CODE.smsCodeExpired, message: A.ADMIN_MSG.challengeExpired });
  });

  it('five wrong codes lock the account for everyone, as five wrong passwords do', async () => {
    // A training administrator made for this test (the demo ones are logged in above).
    const [p] = await t.db.insert(persons).values({ personNo: 'A-LOCK', personName: '郑磊', mobile: '13800000098' }).returning();
    await t.db.execute(sql`insert into credentials (person_id, password_hash) select ${p!.personId}, password_hash from credentials where person_id = (select person_id from persons where mobile = ${DEMO_ADMINS.training})`);
    await t.db.insert(adminRoles).values({ personId: p!.personId, role: 'training' });
    const first = await passwordStep('13800000098', DEMO_PASSWORDS.admin);
    const challenge = (first.json.data as { challenge: string }).challenge;
    const codes: unknown[] = [];
    for (let i = 0; i < 5; i++) codes.push((await t.call(A.adminVerify, { body: { challenge, code: '000000' } })).json.code);
    expect(codes.slice(0, 4)).toEqual(Array(4).fill(UC_CODE.smsCodeWrong));
    expect(codes[4]).toBe(UC_CODE.locked);
    const again = await passwordStep('13800000098', DEMO_PASSWORDS.admin);
    expect(again.json.code).toBe(UC_CODE.locked);
  });

  it('a challenge completes once', async () => {
    const [p] = await t.db.insert(persons).values({ personNo: 'A-ONCE', personName: '钱芳', mobile: '13800000097' }).returning();
    await t.db.execute(sql`insert into credentials (person_id, password_hash) select ${p!.personId}, password_hash from credentials where person_id = (select person_id from persons where mobile = ${DEMO_ADMINS.training})`);
    await t.db.insert(adminRoles).values({ personId: p!.personId, role: 'auditor' });
    const first = await passwordStep('13800000097', DEMO_PASSWORDS.admin);
    const challenge = (first.json.data as { challenge: string }).challenge;
    const code = (await t.call(dev.devSms, { query: { phone: '13800000097' } })).json.code as string;
    expect((await t.call(A.adminVerify, { body: { challenge, code } })).json.code).toBe(0);
    expect((await t.call(A.adminVerify, { body: { challenge, code } })).json.code).toBe(UC_CODE.smsCodeExpired);
  });
});

/** Every administrative call of the contract, with input that passes its schema. */
const adminCalls = Object.values(contract)
  .flatMap((m) => (typeof m === 'object' && m !== null ? Object.values(m) : []))
  .filter((c): c is CallDef => isCallDef(c) && c.auth === 'admin');

describe('every administrative call checks who calls', () => {
  it('is refused 401 with no token, a learner’s or a teacher’s session, and 403 for a role it does not list', async () => {
    expect(adminCalls.length).toBeGreaterThanOrEqual(6);
    for (const c of adminCalls) {
      const params = Object.fromEntries([...c.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, '1']));
      for (const token of [null, tokens.learner!, tokens.teacher!]) {
        const r = await t.call(c, { token, params, body: c.method === 'GET' ? undefined : {} });
        expect(r.status, `${c.name} with ${token ? 'a portal session' : 'no token'}`).toBe(401);
      }
      for (const [role, token] of Object.entries(tokens)) {
        if (role === 'learner' || role === 'teacher') continue;
        if (c.roles?.includes(role as contract.AdminRole)) continue;
        const r = await t.call(c, { token, params, body: c.method === 'GET' ? undefined : {} });
        expect(r.status, `${c.name} as ${role}`).toBe(403);
      }
    }
  });

  it('an administrator’s password login on the portal does not open the area', async () => {
    const portal = await t.login(DEMO_ADMINS.system, DEMO_PASSWORDS.admin);
    expect((await t.call(A.adminMe, { token: portal })).status).toBe(401);
  });

  it('a role taken away counts at once; the session ends after 30 minutes without a call', async () => {
    const auditorId = (await t.db.select().from(persons).where(eq(persons.mobile, DEMO_ADMINS.auditor)))[0]!.personId;
    expect((await t.call(A.adminAuditList, { token: tokens.auditor! })).json.code).toBe(0);
    await t.db.delete(adminRoles).where(eq(adminRoles.personId, auditorId));
    expect((await t.call(A.adminAuditList, { token: tokens.auditor! })).status).toBe(403);
    await t.db.insert(adminRoles).values({ personId: auditorId, role: 'auditor' });
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) }).where(eq(sessions.personId, auditorId));
    expect((await t.call(A.adminMe, { token: tokens.auditor! })).status).toBe(200);
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) }).where(eq(sessions.personId, auditorId));
    expect((await t.call(A.adminMe, { token: tokens.auditor! })).status).toBe(401);
    tokens.auditor = undefined;
  });
});

describe('the audit log', () => {
  it('is searched by name, event and outcome, and the export holds exactly what the list pages through', async () => {
    const q = { person: '张伟', event: 'login', outcome: 'success' as const };
    const r = await t.call(A.adminAuditList, { token: tokens.system!, query: { ...q, pageSize: 100 } });
    const page = r.json.data as { list: { personName: string; event: string; outcome: string }[]; total: number; retentionDays: number };
    expect(page.total).toBeGreaterThan(0);
    expect(page.retentionDays).toBe(365);
    expect(page.list.every((e) => e.personName === '张伟' && e.event === 'login' && e.outcome === 'success')).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: `/v1/admin/audit/export?${new URLSearchParams(q)}`, headers: { authorization: tokens.system! } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename\*=UTF-8''%E5%AE%A1%E8%AE%A1/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount - 2).toBe(page.total);
  });

  it('refuses a date that does not exist and a reversed range with the field named', async () => {
    const bad = await t.call(A.adminAuditList, { token: tokens.system!, query: { from: '2026-02-30' } });
    expect(bad.status).toBe(400);
    const reversed = await t.call(A.adminAuditList, { token: tokens.system!, query: { from: '2026-06-01', to: '2026-05-01' } });
    expect(reversed.json).toMatchObject({ message: '开始时间应早于结束时间', field: 'from' });
  });
});

describe('operations', () => {
  it('shows readiness, version and the configuration with secrets hidden', async () => {
    const r = await t.call(A.adminOps, { token: tokens.system! });
    const data = r.json.data as { ready: boolean; version: string; config: { key: string; value: string }[] };
    expect(data.ready).toBe(true);
    expect(data.version).toMatch(/^\d+\.\d+\.\d+/);
    const value = (k: string) => data.config.find((c) => c.key === k)?.value;
    expect(value('SIGNING_SECRET')).toBe('已设置（已隐藏）');
    expect(value('AUDIT_RETENTION_DAYS')).toBe('365');
    expect(JSON.stringify(data)).not.toMatch(/development-signing-secret/);
  });

  it('立即备份 takes a backup and records who asked', async () => {
    const r = await t.call(A.adminBackupNow, { token: tokens.system! });
    expect(r.json.code).toBe(0);
    const ops = (await t.call(A.adminOps, { token: tokens.system! })).json.data as { backups: { dir: string }[] };
    expect(ops.backups.length).toBeGreaterThan(0);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.event, 'adminOps')).orderBy(sql`id desc`).limit(1);
    expect(row).toMatchObject({ outcome: 'success', target: 'backup' });
    expect(row!.detail).toMatchObject({ action: '立即备份' });
  });
});


describe('the first system administrator (npm run admin:create)', () => {
  it('creates a new person with the password and the role, or promotes an existing one; either can then log in to the area', async () => {
    const platform = makePlatform(t.db);
    const created = await createSystemAdmin(t.db, platform, { mobile: '13800000096', name: '冯建华', password: 'First@2026', from: 'command:test' });
    expect(created).toMatchObject({ created: true, personName: '冯建华' });
    const token = await t.adminLogin('13800000096', 'First@2026', '10.0.0.96');
    expect((await t.call(A.adminMe, { token })).json.data).toMatchObject({ personName: '冯建华', roles: ['system'] });

    const promoted = await createSystemAdmin(t.db, platform, { mobile: '13800000005', name: '陈静', password: 'Chen@20260', from: 'command:test' });
    expect(promoted).toMatchObject({ created: false, personName: '陈静' });
    const roles = await t.db.select().from(adminRoles).where(eq(adminRoles.personId, promoted.personId));
    expect(roles.map((r) => r.role)).toEqual(['system']);
    // Run twice, nothing doubles; each run is on the record.
    await createSystemAdmin(t.db, platform, { mobile: '13800000005', name: '陈静', password: 'Chen@20260', from: 'command:test' });
    expect((await t.db.select().from(adminRoles).where(eq(adminRoles.personId, promoted.personId))).length).toBe(1);
    const grants = await t.db.select().from(auditLog).where(eq(auditLog.event, 'adminGrant'));
    expect(grants.length).toBe(3);
  });
});
