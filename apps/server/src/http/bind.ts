/**
 * Binds a contract call to a Fastify route: path and method from the contract, the caller's session
 * resolved per the call's auth mode (401) before anything else, input validated by the contract's
 * schemas (400 naming the field and the rule), an upload call's file read (body.ts), the answer
 * wrapped in the call's envelope (a file call's refusal as an HTTP error). Handlers see typed input only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MSG, pathOf, UC_CODE, type AdminRole, type CallBody, type CallData, type CallDef, type CallParams, type CallQuery } from '@portal/contract';
import { failure, success } from './envelope.ts';
import { HttpError, Refusal } from './errors.ts';
import { readUpload, type UploadedFile } from './body.ts';
import type { AuthContext, Caller, SessionCheck } from './auth.ts';

export interface Ctx<C extends CallDef> {
  params: CallParams<C>;
  query: CallQuery<C>;
  body: CallBody<C>;
  /** An upload call's file (null when none was sent in its field); null for every other call. */
  file: UploadedFile | null;
  /** The session's person; null only when the call's auth mode is not 'required' or 'admin'. */
  caller: C['auth'] extends 'required' | 'admin' ? Caller : Caller | null;
  /** An administrative call's caller's roles (all they hold, not only the call's); empty for every other call. */
  adminRoles: AdminRole[];
  /** With `checkedSession`: the check the handler's statement must pass (the caller came from memory); otherwise null. */
  sessionCheck: SessionCheck | null;
  ip: string;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A success whose envelope message says more than 成功 (e.g. the WeChat ticket's state in words). */
export class Answer<T> {
  readonly data: T;
  readonly message: string;
  constructor(data: T, message: string) {
    this.data = data;
    this.message = message;
  }
}

export type Handler<C extends CallDef> = (ctx: Ctx<C>) => Promise<CallData<C> | Answer<CallData<C>>>;

/** PostgreSQL text cannot hold NUL: such input is malformed for every call, whatever its schema. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const hit = findNul(v, path ? `${path}.${k}` : k);
      if (hit !== null) return hit;
    }
  }
  return null;
}

function parse(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const nul = findNul(value, '');
  if (nul !== null) throw new HttpError(400, MSG.illegalCharacter, nul || undefined);
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  throw new HttpError(400, issue?.message ?? MSG.badRequest, field);
}

/** What a module adds to a binding beyond its handler. */
export interface BindOptions<C extends CallDef> {
  /**
   * An upload refused while it is read (over its size, cut off), before the handler runs: for a call
   * whose every attempt must be on the record (the import), the module records it here; the refusal
   * still goes out as it would.
   */
  onUploadRefused?: (attempt: { query: CallQuery<C>; ip: string; caller: Caller | null }, reason: string) => Promise<void>;
  /**
   * A call with auth 'required' whose handler checks the session in its own statement (AuthContext.resolveChecked):
   * the hottest call of the portal, the progress report, is then one statement, not two.
   */
  checkedSession?: boolean;
}

export interface Binder {
  <C extends CallDef>(call: C, handler: Handler<C>, options?: BindOptions<C>): void;
}

export function makeBinder(app: FastifyInstance, product: string, auth: AuthContext): Binder {
  const callers = new WeakMap<FastifyRequest, Caller | null>();
  const adminRolesOf = new WeakMap<FastifyRequest, AdminRole[]>();
  const checks = new WeakMap<FastifyRequest, SessionCheck>();
  return (call, handler, options) => {
    app.route({
      method: call.method,
      url: pathOf(call, product),
      config: { call },
      // Who is calling comes first, before the body is even read: a caller without the operator token
      // or a valid session is refused (401/403) whatever the input (broken, oversized or against the
      // rules), and learns nothing of the input's rules.
      onRequest: async (req) => {
        if (call.auth === 'operator') auth.operator(req);
        if (call.auth === 'admin') {
          const { caller, roles } = await auth.admin(req, call.roles ?? []);
          callers.set(req, caller);
          adminRolesOf.set(req, roles);
          return;
        }
        if (options?.checkedSession && call.auth === 'required') {
          const { caller, check } = await auth.resolveChecked(req);
          callers.set(req, caller);
          if (check) checks.set(req, check);
          return;
        }
        callers.set(req, call.auth === 'none' || call.auth === 'operator' ? null : await auth.resolve(req, call.auth === 'required'));
      },
      handler: async (req, reply) => {
        const caller = callers.get(req) ?? null;
        const adminRoles = adminRolesOf.get(req) ?? [];
        const sessionCheck = checks.get(req) ?? null;
        let params: unknown, query: unknown, body: unknown;
        try {
          params = parse(call.params, req.params);
          query = parse(call.query, req.query);
          body = call.upload ? undefined : parse(call.body, req.body);
        } catch (err) {
          // A caller from memory learns the input's rules only while its session can still call (401 first, as for any call).
          await sessionCheck?.verify();
          throw err;
        }
        // Read after the session check, so that a visitor's file is refused (401) without being read.
        let file: UploadedFile | null = null;
        if (call.upload) {
          try {
            file = await readUpload(req, call.upload);
          } catch (err) {
            if (err instanceof HttpError && options?.onUploadRefused) await options.onUploadRefused({ query, ip: req.ip, caller } as { query: CallQuery<typeof call>; ip: string; caller: Caller | null }, err.message);
            throw err;
          }
        }
        try {
          const data = await handler({ params, query, body, file, caller, adminRoles, sessionCheck, ip: req.ip, req, reply } as Ctx<typeof call>);
          if (call.binary) return reply;
          return data instanceof Answer ? success(call.envelope, data.data, data.message) : success(call.envelope, data);
        } catch (err) {
          if (err instanceof Refusal) {
            req.log.info({ call: call.name, refusal: err.message }, 'refused');
            // A file call has no envelope to carry a refusal in a 200: the client would save the
            // envelope as the file. Its refusal goes out with its HTTP status (403 for no right).
            if (call.binary) throw new HttpError(err.code >= 400 && err.code < 500 ? err.code : 400, err.message);
            return failure(call.envelope, err.code, err.message);
          }
          throw err;
        }
      },
    });
  };
}

export { UC_CODE };
