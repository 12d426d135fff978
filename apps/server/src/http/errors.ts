/** Refusals a handler throws: a business refusal (HTTP 200, failure envelope) or an HTTP error. */
import { UC_CODE } from '@portal/contract';

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
