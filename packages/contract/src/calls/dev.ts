/** Development endpoints (PRODUCT.md section 7): present only when the server is not in production mode. */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import { phone } from '../rules/fields.ts';

export const devCaptcha = defineCall({
  name: 'devCaptcha',
  method: 'GET',
  path: '/dev/captcha/:id',
  envelope: 'raw',
  auth: 'none',
  summary: 'The answer of an image captcha session.',
  params: z.object({ id: z.string().max(64) }),
  data: z.object({ captcha: z.string() }),
});

export const devSms = defineCall({
  name: 'devSms',
  method: 'GET',
  path: '/dev/sms',
  envelope: 'raw',
  auth: 'none',
  summary: 'The last SMS code sent to a number.',
  query: z.object({ phone }),
  data: z.object({ code: z.string(), sentAt: z.string() }),
});

export const devWechatScan = defineCall({
  name: 'devWechatScan',
  method: 'POST',
  path: '/dev/wechat/:ticket/scan',
  envelope: 'raw',
  auth: 'none',
  summary: 'A simulated phone scans the QR code.',
  params: z.object({ ticket: z.string().max(64) }),
  data: z.object({ status: z.number() }),
});

export const devWechatConfirm = defineCall({
  name: 'devWechatConfirm',
  method: 'POST',
  path: '/dev/wechat/:ticket/confirm',
  envelope: 'raw',
  auth: 'none',
  summary: 'A simulated phone confirms the login as the person with this mobile.',
  params: z.object({ ticket: z.string().max(64) }),
  body: z.object({ phone }),
  data: z.object({ status: z.number() }),
});
