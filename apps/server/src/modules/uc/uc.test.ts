import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auth, dev, MSG, person, UC_CODE, WECHAT_STATUS } from '@portal/contract';
import { createTestApp, DEMO_PASSWORDS, PRODUCTION_ENV, type TestApp } from '../../test/harness.ts';
import { auditLog, captchas, credentials, persons, sessions, smsCodes, wechatTickets } from '../../db/schema/index.ts';
import type { WechatLogin } from '../../integrations/wechat.ts';
import type { SmsSender } from '../../integrations/sms.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A six-digit code that is not `code`. */
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

/** Audit rows written from one address (each test uses its own). */
const auditFrom = (app: TestApp, ip: string) =>
  app.db.select({ personId: auditLog.personId, event: auditLog.event, target: auditLog.target, outcome: auditLog.outcome, detail: auditLog.detail }).from(auditLog).where(eq(auditLog.ip, ip));

/** Rate limits count in fixed minute windows: a burst that must fall in one window starts early in it. */
async function freshWindow() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((r) => setTimeout(r, left + 50));
}

const personId = async (app: TestApp, mobile: string) => (await app.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, mobile)))[0]!.id;

const loginBody = (c: { id: string; answer: string }, username: string, password: string) => ({
  captcha_session_id: c.id,
  captcha: c.answer,
  username,
  password,
  expires: 604800,
});

