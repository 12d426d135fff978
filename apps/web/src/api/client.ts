/**
 * The typed client: one generic `call(ref, input)` for every contract call. URL, method, the
 * Authorization header and the envelope all come from the call's definition; answers are checked
 * against the contract's schemas, which are loaded with the first call (pages pass references,
 * @portal/contract/refs; ADR 0011). The error catalogue of SPEC.md section 8 is handled here and only
 * here: 401, other HTTP failures and network failures are shown at once; business refusals are
 * thrown as CallError('business') with the server's message for the caller to show.
 */
import type { PortalConfig } from '@portal/contract';
import { MSG, setCollegeTimeZone, urlOf, type CallBody, type CallData, type CallDef, type CallParams, type CallQuery } from '@portal/contract/base';
import { person, type AnyCall, type CallOf } from '@portal/contract/refs';
import { storage } from '../lib/storage.ts';
import { adminSession, adminSessionExpired } from '../lib/adminSession.ts';
import { toast } from '../lib/toast.ts';

export type CallErrorKind = 'business' | 'unauthorized' | 'http' | 'network' | 'invalid';

export class CallError extends Error {
  readonly kind: CallErrorKind;
  /** The business code (uc `code`) of a refusal, or the HTTP status. */
  readonly code: number | null;
  /** Already shown to the user by the client (every HTTP and network failure unless the call was quiet). */
  readonly shown: boolean;
  constructor(kind: CallErrorKind, message: string, code: number | null = null, shown = kind !== 'business') {
    super(message);
    this.name = 'CallError';
    this.kind = kind;
    this.code = code;
    this.shown = shown;
  }
}

type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };
type Input<C extends CallDef> = Part<'params', CallParams<C>> & Part<'query', CallQuery<C>> & Part<'body', CallBody<C>>;
/** The input of a call (or of the call a reference stands for). */
export type CallInput<R extends AnyCall> = Input<CallOf<R>>;
/** The data a call answers. */
export type CallAnswer<R extends AnyCall> = CallData<CallOf<R>>;
type InputArgs<R extends AnyCall> = object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

let onUnauthorized: () => void = () => undefined;
/** What else happens on a 401 besides the toast: the app clears the session and opens the login modal. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/** Sessions this browser is ending (logout): a 401 for a request made with one is the logout's doing. */
const endingTokens = new Set<string>();
export function sessionEnding(token: string) {
  endingTokens.add(token);
}

/**
 * A 401 that says nothing about the session in force: the request was made with a token that has
 * since been logged out or replaced (a page's query still in flight when its person logged out). It
 * fails quietly: no 登录状态过期 toast, no login modal for a person who has just left on purpose.
 */
function staleUnauthorized(sentWith: string | null): CallError | null {
  if (sentWith === null || (sentWith === storage.get().token && !endingTokens.has(sentWith))) return null;
  return new CallError('unauthorized', MSG.sessionExpired, 401, true);
}

let lastUnauthorizedAt = 0;
/** `quiet`: the caller shows its own message for HTTP and network failures (uploads); a 401 is always handled here. */
function fail(kind: Exclude<CallErrorKind, 'business'>, status: number | null, detail?: unknown, quiet = false): CallError {
  if (kind === 'unauthorized') {
    // Several calls in flight fail together when a session ends: one toast, one modal.
    const now = Date.now();
    if (now - lastUnauthorizedAt > 2000) {
      toast('error', MSG.sessionExpired);
      onUnauthorized();
    }
    lastUnauthorizedAt = now;
    return new CallError(kind, MSG.sessionExpired, status);
  }
  if (detail !== undefined) console.error('request failed', detail);
  const message = kind === 'network' && !navigator.onLine ? MSG.networkOffline : MSG.requestFailed;
  if (!quiet) toast('error', message);
  return new CallError(kind, message, status, !quiet);
}

/** How a call reaches the server: the browser's fetch, or the server's own router when it renders a page (entry-server.tsx). */
let transport: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);
export function setTransport(next: (url: string, init: RequestInit) => Promise<Response>) {
  transport = next;
}

type CallModule = typeof import('@portal/contract/call');
type Group = keyof typeof import('@portal/contract/refs');
/**
 * Each of the contract's call groups in a chunk of its own, loaded (and its schemas built) when a call of
 * the group is first made: a page builds the schemas of the calls it makes, not the whole contract's
 * (the study pages: person, catalog, learning and what they import; not the teacher's or the
 * administration area's, three quarters of it).
 */
