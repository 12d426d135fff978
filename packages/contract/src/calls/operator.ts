/**
 * The college's own tools (its training management system, its operators' scripts) call these with
 * `Authorization: Bearer <OPERATOR_TOKEN>` (auth 'operator'): never a portal person, whatever their
 * type, and nobody at all while no token is configured. The web app never calls them.
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery } from '../call.ts';
import { certNoField } from './content.ts';
import { INSTANT_EXAMPLE } from '../calendar.ts';

const OP = '/{product}/operator';

export const revokeCertificate = defineCall({
  name: 'revokeCertificate',
  method: 'POST',
  path: `${OP}/certificate/revoke`,
  envelope: 'uc',
  auth: 'operator',
  summary: 'Revoke a certificate with a reason (audited); it then verifies as revoked, with the date. Revoking it again is refused.',
  body: z.object({
    certNo: certNoField,
    reason: z.string({ error: '请填写撤销原因' }).trim().min(1, '请填写撤销原因').max(200, '撤销原因不能超过200个字符'),
  }),
  data: z.object({ certNo: z.string(), revokedAt: z.string().describe('ISO 8601 date-time') }),
});

/** A time bound of an audit query: a date (that day in the college's time zone) or an ISO 8601 instant with its offset. */
const auditBound = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/, `${what}格式应为 2026-05-01 或 ${INSTANT_EXAMPLE}`)
    .optional();

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO 8601 date-time'),
  personId: z.number().int().nullable(),
  personNo: z.string().nullable(),
  personName: z.string().nullable(),
  ip: z.string(),
  event: z.string(),
  target: z.string(),
  outcome: z.enum(['success', 'failure']),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const findAuditLog = defineCall({
  name: 'findAuditLog',
  method: 'GET',
  path: `${OP}/audit`,
  envelope: 'uc',
  auth: 'operator',
  summary:
    'The audit log, newest first, by person (mobile, person number or id; also entries whose target is that text, such as failed logins to a number nobody has), event and time (from inclusive, to exclusive; a date is that whole day in TIME_ZONE).',
  query: pageQuery.extend({
    person: z.string().trim().min(1, '人员不能为空').max(40, '人员不能超过40个字符').optional(),
    event: z.string().trim().regex(/^[A-Za-z]{1,40}$/, '事件名称只能是英文字母，如 login、passwordChange').optional(),
    from: auditBound('开始时间'),
    to: auditBound('结束时间'),
  }),
  data: pageOf(auditEntry),
});

export const takeBackup = defineCall({
  name: 'takeBackup',
  method: 'POST',
  path: `${OP}/backup`,
  envelope: 'uc',
  auth: 'operator',
  summary:
    "A backup of the database (the embedded one as a copy of its data directory, PostgreSQL by pg_dump -Fc on the server's host) and the uploaded files, written into a directory of its own under BACKUP_DIR on the server; answers that directory. Within a minute of the last backup this server took, that one is answered again.",
  data: z.object({
    dir: z.string(),
    kind: z.enum(['pglite', 'postgres']),
    createdAt: z.string().describe('ISO 8601 date-time'),
    counts: z.record(z.string(), z.number().int()),
  }),
});

export const OPERATOR_MSG = {
  noSuchDate: '日期不存在',
  rangeReversed: '开始时间应早于结束时间',
  backupFailed: '备份失败',
} as const;

/** What the import takes, in the order the kinds name each other's rows (docs/operations.md: importing the college's data). */
export const IMPORT_KINDS = ['units', 'people', 'courses', 'plans', 'classes', 'questions'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** The largest workbook the import call takes (100,000 people are about 7 MB). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

export const importProblem = z.object({
  sheet: z.string(),
  /** The Excel row number (1 is the column names; 0: the file itself). */
  row: z.number().int(),
  column: z.string(),
  reason: z.string(),
});
export const importReport = z.object({
  kind: z.enum(IMPORT_KINDS),
  partial: z.boolean(),
  /** Whether anything was written: false when any row was bad (unless partial) or none was given. */
  written: z.boolean(),
  rows: z.number().int(),
  badRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  problems: z.array(importProblem),
  /** A partial import's bad rows with their reasons, as an .xlsx in base64; null when there are none. */
  rejects: z.string().nullable(),
});
export type ImportReportData = z.infer<typeof importReport>;

export const importData = defineCall({
  name: 'importData',
  method: 'POST',
  path: `${OP}/import`,
  envelope: 'uc',
  auth: 'operator',
  summary:
    'Import a filled template (apps/server/import-templates/<kind>.xlsx) uploaded in the multipart field file: every row checked first, nothing written unless all are good, or with partial=true the good rows written and the bad ones answered as a rejects workbook. Media must be addresses here (files beside the sheet are for the command).',
  query: z.object({
    kind: z.enum(IMPORT_KINDS, { error: `导入类型不正确，应为：${IMPORT_KINDS.join('、')}` }),
    partial: z.enum(['true', 'false'], { error: '部分导入标记不正确' }).default('false'),
  }),
  upload: { field: 'file', maxBytes: IMPORT_MAX_BYTES, tooLarge: `导入文件不能超过${IMPORT_MAX_BYTES / 1024 / 1024}MB` },
  data: importReport,
});
