/**
 * 导入 in the administration area: the importer's run (service.ts) for a training
 * administrator, audited under their person id, with a row of its own in import_runs. The row is
 * written before the run and says its phase (checking, then writing) for the page that asks while it
 * waits, on whichever instance; then it keeps the counts, the outcome, the first problems and the
 * rejects workbook, so the history shows who imported what, when, and what became of it, and the
 * rejected rows can be downloaded again later. (The audit log also has its entry of every attempt,
 * whichever way it came; the history is the area's working record, with what the audit entry lacks.)
 */
import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { adminImport as AI, operator as O } from '@portal/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { importRuns } from '../../db/schema/imports.ts';
import { persons } from '../../db/schema/people.ts';
import { HttpError, Refusal } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/body.ts';
import { chinaDate, type XlsxExport } from '../../http/xlsx.ts';
import { parseBound } from '../ops/audit.ts';
import { KINDS, templateOf, type Importer, type ImportKind } from './service.ts';
import type { Who } from '../../http/auth.ts';
import { offsetOf, pageOf } from '../../lib/listing.ts';

type Filter = z.infer<typeof AI.importFilter>;

export const IMPORT_EXPORT_MAX = 50_000;
/** A run still not done after this long was cut off (the server stopped in the middle of it). */
const STALE_MS = 60 * 60_000;
const RUN_TAKEN = '该导入编号已使用，请重新选择文件导入';
const CUT_OFF = '导入中途服务器停止，结果未确认，请在相应名单中核对后重新导入';

