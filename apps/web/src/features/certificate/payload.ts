/**
 * The offline check of a certificate's QR payload, in the browser: base64url(JSON of number, masked
 * name, install, hours, date) + '.' + base64url(Ed25519 signature over the first part), checked with
 * WebCrypto against the college's published public key (findCertificateKey).
 */
import type { content } from '@portal/contract';

export type PayloadFields = content.CertificatePayloadFields;

const PAYLOAD = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const addressOf = (text: string) => {
  try {
    return new URL(text.trim());
  } catch {
    return null;
  }
};

/** The certificate number in a scanned verification address. */
export const numberIn = (text: string) => addressOf(text)?.searchParams.get('no') ?? null;

/** The payload in what a scanner gives: the whole verification address (its `p`) or the payload alone. */
export function payloadIn(text: string): string | null {
  const t = text.trim();
  if (PAYLOAD.test(t)) return t;
  const p = addressOf(t)?.searchParams.get('p');
  return p && PAYLOAD.test(p) ? p : null;
}

function fieldsOf(value: unknown): PayloadFields | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const ok = typeof v.n === 'string' && typeof v.p === 'string' && typeof v.i === 'string' && typeof v.h === 'number' && typeof v.d === 'string';
  return ok ? { n: v.n as string, p: v.p as string, i: v.i as string, h: v.h as number, d: v.d as string } : null;
}

export type PayloadCheck = { kind: 'valid'; fields: PayloadFields } | { kind: 'invalid' } | { kind: 'unsupported' };

/** Checks the signature; 'unsupported' when this browser has no Ed25519 in WebCrypto. */
export async function checkPayload(payload: string, publicKey: string): Promise<PayloadCheck> {
  const [body, signature] = payload.split('.');
  if (!body || !signature || !PAYLOAD.test(payload)) return { kind: 'invalid' };
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('raw', bytesOf(publicKey), { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return { kind: 'unsupported' };
  }
  try {
    if (!(await crypto.subtle.verify('Ed25519', key, bytesOf(signature), new TextEncoder().encode(body)))) return { kind: 'invalid' };
    const fields = fieldsOf(JSON.parse(new TextDecoder().decode(bytesOf(body))));
    return fields ? { kind: 'valid', fields } : { kind: 'invalid' };
  } catch {
    return { kind: 'invalid' };
  }
}
