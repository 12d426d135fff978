/**
 * What every public list shares: paging with the total counted in the same query, LIKE patterns
 * that take a learner's text literally, China-time days and years, ISO dates, masked names and the cache headers of public answers.
 */
import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { collegeYear, collegeYearStart } from '@portal/contract';

export interface PageQuery {
  pageNum: number;
  pageSize: number;
}
export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** Selected beside a page's columns: the number of rows the filter matches, before LIMIT. */
export const totalOver = () => sql<number>`count(*) over()`.mapWith(Number);
export const offsetOf = (q: PageQuery) => (q.pageNum - 1) * q.pageSize;
/** The page of an answer: its rows, how many rows the filter matches, and the page that was asked for. */
export const pageOf = <T>(q: PageQuery, list: T[], total: number): Page<T> => ({ list, total, pageNum: q.pageNum, pageSize: q.pageSize });

/**
 * A page from rows that carry `total` (see totalOver). A page past the end has no rows to carry it,
 * so only then is the total counted separately.
 */
export async function pageFrom<R extends { total: number }, T>(q: PageQuery, rows: R[], map: (row: R) => T, count: () => Promise<number>): Promise<Page<T>> {
  const total = rows[0]?.total ?? (q.pageNum > 1 ? await count() : 0);
  return pageOf(q, rows.map(map), total);
}

/**
 * Every row of a paged list, page after page of the same query: an export streams the rows of the
 * screen's own query and filter without holding them all (ARCHITECTURE.md section 5).
 */
export async function* allRows<T>(fetchPage: (q: PageQuery) => Promise<Page<T>>, pageSize = 500): AsyncGenerator<T> {
  for (let pageNum = 1; ; pageNum++) {
    const page = await fetchPage({ pageNum, pageSize });
    yield* page.list;
    if (page.list.length < pageSize) return;
  }
}

/** `%text%` with the LIKE wildcards of the text escaped, so 100% searches for "100%". */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Case-insensitive containment of literal text in any of the columns. */
export function matchesAny(text: string, ...columns: (AnyColumn | SQL)[]): SQL {
  const pattern = containsPattern(text);
  return sql.join(
    columns.map((c) => sql`${c} ilike ${pattern}`),
    sql` or `,
  );
}

/** The text of a rich-text column (its tags left out), for searching what a reader sees rather than the markup. */
export const textOf = (column: AnyColumn) => sql`regexp_replace(${column}, '<[^>]*>', '', 'g')`;

/**
 * A column named with its table, for correlated subqueries: drizzle leaves columns of a single-table
 * select unqualified, and inside a subquery an unqualified name would bind to the inner table.
 */
export const outer = (column: AnyColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** When the year `year` began on the college's calendar. */
export const chinaYearStart = (year: number) => collegeYearStart(year);
/** The year of an instant on the college's calendar. */
export const chinaYearOf = (now = Date.now()) => collegeYear(now);

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Public lists show names as 张* / 张*伟 / 欧**娜: the first and the last character of three or more. */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return chars.length === 1 ? '*' : '';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** Public answers the same for everybody may be kept by browsers and proxies for a minute. */
export function cachePublic(reply: FastifyReply) {
  reply.header('Cache-Control', 'public, max-age=60');
}

/** An answer about the administration's current state: never kept, so a screen never shows an old list. */
export function noStore(reply: { header(name: string, value: string): unknown }): void {
  reply.header('Cache-Control', 'no-store');
}

/** An answer that depends on the caller is public only for a visitor. */
export function cacheFor(reply: FastifyReply, personal: boolean) {
  reply.header('Vary', 'Authorization');
  reply.header('Cache-Control', personal ? 'private, no-store' : 'public, max-age=60');
}
