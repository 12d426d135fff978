/**
 * The one rule for a number a call takes into an integer column (ids, versions, counts, sort orders,
 * years, scores, durations): a whole number within its own bounds, never past PostgreSQL's integer.
 * A number past it would reach the database and fail there (a 500, or an export cut off after its
 * first bytes) instead of being refused as input. rules/numbers.test.ts checks every call keeps to it.
 */
import '../zodSetup.ts';
import { z } from 'zod';

/** The largest value of PostgreSQL's `integer`. */
export const INT_MAX = 2_147_483_647;

export interface IntMessages {
  /** Below min; by default `${label}不能小于${min}`. */
  tooSmall?: string;
  /** Above max; by default `${label}不能大于${max}`. */
  tooLarge?: string;
  /** Not a number at all (missing, text); by default `${label}必须是数字`. */
  notNumber?: string;
  /** A fraction; by default `${label}必须是整数`. */
  notWhole?: string;
}

function bounds(label: string, min: number, max: number, m: IntMessages) {
  if (min < -INT_MAX || max > INT_MAX || min > max) throw new Error(`${label}: bounds ${min}..${max} do not fit an integer column`);
  return {
    notNumber: m.notNumber ?? `${label}必须是数字`,
    notWhole: m.notWhole ?? `${label}必须是整数`,
    tooSmall: m.tooSmall ?? `${label}不能小于${min}`,
    tooLarge: m.tooLarge ?? `${label}不能大于${max}`,
  };
}

/** A whole number from min to max in a JSON body (a number, not text). */
export function intField(label: string, min: number, max: number, messages: IntMessages = {}) {
  const m = bounds(label, min, max, messages);
  return z.number({ error: m.notNumber }).min(min, m.tooSmall).max(max, m.tooLarge).int(m.notWhole);
}

/** The same in a query string or a path, where every value is text: '12' is 12. */
export function intParam(label: string, min: number, max: number, messages: IntMessages = {}) {
  const m = bounds(label, min, max, messages);
  return z.coerce.number({ error: m.notNumber }).min(min, m.tooSmall).max(max, m.tooLarge).int(m.notWhole);
}

const idMessages = (label: string): IntMessages => ({ tooSmall: `${label}必须大于0`, tooLarge: `${label}过大` });
/** A database id in a query string or a path: a positive whole number that fits an integer column. */
export const idParam = (label: string) => intParam(label, 1, INT_MAX, idMessages(label));
/** A database id in a JSON body. */
export const idField = (label: string) => intField(label, 1, INT_MAX, idMessages(label));

/** The version a change was made against (optimistic locking), from 0 for a record never changed. */
export const versionField = (first = 0) => intField('版本号', first, INT_MAX, { tooSmall: '版本号不正确', tooLarge: '版本号不正确' });
export const versionParam = (first = 0) => intParam('版本号', first, INT_MAX, { tooSmall: '版本号不正确', tooLarge: '版本号不正确' });

/** What marks a number deliberately wider than an integer column (rules/numbers.test.ts lets these through). */
export const WIDE = 'wide: a bigint column or a clock reading, not an integer column';
/**
 * A positive whole number up to 2^53 - 1, in a query string, a path or a body, for a bigserial id or a
 * clock reading in seconds (which passes 2147483647 in 2038): still exact in JavaScript and in bigint.
 */
export const wideIdParam = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .min(1, `${label}必须大于0`)
    .max(Number.MAX_SAFE_INTEGER, `${label}过大`)
    .int(`${label}必须是整数`)
    .describe(WIDE);
