import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeSigner } from './signing.ts';

const key = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
const fields = { n: 'ZS2026000123', p: '张*伟', i: '数字政府建设专题培训', h: 12.5, d: '2026-11-24' };

describe('certificate payload signing', () => {
  it('a signed payload checks and gives back its fields', () => {
    const s = makeSigner(key());
    expect(s.verify(s.sign(fields))).toEqual(fields);
    expect(Buffer.from(s.publicKey, 'base64url')).toHaveLength(32);
  });

  it('a tampered payload, a payload of another key and garbage fail', () => {
    const s = makeSigner(key());
    const payload = s.sign(fields);
    const [, signature] = payload.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...fields, h: 99 })).toString('base64url')}.${signature}`;
    expect(s.verify(forged)).toBeNull();
    expect(makeSigner(key()).verify(payload)).toBeNull();
    // One signature character changed to another (never to itself), and the last character's unused
    // padding bits set: both must fail, whatever the random key made of the signature.
    const at = payload.indexOf('.') + 10;
    const changed = `${payload.slice(0, at)}${payload[at] === 'A' ? 'B' : 'A'}${payload.slice(at + 1)}`;
    const last = payload.at(-1) ?? 'A';
    const loosePadding = `${payload.slice(0, -1)}${'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(last) + 1]}`;
    for (const bad of ['', '.', 'abc', `${payload}.x`, changed, loosePadding]) expect(s.verify(bad)).toBeNull();
  });

  it('accepts a PEM key and refuses a key of another kind', () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(makeSigner(pem).verify(makeSigner(pem).sign(fields))).toEqual(fields);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => makeSigner(rsa)).toThrow(/not an Ed25519/);
  });
});
