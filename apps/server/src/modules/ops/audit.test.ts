/**
 * Audit retention: the operator call queries the log by person, event and time (only with the
 * operator token); the prune removes what is older than AUDIT_RETENTION_DAYS (at least 183), records
 * how many in an entry of its own, and runs once however many instances try at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auth, MSG, operator as O, urlOf } from '@portal/contract';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { auditLog } from '../../db/schema/index.ts';
import { createTestApp, PRODUCT, type TestApp } from '../../test/harness.ts';
import { makeAudit, parseBound, PRUNE_EVENT } from './audit.ts';

const OPERATOR_TOKEN = 'audit-operator-token-0123456789abcdefghij';
const bearer = `Bearer ${OPERATOR_TOKEN}`;
type Page = { list: O.AuditEntry[]; total: number };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN, AUDIT_RETENTION_DAYS: '183' });
});
afterAll(() => t.close());

const find = async (query: Record<string, string | number>, token: string | null = bearer) => t.call(O.findAuditLog, { query, token });
const page = (r: { json: { data?: unknown } }) => r.json.data as Page;

describe('configuration', () => {
  it('keeps the log at least six months: AUDIT_RETENTION_DAYS below 183 stops the start', () => {
    expect(loadConfig({}).AUDIT_RETENTION_DAYS).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '183' }).AUDIT_RETENTION_DAYS).toBe(183);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '182' })).toThrow(/AUDIT_RETENTION_DAYS: at least 183 days/);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '一年' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it("a date is that day in the college's time zone; an instant keeps its offset", () => {
    expect(parseBound('2026-05-01', 'Asia/Shanghai', false)?.toISOString()).toBe('2026-04-30T16:00:00.000Z');
    expect(parseBound('2026-05-31', 'Asia/Shanghai', true)?.toISOString()).toBe('2026-05-31T16:00:00.000Z');
    expect(parseBound('2026-05-01T08:00:00+08:00', 'Asia/Shanghai', false)?.toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(parseBound('2026-02-30', 'Asia/Shanghai', false)).toBeNull();
  });
});

describe('findAuditLog (operator call)', () => {
  it('is closed to portal people and to a wrong token', async () => {
    const learner = await t.login('13800000001');
    expect((await find({}, learner)).status).toBe(401);
    expect((await find({}, null)).status).toBe(401);
    expect((await find({}, 'Bearer audit-operator-token-0123456789abcdefghiX')).status).toBe(401);
    // A server without OPERATOR_TOKEN (on the same database) opens the call to nobody.
    const closed = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.DATA_DIR, WEB_DIST: '/nonexistent' }), db: t.db, logger: false });
    try {
      const r = await closed.inject({ method: 'GET', url: urlOf(O.findAuditLog, PRODUCT), headers: { authorization: bearer } });
      expect(r.statusCode).toBe(403);
      expect(r.json()).toMatchObject({ message: MSG.operatorDisabled });
    } finally {
      await closed.close();
    }
  });

  it('finds entries by person (mobile, person number, id), event and time, newest first', async () => {
    await t.login('13800000005');
    await t.login('13800000001');
    // A failed login to a number nobody has is found by that number.
    const c = await t.captcha();
    await t.call(auth.usernameLogin, {
      body: { captcha_session_id: c.id, captcha: c.answer, username: '13900000000', password: 'Wrong@2026', expires: 604800 },
    });

    const byMobile = page(await find({ person: '13800000001', event: 'login' }));
    expect(byMobile.total).toBeGreaterThanOrEqual(2);
    expect(new Set(byMobile.list.map((e) => e.personName))).toEqual(new Set(['张伟']));
    expect(byMobile.list.every((e) => e.event === 'login' && e.personNo === 'S20260001')).toBe(true);
    const ats = byMobile.list.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);

    const byNo = page(await find({ person: 'S20260001', event: 'login' }));
    expect(byNo.total).toBe(byMobile.total);
    const byId = page(await find({ person: String(byMobile.list[0]!.personId), event: 'login' }));
    expect(byId.total).toBe(byMobile.total);

    const unknown = page(await find({ person: '13900000000' }));
    expect(unknown.total).toBe(1);
    expect(unknown.list[0]).toMatchObject({ personId: null, event: 'login', outcome: 'failure', target: '13900000000' });

    // Time: nothing tomorrow, everything today; paging.
    const today = new Date().toISOString();
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    expect(page(await find({ person: '13800000001', from: tomorrow })).total).toBe(0);
    const all = page(await find({ person: '13800000001', to: tomorrow, pageSize: 1 }));
    expect(all.list).toHaveLength(1);
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(page(await find({ person: '13800000001', from: today.slice(0, 10) })).total).toBe(all.total);
  });

  it('refuses bad bounds in Chinese, naming the field', async () => {
    expect((await find({ from: '2026/05/01' })).json).toMatchObject({ code: 400, field: 'from', message: '开始时间格式应为 2026-05-01 或 2026-05-01T08:00:00+08:00' });
    expect((await find({ to: '2026-02-30' })).json).toMatchObject({ code: 400, field: 'to', message: O.OPERATOR_MSG.noSuchDate });
    expect((await find({ from: '2026-06-01', to: '2026-05-01' })).json).toMatchObject({ code: 400, message: O.OPERATOR_MSG.rangeReversed });
    expect((await find({ event: "login' or 1=1" })).status).toBe(400);
  });
});

describe('retention prune', () => {
  const old = (days: number, event: string) => ({ at: new Date(Date.now() - days * 86_400_000), ip: '10.0.0.9', event, outcome: 'success' as const, target: 'retention-test' });

  it('removes entries older than the retention, keeps the rest, and records how many', async () => {
    await t.db.insert(auditLog).values([old(400, 'login'), old(184, 'logout'), old(182, 'login'), old(10, 'login')]);
    const audit = makeAudit(t.db, { retentionDays: 183 });
    const r = await audit.prune(true);
    expect(r).toMatchObject({ ran: true });
    expect(r.removed).toBeGreaterThanOrEqual(2);
    const left = await t.db.select({ at: auditLog.at }).from(auditLog).where(eq(auditLog.target, 'retention-test'));
    expect(left).toHaveLength(2);
    expect(left.every((e) => e.at.getTime() > Date.now() - 183 * 86_400_000)).toBe(true);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.event, PRUNE_EVENT)).orderBy(sql`${auditLog.id} desc`).limit(1);
    expect(entry).toMatchObject({ personId: null, ip: 'scheduler', target: 'audit_log', outcome: 'success' });
    expect(entry!.detail).toMatchObject({ removed: r.removed, retentionDays: 183, cutoff: r.cutoff });
    // The prune's own entry is found like any other.
    expect(page(await find({ event: PRUNE_EVENT })).list[0]?.detail).toMatchObject({ removed: r.removed });
  });

  it('runs once a day however many instances try at once', async () => {
    await t.db.delete(auditLog).where(eq(auditLog.event, PRUNE_EVENT));
    await t.db.insert(auditLog).values([old(300, 'login'), old(250, 'login')]);
    // Four instances' timers firing together (each its own service on the shared database).
    const results = await Promise.all([1, 2, 3, 4].map(() => makeAudit(t.db, { retentionDays: 183 }).prune()));
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(results.find((r) => r.ran)?.removed).toBe(2);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.event, PRUNE_EVENT))).toHaveLength(1);
    // An hour later another timer fires: the day's prune is done.
    expect(await makeAudit(t.db, { retentionDays: 183 }).prune()).toEqual({ ran: false, removed: 0, cutoff: null });
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.event, PRUNE_EVENT)))).toHaveLength(1);
  });
});
