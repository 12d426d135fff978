import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auth, dev, MSG, person, UC_CODE, WECHAT_STATUS } from '@portal/contract';
import { createTestApp, DEMO_PASSWORDS, type TestApp } from '../../test/harness.ts';
import { auditLog, captchas, sessions, smsCodes } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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

  it('caps the codes a number may receive in a day', async () => {
    const local = await createTestApp({ SMS_DAILY_CAP_PER_PHONE: '1' });
    try {
      await local.smsCode('13900010005');
      await local.db.update(smsCodes).set({ sentAt: sql`now() - interval '3 minutes'` });
      const c = await local.captcha();
      const r = await local.call(auth.requestSmsCode, { body: { captcha: c.answer, captcha_session_id: c.id, phone_number: '13900010005' } });
      expect(r.json).toMatchObject({ message: MSG.smsDailyCap });
    } finally {
      await local.close();
    }
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

  it('an unbound WeChat user fails (2); an unknown or old ticket is expired (-1)', async () => {
    const { ticket } = (await t.call(auth.requestWechatQrcode, { query: {} })).json.data as { ticket: string };
    await t.call(auth.scanWechatTicket, { body: { ticket } });
    await t.call(auth.confirmWechatTicket, { body: { ticket, code: 'openid-nobody-has' } });
    expect((await poll(ticket)).data).toEqual({ status: WECHAT_STATUS.failed });
    expect((await poll('f'.repeat(32))).data).toEqual({ status: WECHAT_STATUS.expired });
    const confirmUnscanned = await t.call(dev.devWechatConfirm, { params: { ticket: 'f'.repeat(32) }, body: { phone: '13800000001' } });
    expect(confirmUnscanned.status).toBe(200);
    expect(confirmUnscanned.json).toMatchObject({ message: MSG.wechatExpired });
  });
});

describe('development endpoints', () => {
  it('are absent in production mode', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', SIGNING_SECRET: 'a-production-secret-of-length' });
    try {
      expect((await prod.call(dev.devSms, { query: { phone: '13800000001' } })).status).toBe(404);
      expect((await prod.call(dev.devCaptcha, { params: { id: 'x' } })).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('rate limits', () => {
  it('refuse a burst of login calls from one address', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await limited.call(auth.usernameLogin, { body: loginBody({ id: 'nope', answer: 'abcd' }, '13800000001', 'x'), ip: '10.9.9.9' });
        codes.push(r.json.code as number);
      }
      expect(codes.slice(0, 3)).toEqual([UC_CODE.captchaExpired, UC_CODE.captchaExpired, UC_CODE.captchaExpired]);
      expect(codes.slice(3)).toEqual([UC_CODE.rateLimited, UC_CODE.rateLimited]);
      const other = await limited.call(auth.usernameLogin, { body: loginBody({ id: 'nope', answer: 'abcd' }, '13800000001', 'x'), ip: '10.9.9.8' });
      expect(other.json.code).toBe(UC_CODE.captchaExpired);
    } finally {
      await limited.close();
    }
  });
});
