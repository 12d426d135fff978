/** What every importable kind provides: its sheets (template and reading), its checks and its writes. */
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage.ts';
import type { Checker, Counts } from './engine.ts';
import type { SheetDef } from './sheet.ts';

import { operator } from '@portal/contract';

export const IMPORT_KINDS = operator.IMPORT_KINDS;
export type ImportKind = operator.ImportKind;

export interface ImportEnv {
  db: Db;
  /** Where media files named beside the sheet are stored. */
  storage: FileStorage;
  /** The folder the sheet came from (the command): media may be files in it. Absent over HTTP. */
  baseDir?: string;
  /**
   * The embedded database (PGlite): one connection, so every statement holds all other calls while it
   * runs. Writes go outside a transaction there, in small statements (ADR 0031).
   */
  embedded?: boolean;
}

export interface Kind<P> {
  kind: ImportKind;
  /** The template's Chinese name, e.g. 人员. */
  title: string;
  sheets: SheetDef[];
  /** Sheets that may be left out (e.g. a class sheet without members). */
  optionalSheets?: string[];
  /** The template's 填写说明 lines after the common ones. */
  instructions: string[];
  /** Reads and checks every row (problems go to the checker); answers what to write. */
  check(c: Checker, env: ImportEnv): Promise<P>;
  /** Work done before the transaction on the good rows only (hashing passwords, storing media). */
  prepare?(plan: P, c: Checker, env: ImportEnv): Promise<void>;
  /**
   * Writes the rows the checker did not mark bad: inside the import's transaction on PostgreSQL; on the
   * embedded database statement by statement (each an upsert, so running it again completes it).
   */
  write(tx: Db, plan: P, c: Checker, env: ImportEnv): Promise<Counts>;
}
