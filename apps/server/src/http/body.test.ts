import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AVATAR_MAX_BYTES, bodyTooLargeMessage, MSG, person, urlOf } from '@portal/contract';
import { createTestApp, PRODUCT, type TestApp } from '../test/harness.ts';
import { auditLog } from '../db/schema/index.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './body.ts';

describe('nestsDeeperThan', () => {
  it('counts brackets outside strings only, escaped quotes included', () => {
    expect(nestsDeeperThan('{"a":[[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"${'{'.repeat(100)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`["\\\\",${'['.repeat(4)}]`, 3)).toBe(true);
    expect(nestsDeeperThan('[1],[2],[3],[4]', 1)).toBe(false);
  });
});

let t: TestApp;
let learner: string;
beforeAll(async () => {
  t = await createTestApp();
  learner = await t.login('13800000001');
});
afterAll(() => t.close());

const loginRecords = async () => (await t.db.select().from(auditLog).where(eq(auditLog.event, 'loginSuccess'))).length;

async function post(url: string, type: string, payload: string | Buffer) {
  const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': type, authorization: learner }, payload });
  return { status: res.statusCode, json: res.json() as { res: boolean; resMsg: string } };
}

describe('JSON bodies', () => {
  const url = urlOf(person.loginSuccess, PRODUCT);
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

  it('refuses a body nested 10,000 deep, as a whole or in one field, with 400 and changes nothing', async () => {
    const before = await loginRecords();
    for (const payload of [deep(10_000), `{"mobilePhone":"13800000001","loginType":${deep(10_000)},"userType":1}`]) {
      expect(await post(url, 'application/json', payload)).toEqual({ status: 400, json: expect.objectContaining({ res: false, resMsg: MSG.bodyTooDeep }) as unknown });
    }
    expect(await loginRecords()).toBe(before);
  });

  it(`takes a body nested ${MAX_JSON_DEPTH} deep to the call's own checks`, async () => {
    const r = await post(url, 'application/json', `{"mobilePhone":"13800000001","loginType":"password","userType":1,"extra":${deep(MAX_JSON_DEPTH - 1)}}`);
    expect(r).toEqual({ status: 200, json: expect.objectContaining({ res: true }) as unknown });
  });

  it('refuses a body over the limit with 413 naming the body and its limit, not the avatar', async () => {
    const r = await post(url, 'application/json', JSON.stringify({ mobilePhone: '13800000001', loginType: 'x'.repeat(1024 * 1024), userType: 1 }));
    expect(r).toEqual({ status: 413, json: expect.objectContaining({ res: false, resMsg: bodyTooLargeMessage(1024 * 1024) }) as unknown });
    expect(bodyTooLargeMessage(1024 * 1024)).toBe('请求内容过大（不能超过1MB）');
  });

  it('keeps the prototype-poisoning refusal of the default parser', async () => {
    const r = await post(url, 'application/json', '{"mobilePhone":"13800000001","__proto__":{"x":1}}');
    expect(r.status).toBe(400);
  });
});

describe('multipart uploads', () => {
  const url = urlOf(person.uploadUserPic, PRODUCT);
  const boundary = '----portaltest';
  const part = (bytes: Buffer) => Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="userPic"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`), bytes]);

  it('refuses a multipart body without a boundary as an incomplete upload (400)', async () => {
    const r = await post(url, 'multipart/form-data', part(Buffer.from('89504e47', 'hex')));
    expect(r).toEqual({ status: 400, json: expect.objectContaining({ res: false, resMsg: MSG.uploadIncomplete }) as unknown });
  });

  it('refuses a multipart body cut off before its closing boundary as an incomplete upload (400)', async () => {
    const r = await post(url, `multipart/form-data; boundary=${boundary}`, part(Buffer.from('89504e47', 'hex')));
    expect(r).toEqual({ status: 400, json: expect.objectContaining({ res: false, resMsg: MSG.uploadIncomplete }) as unknown });
  });

  it('refuses a file whose name holds a NUL byte, as sent or percent-encoded, with 400 and the illegal-character message', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]);
    for (const disposition of ['filename="me\u0000.png"', "filename*=UTF-8''me%00.png"]) {
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="userPic"; ${disposition}\r\nContent-Type: image/png\r\n\r\n`;
      const r = await post(url, `multipart/form-data; boundary=${boundary}`, Buffer.concat([Buffer.from(head, 'latin1'), png, Buffer.from(`\r\n--${boundary}--\r\n`)]));
      expect(r, disposition).toEqual({ status: 400, json: expect.objectContaining({ res: false, resMsg: MSG.illegalCharacter }) as unknown });
    }
  });

  it("refuses a file over the call's limit with 413 and the avatar's own message", async () => {
    const body = Buffer.concat([part(Buffer.alloc(AVATAR_MAX_BYTES + 10)), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const r = await post(url, `multipart/form-data; boundary=${boundary}`, body);
    expect(r).toEqual({ status: 413, json: expect.objectContaining({ res: false, resMsg: MSG.avatarTooLarge }) as unknown });
  });
});
