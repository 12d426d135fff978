/**
 * 人员与单位 through the API, as the administration pages use it: units as a tree, people
 * found and corrected with a version check, locked, their login lock lifted, their password reset by
 * SMS, roles changed by system administrators only, every change on the record with before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { admin as A, adminPeople as P, auth, isCallDef, person as PC, SESSION_EXPIRES_SECONDS, UC_CODE, MSG, PASSWORD_PATTERN, type AdminRole } from '@portal/contract';
import { adminRoles, auditLog, organs, persons, smsOutbox } from '../../db/schema/index.ts';
import { createTestApp, DEMO_ADMINS, DEMO_PASSWORDS, type TestApp } from '../../test/harness.ts';
import { diskStorage } from '../../integrations/storage.ts';
import { makePlatform } from '../platform/service.ts';
import { makeImporter } from '../import/service.ts';

let t: TestApp;
let system: string;
let training: string;
beforeAll(async () => {
  t = await createTestApp();
  system = await t.adminLogin(DEMO_ADMINS.system);
  training = await t.adminLogin(DEMO_ADMINS.training);
});
afterAll(() => t.close());

type Item = P.AdminPersonItem;
type Tree = { cities: { id: number; name: string; people: number; units: { id: number; name: string; people: number; version: number }[] }[]; withoutUnit: number };

const personOf = async (mobile: string) => (await t.db.select().from(persons).where(eq(persons.mobile, mobile)))[0]!;
const find = async (token: string, query: Record<string, string | number>) => (await t.call(P.adminPersonList, { token, query: { pageSize: 100, ...query } })).json.data as { list: Item[]; total: number };
const tree = async () => (await t.call(P.adminUnitTree, { token: training })).json.data as Tree;
const lastChange = async () => (await t.db.select().from(auditLog).where(eq(auditLog.event, 'adminPerson')).orderBy(desc(auditLog.id)).limit(1))[0]!;
/** A password login as the portal's login form makes it: the envelope, whatever the outcome. */
async function tryLogin(mobile: string, password: string) {
  const c = await t.captcha();
  return (await t.call(auth.usernameLogin, { body: { captcha_session_id: c.id, captcha: c.answer, username: mobile, password, expires: SESSION_EXPIRES_SECONDS } })).json;
}
const formOf = (p: Item) => ({ personName: p.personName, gender: p.gender, nationName: p.nationName, positionLevelId: p.positionLevelId ?? 1, unitId: p.unitId!, mobile: p.mobile, personNo: p.personNo, version: p.version });

describe('units', () => {
  it('are listed as cities with their units and the number of people in each', async () => {
    const data = await tree();
    expect(data.cities).toHaveLength(10);
    const taiyuan = data.cities.find((c) => c.name === '太原市')!;
    const finance = taiyuan.units.find((u) => u.name === '太原市财政局')!;
    const [n] = await t.db.select({ n: sql<number>`count(*)::int` }).from(persons).innerJoin(organs, eq(organs.id, persons.organId)).where(eq(organs.name, '太原市财政局'));
    expect(finance.people).toBe(n!.n);
    expect(taiyuan.people).toBe(taiyuan.units.reduce((s, u) => s + u.people, 0));
  });

  it('are created, renamed and moved to another city (with the version read), and deleted only when empty', async () => {
    const [taiyuan, datong] = (await tree()).cities;
    const created = await t.call(P.adminUnitCreate, { token: training, body: { cityId: taiyuan!.id, name: '太原市档案局' } });
    expect(created.json).toMatchObject({ code: 0, data: { name: '太原市档案局', people: 0, version: 0 } });
    const id = (created.json.data as { id: number }).id;
    const dup = await t.call(P.adminUnitCreate, { token: training, body: { cityId: datong!.id, name: '太原市档案局' } });
    expect(dup.json).toMatchObject({ message: P.PEOPLE_MSG.unitNameTaken });

    const moved = await t.call(P.adminUnitUpdate, { token: training, params: { id: String(id) }, body: { cityId: datong!.id, name: '大同市档案局', version: 0 } });
    expect(moved.json).toMatchObject({ code: 0, data: { cityId: datong!.id, name: '大同市档案局', version: 1 } });
    const stale = await t.call(P.adminUnitUpdate, { token: system, params: { id: String(id) }, body: { cityId: taiyuan!.id, name: '太原市档案馆', version: 0 } });
    expect(stale.json).toMatchObject({ code: 409, message: A.ADMIN_MSG.staleVersion });
    const change = await lastChange();
    expect(change).toMatchObject({ target: `unit:${id}`, detail: { action: '调整单位所属城市', before: { name: '太原市档案局', cityId: taiyuan!.id }, after: { name: '大同市档案局', cityId: datong!.id } } });

    const busy = (await tree()).cities.flatMap((c) => c.units).find((u) => u.name === '太原市财政局')!;
    const refused = await t.call(P.adminUnitDelete, { token: training, params: { id: String(busy.id) } });
    expect(refused.json).toMatchObject({ message: P.unitHasPeopleMessage(busy.people) });
    expect((await t.call(P.adminUnitDelete, { token: training, params: { id: String(id) } })).json.code).toBe(0);
    expect((await tree()).cities.flatMap((c) => c.units).some((u) => u.id === id)).toBe(false);
  });
});

