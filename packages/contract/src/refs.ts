/**
 * References to the contract's calls: what a page needs of a call before making it (its name, path,
 * method, envelope and who may make it), without its schemas; and the calls modules' constants
 * (COURSE_SORTS, WECHAT_STATUS...), which are plain data. The web imports these; its client
 * loads the whole contract, schemas and all, when it makes the first call, so that building the
 * schemas (most of the contract's cost in a browser) is not part of a page's first load (ADR 0011).
 *
 * In the web's build, apps/web/vite.config.ts replaces this module by the values it exports here, as
 * data: the same references, with no import of the contract behind them. Everywhere else (the server,
 * unit tests) it is this module, derived from the contract itself.
 */
import type { z } from 'zod';
import { isCallDef, type CallDef } from './callDef.ts';
import * as contract from './index.ts';

export interface CallRef<C extends CallDef = CallDef> {
  /** The contract's module (`content`) and the call's export name in it (`findFlashNewByPage`). */
  readonly group: string;
  readonly key: string;
  readonly name: C['name'];
  readonly method: C['method'];
  readonly path: C['path'];
  readonly envelope: C['envelope'];
  readonly auth: C['auth'];
  readonly upload: C['upload'];
  readonly binary: C['binary'];
  /** Never set: the call's full type, for the client's typing of input and answer. */
  readonly __call?: C;
}

/** A call as the client takes it: a reference, or the call itself where its schemas are already loaded. */
export type AnyCall = CallDef | CallRef;
/** The call a reference stands for. */
export type CallOf<R> = R extends CallDef ? R : R extends CallRef<infer C> ? C : never;

/** A module's export as a reference: a call's reference, a constant as it is; a schema not at all. */
type RefOf<V> = V extends CallDef ? CallRef<V> : V extends z.ZodType ? never : V extends Record<string, z.ZodType> ? never : V extends (...args: never[]) => unknown ? never : V extends readonly unknown[] ? V : V extends object ? ([Extract<V[keyof V], z.ZodType | ((...args: never[]) => unknown)>] extends [never] ? V : never) : V;
export type RefsOf<M> = { readonly [K in keyof M as [RefOf<M[K]>] extends [never] ? never : K]: RefOf<M[K]> };

const isSchema = (v: unknown) => typeof v === 'object' && v !== null && '_zod' in v;
/** A table of schemas (a form's fields by kind) or of message functions is not data: left out like them. */
const holdsSchemas = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).some((x) => isSchema(x) || typeof x === 'function');

function refsOf<M extends object>(group: string, exports: M): RefsOf<M> {
  const refs: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(exports)) {
    if (isCallDef(value)) {
      const { name, method, path, envelope, auth, upload, binary } = value;
      refs[key] = { group, key, name, method, path, envelope, auth, ...(upload ? { upload } : {}), ...(binary ? { binary } : {}) };
    } else if (!isSchema(value) && !holdsSchemas(value) && typeof value !== 'function') {
      refs[key] = value;
    }
  }
  return refs as RefsOf<M>;
}

export const auth = refsOf('auth', contract.auth);
export const person = refsOf('person', contract.person);
export const dev = refsOf('dev', contract.dev);
export const content = refsOf('content', contract.content);
export const catalog = refsOf('catalog', contract.catalog);
export const learning = refsOf('learning', contract.learning);
export const exam = refsOf('exam', contract.exam);
export const teacher = refsOf('teacher', contract.teacher);
export const remind = refsOf('remind', contract.remind);
export const notes = refsOf('notes', contract.notes);
export const mistakes = refsOf('mistakes', contract.mistakes);
export const operator = refsOf('operator', contract.operator);
export const work = refsOf('work', contract.work);
export const review = refsOf('review', contract.review);
export const admin = refsOf('admin', contract.admin);
export const adminContent = refsOf('adminContent', contract.adminContent);
export const adminImport = refsOf('adminImport', contract.adminImport);
export const adminCertificate = refsOf('adminCertificate', contract.adminCertificate);
export const adminPeople = refsOf('adminPeople', contract.adminPeople);
export const adminExams = refsOf('adminExams', contract.adminExams);
export const adminTraining = refsOf('adminTraining', contract.adminTraining);
export const adminMedia = refsOf('adminMedia', contract.adminMedia);
export const adminCourses = refsOf('adminCourses', contract.adminCourses);
