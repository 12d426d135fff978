/**
 * 人员与单位: the administration of the person module's tables (cities, organs, persons)
 * and of who holds an administrative role (admin_roles: the administration platform's table, changed
 * through admin/roles.ts). Credentials and sessions stay the user
 * centre's: a lock ends sessions, a reset sets the password and 解除登录锁定 clears the login lock
 * through `uc`. Every change is audited with before and after (recordChange, event adminPerson: target person:<personNo> or unit:<id>);
 * a person's or unit's edit is saved only at the version it was read.
 *
 * Two guards keep the area in hand: a person who holds an administrative role is changed (edited,
 * locked, their password reset) only by a system administrator, so a training administrator cannot
 * take over a higher account by changing its mobile and resetting its password; and the college
 * always keeps one system administrator who can log in (checked under a row lock on the system roles,
 * so two administrators removing each other at once cannot both succeed).
 */
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLE_NAMES, admin as A, adminPeople as P, POSITION_LEVELS, UC_CODE, type AdminRole, maskMobile } from '@portal/contract';
import type { Db, Q } from '../../db/client.ts';
import { cities, organs, persons } from '../../db/schema/people.ts';
import type { Caller } from '../../http/auth.ts';
import { Refusal, stale } from '../../http/errors.ts';
import { chinaDate, type XlsxExport } from '../../http/xlsx.ts';
import { randomPassword } from '../../lib/crypto.ts';
import { startOfDayIn } from '@portal/contract/calendar';
import { noticeCountsSince, type SmsSender } from '../../integrations/sms.ts';
import { allRows, matchesAny, offsetOf, outer, pageFrom, totalOver, type Page, type PageQuery } from '../../lib/listing.ts';
import type { Platform } from '../platform/service.ts';
import type { Uc } from '../uc/service.ts';
import { recordChange } from '../admin/service.ts';
import { activeSystemAdmins, grantRole, lockSystemRoles, revokeRole, rolesHeldBy } from '../admin/roles.ts';

export interface PeopleDeps {
  db: Db;
  platform: Platform;
  sms: SmsSender;
  uc: Pick<Uc, 'resetPassword' | 'endSessions' | 'loginLocks' | 'clearLoginLock'>;
  /** Notices by SMS a day per number (SMS_NOTICE_DAILY_CAP_PER_PHONE): a reset password is one. */
  noticesPerPhoneDaily: number;
  timeZone: string;
  collegeName: string;
}

type Item = P.AdminPersonItem;
type Person = typeof persons.$inferSelect;
/** Who acts, from where, with which roles. */
export interface Actor {
  caller: Caller;
  roles: AdminRole[];
  ip: string;
}

/** PostgreSQL's unique_violation / foreign_key_violation, however the driver wraps it. */
function pgCode(e: unknown): string | undefined {
  const x = e as { code?: unknown; cause?: unknown } | null;
  if (!x || typeof x !== 'object') return undefined;
  return typeof x.code === 'string' && /^\d{5}$/.test(x.code) ? x.code : pgCode(x.cause);
}

/** The fields of the edit drawer, as the audit log keeps them. */
const EDITED = ['personNo', 'personName', 'mobile', 'gender', 'nationName', 'positionLevelId', 'organId'] as const;

