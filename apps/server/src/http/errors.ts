/** Refusals a handler throws: a business refusal (HTTP 200, failure envelope) or an HTTP error. */
import { admin as A, UC_CODE } from '@portal/contract';

/** A business refusal: the client shows `message` (wrong password, locked account, no right...). */
export class Refusal extends Error {
  readonly code: number;
  constructor(message: string, code: number = UC_CODE.invalid) {
    super(message);
    this.code = code;
  }
}

/** An HTTP error with a Chinese message in the call's envelope (400, 401, 403, 404, 429). */
export class HttpError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  constructor(status: number, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

/** Errors that mean the database is unreachable, not that the request was wrong. */
export function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004'].includes(e.code ?? '')) return true;
  if (/Connection terminated|connection.*(closed|refused)|Client has encountered a connection error/i.test(e.message ?? '')) return true;
  return e.cause ? isDatabaseDown(e.cause) : false;
}

/**
 * PostgreSQL's answers to two writes of one record at the same moment: a unique violation (the other
 * inserted first), a serialisation failure or a deadlock (the database chose this one to give way).
 * The record is as the winner left it, so the loser is told, not given a 500.
 */
const CONFLICT_CODES = new Set(['23505', '40001', '40P01']);

/** The refusal of a save made on a version somebody else has changed since it was read. */
export const stale = () => new Refusal(A.ADMIN_MSG.staleVersion, 409);

/** PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(e: unknown): boolean {
  const x = e as { code?: unknown; cause?: unknown } | null;
  return !!x && typeof x === 'object' && (x.code === '23505' || isUniqueViolation(x.cause));
}

/** Whether the error (or what it wraps: drizzle wraps the driver's) is a lost race for one record. */
export function isWriteConflict(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && CONFLICT_CODES.has(e.code)) return true;
  return e.cause ? isWriteConflict(e.cause) : false;
}