describe('image captcha', () => {
  it('answers an id and an SVG image', async () => {
    const r = await t.call(auth.requestImageCode);
    expect(r.status).toBe(200);
    expect(r.json.code).toBe(0);
    const data = r.json.data as { id: string; captcha_image: string };
    expect(data.id).toMatch(/^[0-9a-f]{32}$/);
    expect(data.captcha_image).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('a wrong captcha is refused, and a captcha is single use even after a right answer', async () => {
    const c = await t.captcha();
    const wrong = await t.call(auth.usernameLogin, { body: loginBody({ ...c, answer: 'zzzz' }, '13800000001', DEMO_PASSWORDS.learner) });
    expect(wrong.json).toMatchObject({ code: UC_CODE.captchaWrong, message: MSG.captchaWrong });
    const reuse = await t.call(auth.usernameLogin, { body: loginBody(c, '13800000001', DEMO_PASSWORDS.learner) });
    expect(reuse.json).toMatchObject({ code: UC_CODE.captchaExpired, message: MSG.captchaExpired });

    const c2 = await t.captcha();
    expect((await t.call(auth.usernameLogin, { body: loginBody(c2, '13800000001', DEMO_PASSWORDS.learner) })).json.code).toBe(0);
    expect((await t.call(auth.usernameLogin, { body: loginBody(c2, '13800000001', DEMO_PASSWORDS.learner) })).json.code).toBe(UC_CODE.captchaExpired);
  });

  it('an expired captcha is refused', async () => {
    const c = await t.captcha();
    await t.db.update(captchas).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(captchas.id, c.id));
    const r = await t.call(auth.usernameLogin, { body: loginBody(c, '13800000001', DEMO_PASSWORDS.learner) });
    expect(r.json.code).toBe(UC_CODE.captchaExpired);
  });
});

describe('password login', () => {
  it('logs in, answers a 256-bit token kept only as a hash, and audits the login', async () => {
    const c = await t.captcha();
    const r = await t.call(auth.usernameLogin, { body: loginBody(c, '13800000001', DEMO_PASSWORDS.learner), ip: '10.1.1.1' });
    expect(r.json.code).toBe(0);
    const data = r.json.data as { authorization: { id: string; expires_at: string }; user: { mobile: string } };
    expect(Buffer.from(data.authorization.id, 'base64url')).toHaveLength(32);
    expect(data.user.mobile).toBe('13800000001');
    const ttl = new Date(data.authorization.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(604700_000);
    expect(ttl).toBeLessThanOrEqual(604800_000);
    const stored = await t.db.select().from(sessions);
    expect(stored.some((s) => s.tokenHash === data.authorization.id)).toBe(false);
    const events = await t.db.select().from(auditLog).where(eq(auditLog.ip, '10.1.1.1'));
    expect(events).toContainEqual(expect.objectContaining({ event: 'login', outcome: 'success' }));

    const me = await t.call(person.getSessionPerson, { token: data.authorization.id });
    expect(me.json.obj).toMatchObject({ personName: '张伟', personNo: 'S20260001', personType: 1, positionLevelId: 3, organName: '太原市财政局' });
    expect(JSON.stringify(me.json)).not.toMatch(/password|hash|mobile/i);
  });

  it('a wrong password or an unknown number gets the same message; failures are audited', async () => {
    const c = await t.captcha();
    const wrong = await t.call(auth.usernameLogin, { body: loginBody(c, '13800000005', 'Wrong@2026') });
    expect(wrong.json.code).toBe(UC_CODE.badCredentials);
    expect(wrong.json.message).toContain(MSG.badCredentials);
    const c2 = await t.captcha();
    const unknown = await t.call(auth.usernameLogin, { body: loginBody(c2, '13900000000', 'Wrong@2026') });
    expect(unknown.json).toMatchObject({ code: UC_CODE.badCredentials, message: MSG.badCredentials });
    const failures = await t.db.select().from(auditLog).where(eq(auditLog.outcome, 'failure'));
    expect(failures.map((f) => f.target)).toEqual(expect.arrayContaining(['13800000005', '13900000000']));
  });

  it('5 failures in 15 minutes lock the account until a stated time, even for the right password', async () => {
    const mobile = '13900010001';
    for (let i = 1; i <= 4; i++) {
      const r = await t.call(auth.usernameLogin, { body: loginBody(await t.captcha(), mobile, 'Wrong@2026') });
      expect(r.json.message).toBe(`${MSG.badCredentials}，再错${5 - i}次账号将被锁定15分钟`);
    }
    const fifth = await t.call(auth.usernameLogin, { body: loginBody(await t.captcha(), mobile, 'Wrong@2026') });
    expect(fifth.json.code).toBe(UC_CODE.locked);
    expect(fifth.json.message).toMatch(/账号已锁定至 \d\d:\d\d/);
    const right = await t.call(auth.usernameLogin, { body: loginBody(await t.captcha(), mobile, DEMO_PASSWORDS.learner) });
    expect(right.json.code).toBe(UC_CODE.locked);
  });

  it('malformed input is a 400 naming the field and the rule, never a 500', async () => {
    const r = await t.call(auth.usernameLogin, { body: { captcha_session_id: 'x', captcha: 'abcd', username: '1380000000', password: 'x', expires: 604800 } });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 400, message: MSG.phoneFormat, field: 'username' });
    const empty = await t.call(auth.usernameLogin, { body: { captcha_session_id: 'x', captcha: 'abcd', username: '13800000001', password: '', expires: 604800 } });
    expect(empty.json).toMatchObject({ message: MSG.passwordRequired, field: 'password' });
    const notJson = await t.call(auth.usernameLogin, { body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
  });
});

describe('SMS code and SMS login', () => {
  it('checks the image captcha first, refuses an unregistered number with its own code', async () => {
    const bad = await t.call(auth.requestSmsCode, { body: { captcha: 'zzzz', captcha_session_id: (await t.captcha()).id, phone_number: '13800000001' } });
    expect(bad.json.code).toBe(UC_CODE.captchaWrong);
    const c = await t.captcha();
    const r = await t.call(auth.requestSmsCode, { body: { captcha: c.answer, captcha_session_id: c.id, phone_number: '13900000000' } });
    expect(r.json).toMatchObject({ code: UC_CODE.phoneNotRegistered, message: MSG.phoneNotRegistered });
    const missing = await t.call(auth.requestSmsCode, { body: { captcha: '', captcha_session_id: c.id, phone_number: '13900000000' } });
    expect(missing.json.message).toBe('请输入图形验证码！');
  });

  it('sends a 6-digit code, refuses a resend within 120 s, logs in once with it', async () => {
    const phone = '13900010002';
    const { id, code } = await t.smsCode(phone, '10.2.2.2');
    expect(code).toMatch(/^\d{6}$/);
    const c = await t.captcha();
    const again = await t.call(auth.requestSmsCode, { body: { captcha: c.answer, captcha_session_id: c.id, phone_number: phone } });
    expect(again.json).toMatchObject({ code: UC_CODE.smsTooSoon, message: MSG.smsTooSoon });

    const ok = await t.call(auth.smscodeLogin, { body: { captcha: code, captcha_session_id: id, phone_number: phone, expires: 604800 } });
    expect(ok.json.code).toBe(0);
    const reuse = await t.call(auth.smscodeLogin, { body: { captcha: code, captcha_session_id: id, phone_number: phone, expires: 604800 } });
    expect(reuse.json.code).toBe(UC_CODE.smsCodeExpired);
  });

  it('a code is bound to its number, expires after 5 minutes and allows at most 5 checks', async () => {
    const phone = '13900010003';
    const { id, code } = await t.smsCode(phone);
    const otherNumber = await t.call(auth.smscodeLogin, { body: { captcha: code, captcha_session_id: id, phone_number: '13900010004', expires: 604800 } });
    expect(otherNumber.json.code).toBe(UC_CODE.smsCodeExpired);
    for (let i = 0; i < 4; i++) {
      const wrong = await t.call(auth.smscodeLogin, { body: { captcha: code === '000000' ? '111111' : '000000', captcha_session_id: id, phone_number: phone, expires: 604800 } });
      expect(wrong.json).toMatchObject({ code: UC_CODE.smsCodeWrong, message: MSG.smsCodeWrong });
    }
    const sixth = await t.call(auth.smscodeLogin, { body: { captcha: code, captcha_session_id: id, phone_number: phone, expires: 604800 } });
    expect(sixth.json.code).toBe(0);

    await t.db.update(smsCodes).set({ sentAt: sql`now() - interval '10 minutes'` }).where(eq(smsCodes.phone, phone));
    const fresh = await t.smsCode(phone);
    await t.db.update(smsCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(smsCodes.id, fresh.id));
    const expired = await t.call(auth.smscodeLogin, { body: { captcha: fresh.code, captcha_session_id: fresh.id, phone_number: phone, expires: 604800 } });
    expect(expired.json).toMatchObject({ code: UC_CODE.smsCodeExpired, message: MSG.smsCodeExpired });
  });

  describe('daily caps', () => {
    // One app: 1 code a day per number, 2 per address.
    let local: TestApp;
    beforeAll(async () => {
      local = await createTestApp({ SMS_DAILY_CAP_PER_PHONE: '1', SMS_DAILY_CAP_PER_IP: '2' });
    });
    afterAll(() => local.close());

    it('caps the codes a number may receive in a day', async () => {
      await local.smsCode('13900010005');
      await local.db.update(smsCodes).set({ sentAt: sql`now() - interval '3 minutes'` });
      const c = await local.captcha();
      const r = await local.call(auth.requestSmsCode, { body: { captcha: c.answer, captcha_session_id: c.id, phone_number: '13900010005' } });
      expect(r.json).toMatchObject({ message: MSG.smsDailyCap });
    });

    it('caps the codes one address may ask for in a day, whatever the numbers; the refusal is audited', async () => {
      await local.smsCode('13900010030', '10.4.4.4');
      await local.smsCode('13900010031', '10.4.4.4');
      const c = await local.captcha();
      const third = await local.call(auth.requestSmsCode, { body: { captcha: c.answer, captcha_session_id: c.id, phone_number: '13900010032' }, ip: '10.4.4.4' });
      expect(third.json).toMatchObject({ code: UC_CODE.rateLimited, message: MSG.smsDailyCap });
      expect(await auditFrom(local, '10.4.4.4')).toContainEqual(expect.objectContaining({ event: 'smsCode', target: '13900010032', outcome: 'failure', detail: { reason: 'dailyCapIp' } }));
      expect((await local.smsCode('13900010032', '10.4.4.5')).code).toMatch(/^\d{6}$/);
    });
  });
});

describe('sessions: logout and password change', () => {
  it('logout revokes the token at once; calls with it are then 401', async () => {
    const token = await t.login('13900010006');
    expect((await t.call(person.getSessionPerson, { token })).json.obj).not.toBeNull();
    const out = await t.call(auth.logout, { token });
    expect(out.json.code).toBe(0);
    const after = await t.call(person.getSessionPerson, { token });
    expect(after.status).toBe(401);
    expect(after.json).toMatchObject({ res: false, resMsg: MSG.sessionExpired });
    expect((await t.call(auth.logout, { token })).status).toBe(401);
    expect((await t.call(auth.logout)).status).toBe(401);
  });

  it('an unknown or expired token is 401', async () => {
    expect((await t.call(person.getSessionPerson, { token: 'x'.repeat(43) })).status).toBe(401);
    const token = await t.login('13900010007');
    await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await t.call(person.getSessionPerson, { token })).status).toBe(401);
  });

  it('modify password: SMS code, password rule, revokes every other session, keeps the current one', async () => {
    const mobile = '13900010008';
    const other = await t.login(mobile);
    const current = await t.login(mobile);
    const { id, code } = await t.smsCode(mobile);
    const weak = await t.call(auth.modifyPassword, { token: current, body: { captcha: code, captcha_session_id: id, mobile, password: 'abcdefgh' } });
    expect(weak.status).toBe(400);
    expect(weak.json.message).toBe(MSG.passwordRule);
    const notMine = await t.call(auth.modifyPassword, { token: current, body: { captcha: code, captcha_session_id: id, mobile: '13800000001', password: 'New@pass2026' } });
    expect(notMine.json.code).toBe(UC_CODE.mobileMismatch);
    const ok = await t.call(auth.modifyPassword, { token: current, body: { captcha: code, captcha_session_id: id, mobile, password: 'New@pass2026' } });
    expect(ok.json.code).toBe(0);
    expect((await t.call(person.getSessionPerson, { token: other })).status).toBe(401);
    expect((await t.call(person.getSessionPerson, { token: current })).status).toBe(200);
    await expect(t.login(mobile)).rejects.toThrow();
    expect(await t.login(mobile, 'New@pass2026')).toBeTruthy();
    const sync = await t.call(person.updatePersonPassword, { token: current, body: { newPassword: 'New@pass2026', mobilePhone: mobile } });
    expect(sync.json.res).toBe(true);
    const forged = await t.call(person.updatePersonPassword, { token: current, body: { newPassword: 'Other@pass2026', mobilePhone: mobile } });
    expect(forged.json).toMatchObject({ res: false, resMsg: MSG.passwordNotSynced });
    const events = await t.db.select({ event: auditLog.event, outcome: auditLog.outcome }).from(auditLog);
    expect(events).toContainEqual({ event: 'passwordChange', outcome: 'success' });
  });

  it('a wrong SMS code changes nothing', async () => {
    const mobile = '13900010009';
    const { id, code } = await t.smsCode(mobile);
    const r = await t.call(auth.modifyPassword, { body: { captcha: code === '000000' ? '111111' : '000000', captcha_session_id: id, mobile, password: 'New@pass2026' } });
    expect(r.json.code).toBe(UC_CODE.smsCodeWrong);
    expect(await t.login(mobile)).toBeTruthy();
  });
});

