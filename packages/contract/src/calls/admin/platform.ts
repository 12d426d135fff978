/**
 * The administration area (/admin): the college's own administrators, with roles of their
 * own (ADMIN_ROLES), log in with password and an SMS code every time, and every call here checks the
 * role on the server (auth 'admin' with `roles`). Lists are paged and filtered; a list's export takes
 * the same filter and comes from the same query (the screen and the file agree).
 */
import { z } from 'zod';
import { ADMIN_ROLES, defineCall, pageOf, pageQuery, type AdminRole } from '../../call.ts';
import { MSG } from '../../messages.ts';
import { codeSessionId, imageCaptcha, loginPassword, phone, smsCode } from '../../rules/fields.ts';
import { auditEntry, takeBackup } from '../operator.ts';

const A = '/v1/admin';
const ALL: readonly AdminRole[] = ADMIN_ROLES;

/** An administrator's session is ended after this long without a call (30 minutes). */
export const ADMIN_IDLE_SECONDS = 30 * 60;
const HOUR_SECONDS = 60 * 60;
/** And after this long whatever happens (a working day). */
export const ADMIN_SESSION_SECONDS = 8 * HOUR_SECONDS;
/** How long the password step's challenge waits for the SMS code. */
export const ADMIN_CHALLENGE_SECONDS = 5 * 60;

export const ADMIN_MSG = {
  adminOnly: '请以管理员身份登录管理后台',
  forbidden: '您没有进行此操作的权限',
  notAdmin: '该账号不是管理员，不能登录管理后台',
  challengeExpired: '登录已超时，请重新输入密码',
  codeSent: '验证码已发送至手机',
  staleVersion: '该内容已被其他管理员修改，请刷新后再编辑',
  lastSystemAdmin: '不能移除您自己的最后一个系统管理员角色',
} as const;

export const adminRole = z.enum(ADMIN_ROLES, { error: '角色不正确' });

export const adminPerson = z.object({
  personId: z.number().int(),
  personName: z.string(),
  /** Masked: 138****0001. */
  mobile: z.string(),
  roles: z.array(adminRole),
  /** The idle limit the area counts down from (ADMIN_IDLE_SECONDS). */
  idleSeconds: z.number().int(),
});
export type AdminPerson = z.infer<typeof adminPerson>;

export const adminLogin = defineCall({
  name: 'adminLogin',
  method: 'POST',
  path: `${A}/session/login`,
  envelope: 'uc',
  auth: 'none',
  summary:
    "An administrator's first factor: mobile, password and the image captcha. Right, and the person holds an administrative role: an SMS code goes to their mobile and a challenge (valid 5 minutes) is answered for adminVerify. A wrong password counts toward the lockout like any login.",
  body: z.object({
    captcha_session_id: codeSessionId(MSG.captchaRequired),
    captcha: imageCaptcha,
    username: phone,
    password: loginPassword,
  }),
  data: z.object({ challenge: z.string(), mobile: z.string().describe('the masked number the code went to') }),
});

export const adminVerify = defineCall({
  name: 'adminVerify',
  method: 'POST',
  path: `${A}/session/verify`,
  envelope: 'uc',
  auth: 'none',
  summary: 'The second factor: the SMS code of the challenge. Answers an administrator session (30 minutes idle, 8 hours at most). A wrong code counts toward the lockout.',
  body: z.object({ challenge: codeSessionId(ADMIN_MSG.challengeExpired), code: smsCode }),
  data: z.object({ token: z.string(), expiresAt: z.string().describe('ISO 8601 date-time'), person: adminPerson }),
});

export const adminMe = defineCall({
  name: 'adminMe',
  method: 'GET',
  path: `${A}/session/me`,
  envelope: 'uc',
  auth: 'admin',
  roles: ALL,
  summary: 'Who the administrator session is, with the roles the menu is built from.',
  data: adminPerson,
});

export const adminLogout = defineCall({
  name: 'adminLogout',
  method: 'POST',
  path: `${A}/session/logout`,
  envelope: 'uc',
  auth: 'admin',
  roles: ALL,
  summary: 'Ends the administrator session.',
  data: z.null(),
});

const dateBound = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what}格式应为 2026-05-01`)
    .optional();

/** The audit log's filter: the list and its export take the same one. */
export const auditFilter = z.object({
  person: z.string().trim().max(40, '人员不能超过40个字符').optional().transform((v) => v || undefined),
  event: z
    .string()
    .trim()
    .regex(/^[A-Za-z.]{0,40}$/, '事件名称只能是英文字母和点，如 login、teacher.sendNotice')
    .optional()
    .transform((v) => v || undefined),
  outcome: z.enum(['success', 'failure'], { error: '结果只能是成功或失败' }).optional(),
  from: dateBound('开始日期'),
  to: dateBound('结束日期'),
});
export type AuditFilterInput = z.infer<typeof auditFilter>;

export const adminAuditList = defineCall({
  name: 'adminAuditList',
  method: 'GET',
  path: `${A}/audit`,
  envelope: 'uc',
  auth: 'admin',
  roles: ['system', 'auditor'],
  summary: 'The audit log, newest first, by person (name, mobile or person number), event, outcome and dates (the college’s days, both included); with the retention in days.',
  query: pageQuery.extend(auditFilter.shape),
  data: pageOf(auditEntry).extend({ retentionDays: z.number().int() }),
});

export const adminAuditExport = defineCall({
  name: 'adminAuditExport',
  method: 'GET',
  path: `${A}/audit/export`,
  envelope: 'uc',
  auth: 'admin',
  roles: ['system', 'auditor'],
  summary: 'The same filter as adminAuditList, every matching entry (up to 50,000) as an .xlsx file.',
  query: auditFilter,
  data: z.unknown(),
  binary: true,
});

export const adminOps = defineCall({
  name: 'adminOps',
  method: 'GET',
  path: `${A}/ops`,
  envelope: 'uc',
  auth: 'admin',
  roles: ['system'],
  summary: 'Operations at a glance: readiness, version, instances seen recently, the last backups, the configuration that matters (secrets redacted).',
  data: z.object({
    ready: z.boolean(),
    database: z.enum(['pglite', 'postgres']),
    version: z.string(),
    startedAt: z.string(),
    instances: z.array(z.object({ id: z.string(), host: z.string(), version: z.string(), startedAt: z.string(), seenAt: z.string() })),
    backups: z.array(z.object({ dir: z.string(), kind: z.string(), createdAt: z.string(), bytes: z.number() })),
    config: z.array(z.object({ key: z.string(), value: z.string() })),
  }),
});

export const adminBackupNow = defineCall({
  name: 'adminBackupNow',
  method: 'POST',
  path: `${A}/ops/backup`,
  envelope: 'uc',
  auth: 'admin',
  roles: ['system'],
  summary: '立即备份: a backup now (the same as the operator call takeBackup); audited.',
  data: takeBackup.data,
});
