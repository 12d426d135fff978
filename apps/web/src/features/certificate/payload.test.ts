import { describe, expect, it } from 'vitest';
import { checkPayload, numberIn, payloadIn } from './payload.ts';

const b64url = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url');
const fields = { n: 'ZS2026000123', p: '张*伟', i: '数字政府建设专题培训', h: 12.5, d: '2026-11-24' };

async function issuer() {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = b64url(await crypto.subtle.exportKey('raw', keys.publicKey));
  const sign = async (f: object) => {
    const body = Buffer.from(JSON.stringify(f)).toString('base64url');
    return `${body}.${b64url(await crypto.subtle.sign('Ed25519', keys.privateKey, new TextEncoder().encode(body)))}`;
  };
  return { publicKey, sign };
}

describe('the offline check of a certificate payload', () => {
  it('a payload signed by the college checks and gives its fields', async () => {
    const college = await issuer();
    expect(await checkPayload(await college.sign(fields), college.publicKey)).toEqual({ kind: 'valid', fields });
  });

  it('a tampered payload, another key and garbage fail', async () => {
    const college = await issuer();
    const payload = await college.sign(fields);
    const signature = payload.split('.')[1]!;
    const tampered = `${Buffer.from(JSON.stringify({ ...fields, h: 100 })).toString('base64url')}.${signature}`;
    expect(await checkPayload(tampered, college.publicKey)).toEqual({ kind: 'invalid' });
    expect(await checkPayload(payload, (await issuer()).publicKey)).toEqual({ kind: 'invalid' });
    expect(await checkPayload('abc.def', college.publicKey)).toEqual({ kind: 'invalid' });
    expect(await checkPayload(await college.sign({ n: 1 }), college.publicKey)).toEqual({ kind: 'invalid' });
  });

  it('finds the payload in a scanned address or alone', () => {
    expect(payloadIn(' https://edu.example.cn/certificate?no=ZS2026000123&p=abc.d-f_ ')).toBe('abc.d-f_');
    expect(payloadIn('abc.def')).toBe('abc.def');
    expect(payloadIn('https://edu.example.cn/certificate?no=ZS2026000123')).toBeNull();
    expect(payloadIn('随便写的')).toBeNull();
    expect(numberIn('https://edu.example.cn/certificate?no=ZS2026000123&p=abc.def')).toBe('ZS2026000123');
    expect(numberIn('abc.def')).toBeNull();
  });
});
