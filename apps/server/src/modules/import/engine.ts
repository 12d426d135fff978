/**
 * The import's rules, shared by every kind: every row is checked before anything is written; each
 * problem names the sheet, the Excel row, the column and a Chinese reason; nothing is written while
 * any row is bad, unless the run is partial, when the good rows are written and the bad ones go to a
 * rejects workbook. Rows of one sheet that name a bad row of another (a chapter of a bad course) are
 * bad too. Imports take one advisory lock, so two never interleave, whichever instance runs them.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { parseCollegeDateTime } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { SheetDef, SheetRow, Workbook } from './sheet.ts';

export interface Problem {
  sheet: string;
  row: number;
  column: string;
  reason: string;
}
export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

/** Rows checked (or prepared for writing) between two turns of the event loop: a few milliseconds' work. */
export const SLICE = 1000;

/** Collects problems while a kind checks its rows. */
export class Checker {
  readonly problems: Problem[] = [];
  private readonly badRows = new Set<string>();
  readonly book: Workbook;
  constructor(book: Workbook) {
    this.book = book;
  }

  problem(sheet: string, row: number, column: string, reason: string) {
    this.problems.push({ sheet, row, column, reason });
    this.badRows.add(`${sheet}\u0000${row}`);
  }
  isBad(sheet: string, row: number) {
    return this.badRows.has(`${sheet}\u0000${row}`);
  }
  rows(sheet: string): SheetRow[] {
    return this.book.get(sheet)?.rows ?? [];
  }
  /**
   * The rows of a sheet for checking, the event loop let run every SLICE rows: checking 100,000
   * people is a second or more of work, which must not hold every other call that long.
   */
  async *each(sheet: string): AsyncGenerator<SheetRow> {
    const rows = this.rows(sheet);
    for (let i = 0; i < rows.length; i++) {
      if (i > 0 && i % SLICE === 0) await yieldToLoop();
      yield rows[i]!;
    }
  }
  cells(sheet: string, r: SheetRow) {
    return new Cells(this, sheet, r);
  }
}

/** A wall-clock time on the college's calendar typed as 2026-03-01, 2026/3/1, 2026年3月1日 or with 09:30; null for 2026-02-30. */
export const parseChinaTime = (text: string): Date | null => parseCollegeDateTime(text);

/** One row's cells, read and checked column by column; a bad cell records its problem and answers null. */
export class Cells {
  private readonly c: Checker;
  readonly sheet: string;
  readonly r: SheetRow;
  constructor(c: Checker, sheet: string, r: SheetRow) {
    this.c = c;
    this.sheet = sheet;
    this.r = r;
  }
  get row() {
    return this.r.row;
  }
  bad(column: string, reason: string): null {
    this.c.problem(this.sheet, this.r.row, column, reason);
    return null;
  }
  raw(column: string) {
    return this.r.cells[column]?.trim() ?? '';
  }
  /** Text; required means an empty cell is a problem. Answers '' for an empty optional cell. */
  text(column: string, opts: { required?: boolean; max?: number; pattern?: RegExp; patternReason?: string } = {}): string | null {
    const v = this.raw(column);
    if (!v) return opts.required ? this.bad(column, `${column}不能为空`) : '';
    if (opts.max && [...v].length > opts.max) return this.bad(column, `${column}不能超过${opts.max}个字符`);
    if (opts.pattern && !opts.pattern.test(v)) return this.bad(column, opts.patternReason ?? `${column}格式不正确`);
    return v;
  }
  /** A whole number in [min, max]; null when empty and optional (answers `fallback`). */
  int(column: string, opts: { required?: boolean; min?: number; max?: number; fallback?: number | null } = {}): number | null | undefined {
    const v = this.raw(column);
    if (!v) return opts.required ? this.bad(column, `${column}不能为空`) : (opts.fallback ?? undefined);
    if (!/^-?\d+$/.test(v)) return this.bad(column, `${column}应为整数`);
    const n = Number(v);
    if (opts.min !== undefined && n < opts.min) return this.bad(column, `${column}不能小于${opts.min}`);
    if (opts.max !== undefined && n > opts.max) return this.bad(column, `${column}不能大于${opts.max}`);
    return n;
  }
  /** Credit hours: a number of half hours (0.5 steps), 0 to 999. */
  hours(column: string, opts: { required?: boolean; positive?: boolean } = {}): number | null | undefined {
    const v = this.raw(column);
    if (!v) return opts.required ? this.bad(column, `${column}不能为空`) : undefined;
    const n = Number(v);
    if (!/^\d+(\.\d+)?$/.test(v) || !Number.isFinite(n)) return this.bad(column, `${column}应为数字`);
    if (Math.round(n * 2) !== n * 2) return this.bad(column, `${column}须为0.5的整数倍`);
    if (n > 999) return this.bad(column, `${column}不能超过999`);
    if (opts.positive && n <= 0) return this.bad(column, `${column}须大于0`);
    return n;
  }
  time(column: string, opts: { required?: boolean } = {}): Date | null | undefined {
    const v = this.raw(column);
    if (!v) return opts.required ? this.bad(column, `${column}不能为空`) : undefined;
    return parseChinaTime(v) ?? this.bad(column, `${column}不是有效的日期，应如 2026-03-01 或 2026-03-01 09:00`);
  }
  /** One of the named choices (e.g. 男 / 女), answered as its value. */
  choice<T>(column: string, choices: Record<string, T>, opts: { required?: boolean; fallback?: T } = {}): T | null | undefined {
    const v = this.raw(column);
    if (!v) return opts.required ? this.bad(column, `${column}不能为空`) : opts.fallback;
    if (Object.hasOwn(choices, v)) return choices[v] as T;
    return this.bad(column, `${column}“${v}”不正确，应为：${Object.keys(choices).join('、')}`);
  }
}

