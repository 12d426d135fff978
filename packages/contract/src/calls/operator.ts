/**
 * The college's own tools (its training management system, its operators' scripts) call these with
 * `Authorization: Bearer <OPERATOR_TOKEN>` (auth 'operator'): never a portal person, whatever their
 * type, and nobody at all while no token is configured. The web app never calls them.
 */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import { certNoField } from './content.ts';

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

/** What the import takes, in the order the kinds name each other's rows (README: importing the college's data). */
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
