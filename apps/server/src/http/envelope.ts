/** The two envelopes of PRODUCT.md section 3, built in one place. */
import { UC_CODE, type EnvelopeKind } from '@portal/contract';

export function success(kind: EnvelopeKind, data: unknown, message = '成功'): unknown {
  if (kind === 'uc') return { code: UC_CODE.ok, message, data: data ?? null };
  if (kind === 'vl') return { res: true, resMsg: message, obj: data ?? null };
  return data;
}

export function failure(kind: EnvelopeKind, code: number, message: string, field?: string): unknown {
  const f = field ? { field } : {};
  if (kind === 'uc') return { code, message, data: null, ...f };
  if (kind === 'vl') return { res: false, resMsg: message, obj: null, ...f };
  return { message, ...f };
}
