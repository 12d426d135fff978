import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, person, urlOf } from '@portal/contract';
import { createTestApp, PRODUCT, type TestApp } from '../../test/harness.ts';
import { auditLog } from '../../db/schema/index.ts';
import { hmac } from '../../lib/crypto.ts';

let t: TestApp;
let learner: string;
beforeAll(async () => {
  t = await createTestApp();
  learner = await t.login('13800000001');
});
afterAll(() => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

function multipart(field: string, filename: string, bytes: Buffer, type = 'image/png') {
  const boundary = '----portaltest';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string | null, field: string, filename: string, bytes: Buffer) {
  const { payload, headers } = multipart(field, filename, bytes);
  const res = await t.app.inject({ method: 'POST', url: urlOf(person.uploadUserPic, PRODUCT), payload, headers: { ...headers, ...(token ? { authorization: token } : {}) } });
  return { status: res.statusCode, json: res.json() as { res: boolean; resMsg: string; obj: string | null } };
}

describe('session person and login record', () => {
  it('getSessionPerson is null without a session, the person with one', async () => {
    expect((await t.call(person.getSessionPerson)).json).toEqual({ res: true, resMsg: '成功', obj: null });
    const me = (await t.call(person.getSessionPerson, { token: learner })).json.obj as Record<string, unknown>;
    expect(Object.keys(me).sort()).toEqual(
      ['personNo', 'personName', 'personId', 'personType', 'userPic', 'nationName', 'gender', 'positionLevelId', 'positionLevelName', 'organName', 'explain', 'createuser'].sort(),
    );
  });

  it('loginSuccess is recorded for the caller and refuses another number', async () => {
    const ok = await t.call(person.loginSuccess, { token: learner, body: { mobilePhone: '13800000001', loginType: 'password', userType: 1 } });
    expect(ok.json.res).toBe(true);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.event, 'loginSuccess'));
    expect(rows).toHaveLength(1);
    const other = await t.call(person.loginSuccess, { token: learner, body: { mobilePhone: '13800000005', loginType: 'password', userType: 1 } });
    expect(other.json).toMatchObject({ res: false, resMsg: MSG.mobileMismatch });
    expect((await t.call(person.loginSuccess, { body: { mobilePhone: '13800000001', loginType: 'sms', userType: 1 } })).status).toBe(401);
  });
});

describe('avatar upload', () => {
  it('stores an image checked by content, serves it with nosniff, and updates userPic', async () => {
    const r = await upload(learner, 'userPic', 'me.png', PNG);
    expect(r.json).toMatchObject({ res: true, resMsg: MSG.avatarUploaded });
    expect(r.json.obj).toMatch(/^\/uploads\/avatars\/\d+\/[0-9a-f]{24}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: r.json.obj! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const me = (await t.call(person.getSessionPerson, { token: learner })).json.obj as { userPic: string };
    expect(me.userPic).toBe(r.json.obj);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.event, 'avatarChange'));
    expect(audit.some((a) => a.outcome === 'success')).toBe(true);
  });

  it('refuses a non-image named .png, an empty file, a wrong field, and a file over 2 MB', async () => {
    expect((await upload(learner, 'userPic', 'evil.png', Buffer.from('<script>alert(1)</script>'))).json).toMatchObject({ res: false, resMsg: MSG.avatarType });
    expect((await upload(learner, 'userPic', 'empty.png', Buffer.alloc(0))).json).toMatchObject({ res: false, resMsg: MSG.avatarMissing });
    expect((await upload(learner, 'other', 'me.png', PNG)).json).toMatchObject({ res: false, resMsg: MSG.avatarMissing });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const r = await upload(learner, 'userPic', 'big.png', big);
    expect(r.json).toMatchObject({ res: false, resMsg: MSG.avatarTooLarge });
    expect((await upload(null, 'userPic', 'me.png', PNG)).status).toBe(401);
  });
});

describe('digital books and the national academy', () => {
  it('digitalBooks answers a signed expiring jump URL, refused to training-class accounts', async () => {
    const r = await t.call(person.digitalBooks, { token: learner });
    const url = new URL(r.json.obj as string);
    expect(url.searchParams.get('sign')).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(url.searchParams.get('expires')) - Number(url.searchParams.get('timestamp'))).toBe(t.config.JUMP_TTL_SECONDS);
    const trainee = await t.login('13800000002');
    expect((await t.call(person.digitalBooks, { token: trainee })).json).toMatchObject({ res: false, resMsg: MSG.noPermission });
  });

  it('zwy: eligible learners get a signed link that redirects once checked; others are refused', async () => {
    const r = await t.call(person.zwyTicket, { token: learner });
    const link = r.json.obj as string;
    expect(link).toMatch(/^\/video_learning\/education\/zwy\/oauth\?personId=\d+&timestamp=\d+&sign=[0-9a-f]{64}$/);
    const go = await t.app.inject({ method: 'GET', url: link });
    expect(go.statusCode).toBe(302);
    expect(new URL(go.headers.location as string).searchParams.get('personNo')).toBe('S20260001');

    const tampered = link.replace(/personId=\d+/, 'personId=2');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/video_learning/education/zwy/oauth?personId=1&timestamp=1&sign=zz' })).statusCode).toBe(400);

    const level8 = await t.login('13800000005');
    expect((await t.call(person.zwyTicket, { token: level8 })).json).toMatchObject({ res: false, resMsg: MSG.notEligibleForAcademy });
  });
});

