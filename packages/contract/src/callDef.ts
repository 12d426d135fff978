/**
 * The shape of a call: method, path, who may make it, its query/body/params schemas and the schema of
 * the data inside its envelope. Server routes and the web client are both derived from these objects.
 * This module builds no schema (zod only as types), so that the web's first load can use it (base.ts).
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** uc: `{ code, message, data }` (user centre); vl: `{ res, resMsg, obj }` (learning service); raw: the data itself. */
export type EnvelopeKind = 'uc' | 'vl' | 'raw';
/**
 * none: the Authorization header is not sent (login and captcha calls); optional: sent if present;
 * operator: the college's own tools (import, revocation, audit queries) with `Authorization: Bearer
 * <OPERATOR_TOKEN>` — never a portal person's session, and refused when no token is configured.
 */
export type AuthMode = 'none' | 'optional' | 'required' | 'operator' | 'admin';

/**
 * The administrative roles, separate from learner and teacher: 内容管理员 (content), 培训管理员
 * (training: people, courses, exams, classes), 系统管理员 (accounts, audit, operations), 审计员 (read-only
 * audit). A person may hold several.
 */
export const ADMIN_ROLES = ['content', 'training', 'system', 'auditor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const ADMIN_ROLE_NAMES: Record<AdminRole, string> = { content: '内容管理员', training: '培训管理员', system: '系统管理员', auditor: '审计员' };

export interface CallDef {
  /** The call's name in the product's language, e.g. `username_login`, `getSessionPerson`. */
  name: string;
  method: HttpMethod;
  /** `{product}` is the configured product code; `:name` is a path parameter. */
  path: string;
  envelope: EnvelopeKind;
  auth: AuthMode;
  summary: string;
  /**
   * auth 'admin': the roles any one of which may make the call. The session must be an administrator's
   * (password and SMS code, 30 minutes idle); anyone else is refused 401, a role not listed 403.
   */
  roles?: readonly AdminRole[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * A multipart upload (the body schema then does not apply): the file field's name, the largest file
   * accepted, and the refusal that names what is too large (头像图片不能超过2MB, not a generic one).
   */
  upload?: { field: string; maxBytes: number; tooLarge: string };
  /** The answer inside the envelope (`data` / `obj`); for a redirect or a file, what the client gets. */
  data: z.ZodType;
  /** Answers a redirect or a file instead of an envelope. */
  binary?: boolean;
}

export function defineCall<const C extends CallDef>(call: C): C {
  return call;
}

/** Whether a value exported by a calls module is a call (the modules also export schemas and constants). */
export const isCallDef = (v: unknown): v is CallDef => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'envelope' in v;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type CallParams<C extends CallDef> = Infer<C['params']>;
export type CallQuery<C extends CallDef> = Infer<C['query']>;
export type CallBody<C extends CallDef> = Infer<C['body']>;
export type CallData<C extends CallDef> = z.infer<C['data']>;

/** Business result codes of the user-centre envelope; 0 is success. */
export const UC_CODE = {
  ok: 0,
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  captchaWrong: 1001,
  captchaExpired: 1002,
  badCredentials: 1003,
  locked: 1004,
  /** SMS request for a number nobody has: the client shows the "number does not exist" message. */
  phoneNotRegistered: 1005,
  smsCodeWrong: 1006,
  smsCodeExpired: 1007,
  smsTooSoon: 1008,
  rateLimited: 1009,
  disabled: 1010,
  mobileMismatch: 1011,
  /** WeChat confirm for a WeChat user nobody is bound to: the mini-program asks for phone and SMS code. */
  wechatNotBound: 1012,
} as const;

/** The path with the product code filled in (path parameters stay as `:name`). */
export const pathOf = (call: Pick<CallDef, 'path'>, product: string) => call.path.replace('{product}', product);

/** The path with the product code and path parameters filled in, as a client requests it. */
export function urlOf(call: Pick<CallDef, 'path'>, product: string, params?: Record<string, string | number>): string {
  return pathOf(call, product).replace(/:([A-Za-z_]+)/g, (_, k: string) => encodeURIComponent(String(params?.[k] ?? '')));
}