describe('SMS code checks on password change', () => {
  it('an expired SMS code is refused and changes nothing; the refusal is audited', async () => {
    const mobile = '13900010011';
    const { id, code } = await t.smsCode(mobile);
    await t.db.update(smsCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(smsCodes.id, id));
    const r = await t.call(auth.modifyPassword, { body: { captcha: code, captcha_session_id: id, mobile, password: 'New@pass2026' }, ip: '10.7.0.1' });
    expect(r.json).toMatchObject({ code: UC_CODE.smsCodeExpired, message: MSG.smsCodeExpired });
    expect(await t.login(mobile)).toBeTruthy();
    expect(await auditFrom(t, '10.7.0.1')).toContainEqual(expect.objectContaining({ event: 'passwordChange', outcome: 'failure', detail: { reason: 'smsCodeExpired' } }));
  });

  it('after 5 wrong checks of a code the right code is refused too', async () => {
    const mobile = '13900010012';
    const { id, code } = await t.smsCode(mobile);
    for (let i = 0; i < 5; i++) {
      const wrong = await t.call(auth.modifyPassword, { body: { captcha: wrongOf(code), captcha_session_id: id, mobile, password: 'New@pass2026' } });
      expect(wrong.json).toMatchObject({ code: UC_CODE.smsCodeWrong, message: MSG.smsCodeWrong });
    }
    const right = await t.call(auth.modifyPassword, { body: { captcha: code, captcha_session_id: id, mobile, password: 'New@pass2026' } });
    expect(right.json).toMatchObject({ code: UC_CODE.smsCodeExpired, message: MSG.smsCodeExpired });
    expect(await t.login(mobile)).toBeTruthy();
  });
});