export function makeImportAdmin(deps: { db: Db; importer: Importer; config: Config }) {
  const { db, importer } = deps;

  function whereOf(f: Filter, personIds: number[] | null): SQL | undefined {
    const w: SQL[] = [];
    if (f.kind) w.push(eq(importRuns.kind, f.kind));
    if (f.outcome) w.push(eq(importRuns.outcome, f.outcome));
    if (personIds) w.push(personIds.length ? inArray(importRuns.personId, personIds) : sql`false`);
    const bound = (text: string | undefined, end: boolean, field: string) => {
      if (!text) return undefined;
      const d = parseBound(text, deps.config.TIME_ZONE, end);
      if (!d) throw new HttpError(400, O.OPERATOR_MSG.noSuchDate, field);
      return d;
    };
    const from = bound(f.from, false, 'from');
    const to = bound(f.to, true, 'to');
    if (from && to && from >= to) throw new HttpError(400, O.OPERATOR_MSG.rangeReversed, 'from');
    if (from) w.push(gte(importRuns.startedAt, from));
    if (to) w.push(lt(importRuns.startedAt, to));
    return w.length ? and(...w) : undefined;
  }
  const peopleNamed = async (text: string | undefined) =>
    text ? (await db.select({ id: persons.personId }).from(persons).where(or(eq(persons.mobile, text), eq(persons.personNo, text), eq(persons.personName, text)))).map((r) => r.id) : null;

  async function history(f: Filter, pageNum: number, pageSize: number) {
    const where = whereOf(f, await peopleNamed(f.person));
    const [total] = await db.select({ n: count() }).from(importRuns).where(where);
    const rows = await db
      .select({
        id: importRuns.id,
        startedAt: importRuns.startedAt,
        finishedAt: importRuns.finishedAt,
        personName: persons.personName,
        kind: importRuns.kind,
        file: importRuns.file,
        partial: importRuns.partial,
        phase: importRuns.phase,
        outcome: importRuns.outcome,
        message: importRuns.message,
        rows: importRuns.rows,
        badRows: importRuns.badRows,
        created: importRuns.created,
        updated: importRuns.updated,
        unchanged: importRuns.unchanged,
        rejects: sql<boolean>`${importRuns.rejects} is not null`,
      })
      .from(importRuns)
      .innerJoin(persons, eq(persons.personId, importRuns.personId))
      .where(where)
      .orderBy(desc(importRuns.startedAt), desc(importRuns.id))
      .limit(pageSize)
      .offset(offsetOf({ pageNum, pageSize }));
    const now = Date.now();
    const list: AI.ImportHistoryItem[] = rows.map((r) => ({
      ...r,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      message: r.phase !== 'done' && now - r.startedAt.getTime() > STALE_MS ? CUT_OFF : r.message,
    }));
    return pageOf({ pageNum, pageSize }, list, total?.n ?? 0);
  }

  return {
    /** A kind's template and the name it downloads under. */
    async template(kind: ImportKind) {
      return { bytes: await templateOf(kind), fileName: `${KINDS[kind].title}导入模板.xlsx`, asciiName: `${kind}-template.xlsx` };
    },

    async upload(q: { kind: ImportKind; partial: 'true' | 'false'; run: string }, file: UploadedFile | null, who: Who): Promise<{ run: AI.ImportRun; message: string }> {
      const partial = q.partial === 'true';
      const [row] = await db
        .insert(importRuns)
        .values({ runKey: q.run, personId: who.personId, kind: q.kind, file: file?.name ?? '', partial, phase: 'checking' })
        .onConflictDoNothing()
        .returning({ id: importRuns.id });
      if (!row) throw new Refusal(RUN_TAKEN);
      const mark = (set: Partial<typeof importRuns.$inferInsert>) => db.update(importRuns).set(set).where(eq(importRuns.id, row.id));
      let result;
      try {
        result = await importer.run(q.kind, file?.bytes ?? null, {
          partial,
          ...(file?.name ? { file: file.name } : {}),
          actor: who,
          onWriting: async () => {
            await mark({ phase: 'writing' });
          },
        });
      } catch (err) {
        await mark({ phase: 'done', outcome: 'refused', message: '导入失败：服务器出错，未写入任何数据', finishedAt: new Date() });
        throw err;
      }
      const { report, rejects, outcome, message } = result;
      const problems = report.problems.slice(0, AI.IMPORT_PROBLEMS_SHOWN);
      await mark({
        phase: 'done',
        outcome,
        message,
        rows: report.rows,
        badRows: report.badRows,
        created: report.created,
        updated: report.updated,
        unchanged: report.unchanged,
        problems,
        problemCount: report.problems.length,
        rejects,
        finishedAt: new Date(),
      });
      return { run: { ...report, problems, problemTotal: report.problems.length, id: row.id, outcome, message, rejects: rejects !== null }, message };
    },

    /** A file refused before it was read (over the size limit): audited under the administrator like any refused attempt. */
    refuse: (kind: ImportKind, partial: boolean, reason: string, who: Who) => importer.refuse(kind, partial, reason, who),

    async phase(personId: number, run: string): Promise<{ phase: (typeof AI.IMPORT_PHASES)[number] }> {
      const [r] = await db.select({ phase: importRuns.phase }).from(importRuns).where(and(eq(importRuns.personId, personId), eq(importRuns.runKey, run)));
      return { phase: r?.phase ?? 'waiting' };
    },

    list: (q: Filter & { pageNum: number; pageSize: number }) => history(q, q.pageNum, q.pageSize),

    /** The list's own query, page after page: the file holds what the screen pages through. */
    export(f: Filter): XlsxExport<AI.ImportHistoryItem> {
      async function* rows() {
        const size = 1000;
        for (let page = 1; (page - 1) * size < IMPORT_EXPORT_MAX; page++) {
          const { list } = await history(f, page, size);
          yield* list;
          if (list.length < size) return;
        }
      }
      const day = chinaDate();
      return {
        fileName: `导入记录_${day}`,
        asciiName: `imports-${day}`,
        sheetName: '导入记录',
        title: `导入记录（导出于 ${day}）`,
        columns: [
          { header: '时间', width: 18, kind: 'datetime', value: (r) => new Date(r.startedAt) },
          { header: '导入人', width: 10, kind: 'text', value: (r) => r.personName },
          { header: '类型', width: 10, kind: 'text', value: (r) => AI.IMPORT_KIND_NAMES[r.kind] },
          { header: '文件', width: 24, kind: 'text', value: (r) => r.file },
          { header: '方式', width: 14, kind: 'text', value: (r) => (r.partial ? '只导入正确的行' : '全部正确才导入') },
          { header: '结果', width: 10, kind: 'text', value: (r) => (r.outcome ? AI.IMPORT_OUTCOME_NAMES[r.outcome] : '进行中') },
          { header: '行数', width: 8, kind: 'number', value: (r) => r.rows },
          { header: '错误行', width: 8, kind: 'number', value: (r) => r.badRows },
          { header: '新增', width: 8, kind: 'number', value: (r) => r.created },
          { header: '更新', width: 8, kind: 'number', value: (r) => r.updated },
          { header: '未变', width: 8, kind: 'number', value: (r) => r.unchanged },
          { header: '说明', width: 50, kind: 'text', value: (r) => r.message },
        ],
        rows: rows(),
      };
    },

    async problems(id: number) {
      const [r] = await db.select({ problems: importRuns.problems, total: importRuns.problemCount }).from(importRuns).where(eq(importRuns.id, id));
      if (!r) throw new HttpError(404, AI.ADMIN_IMPORT_MSG.runMissing);
      return r;
    },

    async rejects(id: number) {
      const [r] = await db.select({ kind: importRuns.kind, rejects: importRuns.rejects }).from(importRuns).where(eq(importRuns.id, id));
      if (!r) throw new HttpError(404, AI.ADMIN_IMPORT_MSG.runMissing);
      if (!r.rejects) throw new HttpError(404, AI.ADMIN_IMPORT_MSG.noRejects);
      return { bytes: r.rejects, fileName: `${KINDS[r.kind].title}导入-错误行-${id}.xlsx`, asciiName: `${r.kind}-rejects-${id}.xlsx` };
    },
  };
}
export type ImportAdmin = ReturnType<typeof makeImportAdmin>;
