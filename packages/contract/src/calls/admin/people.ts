/**
 * 人员与单位: the administration of people and their units. Units are a tree of cities
 * and their work units (organs); people are searched by name, mobile, person number, unit and status,
 * edited with a version check, locked and unlocked, their login lock cleared, their password reset
 * (the new one goes to them by SMS); administrative roles are granted and removed by system
 * administrators only. Every change is audited with before and after (event adminPerson, target person:<personNo> or unit:<id>).
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery, type AdminRole } from '../../call.ts';
import { gender, nationName, personName, phone, positionLevelId, requiredText } from '../../rules/fields.ts';
import { adminRole } from './platform.ts';
import { idParam } from '../content.ts';
import { versionParam } from '../../rules/numbers.ts';

const P = '/v1/admin/people';
/** People and units: training and system administrators; roles: system administrators only. */
const PEOPLE: readonly AdminRole[] = ['training', 'system'];
const instant = z.string().describe('ISO 8601 date-time');

export const PEOPLE_MSG = {
  unitMissing: '所选单位不存在或已删除',
  cityMissing: '所选城市不存在',
  unitNameTaken: '已有同名单位，单位名称全省唯一',
  personMissing: '该人员不存在',
  notLocked: '该人员当前没有登录锁定',
  lockSelf: '不能锁定您自己的账号',
  resetSelf: '不能在这里重置您自己的密码，请在门户的“修改密码”中用短信验证码修改',
  adminNeedsSystem: '该人员是管理员，只有系统管理员可以修改其账号、锁定或重置其密码',
  lastSystemAdminOfCollege: '该人员是本院最后一位可登录的系统管理员，不能移除其系统管理员角色或锁定其账号；请先为其他人员授予系统管理员角色',
  smsCapped: '该手机号今日接收通知短信已达上限，短信未发送',
  smsFailed: '短信发送失败',
} as const;
export const unitHasPeopleMessage = (n: number) => `该单位下还有${n}名人员，不能删除；请先将他们调到其他单位`;
export const mobileTakenMessage = (mobile: string, personNo: string) => `手机号${mobile}已被人员编号${personNo}使用`;
export const personNoTakenMessage = (personNo: string, name: string) => `人员编号${personNo}已被${name}使用`;

/** 人员编号: letters, digits, underscore and hyphen, as the people import takes it. */
export const personNo = requiredText('请输入人员编号', 32, '人员编号不能超过32个字符').regex(/^[A-Za-z0-9_-]+$/, '人员编号只能包含字母、数字、下划线和短横线');
export const unitName = requiredText('请输入单位名称', 60, '单位名称不能超过60个字符');
/** The version a person or unit was read at: an edit made since refuses the save (ADMIN_MSG.staleVersion). */
export const version = versionParam();

export const PERSON_STATUSES = ['active', 'disabled'] as const;
export const PERSON_STATUS_NAMES: Record<(typeof PERSON_STATUSES)[number], string> = { active: '正常', disabled: '已锁定' };

// ---- units -------------------------------------------------------------------------------------

export const unitItem = z.object({ id: z.number().int(), name: z.string(), cityId: z.number().int(), people: z.number().int(), version: z.number().int() });
export const cityItem = z.object({ id: z.number().int(), name: z.string(), people: z.number().int(), units: z.array(unitItem) });

export const adminUnitTree = defineCall({
  name: 'adminUnitTree',
  method: 'GET',
  path: `${P}/units`,
  envelope: 'uc',
  auth: 'admin',
  roles: PEOPLE,
  summary: 'Every city with its units and how many people each has (a city’s count is its units’ sum); people without a unit counted apart.',
  data: z.object({ cities: z.array(cityItem), withoutUnit: z.number().int() }),
});

export const unitForm = z.object({ cityId: idParam('城市'), name: unitName });

export const adminUnitCreate = defineCall({
  name: 'adminUnitCreate',
  method: 'POST',
  path: `${P}/units`,
  envelope: 'uc',
  auth: 'admin',
  roles: PEOPLE,
  summary: 'A new unit in a city (its name unique in the province, as the imports name units by name). Audited.',
  body: unitForm,
  data: unitItem,
});

export const adminUnitUpdate = defineCall({
  name: 'adminUnitUpdate',
  method: 'PUT',
  path: `${P}/units/:id`,
  envelope: 'uc',
  auth: 'admin',
  roles: PEOPLE,
  summary: 'Renames a unit and/or moves it to another city, at the version it was read (409 when changed since). Audited.',
  params: z.object({ id: idParam('单位编号') }),
  body: unitForm.extend({ version }),
  data: unitItem,
});

export const adminUnitDelete = defineCall({
  name: 'adminUnitDelete',
  method: 'DELETE',
  path: `${P}/units/:id`,
  envelope: 'uc',
  auth: 'admin',
  roles: PEOPLE,
  summary: 'Deletes a unit nobody belongs to (refused with the number of its people otherwise). Audited.',
  params: z.object({ id: idParam('单位编号') }),
  data: z.null(),
});

// ---- people ------------------------------------------------------------------------------------