describe('lockout on every login path', () => {
  const lockByPasswords = async (mobile: string, ip?: string) => {
    for (let i = 0; i < 5; i++) await t.call(auth.usernameLogin, { body: loginBody(await t.captcha(), mobile, 'Wrong@2026'), ip });
    const [c] = await t.db.select().from(credentials).where(eq(credentials.personId, await personId(t, mobile)));
    expect(c!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  };

  it('5 wrong SMS codes lock the account: the right code is then refused, and so is the password', async () => {
    const mobile = '13900010020';
    const { id, code } = await t.smsCode(mobile);
    const sms = (captcha: string) => t.call(auth.smscodeLogin, { body: { captcha, captcha_session_id: id, phone_number: mobile, expires: 604800 }, ip: '10.8.0.1' });
    for (let i = 0; i < 4; i++) expect((await sms(wrongOf(code))).json).toMatchObject({ code: UC_CODE.smsCodeWrong, message: MSG.smsCodeWrong });
    const fifth = await sms(wrongOf(code));
    expect(fifth.json.code).toBe(UC_CODE.locked);
    expect(fifth.json.message).toMatch(/账号已锁定至 \d\d:\d\d/);
    expect((await sms(code)).json.code).toBe(UC_CODE.locked);
    expect((await t.call(auth.usernameLogin, { body: loginBody(await t.captcha(), mobile, DEMO_PASSWORDS.learner) })).json.code).toBe(UC_CODE.locked);
    const audited = (await auditFrom(t, '10.8.0.1')).map((a) => a.detail?.reason);
    expect(audited.filter((r) => r === 'smsCodeWrong')).toHaveLength(5);
    expect(audited).toEqual(expect.arrayContaining(['lockedNow', 'locked']));

    // When the lock has run out, the code has had its 5 checks: the right one is refused as spent.
    await t.db.update(credentials).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(credentials.personId, await personId(t, mobile)));
    expect((await sms(code)).json.code).toBe(UC_CODE.smsCodeExpired);
  });

  it('a locked account opens no session by SMS code or WeChat (bound or simulated), and its password cannot be confirmed', async () => {
    const mobile = '13900010021';
    const token = await t.login(mobile);
    await t.db.update(persons).set({ wechatOpenId: 'openid-locked-13900010021' }).where(eq(persons.mobile, mobile));
    const { id, code } = await t.smsCode(mobile);
    await lockByPasswords(mobile);

    const sms = await t.call(auth.smscodeLogin, { body: { captcha: code, captcha_session_id: id, phone_number: mobile, expires: 604800 } });
    expect(sms.json.code).toBe(UC_CODE.locked);

    const poll = async (ticket: string) => (await t.call(auth.refreshWechatTicket, { query: { ticket }, ip: '10.8.1.1' })).json;
    const { ticket } = (await t.call(auth.requestWechatQrcode, { query: {} })).json.data as { ticket: string };
    await t.call(auth.scanWechatTicket, { body: { ticket } });
    const bound = await t.call(auth.confirmWechatTicket, { body: { ticket, code: 'openid-locked-13900010021' } });
    expect(bound.json.code).toBe(UC_CODE.locked);
    expect((await poll(ticket)).data).toEqual({ status: WECHAT_STATUS.scanned });
    // The simulated phone confirms without asking: the session is still refused where it would open.
    await t.call(dev.devWechatConfirm, { params: { ticket }, body: { phone: mobile } });
    const polled = await poll(ticket);
    expect(polled.code).toBe(UC_CODE.locked);
    expect(polled.message).toMatch(/账号已锁定至/);
    expect(await auditFrom(t, '10.8.1.1')).toContainEqual(expect.objectContaining({ event: 'login', target: 'wechat', outcome: 'failure', detail: expect.objectContaining({ reason: 'locked' }) }));
    const opened = await t.db.select().from(sessions).where(and(eq(sessions.personId, await personId(t, mobile)), sql`${sessions.loginType} <> 'password'`));
    expect(opened).toEqual([]);

    const sync = await t.call(person.updatePersonPassword, { token, body: { newPassword: DEMO_PASSWORDS.learner, mobilePhone: mobile } });
    expect(sync.json.res).toBe(false);
    expect(sync.json.resMsg).toMatch(/账号已锁定至/);
  });

  it('wrong passwords on updatePersonPassword count toward the same lockout as failed logins', async () => {
    const mobile = '13900010022';
    const token = await t.login(mobile);
    for (let i = 0; i < 2; i++) await t.call(auth.usernameLogin, { body: loginBody(await t.captcha(), mobile, 'Wrong@2026') });
    const sync = (newPassword: string) => t.call(person.updatePersonPassword, { token, body: { newPassword, mobilePhone: mobile }, ip: '10.8.2.1' });
    for (let i = 0; i < 2; i++) expect((await sync('Other@pass2026')).json).toMatchObject({ res: false, resMsg: MSG.passwordNotSynced });
    const fifth = await sync('Other@pass2026');
    expect(fifth.json.res).toBe(false);
    expect(fifth.json.resMsg).toMatch(/账号已锁定至 \d\d:\d\d/);
    expect((await sync(DEMO_PASSWORDS.learner)).json.resMsg).toMatch(/账号已锁定至/);
    expect((await t.call(auth.usernameLogin, { body: loginBody(await t.captcha(), mobile, DEMO_PASSWORDS.learner) })).json.code).toBe(UC_CODE.locked);
    const audited = await auditFrom(t, '10.8.2.1');
    expect(audited.filter((a) => a.event === 'passwordSync' && a.detail?.reason === 'password')).toHaveLength(3);
  });

  it('a disabled account opens no session on any path; each refusal is audited', async () => {
    const mobile = '13900010023';
    const { id, code } = await t.smsCode(mobile);
    await t.db.update(persons).set({ status: 'disabled', wechatOpenId: 'openid-disabled-13900010023' }).where(eq(persons.mobile, mobile));
    const ip = '10.8.3.1';
    expect((await t.call(auth.usernameLogin, { body: loginBody(await t.captcha(), mobile, DEMO_PASSWORDS.learner), ip })).json).toMatchObject({ code: UC_CODE.disabled, message: MSG.accountDisabled });
    expect((await t.call(auth.smscodeLogin, { body: { captcha: code, captcha_session_id: id, phone_number: mobile, expires: 604800 }, ip })).json.code).toBe(UC_CODE.disabled);
    const { ticket } = (await t.call(auth.requestWechatQrcode, { query: {} })).json.data as { ticket: string };
    await t.call(auth.scanWechatTicket, { body: { ticket } });
    expect((await t.call(auth.confirmWechatTicket, { body: { ticket, code: 'openid-disabled-13900010023' }, ip })).json.code).toBe(UC_CODE.disabled);
    const disabled = (await auditFrom(t, ip)).filter((a) => a.detail?.reason === 'disabled');
    expect(disabled.map((a) => a.target).sort()).toEqual([mobile, 'sms', 'wechat'].sort());
  });
});

