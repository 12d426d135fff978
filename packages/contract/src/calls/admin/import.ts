/**
 * 导入 in the administration area: the six imports of the operator call (importData) in the
 * browser, for the training administrator. A template is downloaded, filled and uploaded with a choice
 * of all-or-nothing or the good rows only; while the server reads it the page asks which phase the run
 * is in (正在检查 / 正在写入); the answer lists every problem (sheet, row, column, reason) and the run's
 * rejected rows can be downloaded from the answer or later from the history.
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery } from '../../call.ts';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, importProblem, importReport, type ImportKind } from '../operator.ts';
import { idParam } from '../../rules/numbers.ts';

const P = '/v1/admin/imports';
const ROLES = ['training'] as const;

/** What each kind is called on the page (the templates' own titles). */
export const IMPORT_KIND_NAMES: Record<ImportKind, string> = { units: '单位', people: '人员', courses: '课程', plans: '培训计划', classes: '班级', questions: '试题' };
/** ok: every row written; partial: the good rows written, the bad ones not; refused: nothing written. */
export const IMPORT_OUTCOMES = ['ok', 'partial', 'refused'] as const;
export const IMPORT_OUTCOME_NAMES: Record<(typeof IMPORT_OUTCOMES)[number], string> = { ok: '全部写入', partial: '部分写入', refused: '未写入' };
/** waiting: the file is still arriving (no run yet); checking: its rows are checked; writing: the good rows are written. */
export const IMPORT_PHASES = ['waiting', 'checking', 'writing', 'done'] as const;

export const ADMIN_IMPORT_MSG = {
  runMissing: '没有找到这次导入',
  noRejects: '这次导入没有错误行可下载',
  runKey: '导入编号格式不正确',
} as const;

const importKind = z.enum(IMPORT_KINDS, { error: `导入类型不正确，应为：${IMPORT_KINDS.join('、')}` });
/** The page names its run before the upload, so that it can ask for the run's phase while the file is read. */
const runKey = z.string({ error: ADMIN_IMPORT_MSG.runKey }).trim().regex(/^[A-Za-z0-9-]{8,64}$/, ADMIN_IMPORT_MSG.runKey);

export const adminImportTemplate = defineCall({
  name: 'adminImportTemplate',
  method: 'GET',
  path: `${P}/template`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: "A kind's template (.xlsx): its sheets with the column notes and example rows, and the instructions sheet.",
  query: z.object({ kind: importKind }),
  data: z.unknown(),
  binary: true,
});

/** The problems an answer and the history carry at most (a sheet of 100,000 bad rows has its rejects file). */
export const IMPORT_PROBLEMS_SHOWN = 1000;

export const importRun = importReport.omit({ rejects: true }).extend({
  /** How many problems there were (problems holds the first IMPORT_PROBLEMS_SHOWN). */
  problemTotal: z.number().int(),
  /** The run in the history (its rejected rows: adminImportRejects). */
  id: z.number().int(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** What became of it in one sentence. */
  message: z.string(),
  /** Whether the run's rejected rows can be downloaded. */
  rejects: z.boolean(),
});
export type ImportRun = z.infer<typeof importRun>;

export const adminImportUpload = defineCall({
  name: 'adminImportUpload',
  method: 'POST',
  path: `${P}/upload`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary:
    'Imports a filled template (multipart field file) as the operator call does, audited under the administrator: every row checked first; nothing written unless all are good, or with partial=true the good rows written. Answers the report with every problem; the run is kept in the history.',
  query: z.object({
    kind: importKind,
    partial: z.enum(['true', 'false'], { error: '导入方式不正确' }).default('false'),
    run: runKey,
  }),
  upload: { field: 'file', maxBytes: IMPORT_MAX_BYTES, tooLarge: `导入文件不能超过${IMPORT_MAX_BYTES / 1024 / 1024}MB` },
  data: importRun,
});

export const adminImportPhase = defineCall({
  name: 'adminImportPhase',
  method: 'GET',
  path: `${P}/phase`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: "Where the administrator's own run named `run` is: waiting (the file is still arriving), checking, writing or done.",
  query: z.object({ run: runKey }),
  data: z.object({ phase: z.enum(IMPORT_PHASES) }),
});

const runId = idParam('导入编号');

const dateBound = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, `${what}格式应为 2026-05-01`)
    .optional()
    .transform((v) => v || undefined);

/** The history's filter: the list and its export take the same one. */
export const importFilter = z.object({
  kind: z.enum([...IMPORT_KINDS, ''], { error: `导入类型不正确，应为：${IMPORT_KINDS.join('、')}` }).optional().transform((v) => v || undefined),
  outcome: z.enum([...IMPORT_OUTCOMES, ''], { error: '结果只能是全部写入、部分写入或未写入' }).optional().transform((v) => v || undefined),
  person: z.string().trim().max(40, '人员不能超过40个字符').optional().transform((v) => v || undefined),
  from: dateBound('开始日期'),
  to: dateBound('结束日期'),
});
export type ImportFilterInput = z.input<typeof importFilter>;

export const importHistoryItem = z.object({
  id: z.number().int(),
  startedAt: z.string().describe('ISO 8601 date-time'),
  finishedAt: z.string().nullable(),
  personName: z.string(),
  kind: z.enum(IMPORT_KINDS),
  file: z.string(),
  partial: z.boolean(),
  phase: z.enum(IMPORT_PHASES),
  /** Null while it runs (or when the server stopped in the middle of it). */
  outcome: z.enum(IMPORT_OUTCOMES).nullable(),
  message: z.string(),
  rows: z.number().int(),
  badRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejects: z.boolean(),
});
export type ImportHistoryItem = z.infer<typeof importHistoryItem>;

export const adminImportList = defineCall({
  name: 'adminImportList',
  method: 'GET',
  path: `${P}/history`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: "The area's imports, newest first, by kind, outcome, person (name, mobile or person number) and dates: who, when, the kind, the counts and the outcome.",
  query: pageQuery.extend(importFilter.shape),
  data: pageOf(importHistoryItem),
});

export const adminImportExport = defineCall({
  name: 'adminImportExport',
  method: 'GET',
  path: `${P}/history/export`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'The same filter as adminImportList, every matching run (up to 50,000) as an .xlsx file.',
  query: importFilter,
  data: z.unknown(),
  binary: true,
});

export const adminImportProblems = defineCall({
  name: 'adminImportProblems',
  method: 'GET',
  path: `${P}/history/:id`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: "One run's problems (sheet, row, column, reason; the first IMPORT_PROBLEMS_SHOWN are kept), with how many there were.",
  params: z.object({ id: runId }),
  data: z.object({ problems: z.array(importProblem), total: z.number().int() }),
});

export const adminImportRejects = defineCall({
  name: 'adminImportRejects',
  method: 'GET',
  path: `${P}/rejects`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: "A run's rejected rows as they were given, with the reasons in an extra column (.xlsx): fixed, the file imports again as it is.",
  query: z.object({ id: runId }),
  data: z.unknown(),
  binary: true,
});
