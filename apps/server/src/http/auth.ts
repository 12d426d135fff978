/**
 * Who is calling: the Authorization header carries the session token itself (SPEC.md section 7).
 * The token's SHA-256 is looked up; an unknown, expired, idle-timed-out or revoked session is a 401.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { admin as A, MSG, type AdminRole } from '@portal/contract';
import type { Db } from '../db/client.ts';
import { adminRoles, organs, persons, sessions } from '../db/schema/index.ts';
import { sha256 } from '../lib/crypto.ts';
import { batched, batchedCalls } from '../lib/batch.ts';
import { HttpError } from './errors.ts';

export interface Caller {
  personId: number;
  personType: number;
  personName: string;
  mobile: string;
  createuser: string;
  explain: string;
  positionLevelId: number | null;
  organName: string;
  sessionId: number;
  /** How the session was opened: password, sms, wechat, or admin (password and SMS code, the administration area). */
  loginType: string;
}

/** Who does a write and from where: the person and address its audit entry records. */
export interface Who {
  personId: number;
  ip: string;
}
/** The acting person of a bound call. */
export const whoOf = (caller: { personId: number }, ip: string): Who => ({ personId: caller.personId, ip });

export interface AuthContext {
  resolve(req: FastifyRequest, required: boolean): Promise<Caller | null>;
  /**
   * An administrative call: the session must be an administrator's (401 otherwise, whatever the
   * person holds), and the person must hold one of `roles` now (403): a role removed a moment ago
   * counts at once. Answers the caller and the roles they hold.
   */
  admin(req: FastifyRequest, roles: readonly AdminRole[]): Promise<{ caller: Caller; roles: AdminRole[] }>;
  /** An operator call: the bearer token must be OPERATOR_TOKEN (403 when none is configured, 401 when it differs). */
  operator(req: FastifyRequest): void;
  /**
   * A call whose own statement checks the session (the progress report, ADR 0048): a learner's
   * session this instance read in the last minute is taken from memory, with a `SessionCheck` the
   * statement must pass; any other call reads it afresh as `resolve` does.
   */
  resolveChecked(req: FastifyRequest): Promise<{ caller: Caller; check: SessionCheck | null }>;
  /**
   * The SQL condition (true while the session can still call) that a statement given a SessionCheck
   * puts on its writes: the same rules as `resolve`, at the statement's time. `sessionId`, `personId`
   * and `now` are SQL expressions.
   */
  sessionValidSql(sessionId: string, personId: string, now: string): string;
}

/**
 * A caller taken from this instance's memory: its statement writes only where
 * `sessionValidSql(sessionId, …)` holds; before answering anything it did not write, the call runs
 * `verify()`, which reads the session as `resolve` does (401 when it ended) and counts once per request.
 */
export interface SessionCheck {
  sessionId: number;
  verify(): Promise<void>;
}

/** Compared as digests, so the comparison takes the same time whatever the token's length. */
export function makeOperatorCheck(operatorToken: string | undefined): (req: FastifyRequest) => void {
  const expected = operatorToken ? createHash('sha256').update(operatorToken).digest() : null;
  return (req) => {
    if (!expected) throw new HttpError(403, MSG.operatorDisabled);
    const h = req.headers.authorization ?? '';
    const given = createHash('sha256').update(h.startsWith('Bearer ') ? h.slice(7) : h).digest();
    if (!timingSafeEqual(given, expected)) throw new HttpError(401, MSG.operatorTokenWrong);
  };
}

/** A session's last-seen time is written at most this often, to keep heartbeats cheap. */
const TOUCH_EVERY_MS = 60_000;

export function tokenOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const t = h.startsWith('Bearer ') ? h.slice(7) : h;
  return t.length >= 20 && t.length <= 200 ? t : '';
}