describe('people', () => {
  it('are found by name, mobile, person number, unit and status, and the export holds what the list pages through', async () => {
    expect((await find(training, { keyword: '张伟' })).list.map((p) => p.mobile)).toContain('13800000001');
    expect((await find(training, { keyword: '13800000005' })).list).toMatchObject([{ personName: '陈静', unitName: '大同市教育局', cityName: '大同市', status: 'active' }]);
    expect((await find(training, { keyword: 'S20260001' })).list).toMatchObject([{ personName: '张伟' }]);
    const unit = (await tree()).cities.flatMap((c) => c.units).find((u) => u.name === '太原市财政局')!;
    const inUnit = await find(training, { unitId: unit.id });
    expect(inUnit.total).toBe(unit.people);
    expect(inUnit.list.every((p) => p.unitName === '太原市财政局')).toBe(true);
    expect((await find(system, { role: 'system' })).list.map((p) => p.mobile)).toEqual([DEMO_ADMINS.system]);

    const res = await t.app.inject({ method: 'GET', url: `/v1/admin/people/persons/export?unitId=${unit.id}`, headers: { authorization: training } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount - 2).toBe(unit.people);
  });

  it('an edit saved at an older version is refused: one administrator never silently overwrites another', async () => {
    const [p] = (await find(training, { keyword: '13800000005' })).list;
    const first = await t.call(P.adminPersonUpdate, { token: training, params: { id: String(p!.personId) }, body: { ...formOf(p!), nationName: '回族' } });
    expect(first.json).toMatchObject({ code: 0, data: { nationName: '回族', version: p!.version + 1 } });
    const second = await t.call(P.adminPersonUpdate, { token: system, params: { id: String(p!.personId) }, body: { ...formOf(p!), positionLevelId: 2 } });
    expect(second.json).toMatchObject({ code: 409, message: A.ADMIN_MSG.staleVersion });
    expect(await personOf('13800000005')).toMatchObject({ nationName: '回族', positionLevelId: p!.positionLevelId });
  });

  it('a mobile number or person number another person has is refused, naming who has it', async () => {
    const [p] = (await find(training, { keyword: '13800000005' })).list;
    const mobile = await t.call(P.adminPersonUpdate, { token: training, params: { id: String(p!.personId) }, body: { ...formOf(p!), mobile: '13800000001' } });
    expect(mobile.json).toMatchObject({ code: UC_CODE.invalid, message: '手机号13800000001已被人员编号S20260001使用' });
    const no = await t.call(P.adminPersonUpdate, { token: training, params: { id: String(p!.personId) }, body: { ...formOf(p!), personNo: 'S20260001' } });
    expect(no.json).toMatchObject({ message: '人员编号S20260001已被张伟使用' });
    const bad = await t.call(P.adminPersonUpdate, { token: training, params: { id: String(p!.personId) }, body: { ...formOf(p!), mobile: '1380000' } });
    expect(bad).toMatchObject({ status: 400, json: { message: MSG.phoneFormat, field: 'mobile' } });
  });

  it('a correction is on the record with the fields before and after, and the person logs in with the new number', async () => {
    const [p] = (await find(training, { keyword: '13800000005' })).list;
    const unit = (await tree()).cities.flatMap((c) => c.units).find((u) => u.name === '太原市财政局')!;
    const r = await t.call(P.adminPersonUpdate, { token: training, params: { id: String(p!.personId) }, body: { ...formOf(p!), mobile: '13800000055', unitId: unit.id } });
    expect(r.json).toMatchObject({ code: 0, data: { mobile: '13800000055', unitName: '太原市财政局' } });
    const change = await lastChange();
    expect(change).toMatchObject({
      target: `person:${p!.personNo}`,
      outcome: 'success',
      detail: { action: '修改人员信息', before: { mobile: '13800000005', organId: p!.unitId }, after: { mobile: '13800000055', organId: unit.id } },
    });
    expect(Object.keys((change.detail as { before: object }).before).sort()).toEqual(['mobile', 'organId']);
    const token = await t.login('13800000055');
    expect((await t.call(PC.getSessionPerson, { token })).json.obj).toMatchObject({ personName: '陈静', organName: '太原市财政局' });
  });

  it('a locked person’s sessions end at once and they cannot log in; unlocked, they log in again (the old sessions stay ended)', async () => {
    const token = await t.login('13800000001');
    const zhang = await personOf('13800000001');
    const locked = await t.call(P.adminPersonStatus, { token: training, params: { id: String(zhang.personId) }, body: { status: 'disabled' } });
    expect(locked.json).toMatchObject({ code: 0, data: { status: 'disabled' } });
    expect((await t.call(PC.getSessionPerson, { token })).status).toBe(401);
    expect(await tryLogin('13800000001', DEMO_PASSWORDS.learner)).toMatchObject({ code: UC_CODE.disabled, message: MSG.accountDisabled });
    expect(await lastChange()).toMatchObject({ target: 'person:S20260001', detail: { action: '锁定账号', before: { status: 'active' }, after: { status: 'disabled' } } });
    await t.call(P.adminPersonStatus, { token: training, params: { id: String(zhang.personId) }, body: { status: 'active' } });
    expect((await t.call(PC.getSessionPerson, { token })).status).toBe(401);
    expect((await tryLogin('13800000001', DEMO_PASSWORDS.learner)).code).toBe(0);
  });

  it('解除登录锁定 lifts the lock of five failed logins at once', async () => {
    for (let i = 0; i < 5; i++) await tryLogin('13800000002', 'Wrong@2026');
    expect((await tryLogin('13800000002', DEMO_PASSWORDS.learner)).code).toBe(UC_CODE.locked);
    const li = await personOf('13800000002');
    expect((await find(training, { keyword: '13800000002' })).list[0]!.loginLockedUntil).not.toBeNull();
    const r = await t.call(P.adminPersonUnlockLogin, { token: training, params: { id: String(li.personId) } });
    expect(r.json).toMatchObject({ code: 0, data: { loginLockedUntil: null } });
    expect((await tryLogin('13800000002', DEMO_PASSWORDS.learner)).code).toBe(0);
    expect((await t.call(P.adminPersonUnlockLogin, { token: training, params: { id: String(li.personId) } })).json).toMatchObject({ message: P.PEOPLE_MSG.notLocked });
  });

  it('a reset password goes to the person by SMS (the administrator never sees it), ends their sessions, and the old one stops working', async () => {
    const session = await t.login('13800000003');
    const wang = await personOf('13800000003');
    const r = await t.call(P.adminPersonResetPassword, { token: training, params: { id: String(wang.personId) } });
    expect(r.json).toMatchObject({ code: 0, data: { smsSent: true, password: null, mobile: '138****0003' } });
    expect(JSON.stringify(r.json)).not.toMatch(/重置为/);
    const [text] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13800000003')).orderBy(desc(smsOutbox.id)).limit(1);
    const password = /重置为 (\S+) ，/.exec(text!.content)![1]!;
    expect(password).toMatch(PASSWORD_PATTERN);
    expect((await t.call(PC.getSessionPerson, { token: session })).status).toBe(401);
    expect((await tryLogin('13800000003', DEMO_PASSWORDS.learner)).code).toBe(UC_CODE.badCredentials);
    expect((await tryLogin('13800000003', password)).code).toBe(0);
    const change = await lastChange();
    expect(change).toMatchObject({ target: 'person:T20260002', detail: { action: '重置密码', after: { smsSent: true } } });
    expect(JSON.stringify(change.detail)).not.toContain(password);
  });

  it('when the SMS cannot go out (the day’s notice cap reached), the administrator is shown the password once', async () => {
    const wang = await personOf('13800000003');
    await t.db.insert(smsOutbox).values(Array.from({ length: t.config.SMS_NOTICE_DAILY_CAP_PER_PHONE }, () => ({ phone: '13800000003', content: '通知', provider: 'outbox', status: 'sent' as const })));
    const r = await t.call(P.adminPersonResetPassword, { token: training, params: { id: String(wang.personId) } });
    const data = r.json.data as { smsSent: boolean; password: string; reason: string };
    expect(data).toMatchObject({ smsSent: false, reason: P.PEOPLE_MSG.smsCapped });
    expect((await tryLogin('13800000003', data.password)).code).toBe(0);
  });

  it('a training administrator cannot change an administrator’s account; a system administrator can', async () => {
    const admin = await personOf(DEMO_ADMINS.content);
    const r = await t.call(P.adminPersonResetPassword, { token: training, params: { id: String(admin.personId) } });
    expect(r.json).toMatchObject({ code: UC_CODE.forbidden, message: P.PEOPLE_MSG.adminNeedsSystem });
    const [item] = (await find(system, { keyword: DEMO_ADMINS.content })).list;
    const edit = await t.call(P.adminPersonUpdate, { token: training, params: { id: String(admin.personId) }, body: { ...formOf(item!), mobile: '13800000077' } });
    expect(edit.json.message).toBe(P.PEOPLE_MSG.adminNeedsSystem);
    expect((await t.call(P.adminPersonStatus, { token: system, params: { id: String(admin.personId) }, body: { status: 'active' } })).json.code).toBe(0);
    const me = await personOf(DEMO_ADMINS.system);
    expect((await t.call(P.adminPersonResetPassword, { token: system, params: { id: String(me.personId) } })).json.message).toBe(P.PEOPLE_MSG.resetSelf);
  });
});

describe('an import is an edit too', () => {
  it('a person updated by the people import since the drawer read them is not overwritten by its save', async () => {
    const [p] = (await find(training, { keyword: 'S20260001' })).list;
    const importer = makeImporter({ db: t.db, storage: diskStorage(path.join(t.config.DATA_DIR, 'uploads')), platform: makePlatform(t.db) });
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('人员');
    ws.addRow(['人员编号', '姓名', '手机号', '单位', '职级', '民族', '性别', '人员类型', '账号来源', '备注标记', '初始密码']);
    ws.addRow(['S20260001', '张伟', '13800000001', '太原市财政局', '四级调研员', '汉族', '男', '学员', '', '', '']);
    const r = await importer.run('people', Buffer.from(await book.xlsx.writeBuffer()), { actor: { personId: null, ip: 'command:test' } });
    expect(r.report.written).toBe(true);
    const save = await t.call(P.adminPersonUpdate, { token: training, params: { id: String(p!.personId) }, body: { ...formOf(p!), nationName: '回族' } });
    expect(save.json).toMatchObject({ code: 409, message: A.ADMIN_MSG.staleVersion });
    expect(await personOf('13800000001')).toMatchObject({ positionLevelName: '四级调研员', nationName: '汉族' });
  });
});

describe('roles', () => {
  const roleCall = (token: string, personId: number, role: AdminRole, held: boolean) => t.call(P.adminPersonRole, { token, params: { id: String(personId) }, body: { role, held } });

  it('nobody removes their own system role', async () => {
    const me = await personOf(DEMO_ADMINS.system);
    const r = await roleCall(system, me.personId, 'system', false);
    expect(r.json).toMatchObject({ message: A.ADMIN_MSG.lastSystemAdmin });
    expect((await t.call(A.adminMe, { token: system })).json.data).toMatchObject({ roles: ['system'] });
  });

  it('a role change counts at the person’s next call, and is on the record', async () => {
    const trainer = await personOf(DEMO_ADMINS.training);
    const removed = await roleCall(system, trainer.personId, 'training', false);
    expect(removed.json).toMatchObject({ code: 0, data: { roles: [] } });
    expect((await t.call(P.adminPersonList, { token: training })).status).toBe(403);
    expect(await lastChange()).toMatchObject({ target: 'person:A20260003', detail: { action: '移除培训管理员', before: { roles: ['training'] }, after: { roles: [] } } });
    await roleCall(system, trainer.personId, 'auditor', true);
    expect((await t.call(A.adminAuditList, { token: training })).status).toBe(200);
    await roleCall(system, trainer.personId, 'training', true);
    await roleCall(system, trainer.personId, 'auditor', false);
    expect((await t.call(P.adminPersonList, { token: training })).status).toBe(200);
  });

  it('the college keeps a system administrator: two removing each other at once cannot both succeed', async () => {
    // 陈静 (a learner) is made a system administrator and logs in to the area with her own password.
    const chen = await personOf('13800000055');
    await roleCall(system, chen.personId, 'system', true);
    const second = await t.adminLogin('13800000055', DEMO_PASSWORDS.learner);
    const first = await personOf(DEMO_ADMINS.system);
    const [a, b] = await Promise.all([roleCall(system, chen.personId, 'system', false), roleCall(second, first.personId, 'system', false)]);
    const outcomes = [a, b].map((r) => (r.status === 403 ? 'forbidden' : r.json.code === 0 ? 'done' : String(r.json.message)));
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'done')[0]).toMatch(new RegExp(`forbidden|${P.PEOPLE_MSG.lastSystemAdminOfCollege}`));
    const [left] = await t.db.select({ n: sql<number>`count(*)::int` }).from(adminRoles).where(eq(adminRoles.role, 'system'));
    expect(left!.n).toBe(1);
    // Whoever is left cannot lock themselves out either.
    const token = a.json.code === 0 ? system : second;
    const [survivor] = (await find(token, { role: 'system' })).list;
    expect((await t.call(P.adminPersonStatus, { token, params: { id: String(survivor!.personId) }, body: { status: 'disabled' } })).json.message).toBe(P.PEOPLE_MSG.lockSelf);
  });
});

