/**
 * The user centre: owns credentials, sessions, captcha / SMS / WeChat ticket sessions.
 * Every refusal is a Refusal with the message the learner sees; every login, failure, logout and
 * password change is audited.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import {
  accountLockedMessage,
  CAPTCHA_TTL_SECONDS,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_LOCK_SECONDS,
  maskMobile,
  MSG,
  SESSION_EXPIRES_SECONDS,
  SMS_CODE_MAX_CHECKS,
  SMS_CODE_TTL_SECONDS,
  SMS_RESEND_SECONDS,
  UC_CODE,
  WECHAT_STATUS,
  admin as A,
  type AdminRole,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { adminChallenges, adminRoles } from '../../db/schema/admin.ts';
import { persons } from '../../db/schema/people.ts';
import { captchas, credentials, sessions, smsCodes, wechatTickets } from '../../db/schema/uc.ts';
import { hashPassword, newId, newToken, sha256, sixDigits, verifyPassword } from '../../lib/crypto.ts';
import { startOfDayIn } from '@portal/contract/calendar';
import { Refusal, isUniqueViolation } from '../../http/errors.ts';
import type { Platform } from '../platform/service.ts';
import type { SmsSender } from '../../integrations/sms.ts';
import type { WechatLogin } from '../../integrations/wechat.ts';

export interface UcDeps {
  db: Db;
  platform: Platform;
  sms: SmsSender;
  wechat: WechatLogin;
  limits: { perMinute: number; smsPerPhoneDaily: number; smsPerIpDaily: number };
  /** The college's calendar (TIME_ZONE): when the day of the daily SMS caps began. */
  timeZone: string;
}

export type LoginType = 'password' | 'sms' | 'wechat' | 'admin';
export interface LoginResult {
  authorization: { id: string; expires_at: string };
  user: { mobile: string };
}

const WECHAT_TICKET_TTL_SECONDS = 300;
/** Argon2id of a random password: verifying an unknown number costs the same as a known one. */
let decoyHash: Promise<string> | null = null;
const decoy = () => (decoyHash ??= hashPassword(newToken()));