describe('audit log', () => {
  it('records logout', async () => {
    const ip = '10.10.0.1';
    const token = await t.login('13900010024', DEMO_PASSWORDS.learner, ip);
    await t.call(auth.logout, { token, ip });
    const id = await personId(t, '13900010024');
    expect(await auditFrom(t, ip)).toContainEqual(expect.objectContaining({ personId: id, event: 'logout', outcome: 'success' }));
  });

  it('records failures: wrong and expired captcha, SMS login of an unknown number, password change with a wrong code, an unknown or another mobile', async () => {
    const ip = '10.10.0.2';
    const c = await t.captcha();
    await t.call(auth.usernameLogin, { body: loginBody({ ...c, answer: 'zzzz' }, '13800000001', DEMO_PASSWORDS.learner), ip });
    await t.call(auth.usernameLogin, { body: loginBody(c, '13800000001', DEMO_PASSWORDS.learner), ip });
    const c2 = await t.captcha();
    await t.call(auth.requestSmsCode, { body: { captcha: 'zzzz', captcha_session_id: c2.id, phone_number: '13800000001' }, ip });
    expect((await t.call(auth.smscodeLogin, { body: { captcha: '123456', captcha_session_id: 'x', phone_number: '13900000000', expires: 604800 }, ip })).json.code).toBe(
      UC_CODE.phoneNotRegistered,
    );
    const mobile = '13900010025';
    const { id, code } = await t.smsCode(mobile);
    await t.call(auth.modifyPassword, { body: { captcha: wrongOf(code), captcha_session_id: id, mobile, password: 'New@pass2026' }, ip });
    expect((await t.call(auth.modifyPassword, { body: { captcha: code, captcha_session_id: id, mobile: '13900000000', password: 'New@pass2026' }, ip })).json.code).toBe(
      UC_CODE.phoneNotRegistered,
    );
    const token = await t.login(mobile);
    expect((await t.call(auth.modifyPassword, { token, body: { captcha: code, captcha_session_id: id, mobile: '13800000001', password: 'New@pass2026' }, ip })).json.code).toBe(
      UC_CODE.mobileMismatch,
    );

    const rows = (await auditFrom(t, ip)).map((a) => ({ event: a.event, target: a.target, outcome: a.outcome, reason: a.detail?.reason }));
    expect(rows).toEqual(
      expect.arrayContaining([
        { event: 'login', target: '13800000001', outcome: 'failure', reason: 'captchaWrong' },
        { event: 'login', target: '13800000001', outcome: 'failure', reason: 'captchaExpired' },
        { event: 'smsCode', target: '13800000001', outcome: 'failure', reason: 'captchaWrong' },
        { event: 'login', target: '13900000000', outcome: 'failure', reason: 'unknown' },
        { event: 'passwordChange', target: mobile, outcome: 'failure', reason: 'smsCodeWrong' },
        { event: 'passwordChange', target: '13900000000', outcome: 'failure', reason: 'unknown' },
        { event: 'passwordChange', target: '13800000001', outcome: 'failure', reason: 'mobileMismatch' },
      ]),
    );
    expect(rows.every((r) => r.outcome === 'failure')).toBe(true);
  });
});

