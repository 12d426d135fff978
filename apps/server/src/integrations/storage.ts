/** Files (avatars, later homework and media): stored under generated names; local disk by default. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  /** Stores the bytes under `key` (a generated, safe relative name) and answers its public address. */
  put(key: string, bytes: Buffer): Promise<string>;
}

export function diskStorage(root: string, publicPrefix = '/uploads'): FileStorage {
  return {
    async put(key, bytes) {
      if (!/^[a-z0-9/_-]+\.[a-z0-9]+$/.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside it and renamed: instances sharing DATA_DIR never serve a half-written file.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
      return `${publicPrefix}/${key}`;
    },
  };
}

/** The image type of some bytes by their content (magic numbers), or null. */
export function imageTypeOf(bytes: Buffer): 'jpg' | 'png' | 'gif' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}
