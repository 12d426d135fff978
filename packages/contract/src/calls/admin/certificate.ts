/**
 * 证书 in the administration area, for the training administrator: each topic's issuing rule
 * (the hours to earn, the exam that decides completion and its pass mark), editable only before the
 * topic starts; certificates searched and exported from one query; a certificate revoked with a reason,
 * or reissued after a correction (the old number revoked, a new one issued and linked to it both ways).
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery } from '../../call.ts';
import { certNoField } from '../content.ts';
import { idParam, intParam, versionParam } from '../../rules/numbers.ts';

const P = '/v1/admin/certificates';
const ROLES = ['training'] as const;

export const ADMIN_CERT_MSG = {
  installMissing: '培训不存在',
  started: (at: string) => `该培训已于${at}开始，发证规则不能再修改`,
  examNotOfInstall: '所选考试不属于该培训',
  passAboveTotal: (total: number) => `及格分不能超过考试总分${total}分`,
  passMissing: '请填写及格分',
} as const;

const instant = z.string().describe('ISO 8601 date-time');
const hoursField = z.coerce
  .number({ error: '学时必须是数字' })
  .min(0, '学时不能为负数')
  .max(9999, '学时不能超过9999')
  .refine((v) => Number.isInteger(v * 10), '学时最多保留一位小数');

/** A year filter; empty is none (a form's cleared field). */
const optionalYear = z.preprocess((v) => (v === '' ? undefined : v), intParam('年度', 2000, 2100, { tooSmall: '年度不正确', tooLarge: '年度不正确' }).optional());

export const ruleExam = z.object({
  id: z.number().int(),
  title: z.string(),
  passScore: z.number().int(),
  totalScore: z.number().int(),
  /** 结业考试: passing it is part of the rule. */
  decidesCompletion: z.boolean(),
});

export const issueRule = z.object({
  installId: z.number().int(),
  title: z.string(),
  year: z.number().int(),
  startAt: instant,
  endAt: instant,
  /** Started: the rule can no longer be changed. */
  started: z.boolean(),
  requiredHours: z.number(),
  /** The topic's exams; those deciding completion must be passed (at their pass mark). */
  exams: z.array(ruleExam),
  certificates: z.number().int(),
  version: z.number().int(),
});
export type IssueRule = z.infer<typeof issueRule>;

export const adminCertRuleList = defineCall({
  name: 'adminCertRuleList',
  method: 'GET',
  path: `${P}/rules`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: "Every topic's issuing rule, the latest start first, by title and year: the hours to earn, the exams that decide completion with their pass marks, and whether it may still change.",
  query: pageQuery.extend({
    title: z.string().trim().max(60, '培训名称不能超过60个字符').optional().transform((v) => v || undefined),
    year: optionalYear,
  }),
  data: pageOf(issueRule),
});

export const adminCertRuleSave = defineCall({
  name: 'adminCertRuleSave',
  method: 'PUT',
  path: `${P}/rules/:installId`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary:
    "Changes a topic's issuing rule before it starts (refused after): the hours, the one exam that decides completion (or none) and its pass mark. `version` is the rule's as it was read: another administrator's change since is refused (409).",
  params: z.object({ installId: idParam('培训编号') }),
  body: z.object({
    version: versionParam(),
    requiredHours: hoursField,
    examId: idParam('考试').nullable(),
    passScore: intParam('及格分', 1, 1000, { tooSmall: '及格分至少为1分', tooLarge: '及格分不正确' }).nullable(),
  }),
  data: issueRule,
});

export const CERT_STATUSES = ['valid', 'revoked'] as const;

/** The certificate search's filter: the list and its export take the same one. */
export const certFilter = z.object({
  certNo: z.string().trim().max(32, '证书编号不能超过32个字符').optional().transform((v) => v?.toUpperCase() || undefined),
  holder: z.string().trim().max(30, '持证人不能超过30个字符').optional().transform((v) => v || undefined),
  topic: z.string().trim().max(60, '培训名称不能超过60个字符').optional().transform((v) => v || undefined),
  year: optionalYear,
  status: z.enum([...CERT_STATUSES, ''], { error: '状态只能是有效或已撤销' }).optional().transform((v) => v || undefined),
});
export type CertFilterInput = z.input<typeof certFilter>;

export const adminCertItem = z.object({
  id: z.number().int(),
  certNo: z.string(),
  personName: z.string(),
  personNo: z.string(),
  /** Masked: 138****0001. */
  mobile: z.string(),
  organName: z.string(),
  installTitle: z.string(),
  hours: z.number(),
  issuedAt: instant,
  revokedAt: instant.nullable(),
  revokeReason: z.string().nullable(),
  /** The certificate this one was reissued for (its number), and the one that replaced it. */
  replaces: z.string().nullable(),
  replacedBy: z.string().nullable(),
});
export type AdminCertItem = z.infer<typeof adminCertItem>;

export const adminCertList = defineCall({
  name: 'adminCertList',
  method: 'GET',
  path: P,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Certificates, newest first, by number, holder (name or mobile), topic, year of issue and status, each with the certificate it replaces or was replaced by.',
  query: pageQuery.extend(certFilter.shape),
  data: pageOf(adminCertItem),
});

export const adminCertExport = defineCall({
  name: 'adminCertExport',
  method: 'GET',
  path: `${P}/export`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'The same filter as adminCertList, every matching certificate (up to 50,000) as an .xlsx file.',
  query: certFilter,
  data: z.unknown(),
  binary: true,
});

const reason = (what: string) => z.string({ error: `请填写${what}原因` }).trim().min(1, `请填写${what}原因`).max(200, `${what}原因不能超过200个字符`);

export const adminCertRevoke = defineCall({
  name: 'adminCertRevoke',
  method: 'POST',
  path: `${P}/revoke`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Revokes a certificate with a reason (as the operator call revokeCertificate does), audited under the administrator with before and after.',
  body: z.object({ certNo: certNoField, reason: reason('撤销') }),
  data: adminCertItem,
});

export const adminCertReissue = defineCall({
  name: 'adminCertReissue',
  method: 'POST',
  path: `${P}/reissue`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary:
    "Reissues a certificate after a correction: the old one is revoked (reason: 补发 and the reason given) and a new one issued to the same person for the same topic, with the corrected hours and the person's current name and unit, linked to the old one both ways. Verifying the old number names the new one.",
  body: z.object({ certNo: certNoField, reason: reason('补发'), hours: hoursField }),
  data: z.object({ old: adminCertItem, issued: adminCertItem }),
});
