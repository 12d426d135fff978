/** Which database errors are a lost race (answered 409 with a sentence by the server's error handler) and which are not. */
import { describe, expect, it } from 'vitest';
import { isWriteConflict } from './errors.ts';

describe('isWriteConflict', () => {
  it('is a unique violation, a serialisation failure or a deadlock, also as the cause drizzle wraps', () => {
    for (const code of ['23505', '40001', '40P01']) {
      expect(isWriteConflict({ code }), code).toBe(true);
      expect(isWriteConflict(Object.assign(new Error('Failed query'), { cause: { code } })), code).toBe(true);
    }
  });

  it('is not another database error, a connection error, or nothing', () => {
    for (const code of ['23503', '23514', '22003', 'ECONNREFUSED', '57P01']) expect(isWriteConflict({ code }), code).toBe(false);
    expect(isWriteConflict(new Error('x'))).toBe(false);
    expect(isWriteConflict(null)).toBe(false);
    expect(isWriteConflict(undefined)).toBe(false);
  });
});
