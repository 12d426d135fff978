/**
 * WeChat mini-program login: the code image for a ticket, and the exchange of the mini-program's
 * wx.login code for the WeChat user (openid). `simulated` (default) draws a QR code of the ticket and
 * treats the login code as the openid; `wechat` calls WeChat's getwxacodeunlimit and jscode2session.
 */
import QRCode from 'qrcode';

export interface WechatLogin {
  readonly name: string;
  /** A PNG data URL of the code to scan. */
  codeImage(ticket: string, opts: { page: string; version: string; isHyaline: boolean }): Promise<string>;
  /** The openid of the WeChat user behind a wx.login code. */
  openIdOf(loginCode: string): Promise<string>;
}

export function simulatedWechat(mobileUrl: string): WechatLogin {
  return {
    name: 'simulated',
    codeImage: (ticket) => QRCode.toDataURL(`${mobileUrl}?wechatTicket=${ticket}`, { margin: 1, width: 220 }),
    openIdOf: async (loginCode) => loginCode,
  };
}

export interface WechatOptions {
  appId: string;
  secret: string;
  api?: string;
  fetch?: typeof fetch;
}

export function realWechat(o: WechatOptions): WechatLogin {
  const api = o.api ?? 'https://api.weixin.qq.com';
  const doFetch = o.fetch ?? fetch;
  let cached: { token: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const res = await doFetch(`${api}/cgi-bin/token?grant_type=client_credential&appid=${o.appId}&secret=${o.secret}`, {
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json()) as { access_token?: string; expires_in?: number; errmsg?: string };
    if (!body.access_token) throw new Error(`WeChat token refused: ${body.errmsg ?? res.status}`);
    cached = { token: body.access_token, until: Date.now() + ((body.expires_in ?? 7200) - 300) * 1000 };
    return body.access_token;
  }

  return {
    name: 'wechat',
    async codeImage(ticket, { page, version, isHyaline }) {
      const res = await doFetch(`${api}/wxa/getwxacodeunlimit?access_token=${await accessToken()}`, {
        method: 'POST',
        body: JSON.stringify({ scene: ticket, page, env_version: version, is_hyaline: isHyaline, check_path: false }),
        signal: AbortSignal.timeout(10_000),
      });
      const type = res.headers.get('content-type') ?? '';
      if (!type.startsWith('image/')) throw new Error(`WeChat code refused: ${await res.text()}`);
      return `data:${type};base64,${Buffer.from(await res.arrayBuffer()).toString('base64')}`;
    },
    async openIdOf(loginCode) {
      const q = new URLSearchParams({ appid: o.appId, secret: o.secret, js_code: loginCode, grant_type: 'authorization_code' });
      const res = await doFetch(`${api}/sns/jscode2session?${q}`, { signal: AbortSignal.timeout(10_000) });
      const body = (await res.json()) as { openid?: string; errmsg?: string };
      if (!body.openid) throw new Error(`WeChat login code refused: ${body.errmsg ?? res.status}`);
      return body.openid;
    },
  };
}