export function makeUc({ db, platform, sms, wechat, limits, timeZone }: UcDeps) {
  async function personByMobile(mobile: string) {
    const [p] = await db.select().from(persons).where(eq(persons.mobile, mobile)).limit(1);
    return p ?? null;
  }

  type Person = typeof persons.$inferSelect;
  type Event = 'login' | 'smsCode' | 'passwordChange' | 'passwordSync' | 'wechatBind' | 'adminLogin';
  const failure = (ip: string, event: Event, target: string, detail: Record<string, unknown>, personId?: number) =>
    platform.audit({ personId: personId ?? null, ip, event, target, outcome: 'failure', detail });

  /** Per-address limit of a kind of call; the first refusal of each window is audited under `event`. */
  const limit = (kind: string, ip: string, perMinute: number, event: Event) => platform.limit(`${kind}:${ip}`, perMinute, 60, { ip, event });

  /** Single use: the first check consumes the captcha whatever the answer. A refusal is audited. */
  async function consumeCaptcha(id: string, answer: string, ip: string, event: Event, target: string) {
    const [row] = await db
      .update(captchas)
      .set({ usedAt: new Date() })
      .where(and(eq(captchas.id, id), isNull(captchas.usedAt)))
      .returning({ answer: captchas.answer, expiresAt: captchas.expiresAt });
    if (!row || row.expiresAt.getTime() <= Date.now()) {
      await failure(ip, event, target, { reason: 'captchaExpired' });
      throw new Refusal(MSG.captchaExpired, UC_CODE.captchaExpired);
    }
    if (row.answer.toLowerCase() !== answer.trim().toLowerCase()) {
      await failure(ip, event, target, { reason: 'captchaWrong' });
      throw new Refusal(MSG.captchaWrong, UC_CODE.captchaWrong);
    }
  }

  /** Checks an SMS code bound to `phone`: at most 5 checks, 5 minutes, single use. */
  async function consumeSmsCode(id: string, phone: string, code: string) {
    const [row] = await db
      .update(smsCodes)
      .set({ checks: sql`${smsCodes.checks} + 1` })
      .where(and(eq(smsCodes.id, id), eq(smsCodes.phone, phone)))
      .returning();
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now() || row.checks > SMS_CODE_MAX_CHECKS) {
      throw new Refusal(MSG.smsCodeExpired, UC_CODE.smsCodeExpired);
    }
    if (row.code !== code.trim()) throw new Refusal(MSG.smsCodeWrong, UC_CODE.smsCodeWrong);
    const used = await db
      .update(smsCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
      .returning({ id: smsCodes.id });
    if (used.length === 0) throw new Refusal(MSG.smsCodeExpired, UC_CODE.smsCodeExpired);
  }

  /**
   * The lockout (QUALITY.md): refuses, and audits, while the account is locked. Every path that proves
   * who someone is (password, SMS code, WeChat, the learning service's password check) asks this first,
   * and openSession asks it again, so no session opens for a locked account.
   */
  async function refuseIfLocked(personId: number, ip: string, event: Event, target: string) {
    const [cred] = await db.select({ lockedUntil: credentials.lockedUntil }).from(credentials).where(eq(credentials.personId, personId)).limit(1);
    await refuseLocked(cred?.lockedUntil ?? null, personId, ip, event, target);
  }

  /** The lock refusal for a lock time already read. */
  async function refuseLocked(lockedUntil: Date | null, personId: number, ip: string, event: Event, target: string) {
    if (lockedUntil && lockedUntil.getTime() > Date.now()) {
      await failure(ip, event, target, { reason: 'locked', lockedUntil: lockedUntil.toISOString() }, personId);
      throw new Refusal(accountLockedMessage(lockedUntil), UC_CODE.locked);
    }
  }

  /** Who may not log in at all, whatever the proof: a locked or a disabled account (each refusal audited). */
  async function refuseIfCannotLogIn(person: Person, ip: string, target: string, loginType: LoginType) {
    await refuseIfLocked(person.personId, ip, 'login', target);
    if (person.status !== 'active') {
      await failure(ip, 'login', target, { reason: 'disabled', loginType }, person.personId);
      throw new Refusal(MSG.accountDisabled, UC_CODE.disabled);
    }
  }

  /**
   * Counts one failed proof (wrong password, wrong SMS code) toward 5 in 15 minutes, audits it, and locks
   * the account on the fifth: then the lock refusal is thrown; otherwise the failures so far are answered.
   * A person without a password yet gets a counter row too (its empty hash matches no password).
   */
  async function countFailure(personId: number, ip: string, event: Event, target: string, reason: string): Promise<number> {
    // One statement counts the failure: a new 15-minute window starts after the last one ran out.
    const stale = sql`${credentials.firstFailedAt} is null or ${credentials.firstFailedAt} < now() - make_interval(secs => ${LOGIN_FAILURE_WINDOW_SECONDS})`;
    const [after] = await db
      .insert(credentials)
      .values({ personId, passwordHash: '', failedCount: 1, firstFailedAt: sql`now()` })
      .onConflictDoUpdate({
        target: credentials.personId,
        set: {
          failedCount: sql`case when ${stale} then 1 else ${credentials.failedCount} + 1 end`,
          firstFailedAt: sql`case when ${stale} then now() else ${credentials.firstFailedAt} end`,
        },
      })
      .returning({ failedCount: credentials.failedCount });
    const failures = after?.failedCount ?? 1;
    await failure(ip, event, target, { reason, failures }, personId);
    if (failures >= LOGIN_FAILURE_LIMIT) {
      const until = new Date(Date.now() + LOGIN_LOCK_SECONDS * 1000);
      await db.update(credentials).set({ lockedUntil: until, failedCount: 0, firstFailedAt: null }).where(eq(credentials.personId, personId));
      await failure(ip, event, target, { reason: 'lockedNow', lockedUntil: until.toISOString() }, personId);
      throw new Refusal(accountLockedMessage(until), UC_CODE.locked);
    }
    return failures;
  }

  /** An SMS code that proves who logs in: a wrong code counts toward the lockout, any refusal is audited. */
  async function proveBySmsCode(person: Person, id: string, code: string, ip: string, event: Event, target: string) {
    try {
      await consumeSmsCode(id, person.mobile, code);
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      if (e.code === UC_CODE.smsCodeWrong) await countFailure(person.personId, ip, event, target, 'smsCodeWrong');
      else await failure(ip, event, target, { reason: 'smsCodeExpired' }, person.personId);
      throw e;
    }
  }

  /**
   * Whether `password` is the person's password now in force, behind the lockout: refused while locked;
   * a wrong password is counted (the fifth locks and throws). Answers the failures so far, 0 when right.
   */
  async function provePassword(personId: number, password: string, ip: string, event: Event, target: string): Promise<{ ok: true } | { ok: false; failures: number }> {
    const [cred] = await db.select({ passwordHash: credentials.passwordHash, lockedUntil: credentials.lockedUntil }).from(credentials).where(eq(credentials.personId, personId)).limit(1);
    await refuseLocked(cred?.lockedUntil ?? null, personId, ip, event, target);
    if (cred && (await verifyPassword(cred.passwordHash, password))) return { ok: true };
    return { ok: false, failures: await countFailure(personId, ip, event, target, 'password') };
  }

  /**
   * The one place a password is set: argon2id, the lock lifted, and every session of the person
   * revoked but `keepSessionId` (the caller's own, when they changed their own password).
   */
  async function setPassword(personId: number, password: string, keepSessionId: number | null) {
    const passwordHash = await hashPassword(password);
    await db
      .insert(credentials)
      .values({ personId, passwordHash })
      .onConflictDoUpdate({ target: credentials.personId, set: { passwordHash, changedAt: new Date(), failedCount: 0, firstFailedAt: null, lockedUntil: null } });
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.personId, personId), ne(sessions.id, keepSessionId ?? -1), isNull(sessions.revokedAt)));
  }

  /** The one place a session opens: refused (and audited) for a locked or disabled account. */
  async function openSession(person: Person, loginType: LoginType, ip: string, expiresSeconds: number): Promise<LoginResult> {
    await refuseIfCannotLogIn(person, ip, loginType === 'password' ? person.mobile : loginType, loginType);
    // A login proves who this is: earlier failures no longer count toward a lock.
    await db
      .update(credentials)
      .set({ failedCount: 0, firstFailedAt: null, lockedUntil: null })
      .where(and(eq(credentials.personId, person.personId), or(gt(credentials.failedCount, 0), isNotNull(credentials.lockedUntil))));
    const token = newToken();
    const expiresAt = new Date(Date.now() + Math.min(expiresSeconds, SESSION_EXPIRES_SECONDS) * 1000);
    await db.insert(sessions).values({ tokenHash: sha256(token), personId: person.personId, loginType, ip, expiresAt });
    await platform.audit({ personId: person.personId, ip, event: 'login', target: loginType, outcome: 'success' });
    return { authorization: { id: token, expires_at: expiresAt.toISOString() }, user: { mobile: person.mobile } };
  }

  /**
   * Sends a login code to the person's mobile, within the resend interval and the daily caps per
   * number and per address (each refusal audited under `event`). Answers the code's id.
   */
  async function sendCode(person: Person, ip: string, event: Event): Promise<string> {
    const phone = person.mobile;
    const [last] = await db.select({ sentAt: smsCodes.sentAt }).from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(desc(smsCodes.sentAt)).limit(1);
    if (last && Date.now() - last.sentAt.getTime() < SMS_RESEND_SECONDS * 1000) throw new Refusal(MSG.smsTooSoon, UC_CODE.smsTooSoon);
    const today = startOfDayIn(timeZone);
    const [byPhone] = await db.select({ n: sql<number>`count(*)::int` }).from(smsCodes).where(and(eq(smsCodes.phone, phone), gt(smsCodes.sentAt, today)));
    const [byIp] = await db.select({ n: sql<number>`count(*)::int` }).from(smsCodes).where(and(eq(smsCodes.ip, ip), gt(smsCodes.sentAt, today)));
    if ((byPhone?.n ?? 0) >= limits.smsPerPhoneDaily || (byIp?.n ?? 0) >= limits.smsPerIpDaily) {
      await failure(ip, event, phone, { reason: (byPhone?.n ?? 0) >= limits.smsPerPhoneDaily ? 'dailyCapPhone' : 'dailyCapIp' }, person.personId);
      throw new Refusal(MSG.smsDailyCap, UC_CODE.rateLimited);
    }
    const id = newId();
    const code = sixDigits();
    await db.insert(smsCodes).values({ id, phone, code, ip, expiresAt: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000) });
    await sms.sendCode(phone, code);
    await platform.audit({ personId: person.personId, ip, event: 'smsCode', target: phone, outcome: 'success', ...(event === 'smsCode' ? {} : { detail: { for: event } }) });
    return id;
  }

  async function rolesOf(personId: number): Promise<AdminRole[]> {
    return (await db.select({ role: adminRoles.role }).from(adminRoles).where(eq(adminRoles.personId, personId))).map((r) => r.role);
  }

  async function refuseUnknown(ip: string, mobile: string): Promise<never> {
    await failure(ip, 'login', mobile, { reason: 'unknown' });
    throw new Refusal(MSG.badCredentials, UC_CODE.badCredentials);
  }

  /** Binds an unbound WeChat user to the person who proves the phone with an SMS code. */
  async function bindWechat(openId: string, b: { phone_number: string; sms_code: string; sms_session_id: string }, ip: string): Promise<Person> {
    const person = await personByMobile(b.phone_number);
    if (!person) {
      await failure(ip, 'wechatBind', b.phone_number, { reason: 'unknown' });
      throw new Refusal(MSG.phoneNotRegistered, UC_CODE.phoneNotRegistered);
    }
    await refuseIfLocked(person.personId, ip, 'wechatBind', 'wechat');
    await proveBySmsCode(person, b.sms_session_id, b.sms_code, ip, 'wechatBind', 'wechat');
    if (person.wechatOpenId && person.wechatOpenId !== openId) {
      await failure(ip, 'wechatBind', 'wechat', { reason: 'boundToOther' }, person.personId);
      throw new Refusal(MSG.wechatBoundToOther);
    }
    try {
      const bound = await db
        .update(persons)
        .set({ wechatOpenId: openId })
        .where(and(eq(persons.personId, person.personId), isNull(persons.wechatOpenId)))
        .returning({ personId: persons.personId });
      if (bound.length === 0 && person.wechatOpenId !== openId) throw new Refusal(MSG.wechatBoundToOther);
    } catch (e) {
      // Two people binding the same WeChat user at once: the unique index lets one of them win.
      if (!isUniqueViolation(e)) throw e;
      await failure(ip, 'wechatBind', 'wechat', { reason: 'openIdTaken' }, person.personId);
      throw new Refusal(MSG.wechatTakenByOther);
    }
    await platform.audit({ personId: person.personId, ip, event: 'wechatBind', target: 'wechat', outcome: 'success' });
    return { ...person, wechatOpenId: openId };
  }

  return {
    async requestImageCode(ip: string) {
      await limit('captcha', ip, limits.perMinute * 2, 'login');
      const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f4f6fa', width: 120, height: 40 });
      const id = newId();
      await db.insert(captchas).values({ id, answer: c.text, expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000) });
      if (Math.random() < 0.01) {
        await db.delete(captchas).where(sql`${captchas.expiresAt} < now() - interval '1 hour'`);
        await platform.prune();
      }
      return { id, captcha_image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
    },

    async requestSmsCode(body: { captcha: string; captcha_session_id: string; phone_number: string }, ip: string) {
      await limit('sms', ip, limits.perMinute, 'smsCode');
      const phone = body.phone_number;
      await consumeCaptcha(body.captcha_session_id, body.captcha, ip, 'smsCode', phone);
      const person = await personByMobile(phone);
      if (!person) {
        await failure(ip, 'smsCode', phone, { reason: 'notRegistered' });
        throw new Refusal(MSG.phoneNotRegistered, UC_CODE.phoneNotRegistered);
      }
      const id = await sendCode(person, ip, 'smsCode');
      return { id };
    },

    async usernameLogin(body: { captcha: string; captcha_session_id: string; username: string; password: string; expires: number }, ip: string) {
      await limit('login', ip, limits.perMinute, 'login');
      await consumeCaptcha(body.captcha_session_id, body.captcha, ip, 'login', body.username);
      const person = await personByMobile(body.username);
      const [cred] = person ? await db.select({ personId: credentials.personId }).from(credentials).where(eq(credentials.personId, person.personId)).limit(1) : [];
      if (!person || !cred) {
        await verifyPassword(await decoy(), body.password);
        return refuseUnknown(ip, body.username);
      }
      const proof = await provePassword(person.personId, body.password, ip, 'login', body.username);
      if (!proof.ok) throw new Refusal(`${MSG.badCredentials}，再错${LOGIN_FAILURE_LIMIT - proof.failures}次账号将被锁定15分钟`, UC_CODE.badCredentials);
      return openSession(person, 'password', ip, body.expires);
    },

    async smscodeLogin(body: { captcha: string; captcha_session_id: string; phone_number: string; expires: number }, ip: string) {
      await limit('login', ip, limits.perMinute, 'login');
      const person = await personByMobile(body.phone_number);
      if (!person) {
        await failure(ip, 'login', body.phone_number, { reason: 'unknown', loginType: 'sms' });
        throw new Refusal(MSG.phoneNotRegistered, UC_CODE.phoneNotRegistered);
      }
      await refuseIfLocked(person.personId, ip, 'login', 'sms');
      await proveBySmsCode(person, body.captcha_session_id, body.captcha, ip, 'login', 'sms');
      return openSession(person, 'sms', ip, body.expires);
    },

    /**
     * An administrator's first factor (adminLogin): captcha, password (counted toward the lockout), an
     * administrative role; then a code to their mobile and a challenge that only that code completes.
     */
    async adminLogin(body: { captcha: string; captcha_session_id: string; username: string; password: string }, ip: string) {
      await limit('login', ip, limits.perMinute, 'adminLogin');
      await consumeCaptcha(body.captcha_session_id, body.captcha, ip, 'adminLogin', body.username);
      const person = await personByMobile(body.username);
      const [cred] = person ? await db.select({ personId: credentials.personId }).from(credentials).where(eq(credentials.personId, person.personId)).limit(1) : [];
      if (!person || !cred) {
        await verifyPassword(await decoy(), body.password);
        await failure(ip, 'adminLogin', body.username, { reason: 'unknown' });
        throw new Refusal(MSG.badCredentials, UC_CODE.badCredentials);
      }
      const proof = await provePassword(person.personId, body.password, ip, 'adminLogin', body.username);
      if (!proof.ok) throw new Refusal(`${MSG.badCredentials}，再错${LOGIN_FAILURE_LIMIT - proof.failures}次账号将被锁定15分钟`, UC_CODE.badCredentials);
      await refuseIfCannotLogIn(person, ip, body.username, 'admin');
      if ((await rolesOf(person.personId)).length === 0) {
        await failure(ip, 'adminLogin', body.username, { reason: 'notAdmin' }, person.personId);
        throw new Refusal(A.ADMIN_MSG.notAdmin, UC_CODE.forbidden);
      }
      const smsCodeId = await sendCode(person, ip, 'adminLogin');
      const challenge = newId();
      await db.insert(adminChallenges).values({ id: challenge, personId: person.personId, smsCodeId, expiresAt: new Date(Date.now() + A.ADMIN_CHALLENGE_SECONDS * 1000) });
      await platform.audit({ personId: person.personId, ip, event: 'adminLogin', target: 'password', outcome: 'success' });
      return { challenge, mobile: maskMobile(person.mobile) };
    },

    /** The second factor: the challenge's own SMS code (a wrong one counts toward the lockout); opens an administrator session. */
    async adminVerify(body: { challenge: string; code: string }, ip: string) {
      await limit('login', ip, limits.perMinute, 'adminLogin');
      const [ch] = await db.select().from(adminChallenges).where(and(eq(adminChallenges.id, body.challenge), isNull(adminChallenges.usedAt), gt(adminChallenges.expiresAt, new Date()))).limit(1);
      if (!ch) {
        await failure(ip, 'adminLogin', 'code', { reason: 'challengeExpired' });
        throw new Refusal(A.ADMIN_MSG.challengeExpired, UC_CODE.smsCodeExpired);
      }
      const [person] = await db.select().from(persons).where(eq(persons.personId, ch.personId)).limit(1);
      if (!person) throw new Refusal(A.ADMIN_MSG.challengeExpired, UC_CODE.smsCodeExpired);
      await refuseIfLocked(person.personId, ip, 'adminLogin', 'code');
      await proveBySmsCode(person, ch.smsCodeId, body.code, ip, 'adminLogin', 'code');
      const used = await db.update(adminChallenges).set({ usedAt: new Date() }).where(and(eq(adminChallenges.id, ch.id), isNull(adminChallenges.usedAt))).returning({ id: adminChallenges.id });
      if (used.length === 0) throw new Refusal(A.ADMIN_MSG.challengeExpired, UC_CODE.smsCodeExpired);
      const roles = await rolesOf(person.personId);
      if (roles.length === 0) throw new Refusal(A.ADMIN_MSG.notAdmin, UC_CODE.forbidden);
      const login = await openSession(person, 'admin', ip, A.ADMIN_SESSION_SECONDS);
      return {
        token: login.authorization.id,
        expiresAt: login.authorization.expires_at,
        person: { personId: person.personId, personName: person.personName, mobile: maskMobile(person.mobile), roles, idleSeconds: A.ADMIN_IDLE_SECONDS },
      };
    },

    rolesOf,

    async logout(personId: number, sessionId: number, ip: string) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
      await platform.audit({ personId, ip, event: 'logout', outcome: 'success' });
    },

    async modifyPassword(
      body: { captcha: string; captcha_session_id: string; mobile: string; password: string },
      caller: { personId: number; mobile: string; sessionId: number } | null,
      ip: string,
    ) {
      await limit('password', ip, limits.perMinute, 'passwordChange');
      if (caller && caller.mobile !== body.mobile) {
        await failure(ip, 'passwordChange', body.mobile, { reason: 'mobileMismatch' }, caller.personId);
        throw new Refusal(MSG.mobileMismatch, UC_CODE.mobileMismatch);
      }
      const person = await personByMobile(body.mobile);
      if (!person) {
        await failure(ip, 'passwordChange', body.mobile, { reason: 'unknown' });
        throw new Refusal(MSG.phoneNotRegistered, UC_CODE.phoneNotRegistered);
      }
      try {
        await consumeSmsCode(body.captcha_session_id, body.mobile, body.captcha);
      } catch (e) {
        const reason = e instanceof Refusal && e.code === UC_CODE.smsCodeWrong ? 'smsCodeWrong' : 'smsCodeExpired';
        await failure(ip, 'passwordChange', body.mobile, { reason }, person.personId);
        throw e;
      }
      await setPassword(person.personId, body.password, caller?.personId === person.personId ? caller.sessionId : null);
      await platform.audit({ personId: person.personId, ip, event: 'passwordChange', target: body.mobile, outcome: 'success' });
    },

    /**
     * The learning service's password check (updatePersonPassword): refused while the account is locked,
     * and a wrong password counts toward the lockout like a failed login.
     */
    async checkPasswordInForce(caller: { personId: number; mobile: string }, password: string, ip: string): Promise<boolean> {
      return (await provePassword(caller.personId, password, ip, 'passwordSync', caller.mobile)).ok;
    },

    async requestWechatQrcode(q: { page: string; version: string; is_hyaline: string }, ip: string) {
      await limit('wechat', ip, limits.perMinute, 'login');
      const ticket = newId();
      const path = await wechat.codeImage(ticket, { page: q.page, version: q.version, isHyaline: q.is_hyaline === 'true' });
      await db.insert(wechatTickets).values({ ticket, expiresAt: new Date(Date.now() + WECHAT_TICKET_TTL_SECONDS * 1000) });
      return { path, ticket };
    },

    /** Polled by the browser. On the first poll after confirmation the session is opened and handed out once. */
    async pollWechatTicket(ticket: string, ip: string) {
      const [t] = await db.select().from(wechatTickets).where(eq(wechatTickets.ticket, ticket)).limit(1);
      if (!t) return { status: WECHAT_STATUS.expired, message: MSG.wechatExpired };
      if (t.status === WECHAT_STATUS.confirmed && t.personId) {
        const claimed = await db
          .update(wechatTickets)
          .set({ status: 4 })
          .where(and(eq(wechatTickets.ticket, ticket), eq(wechatTickets.status, WECHAT_STATUS.confirmed)))
          .returning({ personId: wechatTickets.personId });
        const [person] = claimed[0]?.personId ? await db.select().from(persons).where(eq(persons.personId, claimed[0].personId)).limit(1) : [];
        if (!person) return { status: WECHAT_STATUS.expired, message: MSG.wechatExpired };
        const login = await openSession(person, 'wechat', ip, SESSION_EXPIRES_SECONDS);
        return { status: WECHAT_STATUS.confirmed, message: MSG.wechatConfirmed, accessToken: login.authorization.id, mobile: person.mobile };
      }
      if (t.status === WECHAT_STATUS.failed) return { status: WECHAT_STATUS.failed, message: MSG.wechatFailed };
      if (t.status > WECHAT_STATUS.confirmed || t.expiresAt.getTime() <= Date.now()) return { status: WECHAT_STATUS.expired, message: MSG.wechatExpired };
      if (t.status === WECHAT_STATUS.scanned) return { status: WECHAT_STATUS.scanned, message: MSG.wechatScanned };
      return { status: WECHAT_STATUS.waiting, message: MSG.wechatWaiting };
    },

    /** The mini-program's scan; `ip` (absent for the development double) counts toward the per-address limit. */
    async scanWechatTicket(ticket: string, ip?: string) {
      if (ip !== undefined) await limit('wechat', ip, limits.perMinute, 'login');
      const rows = await db
        .update(wechatTickets)
        .set({ status: WECHAT_STATUS.scanned })
        .where(and(eq(wechatTickets.ticket, ticket), eq(wechatTickets.status, WECHAT_STATUS.waiting), gt(wechatTickets.expiresAt, new Date())))
        .returning({ status: wechatTickets.status });
      if (rows.length === 0) throw new Refusal(MSG.wechatExpired, UC_CODE.invalid);
      return WECHAT_STATUS.scanned;
    },

    /** The scanned ticket is confirmed for a person (or fails when nobody is bound to that WeChat user). */
    async confirmWechatTicket(ticket: string, person: { personId: number } | null, ip: string) {
      const status = person ? WECHAT_STATUS.confirmed : WECHAT_STATUS.failed;
      const rows = await db
        .update(wechatTickets)
        .set({ status, personId: person?.personId ?? null })
        .where(and(eq(wechatTickets.ticket, ticket), eq(wechatTickets.status, WECHAT_STATUS.scanned), gt(wechatTickets.expiresAt, new Date())))
        .returning({ status: wechatTickets.status });
      if (rows.length === 0) throw new Refusal(MSG.wechatExpired, UC_CODE.invalid);
      if (!person) await failure(ip, 'login', 'wechat', { reason: 'unbound' });
      return status;
    },

    /**
     * The mini-program's confirmation: its wx.login code names the WeChat user. A WeChat user nobody is
     * bound to is refused (the ticket stays scanned and usable) unless phone and SMS code come along,
     * which bind it to that person first. Locked and disabled accounts are refused here already.
     */
    async confirmWechatByLoginCode(
      body: { ticket: string; code: string; phone_number?: string | undefined; sms_code?: string | undefined; sms_session_id?: string | undefined },
      ip: string,
    ) {
      await limit('wechat', ip, limits.perMinute, 'login');
      const [live] = await db
        .select({ ticket: wechatTickets.ticket })
        .from(wechatTickets)
        .where(and(eq(wechatTickets.ticket, body.ticket), eq(wechatTickets.status, WECHAT_STATUS.scanned), gt(wechatTickets.expiresAt, new Date())))
        .limit(1);
      if (!live) throw new Refusal(MSG.wechatExpired, UC_CODE.invalid);
      let openId: string;
      try {
        openId = await wechat.openIdOf(body.code);
      } catch {
        await failure(ip, 'login', 'wechat', { reason: 'loginCodeRefused' });
        throw new Refusal(MSG.wechatCodeInvalid);
      }
      let [person] = await db.select().from(persons).where(eq(persons.wechatOpenId, openId)).limit(1);
      if (!person) {
        const { phone_number, sms_code, sms_session_id } = body;
        if (phone_number === undefined || sms_code === undefined || sms_session_id === undefined) {
          await failure(ip, 'login', 'wechat', { reason: 'unbound' });
          throw new Refusal(MSG.wechatNotBound, UC_CODE.wechatNotBound);
        }
        person = await bindWechat(openId, { phone_number, sms_code, sms_session_id }, ip);
      }
      await refuseIfCannotLogIn(person, ip, 'wechat', 'wechat');
      return this.confirmWechatTicket(body.ticket, person, ip);
    },

    personByMobile,
    /** A password set for someone else (a teacher's reset): every session of theirs ends. */
    resetPassword: (personId: number, password: string) => setPassword(personId, password, null),
    /** Every session of the person ends (an administrator locked them). */
    async endSessions(personId: number) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.personId, personId), isNull(sessions.revokedAt)));
    },
    /** The lock of 5 failed logins, of each person locked now (an administrator's list). */
    async loginLocks(personIds: number[]): Promise<Map<number, Date>> {
      if (personIds.length === 0) return new Map();
      const rows = await db
        .select({ personId: credentials.personId, lockedUntil: credentials.lockedUntil })
        .from(credentials)
        .where(and(inArray(credentials.personId, personIds), gt(credentials.lockedUntil, new Date())));
      return new Map(rows.map((r) => [r.personId, r.lockedUntil!]));
    },
    /** 解除登录锁定: the lock and the failures counted toward it are cleared; answers the lock lifted (null: none). */
    async clearLoginLock(personId: number): Promise<Date | null> {
      const [before] = await db.select({ lockedUntil: credentials.lockedUntil }).from(credentials).where(eq(credentials.personId, personId)).limit(1);
      await db.update(credentials).set({ lockedUntil: null, failedCount: 0, firstFailedAt: null }).where(eq(credentials.personId, personId));
      return before?.lockedUntil && before.lockedUntil.getTime() > Date.now() ? before.lockedUntil : null;
    },
    /** Development double only: the answer of a captcha session, the last code sent to a number. */
    async captchaAnswer(id: string) {
      const [c] = await db.select({ answer: captchas.answer }).from(captchas).where(eq(captchas.id, id)).limit(1);
      return c?.answer ?? null;
    },
    async lastSmsCode(phone: string) {
      const [c] = await db.select({ code: smsCodes.code, sentAt: smsCodes.sentAt }).from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(desc(smsCodes.sentAt)).limit(1);
      return c ?? null;
    },
  };
}
export type Uc = ReturnType<typeof makeUc>;
