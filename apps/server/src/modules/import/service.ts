/**
 * Importing the college's data: the command (scripts/import.ts) and the operator's HTTP
 * call both run `importer.run`. Every row is checked first; nothing is written unless all are good,
 * or, when partial, the good rows are written and the bad ones come back as a rejects workbook. The
 * write is one transaction on PostgreSQL; on the embedded database (one connection, which a
 * transaction would hold from every other call for the whole write) it goes statement by statement,
 * one import at a time, and an interrupted write is completed by importing the same file again
 * (ADR 0031). The same sheet imported again changes nothing (every write is an upsert on the
 * natural key that skips rows already equal). Every attempt is audited (event `import`), refused
 * ones included (no file, not a workbook, not the template, an empty sheet, bad rows), with what
 * became of it (ok, partial, refused), the counts and the reason in words.
 */
import { isEmbedded, type Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage.ts';
import type { Platform } from '../platform/service.ts';
import { Checker, checkShape, importLock, yielding, type Counts, type Problem } from './engine.ts';
import { IMPORT_KINDS, type ImportKind, type Kind } from './kind.ts';
import { readWorkbook, rejectsWorkbook, templateWorkbook, type SheetRow } from './sheet.ts';
import { unitsKind } from './units.ts';
import { peopleKind } from './people.ts';
import { classesKind } from './classes.ts';
import { plansKind } from './plans.ts';
import { coursesKind } from './courses.ts';
import { questionsKind } from './questions.ts';
import { isUniqueViolation } from '../../http/errors.ts';

export { IMPORT_KINDS, type ImportKind };

export const IMPORT_FILE_MISSING = '请在 file 字段上传导入模板（.xlsx）';
export const IMPORT_INTERRUPTED = '导入期间相关数据已被修改（如手机号被他人占用），未写入任何数据，请重新导入';
export const IMPORT_INTERRUPTED_EMBEDDED = '导入期间相关数据已被修改（如手机号被他人占用），部分行可能已写入；请核对后重新导入同一文件，已写入的行不会重复写入';

export const KINDS: Record<ImportKind, Kind<unknown>> = {
  units: unitsKind as Kind<unknown>,
  people: peopleKind as Kind<unknown>,
  classes: classesKind as Kind<unknown>,
  plans: plansKind as Kind<unknown>,
  courses: coursesKind as Kind<unknown>,
  questions: questionsKind as Kind<unknown>,
};

/** The order the kinds import in: each names rows of the ones before it. */
export const IMPORT_ORDER: readonly ImportKind[] = IMPORT_KINDS;

export interface ImportReport extends Counts {
  kind: ImportKind;
  partial: boolean;
  /** Whether anything was written (false: every row was checked and some were bad, or none were given). */
  written: boolean;
  /** Data rows read, over every sheet. */
  rows: number;
  /** Rows with at least one problem. */
  badRows: number;
  problems: Problem[];
}
/** ok: every row written; partial: the good rows written, the bad ones not; refused: nothing written. */
export type ImportOutcome = 'ok' | 'partial' | 'refused';
export interface ImportResult {
  report: ImportReport;
  /** The bad rows as given, with their reasons (partial runs with bad rows only). */
  rejects: Buffer | null;
  outcome: ImportOutcome;
  /** What became of the run in one sentence (the call's envelope message, the command's summary, the audit's reason). */
  message: string;
}
interface ImportActor {
  personId: number | null;
  ip: string;
}

/** The one sentence of a run, from its report; `why` names what stopped a run before its rows were read. */
function verdictOf(r: ImportReport, why: string | null): { outcome: ImportOutcome; message: string } {
  const counts = `新增${r.created}，更新${r.updated}，未变${r.unchanged}`;
  if (r.written && r.badRows === 0) return { outcome: 'ok', message: `已写入：${counts}` };
  if (r.written) return { outcome: 'partial', message: `已写入：${counts}（部分导入）；错误${r.badRows}行未写入` };
  const reason =
    why ??
    (r.rows === 0
      ? null
      : r.badRows === 0
        ? (r.problems[0]?.reason ?? '')
        : r.partial
          ? `全部${r.rows}行都有错误`
          : `${r.badRows}行有错误，改正后重新导入，或部分导入只写入正确的行`);
  return { outcome: 'refused', message: reason === null ? '没有可导入的数据：工作表为空' : `未写入任何数据：${reason}` };
}

const COMMON_INSTRUCTIONS = [
  '1. 每个工作表的第一行是列名，请勿修改；列的顺序可以调整，说明见列名上的批注，底色为橙色的列必填。',
  '2. 示例行仅供参考，导入前请删除或替换为本单位的数据。',
  '3. 导入时先检查全部行：任何一行有错，都不会写入任何数据，并逐行列出行号、列名和原因；使用 --partial（部分导入）时，只写入正确的行，错误的行另存为“错误行”工作簿，改正后可再次导入。',
  '4. 同一文件重复导入不会产生重复数据：人员以人员编号、手机号识别，课程以课程编号识别，培训项目以项目编号识别，班级以班级编号识别，试题以题库和题干识别。',
];

export function makeImporter(deps: { db: Db; storage: FileStorage; platform: Platform }) {
  const embedded = isEmbedded(deps.db);
  // The embedded database lives in this process only: one import writes at a time, in order.
  let writing: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = writing.then(work);
    writing = run.catch(() => undefined);
    return run;
  };
  /** Every attempt's one audit entry; `file` is the name it came under (shown only). */
  async function audited(result: Omit<ImportResult, 'message' | 'outcome'>, why: string | null, actor: ImportActor, file: string | undefined): Promise<ImportResult> {
    const { report } = result;
    const verdict = verdictOf(report, why);
    await deps.platform.audit({
      personId: actor.personId,
      ip: actor.ip,
      event: 'import',
      target: report.kind,
      outcome: verdict.outcome === 'refused' ? 'failure' : 'success',
      detail: {
        result: verdict.outcome,
        reason: verdict.message,
        ...(file ? { file } : {}),
        partial: report.partial,
        rows: report.rows,
        badRows: report.badRows,
        created: report.created,
        updated: report.updated,
        unchanged: report.unchanged,
      },
    });
    return { ...result, ...verdict };
  }
  const nothing = (kind: ImportKind, partial: boolean, reason: string): ImportReport => ({
    kind,
    partial,
    written: false,
    rows: 0,
    badRows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    problems: [{ sheet: '', row: 0, column: '', reason }],
  });

  return {
    /** An attempt refused before its file could be read (over the size limit): audited like any other refusal. */
    async refuse(kind: ImportKind, partial: boolean, reason: string, actor: ImportActor): Promise<void> {
      await audited({ report: nothing(kind, partial, reason), rejects: null }, reason, actor, undefined);
    },
    /** `bytes` null: no file came (the operator call's field was empty); refused and audited like any other. */
    async run(
      kind: ImportKind,
      bytes: Buffer | null,
      opts: { partial?: boolean; baseDir?: string; file?: string; actor: ImportActor; onWriting?: () => Promise<void> },
    ): Promise<ImportResult> {
      const def = KINDS[kind];
      const env = { db: embedded ? yielding(deps.db) : deps.db, storage: deps.storage, embedded, ...(opts.baseDir ? { baseDir: opts.baseDir } : {}) };
      const partial = opts.partial ?? false;
      if (!bytes) return audited({ report: nothing(kind, partial, IMPORT_FILE_MISSING), rejects: null }, IMPORT_FILE_MISSING, opts.actor, opts.file);
      let book;
      try {
        book = await readWorkbook(bytes, def.sheets.map((s) => s.name));
      } catch (e) {
        const reason = e instanceof Error ? e.message : '文件无法读取';
        return audited({ report: nothing(kind, partial, reason), rejects: null }, reason, opts.actor, opts.file);
      }
      const c = new Checker(book);
      checkShape(c, def.sheets, def.optionalSheets);
      const shapeBroken = c.problems.length > 0;
      const plan = shapeBroken ? null : await def.check(c, env);
      const all = def.sheets.flatMap((s) => c.rows(s.name).map((r) => ({ sheet: s.name, r })));
      const bad = all.filter((x) => c.isBad(x.sheet, x.r.row));
      const badRows = bad.length;
      const problems = [...c.problems].sort((a, b) => sheetIndex(def, a.sheet) - sheetIndex(def, b.sheet) || a.row - b.row);
      const base = { kind, partial, rows: all.length, badRows, problems };
      const canWrite = !shapeBroken && plan !== null && all.length > badRows && (partial || badRows === 0);
      let counts: Counts = { created: 0, updated: 0, unchanged: 0 };
      let written = canWrite;
      if (canWrite) {
        // Whoever watches the run (the administration area's page) learns that checking is over.
        await opts.onWriting?.();
        await def.prepare?.(plan, c, env);
        try {
          counts = embedded
            ? await oneAtATime(() => def.write(env.db, plan, c, env))
            : await deps.db.transaction(async (tx) => {
                await importLock(tx as unknown as Db);
                return def.write(tx as unknown as Db, plan, c, { ...env, db: tx as unknown as Db });
              });
        } catch (e) {
          // Rows were checked before the write: someone changed the same people (a number taken meanwhile) since.
          if (!isUniqueViolation(e)) throw e;
          written = false;
          problems.push({ sheet: '', row: 0, column: '', reason: embedded ? IMPORT_INTERRUPTED_EMBEDDED : IMPORT_INTERRUPTED });
        }
      }
      const report: ImportReport = { ...base, ...counts, written };
      let rejects: Buffer | null = null;
      if (partial && badRows > 0 && !shapeBroken) {
        // Grouped by row once (a sheet of 100,000 bad rows must not search every problem for each).
        const reasonsOf = new Map<string, string[]>();
        for (const p of problems) {
          const key = `${p.sheet}\u0000${p.row}`;
          reasonsOf.set(key, [...(reasonsOf.get(key) ?? []), p.column ? `${p.column}：${p.reason}` : p.reason]);
        }
        const byRow = new Map<string, { row: SheetRow; reasons: string[] }[]>();
        for (const x of bad) {
          if (!byRow.has(x.sheet)) byRow.set(x.sheet, []);
          byRow.get(x.sheet)!.push({ row: x.r, reasons: reasonsOf.get(`${x.sheet}\u0000${x.r.row}`) ?? [] });
        }
        rejects = await rejectsWorkbook(def.sheets, byRow);
      }
      // A broken shape (not the template) is the reason itself, whatever rows were read.
      const why = shapeBroken ? (problems.length > 1 ? `${problems[0]!.reason}（共${problems.length}处问题）` : problems[0]!.reason) : null;
      return audited({ report, rejects }, why, opts.actor, opts.file);
    },
  };
}
export type Importer = ReturnType<typeof makeImporter>;

const sheetIndex = (def: Kind<unknown>, name: string) => def.sheets.findIndex((s) => s.name === name);

/** The template of a kind: its sheets with the example rows, and the instructions sheet. */
export function templateOf(kind: ImportKind): Promise<Buffer> {
  const def = KINDS[kind];
  return templateWorkbook(def.sheets, [`${def.title}导入模板`, ...COMMON_INSTRUCTIONS, ...def.instructions.map((l, i) => `${COMMON_INSTRUCTIONS.length + i + 1}. ${l}`), `命令行导入：npm run import -w @portal/server -- ${kind} <文件.xlsx> [--partial]`]);
}

/** A run as the command prints it: the counts and what became of it, then one line per problem. */
export function describeReport({ report: r, message }: Pick<ImportResult, 'report' | 'message'>): string {
  const lines = [`${KINDS[r.kind].title}导入：共${r.rows}行，错误${r.badRows}行；${message}`];
  for (const p of r.problems) lines.push(`  ${p.sheet ? `[${p.sheet}] ` : ''}${p.row ? `第${p.row}行 ` : ''}${p.column ? `${p.column}：` : ''}${p.reason}`);
  return lines.join('\n');
}