/**
 * The sheets' own problems before any row: a missing sheet or a missing required column makes every
 * row unreadable, so they are reported once, against row 1.
 */
export function checkShape(c: Checker, sheets: SheetDef[], optionalSheets: string[] = []) {
  for (const s of sheets) {
    const found = c.book.get(s.name);
    if (!found) {
      if (!optionalSheets.includes(s.name)) c.problem(s.name, 1, '', `缺少工作表“${s.name}”，请使用导入模板`);
      continue;
    }
    for (const col of s.columns) {
      if (col.required && !found.headers.includes(col.header)) c.problem(s.name, 1, col.header, `缺少列“${col.header}”，请使用导入模板`);
    }
  }
}

/** Marks a later row that repeats an earlier one's key in the same sheet. */
export function firstOf<K>(seen: Map<K, number>, key: K, cells: Cells, column: string, what: string): boolean {
  const first = seen.get(key);
  if (first !== undefined) {
    cells.bad(column, `${what}在本表中重复（与第${first}行相同）`);
    return false;
  }
  seen.set(key, cells.row);
  return true;
}

/** Rows of a statement's answer (both drivers). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** An array as one parameter (drizzle would spread a plain array into a list), cast to `type`. */
export const arr = (xs: readonly unknown[], type: string) => sql`${sql.param(xs)}::${sql.raw(type)}[]`;

/** Counts from the rows an upsert returned (`inserted` true for new ones) out of `total` given. */
export function countsOf(returned: { inserted: boolean }[], total: number): Counts {
  const created = returned.filter((r) => r.inserted).length;
  const updated = returned.length - created;
  return { created, updated, unchanged: total - created - updated };
}
export const addCounts = (a: Counts, b: Counts): Counts => ({ created: a.created + b.created, updated: a.updated + b.updated, unchanged: a.unchanged + b.unchanged });
export const ZERO: Counts = { created: 0, updated: 0, unchanged: 0 };

/** Serialises imports across every instance for the length of the transaction. */
/**
 * The embedded database as an import should use it: every statement waits for a turn of the event loop
 * first. PGlite answers within the same chain of promises, so statements issued back to back would
 * otherwise run as one block that no request (a macrotask) can get between (ADR 0031).
 */
export const yielding = (db: Db): Db =>
  new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
      return async (query: SQL) => {
        await yieldToLoop();
        return target.execute(query);
      };
    },
  });

export const importLock = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('portal:import'))`);

export function chunks<T>(xs: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}