const GROUPS: Record<Group, () => Promise<object>> = {
  auth: () => import('@portal/contract/calls/auth'),
  person: () => import('@portal/contract/calls/person'),
  dev: () => import('@portal/contract/calls/dev'),
  content: () => import('@portal/contract/calls/content'),
  catalog: () => import('@portal/contract/calls/catalog'),
  learning: () => import('@portal/contract/calls/learning'),
  exam: () => import('@portal/contract/calls/exam'),
  teacher: () => import('@portal/contract/calls/teacher'),
  remind: () => import('@portal/contract/calls/remind'),
  notes: () => import('@portal/contract/calls/notes'),
  mistakes: () => import('@portal/contract/calls/mistakes'),
  operator: () => import('@portal/contract/calls/operator'),
  work: () => import('@portal/contract/calls/work'),
  review: () => import('@portal/contract/calls/review'),
  admin: () => import('@portal/contract/calls/admin/platform'),
  adminContent: () => import('@portal/contract/calls/admin/content'),
  adminImport: () => import('@portal/contract/calls/admin/import'),
  adminCertificate: () => import('@portal/contract/calls/admin/certificate'),
  adminPeople: () => import('@portal/contract/calls/admin/people'),
  adminExams: () => import('@portal/contract/calls/admin/exams'),
  adminTraining: () => import('@portal/contract/calls/admin/training'),
  adminMedia: () => import('@portal/contract/calls/admin/media'),
  adminCourses: () => import('@portal/contract/calls/admin/courses'),
};

let schemasPromise: Promise<CallModule> | null = null;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/**
 * zod and the contract's envelopes (what every call's answer is checked with): loaded with the first
 * call, once. zod (with its settings: contract/zodSetup) is evaluated in a task of its own before the
 * contract's modules build their schemas with it, so that the two are not one long task.
 */
export function loadSchemas(): Promise<CallModule> {
  schemasPromise ??= import('@portal/contract/zodSetup')
    .then(nextTask)
    .then(() => import('@portal/contract/call'))
    .catch((err: unknown) => {
      schemasPromise = null;
      throw err;
    });
  return schemasPromise;
}

const groupPromises = new Map<string, Promise<Record<string, unknown>>>();
/** The call group's module, schemas and all (after zod and the envelopes: loadSchemas). */
export function loadGroup(group: string): Promise<Record<string, unknown>> {
  let loading = groupPromises.get(group);
  if (!loading) {
    const load = (GROUPS as Record<string, (() => Promise<object>) | undefined>)[group];
    if (!load) return Promise.reject(new Error(`no call group ${group} in the contract`));
    loading = loadSchemas()
      .then(load)
      .then((m) => m as Record<string, unknown>)
      .catch((err: unknown) => {
        groupPromises.delete(group);
        throw err;
      });
    groupPromises.set(group, loading);
  }
  return loading;
}

/** The call a reference stands for, with its schemas; a network failure while loading them is shown as one. */
async function definitionOf<R extends AnyCall>(ref: R, quiet = false): Promise<CallOf<R>> {
  if ('data' in ref) return ref as CallOf<R>;
  let group: Record<string, unknown>;
  try {
    group = await loadGroup(ref.group);
  } catch (err) {
    throw fail('network', null, err, quiet);
  }
  const def = group[ref.key];
  if (!def) throw new Error(`no call ${ref.group}.${ref.key} in the contract`);
  return def as CallOf<R>;
}

let configPromise: Promise<PortalConfig> | null = null;
/** The portal configuration, fetched once (and again after a failure); it names the product code of uc paths. */
export function fetchPortalConfig(): Promise<PortalConfig> {
  configPromise ??= call(person.getPortalConfig).then((config) => {
    // Every time the app shows or reads is on the college's clock from here on.
    setCollegeTimeZone(config.timeZone);
    return config;
  }, (err: unknown) => {
    configPromise = null;
    throw err;
  });
  return configPromise;
}

async function urlFor(def: Pick<CallDef, 'path'>, params?: Record<string, string | number>, query?: Record<string, unknown>) {
  const product = def.path.includes('{product}') ? (await fetchPortalConfig()).product : '';
  const url = urlOf(def, product, params);
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) search.append(k, String(v));
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

function headersFor(def: Pick<CallDef, 'auth'>): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (def.auth === 'admin') {
    const admin = adminSession.get();
    if (admin) headers.Authorization = admin.token;
    adminSession.touched();
    return headers;
  }
  const token = storage.get().token;
  if (def.auth !== 'none' && token) headers.Authorization = token;
  return headers;
}

