/**
 * SMS: an interface with two adapters. `outbox` (default, development) keeps every message in the
 * sms_outbox table, readable on /dev/sms; `aliyun` sends through Alibaba Cloud SMS (dysmsapi), signed
 * with the RPC signature (HMAC-SHA1) that provider documents. Every send is logged in sms_outbox.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { smsOutbox } from '../db/schema/index.ts';

export interface SmsSender {
  readonly name: string;
  /** Sends the verification code; throws when the provider refuses. */
  sendCode(phone: string, code: string): Promise<void>;
}

export const codeText = (code: string) => `您的验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`;

export function outboxSms(db: Db): SmsSender {
  return {
    name: 'outbox',
    async sendCode(phone, code) {
      await db.insert(smsOutbox).values({ phone, content: codeText(code), provider: 'outbox', status: 'sent' });
    },
  };
}

export interface AliyunOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
}

/** RFC 3986 encoding as the RPC signature requires. */
const pct = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The signed query of a SendSms request (exported for its test). */
export function aliyunSignedQuery(o: AliyunOptions, phone: string, code: string): string {
  const params: Record<string, string> = {
    AccessKeyId: o.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: phone,
    RegionId: 'cn-hangzhou',
    SignName: o.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: (o.nonce ?? randomUUID)(),
    SignatureVersion: '1.0',
    TemplateCode: o.templateCode,
    TemplateParam: JSON.stringify({ code }),
    Timestamp: (o.now ?? (() => new Date()))().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${pct(k)}=${pct(params[k] ?? '')}`)
    .join('&');
  const stringToSign = `GET&${pct('/')}&${pct(canonical)}`;
  const signature = createHmac('sha1', `${o.accessKeySecret}&`).update(stringToSign).digest('base64');
  return `Signature=${pct(signature)}&${canonical}`;
}

export function aliyunSms(db: Db, o: AliyunOptions): SmsSender {
  const doFetch = o.fetch ?? fetch;
  return {
    name: 'aliyun',
    async sendCode(phone, code) {
      const url = `${o.endpoint ?? 'https://dysmsapi.aliyuncs.com'}/?${aliyunSignedQuery(o, phone, code)}`;
      let error: string | null = null;
      try {
        const res = await doFetch(url, { signal: AbortSignal.timeout(10_000) });
        const body = (await res.json()) as { Code?: string; Message?: string };
        if (body.Code !== 'OK') error = `${body.Code ?? res.status}: ${body.Message ?? ''}`;
      } catch (e) {
        error = (e as Error).message;
      }
      // The code itself is not kept for a real provider: only that a message went out.
      await db.insert(smsOutbox).values({ phone, content: codeText('******'), provider: 'aliyun', status: error ? 'failed' : 'sent', error });
      if (error) throw new Error(`SMS provider refused: ${error}`);
    },
  };
}