/** The people list's filter: the list and its export take the same one. */
export const personFilter = z.object({
  /** One person (the edit drawer reloading them after another administrator's change). */
  personId: idParam('人员').optional(),
  keyword: z
    .string({ error: '关键词必须是文字' })
    .trim()
    .max(40, '关键词不能超过40个字符')
    .transform((v) => v || undefined)
    .optional(),
  cityId: idParam('城市').optional(),
  unitId: idParam('单位').optional(),
  status: z.enum(PERSON_STATUSES, { error: '状态只能是正常或已锁定' }).optional(),
  role: adminRole.optional(),
});
export type PersonFilter = z.infer<typeof personFilter>;

export const adminPersonItem = z.object({
  personId: z.number().int(),
  personNo: z.string(),
  personName: z.string(),
  mobile: z.string(),
  personType: z.number().int(),
  gender: z.number().int(),
  nationName: z.string(),
  positionLevelId: z.number().int().nullable(),
  positionLevelName: z.string(),
  unitId: z.number().int().nullable(),
  unitName: z.string(),
  cityName: z.string(),
  status: z.enum(PERSON_STATUSES),
  /** Locked after 5 failed logins until then (null: not locked now). */
  loginLockedUntil: instant.nullable(),
  roles: z.array(adminRole),
  version: z.number().int(),
});
export type AdminPersonItem = z.infer<typeof adminPersonItem>;

export const adminPersonList = defineCall({
  name: 'adminPersonList',
  method: 'GET',
  path: `${P}/persons`,
  envelope: 'uc',
  auth: 'admin',
  roles: PEOPLE,
  summary: 'People by keyword (name, mobile or person number), city or unit, status and administrative role; by person number.',
  query: pageQuery.extend(personFilter.shape),
  data: pageOf(adminPersonItem),
});

export const adminPersonExport = defineCall({
  name: 'adminPersonExport',
  method: 'GET',
  path: `${P}/persons/export`,
  envelope: 'uc',
  auth: 'admin',
  roles: PEOPLE,
  summary: 'The same filter as adminPersonList, every matching person as an .xlsx file (audited).',
  query: personFilter,
  data: z.unknown(),
  binary: true,
});

const personParams = z.object({ id: idParam('人员') });

/** What the edit drawer changes; the mobile (the login name) and the person number are unique. */
export const personForm = z.object({ personName, gender, nationName, positionLevelId, unitId: idParam('单位'), mobile: phone, personNo });
export type PersonFormInput = z.infer<typeof personForm>;

export const adminPersonUpdate = defineCall({
  name: 'adminPersonUpdate',
  method: 'PUT',
  path: `${P}/persons/:id`,
  envelope: 'uc',
  auth: 'admin',
  roles: PEOPLE,
  summary: 'Edits a person at the version it was read (409 when another administrator changed them since); a mobile or person number another person has is refused naming who. Audited with before and after.',
  params: personParams,
  body: personForm.extend({ version }),
  data: adminPersonItem,
});

export const adminPersonStatus = defineCall({
  name: 'adminPersonStatus',
  method: 'POST',
  path: `${P}/persons/:id/status`,
  envelope: 'uc',
  auth: 'admin',
  roles: PEOPLE,
  summary: 'Locks (disabled: every session ends at once, no login) or unlocks a person. Audited.',
  params: personParams,
  body: z.object({ status: z.enum(PERSON_STATUSES, { error: '状态只能是正常或已锁定' }) }),
  data: adminPersonItem,
});

export const adminPersonUnlockLogin = defineCall({
  name: 'adminPersonUnlockLogin',
  method: 'POST',
  path: `${P}/persons/:id/unlock-login`,
  envelope: 'uc',
  auth: 'admin',
  roles: PEOPLE,
  summary: '解除登录锁定: lifts the lock of 5 failed logins at once. Audited.',
  params: personParams,
  data: adminPersonItem,
});

export const adminPersonResetPassword = defineCall({
  name: 'adminPersonResetPassword',
  method: 'POST',
  path: `${P}/persons/:id/reset-password`,
  envelope: 'uc',
  auth: 'admin',
  roles: PEOPLE,
  summary:
    'A new random password meeting the password rule; every session of the person ends; the person is told by SMS (within the daily notice cap). The password is answered only when the SMS could not go out, once. Audited (without the password).',
  params: personParams,
  data: z.object({ smsSent: z.boolean(), mobile: z.string().describe('masked'), password: z.string().nullable(), reason: z.string().nullable() }),
});

export const adminPersonRole = defineCall({
  name: 'adminPersonRole',
  method: 'POST',
  path: `${P}/persons/:id/roles`,
  envelope: 'uc',
  auth: 'admin',
  roles: ['system'],
  summary:
    'Grants (held: true) or removes an administrative role; effective at the person’s next call. Nobody removes their own system role, and the last system administrator of the college keeps theirs. Audited.',
  params: personParams,
  body: z.object({ role: adminRole, held: z.boolean({ error: '请选择授予或移除' }) }),
  data: adminPersonItem,
});