export function makeAuth(db: Db, idleSeconds: number, operatorToken?: string): AuthContext {
  // Every authenticated call runs this: prepared once (PostgreSQL does not plan it again each time),
  // and the lookups of one event-loop turn share one query. One query at a time: lookups that arrive
  // while it runs wait for it and go together in the next (`npm run bench -- exam`, 5,000 learners:
  // with a query per turn and no limit PostgreSQL spent 65 s in 15,500 lookups, 4.2 ms each, the
  // concurrent small queries queueing for the same pages; one at a time, 5 s in 12,600).
  // Sessions are still read afresh for every call, so a revoked one is refused by every instance at once.
  const lookupMany = db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      loginType: sessions.loginType,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      revokedAt: sessions.revokedAt,
      personId: persons.personId,
      personType: persons.personType,
      personName: persons.personName,
      mobile: persons.mobile,
      createuser: persons.createuser,
      explain: persons.explain,
      positionLevelId: persons.positionLevelId,
      organName: sql<string>`coalesce(${organs.name}, '')`,
      status: persons.status,
    })
    .from(sessions)
    .innerJoin(persons, eq(persons.personId, sessions.personId))
    .leftJoin(organs, eq(organs.id, persons.organId))
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder('hashes')})`)
    .prepare('auth_session_lookup');
  const lookup = batched(async (hashes: string[]) => new Map((await lookupMany.execute({ hashes })).map((r) => [r.tokenHash, r])), 500, 1);
  // The last-seen times due in one turn are written by one statement (one commit, not one per session).
  const touch = batchedCalls(async (touched: { sessionId: number; at: Date }[]) => {
    const at = touched.reduce((m, x) => (x.at > m ? x.at : m), touched[0]!.at);
    await db.update(sessions).set({ lastSeenAt: at }).where(inArray(sessions.id, [...new Set(touched.map((x) => x.sessionId))]));
    return touched.map(() => undefined);
  });

  // Learners' sessions read in the last minute, for resolveChecked; bounded, oldest out first. Kept by
  // the token itself, so that a report taken from memory hashes nothing (the token's SHA-256 was about
  // 3 % of a report's server CPU in a profile); the token is in this process's memory with every
  // request anyway, and the database still keeps only its hash. The caller is made once, when remembered.
  type SessionRow = NonNullable<Awaited<ReturnType<typeof lookup>>>;
  const recent = new Map<string, { row: SessionRow; caller: Caller }>();
  const RECENT_MAX = 50_000;
  const remember = (token: string, row: SessionRow) => {
    recent.delete(token);
    if (row.loginType === 'admin') return;
    // Frozen: every report of the session shares it, so no handler may change it.
    recent.set(token, { row, caller: Object.freeze(callerOf(row)) });
    if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
  };
  /** The rules of a session that can still call, on a row read now or remembered. */
  const refused = (row: SessionRow | undefined, now: number) =>
    !row ||
    row.revokedAt !== null ||
    row.expiresAt.getTime() <= now ||
    row.status !== 'active' ||
    (idleSeconds > 0 && row.lastSeenAt.getTime() + idleSeconds * 1000 <= now) ||
    // An administrator's session ends after 30 minutes without a call, whatever the portal's setting.
    (row.loginType === 'admin' && row.lastSeenAt.getTime() + A.ADMIN_IDLE_SECONDS * 1000 <= now);
  const callerOf = (row: SessionRow): Caller => {
    const { expiresAt: _e, lastSeenAt: _l, revokedAt: _r, status: _s, tokenHash: _h, ...caller } = row;
    return caller;
  };

  const rolesOf = batched(async (ids: number[]) => {
    const rows = await db.select({ personId: adminRoles.personId, role: adminRoles.role }).from(adminRoles).where(inArray(adminRoles.personId, [...new Set(ids)]));
    const byPerson = new Map<number, AdminRole[]>();
    for (const r of rows) byPerson.set(r.personId, [...(byPerson.get(r.personId) ?? []), r.role]);
    return byPerson;
  });

  const self: AuthContext = {
    operator: makeOperatorCheck(operatorToken),
    async admin(req, roles) {
      const caller = await self.resolve(req, true);
      if (!caller || caller.loginType !== 'admin') throw new HttpError(401, A.ADMIN_MSG.adminOnly);
      const held = (await rolesOf(caller.personId)) ?? [];
      if (!held.some((r) => roles.includes(r))) throw new HttpError(403, A.ADMIN_MSG.forbidden);
      return { caller, roles: held };
    },
    async resolve(req, required) {
      const token = tokenOf(req);
      if (token === null) {
        if (required) throw new HttpError(401, MSG.sessionExpired);
        return null;
      }
      const hash = sha256(token);
      const row = await lookup(hash);
      const now = Date.now();
      if (refused(row, now)) {
        recent.delete(token);
        throw new HttpError(401, MSG.sessionExpired);
      }
      if (now - row!.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await touch({ sessionId: row!.sessionId, at: new Date(now) });
        row!.lastSeenAt = new Date(now);
      }
      remember(token, row!);
      return callerOf(row!);
    },
    async resolveChecked(req) {
      const token = tokenOf(req);
      const hit = token ? recent.get(token) : undefined;
      const now = Date.now();
      // Used only until its last-seen time is due to be written again: then the session is read (and touched) as by any call.
      if (!hit || now - hit.row.lastSeenAt.getTime() > TOUCH_EVERY_MS || refused(hit.row, now)) return { caller: (await self.resolve(req, true))!, check: null };
      let verified: Promise<void> | null = null;
      return {
        caller: hit.caller,
        check: {
          sessionId: hit.row.sessionId,
          verify: () => (verified ??= self.resolve(req, true).then(() => undefined)),
        },
      };
    },
    sessionValidSql(sessionId, personId, now) {
      return `exists (select 1 from sessions vs join persons vp on vp.person_id = vs.person_id
                       where vs.id = ${sessionId} and vs.person_id = ${personId} and vs.login_type <> 'admin' and vs.revoked_at is null
                         and vs.expires_at > ${now} and vp.status = 'active'${idleSeconds > 0 ? ` and vs.last_seen_at + interval '${Math.floor(idleSeconds)} seconds' > ${now}` : ''})`;
    },
  };
  return self;
}
