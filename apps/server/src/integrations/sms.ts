/**
 * SMS: an interface with two adapters. `outbox` (default, development) keeps every message in the
 * sms_outbox table, readable on /dev/sms; `aliyun` sends through Alibaba Cloud SMS (dysmsapi), signed
 * with the RPC signature (HMAC-SHA1) that provider documents. Every send is logged in sms_outbox.
 * Two kinds of message: verification codes, and notices a teacher sends to class members (Aliyun
 * sends those through a template of their own whose parameter `content` is the text).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { and, gte, inArray, notLike, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { smsOutbox } from '../db/schema/index.ts';

export interface SmsSender {
  readonly name: string;
  /** Sends the verification code; throws when the provider refuses. */
  sendCode(phone: string, code: string): Promise<void>;
  /**
   * Sends a teacher's notice; throws when the provider refuses (the outbox row says why). A real
   * provider's log keeps `logged` instead of the text (a new password is not kept anywhere).
   */
  sendNotice(phone: string, text: string, logged?: string): Promise<void>;
}

/** How every verification code's text begins; a notice (see the teacher's texts) never does. */
const CODE_LEAD = '您的验证码为';
export const codeText = (code: string) => `${CODE_LEAD}${code}，5分钟内有效。如非本人操作，请忽略本短信。`;

/**
 * The notices (a teacher's class notices, a password sent by SMS) sent to each number since `since`:
 * their daily cap (SMS_NOTICE_DAILY_CAP_PER_PHONE) counts these only, so that notices never use up
 * a learner's login codes (counted in sms_codes) nor codes the notices. The outbox keeps no kind; a
 * code is told by its text, which every provider logs as codeText.
 */
export async function noticeCountsSince(db: Db, phones: string[], since: Date): Promise<Map<string, number>> {
  if (phones.length === 0) return new Map();
  const rows = await db
    .select({ phone: smsOutbox.phone, n: sql<number>`count(*)::int` })
    .from(smsOutbox)
    .where(and(inArray(smsOutbox.phone, phones), gte(smsOutbox.sentAt, since), notLike(smsOutbox.content, `${CODE_LEAD}%`)))
    .groupBy(smsOutbox.phone);
  return new Map(rows.map((r) => [r.phone, r.n]));
}

/**
 * Whether one more notice to `phone` stays within the daily cap, given `counts` of today's notices
 * (counted up when it does): the preview and the sending decide with this one rule.
 */
export function takeNoticeCap(counts: Map<string, number>, phone: string, cap: number): boolean {
  const n = counts.get(phone) ?? 0;
  if (n >= cap) return false;
  counts.set(phone, n + 1);
  return true;
}

/**
 * Sends each notice whose number is within its daily cap (counted from `since`); a refusal of the
 * provider is that notice's failure, not the others'. The state of each, in order.
 */
export async function sendNoticesWithinCap(db: Db, sms: SmsSender, cap: { perPhone: number; since: Date }, notices: { mobile: string; text: string }[]) {
  const counts = await noticeCountsSince(
    db,
    notices.map((n) => n.mobile),
    cap.since,
  );
  const out: { status: 'sent' | 'failed' | 'capped'; error: string | null }[] = [];
  for (const n of notices) {
    if (!takeNoticeCap(counts, n.mobile, cap.perPhone)) {
      out.push({ status: 'capped', error: null });
      continue;
    }
    try {
      await sms.sendNotice(n.mobile, n.text);
      out.push({ status: 'sent', error: null });
    } catch (e) {
      out.push({ status: 'failed', error: (e as Error).message });
    }
  }
  return out;
}

export function outboxSms(db: Db): SmsSender {
  return {
    name: 'outbox',
    async sendCode(phone, code) {
      await db.insert(smsOutbox).values({ phone, content: codeText(code), provider: 'outbox', status: 'sent' });
    },
    async sendNotice(phone, text) {
      await db.insert(smsOutbox).values({ phone, content: text, provider: 'outbox', status: 'sent' });
    },
  };
}

export interface AliyunOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** The notice template (parameter `content`); without it notices are logged as failed. */
  noticeTemplateCode?: string;
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
  return signedQuery(o, phone, o.templateCode, { code });
}

function signedQuery(o: AliyunOptions, phone: string, templateCode: string, templateParam: Record<string, string>): string {
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
    TemplateCode: templateCode,
    TemplateParam: JSON.stringify(templateParam),
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
  /** Sends one templated message and logs it (`logged`: what the outbox keeps of it). */
  async function send(phone: string, query: string | null, logged: string) {
    let error: string | null = query === null ? 'SMS_NOTICE_TEMPLATE_CODE is not configured' : null;
    if (query !== null) {
      try {
        const res = await doFetch(`${o.endpoint ?? 'https://dysmsapi.aliyuncs.com'}/?${query}`, { signal: AbortSignal.timeout(10_000) });
        const body = (await res.json()) as { Code?: string; Message?: string };
        if (body.Code !== 'OK') error = `${body.Code ?? res.status}: ${body.Message ?? ''}`;
      } catch (e) {
        error = (e as Error).message;
      }
    }
    await db.insert(smsOutbox).values({ phone, content: logged, provider: 'aliyun', status: error ? 'failed' : 'sent', error });
    if (error) throw new Error(`SMS provider refused: ${error}`);
  }
  return {
    name: 'aliyun',
    // The code itself is not kept for a real provider: only that a message went out.
    sendCode: (phone, code) => send(phone, aliyunSignedQuery(o, phone, code), codeText('******')),
    sendNotice: (phone, text, logged = text) => send(phone, o.noticeTemplateCode ? signedQuery(o, phone, o.noticeTemplateCode, { content: text }) : null, logged),
  };
}
