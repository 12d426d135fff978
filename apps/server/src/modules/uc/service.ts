/**
 * The user centre: owns credentials, sessions, captcha / SMS / WeChat ticket sessions.
 * Every refusal is a Refusal with the message the learner sees; every login, failure, logout and
 * password change is audited.
 */
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import {
  accountLockedMessage,
  CAPTCHA_TTL_SECONDS,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_LOCK_SECONDS,
  MSG,
  SESSION_EXPIRES_SECONDS,
  SMS_CODE_MAX_CHECKS,
  SMS_CODE_TTL_SECONDS,
  SMS_RESEND_SECONDS,
  UC_CODE,
  WECHAT_STATUS,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { captchas, credentials, persons, sessions, smsCodes, wechatTickets } from '../../db/schema/index.ts';
import { hashPassword, newId, newToken, sha256, sixDigits, verifyPassword } from '../../lib/crypto.ts';
import { Refusal } from '../../http/errors.ts';
import type { Platform } from '../platform/service.ts';
import type { SmsSender } from '../../integrations/sms.ts';
import type { WechatLogin } from '../../integrations/wechat.ts';

export interface UcDeps {
  db: Db;
  platform: Platform;
  sms: SmsSender;
  wechat: WechatLogin;
  limits: { perMinute: number; smsPerPhoneDaily: number; smsPerIpDaily: number };
}

export type LoginType = 'password' | 'sms' | 'wechat';
export interface LoginResult {
  authorization: { id: string; expires_at: string };
  user: { mobile: string };
}

const WECHAT_TICKET_TTL_SECONDS = 300;
/** Argon2id of a random password: verifying an unknown number costs the same as a known one. */
let decoyHash: Promise<string> | null = null;
const decoy = () => (decoyHash ??= hashPassword(newToken()));

/** Midnight in China Standard Time, for daily SMS caps. */
function startOfChinaDay(now = Date.now()): Date {
  const day = 86_400_000;
  const offset = 8 * 3_600_000;
  return new Date(Math.floor((now + offset) / day) * day - offset);
}

export function makeUc({ db, platform, sms, wechat, limits }: UcDeps) {
  async function personByMobile(mobile: string) {
    const [p] = await db.select().from(persons).where(eq(persons.mobile, mobile)).limit(1);
    return p ?? null;
  }

  /** Single use: the first check consumes the captcha whatever the answer. */
  async function consumeCaptcha(id: string, answer: string) {
    const [row] = await db
      .update(captchas)
      .set({ usedAt: new Date() })
      .where(and(eq(captchas.id, id), isNull(captchas.usedAt)))
      .returning({ answer: captchas.answer, expiresAt: captchas.expiresAt });
    if (!row || row.expiresAt.getTime() <= Date.now()) throw new Refusal(MSG.captchaExpired, UC_CODE.captchaExpired);
    if (row.answer.toLowerCase() !== answer.trim().toLowerCase()) throw new Refusal(MSG.captchaWrong, UC_CODE.captchaWrong);
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

  async function openSession(personId: number, mobile: string, loginType: LoginType, ip: string, expiresSeconds: number): Promise<LoginResult> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + Math.min(expiresSeconds, SESSION_EXPIRES_SECONDS) * 1000);
    await db.insert(sessions).values({ tokenHash: sha256(token), personId, loginType, ip, expiresAt });
    await platform.audit({ personId, ip, event: 'login', target: loginType, outcome: 'success' });
    return { authorization: { id: token, expires_at: expiresAt.toISOString() }, user: { mobile } };
  }

  async function refuseUnknown(ip: string, mobile: string): Promise<never> {
    await platform.audit({ ip, event: 'login', target: mobile, outcome: 'failure', detail: { reason: 'unknown' } });
    throw new Refusal(MSG.badCredentials, UC_CODE.badCredentials);
  }

  return {
    async requestImageCode(ip: string) {
      await platform.limit(`captcha:${ip}`, limits.perMinute * 2, 60);
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
      await platform.limit(`sms:${ip}`, limits.perMinute, 60);
      await consumeCaptcha(body.captcha_session_id, body.captcha);
      const phone = body.phone_number;
      const person = await personByMobile(phone);
      if (!person) {
        await platform.audit({ ip, event: 'smsCode', target: phone, outcome: 'failure', detail: { reason: 'notRegistered' } });
        throw new Refusal(MSG.phoneNotRegistered, UC_CODE.phoneNotRegistered);
      }
      const [last] = await db.select({ sentAt: smsCodes.sentAt }).from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(desc(smsCodes.sentAt)).limit(1);
      if (last && Date.now() - last.sentAt.getTime() < SMS_RESEND_SECONDS * 1000) throw new Refusal(MSG.smsTooSoon, UC_CODE.smsTooSoon);
      const today = startOfChinaDay();
      const [byPhone] = await db.select({ n: sql<number>`count(*)::int` }).from(smsCodes).where(and(eq(smsCodes.phone, phone), gt(smsCodes.sentAt, today)));
      const [byIp] = await db.select({ n: sql<number>`count(*)::int` }).from(smsCodes).where(and(eq(smsCodes.ip, ip), gt(smsCodes.sentAt, today)));
      if ((byPhone?.n ?? 0) >= limits.smsPerPhoneDaily || (byIp?.n ?? 0) >= limits.smsPerIpDaily) throw new Refusal(MSG.smsDailyCap, UC_CODE.rateLimited);
      const id = newId();
      const code = sixDigits();
      await db.insert(smsCodes).values({ id, phone, code, ip, expiresAt: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000) });
      await sms.sendCode(phone, code);
      await platform.audit({ personId: person.personId, ip, event: 'smsCode', target: phone, outcome: 'success' });
      return { id };
    },

    async usernameLogin(body: { captcha: string; captcha_session_id: string; username: string; password: string; expires: number }, ip: string) {
      await platform.limit(`login:${ip}`, limits.perMinute, 60);
      await consumeCaptcha(body.captcha_session_id, body.captcha);
      const person = await personByMobile(body.username);
      const [cred] = person ? await db.select().from(credentials).where(eq(credentials.personId, person.personId)).limit(1) : [];
      if (!person || !cred) {
        await verifyPassword(await decoy(), body.password);
        return refuseUnknown(ip, body.username);
      }
      if (cred.lockedUntil && cred.lockedUntil.getTime() > Date.now()) {
        await platform.audit({ personId: person.personId, ip, event: 'login', target: body.username, outcome: 'failure', detail: { reason: 'locked' } });
        throw new Refusal(accountLockedMessage(cred.lockedUntil), UC_CODE.locked);
      }
      if (!(await verifyPassword(cred.passwordHash, body.password))) {
        // One statement counts the failure: a new 15-minute window starts after the last one ran out.
        const [after] = await db
          .update(credentials)
          .set({
            failedCount: sql`case when ${credentials.firstFailedAt} is null or ${credentials.firstFailedAt} < now() - make_interval(secs => ${LOGIN_FAILURE_WINDOW_SECONDS}) then 1 else ${credentials.failedCount} + 1 end`,
            firstFailedAt: sql`case when ${credentials.firstFailedAt} is null or ${credentials.firstFailedAt} < now() - make_interval(secs => ${LOGIN_FAILURE_WINDOW_SECONDS}) then now() else ${credentials.firstFailedAt} end`,
          })
          .where(eq(credentials.personId, person.personId))
          .returning({ failedCount: credentials.failedCount });
        const failures = after?.failedCount ?? 1;
        await platform.audit({ personId: person.personId, ip, event: 'login', target: body.username, outcome: 'failure', detail: { reason: 'password', failures } });
        if (failures >= LOGIN_FAILURE_LIMIT) {
          const until = new Date(Date.now() + LOGIN_LOCK_SECONDS * 1000);
          await db.update(credentials).set({ lockedUntil: until, failedCount: 0, firstFailedAt: null }).where(eq(credentials.personId, person.personId));
          throw new Refusal(accountLockedMessage(until), UC_CODE.locked);
        }
        throw new Refusal(`${MSG.badCredentials}，再错${LOGIN_FAILURE_LIMIT - failures}次账号将被锁定15分钟`, UC_CODE.badCredentials);
      }
      if (person.status !== 'active') throw new Refusal(MSG.accountDisabled, UC_CODE.disabled);
      await db.update(credentials).set({ failedCount: 0, firstFailedAt: null, lockedUntil: null }).where(eq(credentials.personId, person.personId));
      return openSession(person.personId, person.mobile, 'password', ip, body.expires);
    },

    async smscodeLogin(body: { captcha: string; captcha_session_id: string; phone_number: string; expires: number }, ip: string) {
      await platform.limit(`login:${ip}`, limits.perMinute, 60);
      const person = await personByMobile(body.phone_number);
      if (!person) throw new Refusal(MSG.phoneNotRegistered, UC_CODE.phoneNotRegistered);
      try {
        await consumeSmsCode(body.captcha_session_id, body.phone_number, body.captcha);
      } catch (e) {
        await platform.audit({ personId: person.personId, ip, event: 'login', target: 'sms', outcome: 'failure', detail: { reason: (e as Error).message } });
        throw e;
      }
      if (person.status !== 'active') throw new Refusal(MSG.accountDisabled, UC_CODE.disabled);
      return openSession(person.personId, person.mobile, 'sms', ip, body.expires);
    },

    async logout(personId: number, sessionId: number, ip: string) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
      await platform.audit({ personId, ip, event: 'logout', outcome: 'success' });
    },

    async modifyPassword(
      body: { captcha: string; captcha_session_id: string; mobile: string; password: string },
      caller: { personId: number; mobile: string; sessionId: number } | null,
      ip: string,
    ) {
      await platform.limit(`password:${ip}`, limits.perMinute, 60);
      if (caller && caller.mobile !== body.mobile) throw new Refusal(MSG.mobileMismatch, UC_CODE.mobileMismatch);
      const person = await personByMobile(body.mobile);
      if (!person) throw new Refusal(MSG.phoneNotRegistered, UC_CODE.phoneNotRegistered);
      try {
        await consumeSmsCode(body.captcha_session_id, body.mobile, body.captcha);
      } catch (e) {
        await platform.audit({ personId: person.personId, ip, event: 'passwordChange', outcome: 'failure', detail: { reason: (e as Error).message } });
        throw e;
      }
      const passwordHash = await hashPassword(body.password);
      await db
        .insert(credentials)
        .values({ personId: person.personId, passwordHash })
        .onConflictDoUpdate({ target: credentials.personId, set: { passwordHash, changedAt: new Date(), failedCount: 0, firstFailedAt: null, lockedUntil: null } });
      const keep = caller?.personId === person.personId ? caller.sessionId : -1;
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.personId, person.personId), ne(sessions.id, keep), isNull(sessions.revokedAt)));
      await platform.audit({ personId: person.personId, ip, event: 'passwordChange', outcome: 'success' });
    },

    async requestWechatQrcode(q: { page: string; version: string; is_hyaline: string }, ip: string) {
      await platform.limit(`wechat:${ip}`, limits.perMinute, 60);
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
        const login = await openSession(person.personId, person.mobile, 'wechat', ip, SESSION_EXPIRES_SECONDS);
        return { status: WECHAT_STATUS.confirmed, message: MSG.wechatConfirmed, accessToken: login.authorization.id, mobile: person.mobile };
      }
      if (t.status === WECHAT_STATUS.failed) return { status: WECHAT_STATUS.failed, message: MSG.wechatFailed };
      if (t.status > WECHAT_STATUS.confirmed || t.expiresAt.getTime() <= Date.now()) return { status: WECHAT_STATUS.expired, message: MSG.wechatExpired };
      if (t.status === WECHAT_STATUS.scanned) return { status: WECHAT_STATUS.scanned, message: MSG.wechatScanned };
      return { status: WECHAT_STATUS.waiting, message: MSG.wechatWaiting };
    },

    async scanWechatTicket(ticket: string) {
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
      if (!person) await platform.audit({ ip, event: 'login', target: 'wechat', outcome: 'failure', detail: { reason: 'unbound' } });
      return status;
    },

    async confirmWechatByLoginCode(ticket: string, loginCode: string, ip: string) {
      const openId = await wechat.openIdOf(loginCode);
      const [person] = await db.select({ personId: persons.personId }).from(persons).where(eq(persons.wechatOpenId, openId)).limit(1);
      return this.confirmWechatTicket(ticket, person ?? null, ip);
    },

    personByMobile,
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