describe('the AI entry', () => {
  const ticketOf = (url: string) => new URL(url).searchParams.get('ticket') ?? '';
  const exchange = (ticket: string) => t.call(person.aiTicketExchange, { body: { ticket } });

  it('opens the AI page with a ticket, never the session token, and the ticket is exchanged once for the public identity', async () => {
    const url = (await t.call(person.aiTicket, { token: learner })).json.obj as string;
    expect(url.startsWith(t.config.AI_URL.split('?')[0]!)).toBe(true);
    expect(url).not.toContain(learner);
    expect(new URL(url).searchParams.has('token')).toBe(false);
    const ticket = ticketOf(url);
    expect(ticket).toMatch(/^\d+\.\d+\.[0-9a-f]{64}$/);

    const first = await exchange(ticket);
    expect(first.json).toEqual({ res: true, resMsg: '成功', obj: { personNo: 'S20260001', personName: expect.any(String), personType: 1, organName: expect.any(String) } });
    expect((await exchange(ticket)).json).toMatchObject({ res: false, resMsg: MSG.aiTicketInvalid });
  });

  it('refuses a forged, an expired and a malformed ticket, and training-class accounts', async () => {
    const [id, exp, sign] = ticketOf((await t.call(person.aiTicket, { token: learner })).json.obj as string).split('.');
    const forged = `${Number(id) + 1}.${exp}.${sign}`;
    expect((await exchange(forged)).json).toMatchObject({ res: false, resMsg: MSG.aiTicketInvalid });
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = `${id}.${past}.${hmac(t.config.SIGNING_SECRET, `ai:${id}:${past}`)}`;
    expect((await exchange(expired)).json).toMatchObject({ res: false, resMsg: MSG.aiTicketInvalid });
    expect((await exchange('abc')).status).toBe(400);

    const trainee = await t.login('13800000002');
    expect((await t.call(person.aiTicket, { token: trainee })).json).toMatchObject({ res: false, resMsg: MSG.noPermission });
    expect((await t.call(person.aiTicket)).status).toBe(401);
  });

  it('passes the session token only where AI_PASS_SESSION_TOKEN says the AI page needs it', async () => {
    const legacy = await createTestApp({ AI_PASS_SESSION_TOKEN: 'true' });
    try {
      const token = await legacy.login('13800000001');
      const url = new URL((await legacy.call(person.aiTicket, { token })).json.obj as string);
      expect(url.searchParams.get('token')).toBe(token);
      expect(url.searchParams.has('ticket')).toBe(false);
    } finally {
      await legacy.close();
    }
  });
});

describe('portal configuration and the shell', () => {
  it('answers the footer, links and the ten city platforms', async () => {
    const c = (await t.call(person.getPortalConfig)).json.obj as { cityPlatforms: unknown[]; ssoUrl: string; footer: { email: string }; utcOffsetMinutes: number };
    expect(c.cityPlatforms).toHaveLength(10);
    expect(new URL(c.ssoUrl).searchParams.get('appId')).toBe(t.config.SSO_APP_ID);
    expect(c.footer.email).toBe(t.config.FOOTER_EMAIL);
    // The college's calendar, China time by default: the browser draws the header's date with it.
    expect(c).toMatchObject({ utcOffsetMinutes: 480 });
  });

  it('sends security headers and answers unknown API paths with a 404 envelope', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/video_learning/nothing' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ res: false, resMsg: MSG.notFound });
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(r.headers['server-timing']).toMatch(/^app;dur=\d+\.\d{2}$/);
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.paths['/v1/portal/uc/session/username_login']?.post?.operationId).toBe('username_login');
    expect(doc.paths['/video_learning/getSessionPerson']?.post?.operationId).toBe('getSessionPerson');
  });
});

describe('display settings (关怀版 and the accessibility toolbar)', () => {
  const care = { care: true, zoom: 1.5, contrast: 'yellowOnBlack', bigCursor: true, guide: 'line', readAloud: false, plain: true } as const;

  it('are null until saved, then the same from another login of the same person, and nobody else’s', async () => {
    const other = await t.login('13800000005');
    expect((await t.call(person.getDisplaySettings, { token: other })).json.obj).toBeNull();
    expect((await t.call(person.saveDisplaySettings, { token: learner, body: care })).json).toMatchObject({ res: true });
    // Another browser: a new login of the same person finds them.
    const again = await t.login('13800000001');
    expect((await t.call(person.getDisplaySettings, { token: again })).json.obj).toEqual(care);
    expect((await t.call(person.getDisplaySettings, { token: other })).json.obj).toBeNull();
  });

  it('saved by a page from before 纯文本 was kept, read with it off', async () => {
    const other = await t.login('13800000005');
    const { plain: _plain, ...older } = care;
    const r = await t.app.inject({ method: 'POST', url: urlOf(person.saveDisplaySettings, PRODUCT), payload: older, headers: { authorization: other } });
    expect(r.statusCode).toBe(200);
    expect((await t.call(person.getDisplaySettings, { token: other })).json.obj).toEqual({ ...care, plain: false });
  });

  it('refuse a visitor and settings outside the toolbar’s choices, changing nothing', async () => {
    expect((await t.call(person.getDisplaySettings)).status).toBe(401);
    expect((await t.call(person.saveDisplaySettings, { body: care })).status).toBe(401);
    for (const bad of [{ ...care, zoom: 5 }, { ...care, contrast: 'red' }, { ...care, care: 'yes' }, { zoom: 1 }]) {
      const r = await t.app.inject({ method: 'POST', url: urlOf(person.saveDisplaySettings, PRODUCT), payload: bad, headers: { authorization: learner } });
      expect(r.statusCode).toBe(400);
    }
    expect((await t.call(person.getDisplaySettings, { token: learner })).json.obj).toEqual(care);
  });
});
