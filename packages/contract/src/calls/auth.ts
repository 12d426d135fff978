/** The user centre (SPEC.md section 7, "Authentication and account"): captcha, SMS, login, logout, password, WeChat QR. */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import { MSG } from '../messages.ts';
import { codeSessionId, imageCaptcha, imageCaptchaForSms, loginPassword, newPassword, phone, requiredText, smsCode } from '../rules/fields.ts';
import { SESSION_EXPIRES_SECONDS } from '../constants.ts';

const UC = '/v1/{product}/uc';
const expires = z.coerce.number().int().min(60, '会话有效期至少60秒').max(SESSION_EXPIRES_SECONDS * 4).default(SESSION_EXPIRES_SECONDS);

export const loginResult = z.object({
  authorization: z.object({ id: z.string(), expires_at: z.string() }),
  user: z.object({ mobile: z.string() }),
});

export const requestImageCode = defineCall({
  name: 'request_image_code',
  method: 'POST',
  path: `${UC}/session/captcha/request_image_code`,
  envelope: 'uc',
  auth: 'none',
  summary: 'A new single-use image captcha (valid 5 minutes).',
  data: z.object({ id: z.string(), captcha_image: z.string() }),
});

export const requestSmsCode = defineCall({
  name: 'request_sms_code',
  method: 'POST',
  path: `${UC}/session/captcha/request_sms_code`,
  envelope: 'uc',
  auth: 'none',
  summary: 'Checks the image captcha, then sends a 6-digit SMS code to a registered number.',
  body: z.object({
    captcha: imageCaptchaForSms,
    captcha_session_id: codeSessionId(MSG.imageCaptchaRequiredForSms),
    phone_number: phone,
  }),
  data: z.object({ id: z.string() }),
});

export const usernameLogin = defineCall({
  name: 'username_login',
  method: 'POST',
  path: `${UC}/session/username_login`,
  envelope: 'uc',
  auth: 'none',
  summary: 'Password login with the image captcha.',
  body: z.object({
    captcha_session_id: codeSessionId(MSG.captchaRequired),
    captcha: imageCaptcha,
    username: phone,
    password: loginPassword,
    expires,
  }),
  data: loginResult,
});

export const smscodeLogin = defineCall({
  name: 'smscode_login',
  method: 'POST',
  path: `${UC}/session/smscode_login`,
  envelope: 'uc',
  auth: 'none',
  summary: 'SMS-code login: `captcha` is the SMS code, `captcha_session_id` the id request_sms_code gave.',
  body: z.object({
    captcha: smsCode,
    captcha_session_id: codeSessionId(MSG.smsCodeNotObtained),
    phone_number: phone,
    expires,
  }),
  data: loginResult,
});

export const logout = defineCall({
  name: 'logout',
  method: 'DELETE',
  path: `${UC}/session/logout`,
  envelope: 'uc',
  auth: 'required',
  summary: 'Revokes the current session at once.',
  data: z.null(),
});

export const modifyPassword = defineCall({
  name: 'modify_password',
  method: 'PUT',
  path: `${UC}/user/modify_password`,
  envelope: 'uc',
  auth: 'optional',
  summary: 'Sets a new password with an SMS code sent to the mobile; revokes every other session of the person.',
  body: z.object({
    captcha: smsCode,
    captcha_session_id: codeSessionId(MSG.smsCodeNotObtained),
    mobile: phone,
    password: newPassword,
  }),
  data: z.null(),
});

const WECHAT = `${UC}/shanxi_wechat_ticket_session`;
/** -1 expired, 0 waiting, 1 scanned, 2 failed, 3 confirmed (carries accessToken). */
export const WECHAT_STATUS = { expired: -1, waiting: 0, scanned: 1, failed: 2, confirmed: 3 } as const;
const ticket = requiredText('缺少二维码票据', 64);

export const requestWechatQrcode = defineCall({
  name: 'request_wechat_qrcode',
  method: 'GET',
  path: `${WECHAT}/request_wechat_qrcode`,
  envelope: 'uc',
  auth: 'none',
  summary: 'A mini-program code for WeChat login (page, version, is_hyaline as WeChat takes them) and its ticket.',
  query: z.object({
    page: z.string().max(200).default('pages/login/index'),
    version: z.enum(['release', 'trial', 'develop']).default('release'),
    is_hyaline: z.enum(['true', 'false']).default('false'),
  }),
  data: z.object({ path: z.string(), ticket: z.string() }),
});

export const refreshWechatTicket = defineCall({
  name: 'refresh_wechat_ticket',
  method: 'GET',
  path: `${WECHAT}/refresh_wechat_ticket`,
  envelope: 'uc',
  auth: 'none',
  summary: 'Polled every 3 s: the ticket status; on 3 the session token as accessToken.',
  query: z.object({ ticket }),
  data: z.object({
    status: z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    accessToken: z.string().optional(),
    mobile: z.string().optional(),
  }),
});

/** What the mini-program calls: it opened the scanned code (scan), then the person confirmed (confirm). */
export const scanWechatTicket = defineCall({
  name: 'scan_wechat_ticket',
  method: 'POST',
  path: `${WECHAT}/scan_wechat_ticket`,
  envelope: 'uc',
  auth: 'none',
  summary: 'Mini-program: the code was scanned.',
  body: z.object({ ticket }),
  data: z.null(),
});

/**
 * The binding fields travel together: a WeChat user nobody is bound to is refused (code wechatNotBound,
 * the ticket stays usable) until the mini-program sends them with a fresh wx.login code.
 */
const wechatBinding = {
  phone_number: phone.optional(),
  sms_code: smsCode.optional(),
  sms_session_id: codeSessionId(MSG.smsCodeNotObtained).optional(),
};

export const confirmWechatTicket = defineCall({
  name: 'confirm_wechat_ticket',
  method: 'POST',
  path: `${WECHAT}/confirm_wechat_ticket`,
  envelope: 'uc',
  auth: 'none',
  summary:
    'Mini-program: exchanges its wx.login code for the WeChat user and logs in the person bound to it. On first use, ' +
    'phone_number, sms_code and sms_session_id (from request_sms_code) bind the WeChat user to that person.',
  body: z
    .object({ ticket, code: requiredText('缺少微信登录凭证', 128), ...wechatBinding })
    .superRefine((b, ctx) => {
      const given = [b.phone_number, b.sms_code, b.sms_session_id].some((v) => v !== undefined);
      if (!given) return;
      if (b.phone_number === undefined) ctx.addIssue({ code: 'custom', path: ['phone_number'], message: MSG.phoneRequired });
      else if (b.sms_session_id === undefined) ctx.addIssue({ code: 'custom', path: ['sms_session_id'], message: MSG.smsCodeNotObtained });
      else if (b.sms_code === undefined) ctx.addIssue({ code: 'custom', path: ['sms_code'], message: MSG.smsCodeRequired });
    }),
  data: z.null(),
});