export function makePeople({ db, platform, sms, uc, noticesPerPhoneDaily, timeZone, collegeName }: PeopleDeps) {
  const rolesCol = sql<AdminRole[]>`coalesce((select array_agg(r.role order by r.role) from admin_roles r where r.person_id = ${outer(persons.personId)}), '{}')`;

  function where(f: P.PersonFilter): SQL | undefined {
    const parts: (SQL | undefined)[] = [
      f.personId !== undefined ? eq(persons.personId, f.personId) : undefined,
      f.keyword ? sql`(${matchesAny(f.keyword, persons.personName, persons.mobile, persons.personNo)})` : undefined,
      f.unitId !== undefined ? eq(persons.organId, f.unitId) : undefined,
      f.cityId !== undefined ? eq(organs.cityId, f.cityId) : undefined,
      f.status ? eq(persons.status, f.status) : undefined,
      f.role ? sql`exists (select 1 from admin_roles r where r.person_id = ${outer(persons.personId)} and r.role = ${f.role})` : undefined,
    ];
    return and(...parts.filter((p): p is SQL => p !== undefined));
  }

  async function page(f: P.PersonFilter, q: PageQuery): Promise<Page<Item>> {
    const rows = await db
      .select({
        personId: persons.personId,
        personNo: persons.personNo,
        personName: persons.personName,
        mobile: persons.mobile,
        personType: persons.personType,
        gender: persons.gender,
        nationName: persons.nationName,
        positionLevelId: persons.positionLevelId,
        positionLevelName: persons.positionLevelName,
        unitId: persons.organId,
        unitName: sql<string>`coalesce(${organs.name}, '')`,
        cityName: sql<string>`coalesce(${cities.name}, '')`,
        status: persons.status,
        roles: rolesCol,
        version: persons.version,
        total: totalOver(),
      })
      .from(persons)
      .leftJoin(organs, eq(organs.id, persons.organId))
      .leftJoin(cities, eq(cities.id, organs.cityId))
      .where(where(f))
      .orderBy(asc(persons.personNo))
      .limit(q.pageSize)
      .offset(offsetOf(q));
    const locks = await uc.loginLocks(rows.map((r) => r.personId));
    return pageFrom(
      q,
      rows,
      ({ total: _t, ...r }) => ({ ...r, loginLockedUntil: locks.get(r.personId)?.toISOString() ?? null }),
      async () => {
        const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(persons).leftJoin(organs, eq(organs.id, persons.organId)).where(where(f));
        return c?.n ?? 0;
      },
    );
  }

  async function item(personId: number): Promise<Item> {
    const found = (await page({ personId }, { pageNum: 1, pageSize: 1 })).list[0];
    if (!found) throw new Refusal(P.PEOPLE_MSG.personMissing, 404);
    return found;
  }

  const rolesOf = (personId: number, q: Q = db) => rolesHeldBy(q, personId);

  /** The person acted on; refused when they hold an administrative role and the actor is not a system administrator. */
  async function target(a: Actor, personId: number): Promise<Person> {
    const [p] = await db.select().from(persons).where(eq(persons.personId, personId)).limit(1);
    if (!p) throw new Refusal(P.PEOPLE_MSG.personMissing, 404);
    if (!a.roles.includes('system') && (await rolesOf(personId)).length > 0) throw new Refusal(P.PEOPLE_MSG.adminNeedsSystem, UC_CODE.forbidden);
    return p;
  }

  /**
   * Runs `change` (which takes a system role away or locks someone) with every system-role row locked,
   * then refuses, undoing it, when no system administrator who can log in is left.
   */
  async function keepingASystemAdmin(change: (tx: Db) => Promise<void>) {
    await db.transaction(async (tx) => {
      await lockSystemRoles(tx);
      await change(tx);
      if ((await activeSystemAdmins(tx)) === 0) throw new Refusal(P.PEOPLE_MSG.lastSystemAdminOfCollege);
    });
  }

  /** A mobile number or person number another person has: refused naming who has it. */
  async function refuseTaken(id: number, body: { mobile: string; personNo: string }) {
    const [mobileHolder] = await db.select({ personNo: persons.personNo }).from(persons).where(and(eq(persons.mobile, body.mobile), ne(persons.personId, id))).limit(1);
    if (mobileHolder) throw new Refusal(P.mobileTakenMessage(body.mobile, mobileHolder.personNo));
    const [noHolder] = await db.select({ personName: persons.personName }).from(persons).where(and(eq(persons.personNo, body.personNo), ne(persons.personId, id))).limit(1);
    if (noHolder) throw new Refusal(P.personNoTakenMessage(body.personNo, noHolder.personName));
  }

  /** One event for the section (the audit list's 人员与单位); the target says what: person:<personNo> or unit:<id>. */
  const change = (q: Q, a: Actor, target: string, action: string, before: unknown, after: unknown) =>
    recordChange(q, { personId: a.caller.personId, ip: a.ip, event: 'adminPerson', target, action, before, after });

  // ---- units -------------------------------------------------------------------------------------

  async function unitRow(id: number) {
    const [u] = await db.select().from(organs).where(eq(organs.id, id)).limit(1);
    if (!u) throw new Refusal(P.PEOPLE_MSG.unitMissing, 404);
    return u;
  }

  async function checkUnitForm(body: { cityId: number; name: string }, exceptId?: number) {
    const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, body.cityId)).limit(1);
    if (!city) throw new Refusal(P.PEOPLE_MSG.cityMissing);
    const [same] = await db
      .select({ id: organs.id })
      .from(organs)
      .where(and(eq(organs.name, body.name), exceptId === undefined ? undefined : ne(organs.id, exceptId)))
      .limit(1);
    if (same) throw new Refusal(P.PEOPLE_MSG.unitNameTaken);
  }

  const peopleIn = async (unitId: number) => (await db.select({ n: sql<number>`count(*)::int` }).from(persons).where(eq(persons.organId, unitId)))[0]?.n ?? 0;
  const unitItem = async (u: typeof organs.$inferSelect) => ({ id: u.id, name: u.name, cityId: u.cityId, version: u.version, people: await peopleIn(u.id) });
  const unitFacts = (u: { name: string; cityId: number }) => ({ name: u.name, cityId: u.cityId });

  /** A unit name taken by someone at the same moment: the unique index decides, with the same message. */
  async function savingUnit<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (e) {
      if (pgCode(e) === '23505') throw new Refusal(P.PEOPLE_MSG.unitNameTaken);
      throw e;
    }
  }

  return {
    async unitTree() {
      const cityRows = await db.select({ id: cities.id, name: cities.name }).from(cities).orderBy(asc(cities.sort), asc(cities.id));
      const units = await db
        .select({ id: organs.id, name: organs.name, cityId: organs.cityId, version: organs.version, people: sql<number>`(select count(*)::int from persons p where p.organ_id = ${organs.id})` })
        .from(organs)
        .orderBy(asc(organs.name));
      const [none] = await db.select({ n: sql<number>`count(*)::int` }).from(persons).where(sql`${persons.organId} is null`);
      return {
        cities: cityRows.map((c) => {
          const own = units.filter((u) => u.cityId === c.id);
          return { ...c, people: own.reduce((s, u) => s + u.people, 0), units: own };
        }),
        withoutUnit: none?.n ?? 0,
      };
    },

    async createUnit(a: Actor, body: { cityId: number; name: string }) {
      await checkUnitForm(body);
      const u = await savingUnit(() =>
        db.transaction(async (tx) => {
          const [u] = await tx.insert(organs).values(body).returning();
          await change(tx, a, `unit:${u!.id}`, '新建单位', null, unitFacts(u!));
          return u!;
        }),
      );
      return unitItem(u);
    },

    async updateUnit(a: Actor, id: number, body: { cityId: number; name: string; version: number }) {
      const before = await unitRow(id);
      await checkUnitForm(body, id);
      const u = await savingUnit(() =>
        db.transaction(async (tx) => {
          const [u] = await tx
            .update(organs)
            .set({ name: body.name, cityId: body.cityId, version: sql`${organs.version} + 1` })
            .where(and(eq(organs.id, id), eq(organs.version, body.version)))
            .returning();
          if (!u) throw stale();
          await change(tx, a, `unit:${id}`, before.cityId === u.cityId ? '修改单位' : '调整单位所属城市', unitFacts(before), unitFacts(u));
          return u;
        }),
      );
      return unitItem(u);
    },

    async deleteUnit(a: Actor, id: number) {
      const before = await unitRow(id);
      const n = await peopleIn(id);
      if (n > 0) throw new Refusal(P.unitHasPeopleMessage(n));
      try {
        await db.transaction(async (tx) => {
          await tx.delete(organs).where(eq(organs.id, id));
          await change(tx, a, `unit:${id}`, '删除单位', unitFacts(before), null);
        });
      } catch (e) {
        // Someone was moved into the unit in the meantime.
        if (pgCode(e) === '23503') throw new Refusal(P.unitHasPeopleMessage(Math.max(1, await peopleIn(id))));
        throw e;
      }
      return null;
    },

    // ---- people ----------------------------------------------------------------------------------

    list: (q: P.PersonFilter & PageQuery) => page(q, q),

    /** The list's own query page after page: the file holds what the screen pages through. */
    async exportList(a: Actor, f: P.PersonFilter): Promise<XlsxExport<Item>> {
      await platform.audit({ personId: a.caller.personId, ip: a.ip, event: 'adminPerson', target: 'export', outcome: 'success', detail: { action: '导出人员', filter: f } });
      const day = chinaDate();
      return {
        fileName: `人员名单_${day}`,
        asciiName: `people-${day}.xlsx`,
        sheetName: '人员',
        title: `${collegeName} 人员名单（导出于 ${day}）`,
        columns: [
          { header: '人员编号', width: 14, kind: 'text', value: (r) => r.personNo },
          { header: '姓名', width: 12, kind: 'text', value: (r) => r.personName },
          { header: '手机号', width: 14, kind: 'text', value: (r) => r.mobile },
          { header: '性别', width: 6, kind: 'text', value: (r) => (r.gender === 0 ? '男' : '女') },
          { header: '民族', width: 10, kind: 'text', value: (r) => r.nationName },
          { header: '职级', width: 14, kind: 'text', value: (r) => r.positionLevelName },
          { header: '城市', width: 10, kind: 'text', value: (r) => r.cityName },
          { header: '单位', width: 30, kind: 'text', value: (r) => r.unitName },
          { header: '人员类型', width: 8, kind: 'text', value: (r) => (r.personType === 4 ? '教师' : '学员') },
          { header: '状态', width: 8, kind: 'text', value: (r) => P.PERSON_STATUS_NAMES[r.status] },
          { header: '管理员角色', width: 20, kind: 'text', value: (r) => r.roles.map((x) => ADMIN_ROLE_NAMES[x]).join('、') },
        ],
        rows: allRows((q) => page(f, q)),
      };
    },

    async update(a: Actor, id: number, body: P.PersonFormInput & { version: number }) {
      const before = await target(a, id);
      await unitRow(body.unitId).catch(() => {
        throw new Refusal(P.PEOPLE_MSG.unitMissing);
      });
      await refuseTaken(id, body);
      const next = {
        personNo: body.personNo,
        personName: body.personName,
        mobile: body.mobile,
        gender: body.gender,
        nationName: body.nationName,
        positionLevelId: body.positionLevelId,
        positionLevelName: POSITION_LEVELS[body.positionLevelId - 1] ?? '',
        organId: body.unitId,
      };
      try {
        await db.transaction(async (tx) => {
          const [saved] = await tx
            .update(persons)
            .set({ ...next, version: sql`${persons.version} + 1` })
            .where(and(eq(persons.personId, id), eq(persons.version, body.version)))
            .returning();
          if (!saved) throw stale();
          const changed = EDITED.filter((k) => before[k] !== saved[k]);
          if (changed.length > 0) {
            const pick = (p: Person) => Object.fromEntries(changed.map((k) => [k, p[k]]));
            await change(tx, a, `person:${saved.personNo}`, '修改人员信息', pick(before), pick(saved));
          }
        });
      } catch (e) {
        // The same number taken by another edit at the same moment: the unique index decides.
        if (pgCode(e) === '23505') await refuseTaken(id, body);
        throw e;
      }
      return item(id);
    },

    async setStatus(a: Actor, id: number, status: 'active' | 'disabled') {
      const before = await target(a, id);
      if (status === 'disabled' && id === a.caller.personId) throw new Refusal(P.PEOPLE_MSG.lockSelf);
      const save = async (tx: Db) => {
        await tx.update(persons).set({ status, version: sql`${persons.version} + 1` }).where(eq(persons.personId, id));
        if (before.status !== status) await change(tx, a, `person:${before.personNo}`, status === 'disabled' ? '锁定账号' : '解锁账号', { status: before.status }, { status });
      };
      if (status === 'disabled' && (await rolesOf(id)).includes('system')) await keepingASystemAdmin(save);
      else await db.transaction((tx) => save(tx));
      // The session check refuses a locked person already; revoked, the sessions stay ended after an unlock too.
      if (status === 'disabled') await uc.endSessions(id);
      return item(id);
    },

    async unlockLogin(a: Actor, id: number) {
      const p = await target(a, id);
      const until = await uc.clearLoginLock(id);
      if (!until) throw new Refusal(P.PEOPLE_MSG.notLocked);
      await change(db, a, `person:${p.personNo}`, '解除登录锁定', { loginLockedUntil: until.toISOString() }, { loginLockedUntil: null });
      return item(id);
    },

    /**
     * A new random password (it meets the rule), every session of the person ended, and the person
     * told by SMS within the day's notice cap. The administrator is answered the password only when
     * the SMS did not go out. Neither the audit log nor a real provider's log keeps it.
     */
    async resetPassword(a: Actor, id: number) {
      const p = await target(a, id);
      // Resetting one's own would end one's own session and put one's password in an SMS log: the portal's change-password is for that.
      if (id === a.caller.personId) throw new Refusal(P.PEOPLE_MSG.resetSelf);
      const password = randomPassword();
      await uc.resetPassword(id, password);
      let reason: string | null = null;
      const sentToday = (await noticeCountsSince(db, [p.mobile], startOfDayIn(timeZone))).get(p.mobile) ?? 0;
      if (sentToday >= noticesPerPhoneDaily) reason = P.PEOPLE_MSG.smsCapped;
      else {
        try {
          await sms.sendNotice(p.mobile, `【${collegeName}】您的登录密码已由管理员重置为 ${password} ，请登录后及时修改密码。`, `【${collegeName}】您的登录密码已由管理员重置（新密码不记录）`);
        } catch (e) {
          reason = P.PEOPLE_MSG.smsFailed;
          await platform.audit({ personId: a.caller.personId, ip: a.ip, event: 'adminPerson', target: `person:${p.personNo}`, outcome: 'failure', detail: { action: '重置密码短信', error: (e as Error).message } });
        }
      }
      const smsSent = reason === null;
      await change(db, a, `person:${p.personNo}`, '重置密码', null, { smsSent, ...(reason ? { reason } : {}) });
      return { smsSent, mobile: maskMobile(p.mobile), password: smsSent ? null : password, reason };
    },

    async setRole(a: Actor, id: number, role: AdminRole, held: boolean) {
      const p = await target(a, id);
      const before = await rolesOf(id);
      /** The roles as they now are, read in the change's transaction, and the entry when they moved. */
      const record = async (tx: Db) => {
        const after = await rolesOf(id, tx);
        if (after.join() !== before.join()) await change(tx, a, `person:${p.personNo}`, held ? `授予${ADMIN_ROLE_NAMES[role]}` : `移除${ADMIN_ROLE_NAMES[role]}`, { roles: before }, { roles: after });
      };
      if (held) {
        await db.transaction(async (tx) => {
          await grantRole(tx, id, role, a.caller.personId);
          await record(tx);
        });
      } else if (before.includes(role)) {
        if (role === 'system' && id === a.caller.personId) throw new Refusal(A.ADMIN_MSG.lastSystemAdmin);
        const remove = async (tx: Db) => {
          await revokeRole(tx, id, role);
          await record(tx);
        };
        if (role === 'system') await keepingASystemAdmin(remove);
        else await db.transaction((tx) => remove(tx));
      }
      return item(id);
    },
  };
}
export type People = ReturnType<typeof makePeople>;