interface EnvelopeLike {
  code?: number;
  message?: string;
  res?: boolean;
  resMsg?: string;
  data?: unknown;
  obj?: unknown;
}

/** A successful answer: its data and the envelope's message (uc `message`, vl `resMsg`). */
export interface Answer<T> {
  data: T;
  message: string;
}

/** A request on its way: its response, or why it did not arrive (read once the call's schemas are there). */
type Sent = Promise<{ res: Response } | { err: unknown }>;
const dispatch = (method: string, url: string, init: RequestInit, via = transport): Sent =>
  Promise.resolve()
    .then(() => via(url, { ...init, method }))
    .then(
    (res) => ({ res }),
    (err: unknown) => ({ err }),
  );

async function send<C extends CallDef>(def: C, url: string, init: RequestInit, quiet = false, via = transport, sent?: Sent): Promise<Answer<CallData<C>>> {
  const { responseSchema } = await loadSchemas();
  const out = await (sent ?? dispatch(def.method, url, init, via));
  if ('err' in out) throw fail('network', null, out.err, quiet);
  const res = out.res;
  // The administration area's session is its own: a 401 there sends the administrator back to its login.
  if (res.status === 401 && def.auth === 'admin') {
    adminSessionExpired();
    throw new CallError('unauthorized', (await res.json().catch(() => null))?.message ?? MSG.sessionExpired, 401);
  }
  if (res.status === 403 && def.auth === 'admin') {
    const message = ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? MSG.noPermission;
    toast('error', message);
    throw new CallError('http', message, 403);
  }
  if (res.status === 401) throw staleUnauthorized(new Headers(init.headers).get('Authorization')) ?? fail('unauthorized', 401);
  if (res.status !== 200) throw fail('http', res.status, `${def.method} ${url} → HTTP ${res.status}`, quiet);
  let json: unknown;
  try {
    json = await res.json();
  } catch (err) {
    throw fail('invalid', 200, err, quiet);
  }
  const checked = responseSchema(def).safeParse(json);
  if (!checked.success) throw fail('invalid', 200, { call: def.name, issues: checked.error.issues }, quiet);
  const envelope = json as EnvelopeLike;
  let payload: unknown = json;
  let message = '';
  if (def.envelope === 'uc') {
    if (envelope.code !== 0) throw new CallError('business', envelope.message || MSG.requestFailed, envelope.code ?? null);
    payload = envelope.data;
    message = envelope.message ?? '';
  } else if (def.envelope === 'vl') {
    if (envelope.res !== true) throw new CallError('business', envelope.resMsg || MSG.requestFailed, null);
    payload = envelope.obj;
    message = envelope.resMsg ?? '';
  }
  const data = def.data.safeParse(payload);
  if (!data.success) throw fail('invalid', 200, { call: def.name, issues: data.error.issues }, quiet);
  return { data: data.data as CallData<C>, message };
}

/**
 * A read that anyone may make (a public list, the portal's configuration, the session's person: a GET,
 * or a `find`/`get` call open to visitors: auth `none` or `optional`) does not wait for the contract's
 * schemas before it leaves: on a page's first call the request and the schemas' chunk load side by
 * side, and the answer is checked once both are in. Only such reads: a call that may change something
 * (or opens a study session or an exam attempt, which some `find` calls do, all of them behind a
 * login) still leaves only once its schemas are loaded, so that it never acts when its answer could
 * not be read.
 */
const EARLY_READ = /^(find|get)[A-Z]/;
const leavesEarly = (ref: AnyCall, body: unknown) => !('data' in ref) && body === undefined && (ref.auth === 'none' || ref.auth === 'optional') && (ref.method === 'GET' || EARLY_READ.test(ref.name));

/**
 * Reads asked for ahead of the page that makes them (askAhead), by method, address and the login they
 * were sent with; each is taken once, by the first call that makes the same request, within AHEAD_MS.
 */
const ahead = new Map<string, { sent: Sent; at: number }>();
const AHEAD_MS = 20_000;
const aheadKey = (method: string, url: string, headers: Record<string, string>) => `${method} ${url} ${headers.Authorization ?? ''}`;
function takeAhead(method: string, url: string, headers: Record<string, string>): Sent | undefined {
  const key = aheadKey(method, url, headers);
  const hit = ahead.get(key);
  ahead.delete(key);
  return hit && Date.now() - hit.at < AHEAD_MS ? hit.sent : undefined;
}

