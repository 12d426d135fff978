/**
 * Homework attachments: their type decided by their content (magic numbers, and for the Office
 * formats the parts inside), and a private store under generated names that no static route serves;
 * they are read only through downloadWorkFile, which checks who asks.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { work } from '@portal/contract';
import { imageTypeOf } from '../../integrations/storage.ts';

export type WorkFileType = work.WorkFileType;

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const utf16 = (s: string) => Buffer.from(s, 'utf16le');

/** The type of a file by its content, or null when it is none of the accepted ones. */
export function workFileTypeOf(bytes: Buffer): WorkFileType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const image = imageTypeOf(bytes);
  if (image === 'jpg' || image === 'png') return image;
  if (bytes.subarray(0, 8).equals(OLE2)) {
    // A compound document names its streams in UTF-16: Word keeps WordDocument, Excel Workbook (or Book).
    if (bytes.includes(utf16('WordDocument'))) return 'doc';
    if (bytes.includes(utf16('Workbook')) || bytes.includes(utf16('Book'))) return 'xls';
    return null;
  }
  if (bytes.subarray(0, 4).equals(ZIP)) {
    // Office Open XML: a zip whose part names (stored as plain text in its headers) say what it is.
    if (!bytes.includes('[Content_Types].xml')) return null;
    if (bytes.includes('word/document.xml')) return 'docx';
    if (bytes.includes('xl/workbook.xml')) return 'xlsx';
    return null;
  }
  return null;
}

/** A file name fit to show and to send back in Content-Disposition: no path, no control characters, at most 100 characters. */
export function cleanFileName(name: string, type: WorkFileType): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim();
  if (!base) return `附件.${type}`;
  if (base.length <= 100) return base;
  const ext = path.extname(base).slice(0, 10);
  return base.slice(0, 100 - ext.length) + ext;
}

export const CONTENT_TYPES: Record<WorkFileType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpg: 'image/jpeg',
  png: 'image/png',
};

export interface PrivateFiles {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Removes the file; one already gone is no error. */
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9/_-]+\.[a-z0-9]+$/;

export function privateDiskFiles(root: string): PrivateFiles {
  const fileOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    get: (key) => readFile(fileOf(key)),
    remove: (key) => rm(fileOf(key), { force: true }),
  };
}