describe('bad input', () => {
  it('every call of the section answers a 4xx or a refusal, never a 5xx, for malformed fields', async () => {
    const NASTY: unknown[] = [null, -1, 1e308, '', 'x'.repeat(10_000), "'; DROP TABLE persons; --", '<script>alert(1)</script>', '\u0000', [], {}, true];
    const calls = (Object.values(P) as unknown[]).filter(isCallDef);
    const shapeOf = (s: unknown) => Object.keys((s as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});
    for (const c of calls) {
      for (const field of [...shapeOf(c.body), ...shapeOf(c.query), ...shapeOf(c.params)]) {
        for (const value of NASTY) {
          const inBody = shapeOf(c.body).includes(field);
          const inParams = shapeOf(c.params).includes(field);
          const params = Object.fromEntries([...c.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, inParams ? encodeURIComponent(String(value)) || 'x' : '1']));
          const r = await t.call(c, {
            token: system,
            params,
            body: c.method === 'GET' ? undefined : inBody ? { [field]: value } : {},
            query: !inBody && !inParams && typeof value !== 'object' ? { [field]: String(value) } : undefined,
          });
          expect(r.status, `${c.name} ${field}=${JSON.stringify(value)?.slice(0, 20)}`).toBeLessThan(500);
        }
      }
    }
  });
});
