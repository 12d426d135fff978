import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aliyunSignedQuery } from './sms.ts';
import { realWechat, simulatedWechat } from './wechat.ts';
import { imageTypeOf } from './storage.ts';

const fixed = { accessKeyId: 'testid', accessKeySecret: 'testsecret', signName: '干部网络学院', templateCode: 'SMS_1', now: () => new Date('2026-01-01T00:00:00.123Z'), nonce: () => 'n-1' };

describe('Aliyun SMS request signing', () => {
  it('signs the sorted, RFC 3986-encoded query with HMAC-SHA1 of the secret and "&"', () => {
    const q = aliyunSignedQuery(fixed, '13800000001', '123456');
    const [sigPart, ...rest] = q.split('&');
    const canonical = rest.join('&');
    expect(canonical).toContain('Action=SendSms');
    expect(canonical).toContain('Timestamp=2026-01-01T00%3A00%3A00Z');
    expect(canonical).toContain('TemplateParam=%7B%22code%22%3A%22123456%22%7D');
    expect(canonical).toContain(`SignName=${encodeURIComponent('干部网络学院')}`);
    const keys = rest.map((kv) => kv.split('=')[0]);
    expect(keys).toEqual([...keys].sort());
    const expected = createHmac('sha1', 'testsecret&').update(`GET&%2F&${encodeURIComponent(canonical)}`).digest('base64');
    expect(decodeURIComponent(sigPart!.slice('Signature='.length))).toBe(expected);
  });
});

describe('WeChat login adapters', () => {
  it('the simulated phone draws a QR of the ticket and takes the login code as the openid', async () => {
    const w = simulatedWechat('http://localhost/index');
    expect(await w.codeImage('abc', { page: 'p', version: 'release', isHyaline: false })).toMatch(/^data:image\/png;base64,/);
    expect(await w.openIdOf('openid-1')).toBe('openid-1');
  });

  it('the real adapter asks WeChat for a token once, then the code image and the openid', async () => {
    const seen: string[] = [];
    const fake: typeof fetch = async (input, init) => {
      const url = String(input);
      seen.push(url.replace(/\?.*/, ''));
      if (url.includes('/cgi-bin/token')) return Response.json({ access_token: 'AT', expires_in: 7200 });
      if (url.includes('/wxa/getwxacodeunlimit')) {
        expect(JSON.parse(String(init?.body))).toMatchObject({ scene: 't1', page: 'pages/login/index', env_version: 'trial', is_hyaline: true });
        return new Response(new Uint8Array([0x89, 0x50]), { headers: { 'content-type': 'image/png' } });
      }
      if (url.includes('/sns/jscode2session')) return Response.json({ openid: 'OPENID' });
      return new Response('no', { status: 404 });
    };
    const w = realWechat({ appId: 'app', secret: 's', api: 'https://wx.test', fetch: fake });
    expect(await w.codeImage('t1', { page: 'pages/login/index', version: 'trial', isHyaline: true })).toBe('data:image/png;base64,iVA=');
    await w.codeImage('t2', { page: 'pages/login/index', version: 'trial', isHyaline: true }).catch(() => undefined);
    expect(await w.openIdOf('code')).toBe('OPENID');
    expect(seen.filter((u) => u.endsWith('/cgi-bin/token'))).toHaveLength(1);
  });

  it('a refusal from WeChat is an error, not a login', async () => {
    const w = realWechat({ appId: 'app', secret: 's', api: 'https://wx.test', fetch: async () => Response.json({ errcode: 40029, errmsg: 'invalid code' }) });
    await expect(w.openIdOf('bad')).rejects.toThrow(/invalid code/);
  });
});

describe('image type by content', () => {
  it('knows JPG, PNG, GIF and WEBP by their first bytes, and nothing else', () => {
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(imageTypeOf(Buffer.from('GIF89a....'))).toBe('gif');
    expect(imageTypeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(imageTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageTypeOf(Buffer.from('%PDF-1.4'))).toBeNull();
  });
});
