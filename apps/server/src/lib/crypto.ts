/** Tokens, hashes and signatures. Passwords are argon2id (QUALITY.md: t=2, m=19 MiB, p=1). */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id is an ambient const enum (2), which isolated modules cannot read by name. */
const ARGON2 = { algorithm: 2 as Algorithm, timeCost: 2, memoryCost: 19456, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);
export const verifyPassword = (stored: string, password: string) => verify(stored, password).catch(() => false);

/** A random 256-bit session token; only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const newId = (bytes = 16) => randomBytes(bytes).toString('hex');
export const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');
export function hmacEquals(secret: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(hmac(secret, payload), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
