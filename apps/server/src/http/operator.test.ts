import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@portal/contract';
import { makeOperatorCheck } from './auth.ts';
import { HttpError } from './errors.ts';

const req = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } }) as FastifyRequest;
const refusal = (check: (r: FastifyRequest) => void, r: FastifyRequest) => {
  try {
    check(r);
    return null;
  } catch (e) {
    return e instanceof HttpError ? [e.status, e.message] : e;
  }
};

describe('operator calls', () => {
  it('are closed to everybody while no OPERATOR_TOKEN is configured', () => {
    const check = makeOperatorCheck(undefined);
    for (const h of [undefined, '', 'Bearer ', 'Bearer anything-at-all-0123456789012345']) expect(refusal(check, req(h))).toEqual([403, MSG.operatorDisabled]);
  });
  it('take exactly the configured token as a bearer token', () => {
    const token = 'college-operator-token-0123456789abcdef';
    const check = makeOperatorCheck(token);
    expect(refusal(check, req(`Bearer ${token}`))).toBeNull();
    expect(refusal(check, req(token))).toBeNull();
    for (const h of [undefined, '', 'Bearer ', `Bearer ${token} `, `Bearer ${token.slice(0, -1)}`, `Bearer ${token}x`]) expect(refusal(check, req(h))).toEqual([401, MSG.operatorTokenWrong]);
  });
});