describe('WeChat QR login', () => {
  const poll = async (ticket: string) => (await t.call(auth.refreshWechatTicket, { query: { ticket } })).json;

  it('waiting → scanned → confirmed hands out a token once, then the ticket is spent', async () => {
    const q = await t.call(auth.requestWechatQrcode, { query: { page: 'pages/login/index', version: 'release', is_hyaline: 'true' } });
    const { path, ticket } = q.json.data as { path: string; ticket: string };
    expect(path).toMatch(/^data:image\/png;base64,/);
    expect(await poll(ticket)).toMatchObject({ code: 0, message: MSG.wechatWaiting, data: { status: WECHAT_STATUS.waiting } });
    expect((await t.call(dev.devWechatScan, { params: { ticket } })).json).toEqual({ status: 1 });
    expect(await poll(ticket)).toMatchObject({ data: { status: WECHAT_STATUS.scanned } });
    await t.call(dev.devWechatConfirm, { params: { ticket }, body: { phone: '13800000001' } });
    const done = await poll(ticket);
    expect(done.data).toMatchObject({ status: 3, mobile: '13800000001' });
    const token = (done.data as { accessToken: string }).accessToken;
    expect((await t.call(person.getSessionPerson, { token })).json.obj).toMatchObject({ personName: '张伟' });
    expect((await poll(ticket)).data).toEqual({ status: WECHAT_STATUS.expired });
  });

  const scannedTicket = async () => {
    const { ticket } = (await t.call(auth.requestWechatQrcode, { query: {} })).json.data as { ticket: string };
    expect((await t.call(auth.scanWechatTicket, { body: { ticket } })).json.code).toBe(0);
    return ticket;
  };

  it('an unbound WeChat user is refused with a request to bind, and the ticket stays usable; the simulated phone can still fail a ticket (2)', async () => {
    const ticket = await scannedTicket();
    const r = await t.call(auth.confirmWechatTicket, { body: { ticket, code: 'openid-nobody-has' }, ip: '10.5.0.1' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ code: UC_CODE.wechatNotBound, message: '该微信尚未绑定账号，请输入手机号和短信验证码完成绑定' });
    expect((await poll(ticket)).data).toEqual({ status: WECHAT_STATUS.scanned });
    expect(await auditFrom(t, '10.5.0.1')).toContainEqual(expect.objectContaining({ event: 'login', target: 'wechat', outcome: 'failure', detail: { reason: 'unbound' } }));

    // The development endpoint keeps its behaviour: an unregistered phone fails the ticket.
    expect((await t.call(dev.devWechatConfirm, { params: { ticket }, body: { phone: '13900000000' } })).json).toEqual({ status: WECHAT_STATUS.failed });
    expect((await poll(ticket)).data).toEqual({ status: WECHAT_STATUS.failed });
    expect((await poll('f'.repeat(32))).data).toEqual({ status: WECHAT_STATUS.expired });
    const confirmUnscanned = await t.call(dev.devWechatConfirm, { params: { ticket: 'f'.repeat(32) }, body: { phone: '13800000001' } });
    expect(confirmUnscanned.status).toBe(200);
    expect(confirmUnscanned.json).toMatchObject({ message: MSG.wechatExpired });
  });

  it('on first use phone and SMS code bind the WeChat user; afterwards the WeChat code alone logs in', async () => {
    const mobile = '13900010040';
    const openid = 'openid-binds-13900010040';
    const ticket = await scannedTicket();
    expect((await t.call(auth.confirmWechatTicket, { body: { ticket, code: openid } })).json.code).toBe(UC_CODE.wechatNotBound);

    const { id, code } = await t.smsCode(mobile);
    const wrong = await t.call(auth.confirmWechatTicket, { body: { ticket, code: openid, phone_number: mobile, sms_code: wrongOf(code), sms_session_id: id } });
    expect(wrong.json).toMatchObject({ code: UC_CODE.smsCodeWrong, message: MSG.smsCodeWrong });
    expect((await t.db.select({ o: persons.wechatOpenId }).from(persons).where(eq(persons.mobile, mobile)))[0]!.o).toBeNull();
    expect((await poll(ticket)).data).toEqual({ status: WECHAT_STATUS.scanned });

    const ok = await t.call(auth.confirmWechatTicket, { body: { ticket, code: openid, phone_number: mobile, sms_code: code, sms_session_id: id }, ip: '10.5.0.2' });
    expect(ok.json.code).toBe(0);
    expect((await t.db.select({ o: persons.wechatOpenId }).from(persons).where(eq(persons.mobile, mobile)))[0]!.o).toBe(openid);
    const done = (await poll(ticket)).data as { status: number; accessToken: string; mobile: string };
    expect(done).toMatchObject({ status: WECHAT_STATUS.confirmed, mobile });
    expect((await t.call(person.getSessionPerson, { token: done.accessToken })).status).toBe(200);
    expect(await auditFrom(t, '10.5.0.2')).toContainEqual(expect.objectContaining({ event: 'wechatBind', outcome: 'success' }));

    const next = await scannedTicket();
    expect((await t.call(auth.confirmWechatTicket, { body: { ticket: next, code: openid } })).json.code).toBe(0);
    expect((await poll(next)).data).toMatchObject({ status: WECHAT_STATUS.confirmed, mobile });
  });

  it('binding refuses an unregistered number, a person bound to another WeChat user, and incomplete fields (400)', async () => {
    const ticket = await scannedTicket();
    const unknown = await t.call(auth.confirmWechatTicket, { body: { ticket, code: 'openid-x', phone_number: '13900000000', sms_code: '123456', sms_session_id: 'f'.repeat(32) } });
    expect(unknown.json).toMatchObject({ code: UC_CODE.phoneNotRegistered, message: MSG.phoneNotRegistered });

    const mobile = '13900010041';
    await t.db.update(persons).set({ wechatOpenId: 'openid-old-13900010041' }).where(eq(persons.mobile, mobile));
    const { id, code } = await t.smsCode(mobile);
    const other = await t.call(auth.confirmWechatTicket, { body: { ticket, code: 'openid-new-13900010041', phone_number: mobile, sms_code: code, sms_session_id: id } });
    expect(other.json).toMatchObject({ message: MSG.wechatBoundToOther });
    expect((await t.db.select({ o: persons.wechatOpenId }).from(persons).where(eq(persons.mobile, mobile)))[0]!.o).toBe('openid-old-13900010041');

    const partial = await t.call(auth.confirmWechatTicket, { body: { ticket, code: 'openid-x', phone_number: mobile } });
    expect(partial.status).toBe(400);
    expect(partial.json).toMatchObject({ message: MSG.smsCodeNotObtained, field: 'sms_session_id' });
    const noPhone = await t.call(auth.confirmWechatTicket, { body: { ticket, code: 'openid-x', sms_code: '123456', sms_session_id: id } });
    expect(noPhone.json).toMatchObject({ message: MSG.phoneRequired, field: 'phone_number' });
    const badPhone = await t.call(auth.confirmWechatTicket, { body: { ticket, code: 'openid-x', phone_number: '123', sms_code: '123456', sms_session_id: id } });
    expect(badPhone.json).toMatchObject({ message: MSG.phoneFormat, field: 'phone_number' });
    expect((await poll(ticket)).data).toEqual({ status: WECHAT_STATUS.scanned });
  });

  it('a ticket that ran out is expired (-1) whether waiting or scanned, and can no longer be scanned or confirmed', async () => {
    const { ticket: waiting } = (await t.call(auth.requestWechatQrcode, { query: {} })).json.data as { ticket: string };
    const scanned = await scannedTicket();
    await t.db.update(wechatTickets).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`${wechatTickets.ticket} in (${waiting}, ${scanned})`);
    expect(await poll(waiting)).toMatchObject({ code: 0, message: MSG.wechatExpired, data: { status: WECHAT_STATUS.expired } });
    expect((await poll(scanned)).data).toEqual({ status: WECHAT_STATUS.expired });
    expect((await t.call(auth.scanWechatTicket, { body: { ticket: waiting } })).json).toMatchObject({ message: MSG.wechatExpired });
    expect((await t.call(auth.confirmWechatTicket, { body: { ticket: scanned, code: 'openid-binds-13900010040' } })).json).toMatchObject({ message: MSG.wechatExpired });
    expect((await t.call(dev.devWechatConfirm, { params: { ticket: scanned }, body: { phone: '13800000001' } })).json).toMatchObject({ message: MSG.wechatExpired });
    expect((await poll(scanned)).data).toEqual({ status: WECHAT_STATUS.expired });
  });
});

