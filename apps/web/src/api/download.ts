/**
 * Exports and documents (an .xlsx, a certificate's PDF) are files, not envelopes: fetched with the login token and saved from a blob under the
 * server's own (Chinese, RFC 5987) file name. A refusal in the envelope the server answers instead
 * of a file is thrown as a CallError('business') with its message.
 */
import { urlOf } from '@portal/contract/base';
import type { AnyCall } from '@portal/contract/refs';
import { storage } from '../lib/storage.ts';
import { adminSession } from '../lib/adminSession.ts';
import { CallError } from './client.ts';

/** The file name of a Content-Disposition: filename* (UTF-8) first, then the plain one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

export async function downloadFile(ref: AnyCall, query: Record<string, string | number | undefined>, fallbackName: string): Promise<void> {
  const token = ref.auth === 'admin' ? (adminSession.get()?.token ?? null) : storage.get().token;
  const qs = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])));
  const res = await fetch(`${urlOf(ref, '')}${qs.size ? `?${qs}` : ''}`, { method: ref.method, headers: token ? { Authorization: token } : {} });
  // A file is anything but the JSON envelope a refusal comes in.
  if (res.status !== 200 || (res.headers.get('Content-Type') ?? '').includes('application/json')) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    // The server's sentence is a refusal the caller shows as it is (like a call's); anything else failed.
    if (body?.message && res.status !== 401) throw new CallError('business', body.message, res.status);
    // A lapsed login is a failure the person must act on (log in again), in the server's words.
    if (body?.message) throw new CallError('unauthorized', body.message, 401, false);
    throw new Error(`HTTP ${res.status}`);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileNameOf(res.headers.get('Content-Disposition'), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