/**
 * Sends a read now, before the page that makes it has loaded or the stored login has been checked
 * (the study pages' course and progress, beside the login's check: one round trip less before the
 * page). Its answer is read (and checked against the call's schemas) only when the page makes the same
 * call with the same login; if the login's check fails, the page is not shown and the answer is
 * dropped unread. Only for a read that changes nothing (`find`/`get` without a body, and not one that
 * opens a study session or an exam attempt): the caller names such calls.
 */
export function askAhead<R extends AnyCall>(ref: R, ...[input]: InputArgs<R>): void {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
  if ('data' in ref || body !== undefined || ref.auth === 'admin' || !(ref.method === 'GET' || EARLY_READ.test(ref.name))) return;
  void urlFor(ref, params, query)
    .then((url) => {
      const headers = headersFor(ref);
      const sent = dispatch(ref.method, url, { headers });
      ahead.set(aheadKey(ref.method, url, headers), { sent, at: Date.now() });
    })
    .catch(() => undefined);
}

async function request<R extends AnyCall>(ref: R, input: CallInput<R> | undefined, quiet: boolean): Promise<CallAnswer<R>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
  if (leavesEarly(ref, body)) {
    const definition = definitionOf(ref, quiet);
    definition.catch(() => undefined);
    const url = await urlFor(ref, params, query);
    const headers = headersFor(ref);
    const sent = takeAhead(ref.method, url, headers) ?? dispatch(ref.method, url, { headers });
    return (await send(await definition, url, { headers }, quiet, transport, sent)).data;
  }
  const def = await definitionOf(ref, quiet);
  const url = await urlFor(def, params, query);
  const headers = headersFor(def);
  if (body === undefined) return (await send(def, url, { headers }, quiet, transport, takeAhead(def.method, url, headers))).data;
  headers['Content-Type'] = 'application/json';
  return (await send(def, url, { headers, body: JSON.stringify(body) }, quiet)).data;
}

/** Makes a contract call and answers its data; throws CallError (already shown unless `business`). */
export function call<R extends AnyCall>(ref: R, ...[input]: InputArgs<R>): Promise<CallAnswer<R>> {
  return request(ref, input, false);
}

/**
 * A call made in the background whose page shows its own state (progress reports kept on the device):
 * HTTP and network failures are not toasted; a 401 still is.
 */
export function quietCall<R extends AnyCall>(ref: R, ...[input]: InputArgs<R>): Promise<CallAnswer<R>> {
  return request(ref, input, true);
}

/** What an upload may be told: the call's query, its progress (0 to 1) as the bytes leave, and a signal that cancels it. */
export interface UploadOptions {
  query?: Record<string, string | number>;
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/**
 * fetch cannot report how much of a request body has been sent: an upload whose page shows its
 * progress goes through XMLHttpRequest, answered as a Response so the envelope is read the same way.
 */
function xhrTransport({ onProgress, signal }: UploadOptions) {
  return (url: string, init: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'POST', url);
      for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
      };
      xhr.onload = () => resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status || 599, headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' } }));
      xhr.onerror = () => reject(new TypeError('upload failed'));
      xhr.onabort = () => reject(new DOMException('upload cancelled', 'AbortError'));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(init.body as XMLHttpRequestBodyInit);
    });
}

/**
 * A multipart upload of one file in the call's file field (the avatar's userPic, a homework
 * attachment). Answers the data and the envelope's message; HTTP and network failures are left to the
 * caller (上传失败！). With onProgress, the share sent is reported as it goes.
 */
export async function upload<R extends AnyCall>(ref: R, file: Blob, fileName?: string, options: UploadOptions = {}): Promise<Answer<CallAnswer<R>>> {
  const def = await definitionOf(ref, true);
  if (!def.upload) throw new Error(`${def.name} is not an upload call`);
  const form = new FormData();
  if (fileName) form.append(def.upload.field, file, fileName);
  else form.append(def.upload.field, file);
  const via = options.onProgress || options.signal ? xhrTransport(options) : transport;
  return send(def, await urlFor(def, undefined, options.query), { headers: headersFor(def), body: form }, true, via);
}

/** Shows a caught error unless the client already did: business refusals carry the server's message. */
export function showError(err: unknown, type: 'error' | 'warning' = 'error') {
  if (err instanceof CallError) {
    if (!err.shown) toast(type, err.message);
    return;
  }
  console.error(err);
  toast('error', MSG.requestFailed);
}

/** The message of a refusal for showing in place (a form or a modal); null when already shown. */
export function refusalMessage(err: unknown): string | null {
  if (err instanceof CallError) return err.shown ? null : err.message;
  console.error(err);
  return MSG.requestFailed;
}