describe('development endpoints', () => {
  it('are absent in production mode; there a login code WeChat refuses is a refusal, not a 500', async () => {
    // Production refuses the development doubles (config.test.ts): this app is configured with the real
    // providers, whose network calls are replaced here by stand-ins.
    const sms: SmsSender = { name: 'stub', sendCode: async () => undefined, sendNotice: async () => undefined };
    const wechat: WechatLogin = {
      name: 'stub',
      codeImage: async () => 'data:image/png;base64,iVA=',
      openIdOf: async (code) => {
        if (code === 'refused') throw new Error('WeChat login code refused: invalid code');
        return code;
      },
    };
    const prod = await createTestApp(PRODUCTION_ENV, { sms, wechat });
    try {
      expect(prod.config.SEED_DEMO).toBe(false);
      expect((await prod.call(dev.devSms, { query: { phone: '13800000001' } })).status).toBe(404);
      expect((await prod.call(dev.devCaptcha, { params: { id: 'x' } })).status).toBe(404);
      expect((await prod.call(dev.devWechatScan, { params: { ticket: 'x' } })).status).toBe(404);
      expect((await prod.call(dev.devWechatConfirm, { params: { ticket: 'x' }, body: { phone: '13800000001' } })).status).toBe(404);

      const { ticket } = (await prod.call(auth.requestWechatQrcode, { query: {} })).json.data as { ticket: string };
      await prod.call(auth.scanWechatTicket, { body: { ticket } });
      const refused = await prod.call(auth.confirmWechatTicket, { body: { ticket, code: 'refused' }, ip: '10.6.0.1' });
      expect(refused.status).toBe(200);
      expect(refused.json).toMatchObject({ message: MSG.wechatCodeInvalid });
      expect(await auditFrom(prod, '10.6.0.1')).toContainEqual(expect.objectContaining({ event: 'login', outcome: 'failure', detail: { reason: 'loginCodeRefused' } }));
      expect((await prod.call(auth.refreshWechatTicket, { query: { ticket } })).json.data).toEqual({ status: WECHAT_STATUS.scanned });
    } finally {
      await prod.close();
    }
  });
});

