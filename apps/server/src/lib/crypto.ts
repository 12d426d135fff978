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

const PASSWORD_ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '@#%&!'] as const;
/**
 * A random 10-character password with capitals, small letters, digits and a symbol (so it satisfies
 * the password rule), without look-alike characters (0/O, 1/l/I): it is read aloud or off an SMS.
 */
export function randomPassword(): string {
  const all = PASSWORD_ALPHABETS.join('');
  const pick = (from: string) => from[randomInt(0, from.length)]!;
  const chars = [...PASSWORD_ALPHABETS.map(pick), ...Array.from({ length: 6 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