describe('rate limits', () => {
  // One app for every limit test, 3 calls a minute per address (captcha: 6); each test uses its own address.
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  it('refuse a burst of login calls from one address, and audit the refusal once per window', async () => {
    await freshWindow();
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await limited.call(auth.usernameLogin, { body: loginBody({ id: 'nope', answer: 'abcd' }, '13800000001', 'x'), ip: '10.9.9.9' });
      codes.push(r.json.code as number);
    }
    expect(codes.slice(0, 3)).toEqual([UC_CODE.captchaExpired, UC_CODE.captchaExpired, UC_CODE.captchaExpired]);
    expect(codes.slice(3)).toEqual([UC_CODE.rateLimited, UC_CODE.rateLimited]);
    const other = await limited.call(auth.usernameLogin, { body: loginBody({ id: 'nope', answer: 'abcd' }, '13800000001', 'x'), ip: '10.9.9.8' });
    expect(other.json.code).toBe(UC_CODE.captchaExpired);
    const refusals = (await auditFrom(limited, '10.9.9.9')).filter((a) => a.detail?.reason === 'rateLimited');
    expect(refusals).toEqual([expect.objectContaining({ event: 'login', target: 'login:10.9.9.9', outcome: 'failure' })]);
  });

  it('refuse a burst of image captchas (twice the limit) from one address', async () => {
    await freshWindow();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await limited.call(auth.requestImageCode, { ip: '10.9.8.1' })).json.code as number);
    expect(codes).toEqual([0, 0, 0, 0, 0, 0, UC_CODE.rateLimited]);
    expect((await limited.call(auth.requestImageCode, { ip: '10.9.8.2' })).json.code).toBe(0);
    expect(await auditFrom(limited, '10.9.8.1')).toContainEqual(expect.objectContaining({ target: 'captcha:10.9.8.1', outcome: 'failure', detail: expect.objectContaining({ reason: 'rateLimited' }) }));
  });

  it('refuse a burst of SMS code requests from one address', async () => {
    await freshWindow();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await limited.call(auth.requestSmsCode, { body: { captcha: 'abcd', captcha_session_id: 'nope', phone_number: '13800000001' }, ip: '10.9.7.1' });
      codes.push(r.json.code as number);
    }
    expect(codes).toEqual([UC_CODE.captchaExpired, UC_CODE.captchaExpired, UC_CODE.captchaExpired, UC_CODE.rateLimited]);
    const other = await limited.call(auth.requestSmsCode, { body: { captcha: 'abcd', captcha_session_id: 'nope', phone_number: '13800000001' }, ip: '10.9.7.2' });
    expect(other.json.code).toBe(UC_CODE.captchaExpired);
    expect(await auditFrom(limited, '10.9.7.1')).toContainEqual(expect.objectContaining({ event: 'smsCode', target: 'sms:10.9.7.1', detail: expect.objectContaining({ reason: 'rateLimited' }) }));
  });

  it('refuse a burst of WeChat scans from one address', async () => {
    await freshWindow();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await limited.call(auth.scanWechatTicket, { body: { ticket: 'nope' }, ip: '10.9.5.1' })).json.code as number);
    expect(codes).toEqual([UC_CODE.invalid, UC_CODE.invalid, UC_CODE.invalid, UC_CODE.rateLimited]);
    expect((await limited.call(auth.scanWechatTicket, { body: { ticket: 'nope' }, ip: '10.9.5.2' })).json.code).toBe(UC_CODE.invalid);
    expect(await auditFrom(limited, '10.9.5.1')).toContainEqual(expect.objectContaining({ event: 'login', target: 'wechat:10.9.5.1', detail: expect.objectContaining({ reason: 'rateLimited' }) }));
  });

  it('refuse a burst of password changes, and of learning-service password checks, from one address', async () => {
    const token = await limited.login('13900010060', DEMO_PASSWORDS.learner, '10.9.6.9');
    await freshWindow();
    const change = { captcha: '123456', captcha_session_id: 'nope', mobile: '13900010060', password: 'New@pass2026' };
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await limited.call(auth.modifyPassword, { body: change, ip: '10.9.6.1' })).json.code as number);
    expect(codes).toEqual([UC_CODE.smsCodeExpired, UC_CODE.smsCodeExpired, UC_CODE.smsCodeExpired, UC_CODE.rateLimited]);
    expect((await limited.call(auth.modifyPassword, { body: change, ip: '10.9.6.2' })).json.code).toBe(UC_CODE.smsCodeExpired);
    expect(await auditFrom(limited, '10.9.6.1')).toContainEqual(expect.objectContaining({ event: 'passwordChange', target: 'password:10.9.6.1', detail: expect.objectContaining({ reason: 'rateLimited' }) }));

    const sync = { newPassword: DEMO_PASSWORDS.learner, mobilePhone: '13900010060' };
    const answers: unknown[] = [];
    for (let i = 0; i < 4; i++) answers.push((await limited.call(person.updatePersonPassword, { token, body: sync, ip: '10.9.6.3' })).json.resMsg);
    expect(answers).toEqual(['成功', '成功', '成功', MSG.rateLimited]);
    expect((await limited.call(person.updatePersonPassword, { token, body: sync, ip: '10.9.6.4' })).json.res).toBe(true);
    expect(await auditFrom(limited, '10.9.6.3')).toContainEqual(expect.objectContaining({ event: 'passwordSync', target: 'passwordSync:10.9.6.3', detail: expect.objectContaining({ reason: 'rateLimited' }) }));
  });
});
