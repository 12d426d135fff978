/** Session and person calls under /video_learning (SPEC.md section 7) and the integrations a person opens. */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idParam, wideIdParam } from '../rules/numbers.ts';
import { newPassword, phone } from '../rules/fields.ts';
import { AVATAR_MAX_BYTES, CONTRASTS, READING_GUIDES, ZOOM_STEPS } from '../constants.ts';
import { MSG } from '../messages.ts';

/** Session user info, SPEC.md section 3. */
export const sessionPerson = z.object({
  personNo: z.string(),
  personName: z.string(),
  personId: z.number().int(),
  personType: z.number().int(),
  userPic: z.string(),
  nationName: z.string(),
  gender: z.number().int(),
  positionLevelId: z.number().int().nullable(),
  positionLevelName: z.string(),
  organName: z.string(),
  explain: z.string(),
  createuser: z.string(),
});
export type SessionPerson = z.infer<typeof sessionPerson>;

export const getSessionPerson = defineCall({
  name: 'getSessionPerson',
  method: 'POST',
  path: '/video_learning/getSessionPerson',
  envelope: 'vl',
  auth: 'optional',
  summary: 'The person of the current session, or null without a session.',
  data: sessionPerson.nullable(),
});

export const LOGIN_TYPES = ['password', 'sms', 'wechat'] as const;
export const loginSuccess = defineCall({
  name: 'loginSuccess',
  method: 'POST',
  path: '/video_learning/person/loginSuccess',
  envelope: 'vl',
  auth: 'required',
  summary: 'Records that the client completed a login (how, and as whom).',
  body: z.object({ mobilePhone: phone, loginType: z.enum(LOGIN_TYPES), userType: z.number().int().min(0).max(9) }),
  data: z.null(),
});

export const updatePersonPassword = defineCall({
  name: 'updatePersonPassword',
  method: 'POST',
  path: '/video_learning/updatePersonPassword',
  envelope: 'vl',
  auth: 'required',
  summary:
    "Confirms the learning service's copy after modify_password: accepted only when it is the caller's own mobile and current password.",
  body: z.object({ newPassword, mobilePhone: phone }),
  data: z.null(),
});

export const uploadUserPic = defineCall({
  name: 'uploadUserPic',
  method: 'POST',
  path: '/video_learning/person/uploadUserPic',
  envelope: 'vl',
  auth: 'required',
  summary: 'Avatar upload: one image in the multipart field userPic (JPG, PNG, GIF or WEBP by content, at most 2 MB).',
  upload: { field: 'userPic', maxBytes: AVATAR_MAX_BYTES, tooLarge: MSG.avatarTooLarge },
  data: z.string().describe('the new userPic address'),
});

export const digitalBooks = defineCall({
  name: 'digitalBooks',
  method: 'POST',
  path: '/video_learning/digitalBooks',
  envelope: 'vl',
  auth: 'required',
  summary: 'A signed, expiring jump address of the digital library, opened in a new window.',
  data: z.string(),
});

export const zwyTicket = defineCall({
  name: 'zwyTicket',
  method: 'POST',
  path: '/video_learning/education/zwy/ticket',
  envelope: 'vl',
  auth: 'required',
  summary: 'The signed /zwy/oauth address for the caller, when eligible for the national cadre network academy.',
  data: z.string(),
});

export const zwyOauth = defineCall({
  name: 'zwyOauth',
  method: 'GET',
  path: '/video_learning/education/zwy/oauth',
  envelope: 'raw',
  auth: 'none',
  binary: true,
  summary: 'Opened in a new window: checks the signature and eligibility, then redirects with a signed, expiring ticket.',
  query: z.object({
    personId: idParam('人员编号'),
    timestamp: wideIdParam('时间戳'),
    sign: z.string().regex(/^[0-9a-f]{64}$/, '签名格式不正确'),
  }),
  data: z.null(),
});

/** A ticket for the AI page: the person's id, its expiry (Unix seconds) and an HMAC of both, dot-separated. */
export const aiTicketFormat = z.string().regex(/^\d{1,12}\.\d{1,12}\.[0-9a-f]{64}$/, '票据格式不正确');

export const aiTicket = defineCall({
  name: 'aiTicket',
  method: 'POST',
  path: '/video_learning/ai/ticket',
  envelope: 'vl',
  auth: 'required',
  summary:
    'The AI entry: the configured AI page with a short-lived, single-use ticket for the caller (not the session token, which would land in the other site\'s logs and history); refused to training-class accounts.',
  data: z.string(),
});

/** What the AI page may know of the person behind a ticket: who they are, not how to act as them. */
export const aiIdentity = z.object({
  personNo: z.string(),
  personName: z.string(),
  personType: z.number().int(),
  organName: z.string(),
});
export type AiIdentity = z.infer<typeof aiIdentity>;

export const aiTicketExchange = defineCall({
  name: 'aiTicketExchange',
  method: 'POST',
  path: '/video_learning/ai/exchange',
  envelope: 'vl',
  auth: 'none',
  summary: "Called by the AI site's server: exchanges a ticket from aiTicket, once and before it expires, for the person's public identity.",
  body: z.object({ ticket: aiTicketFormat }),
  data: aiIdentity,
});

/** What the shell needs from configuration: footer, links, city platforms. */
export const portalConfig = z.object({
  product: z.string(),
  collegeName: z.string(),
  footer: z.object({
    serviceHours: z.string(),
    supportGroup: z.string(),
    phone: z.string(),
    fax: z.string(),
    email: z.string(),
    copyright: z.string(),
  }),
  ssoUrl: z.string(),
  registrationUrl: z.string(),
  /**
   * How far the college's calendar (TIME_ZONE) is ahead of UTC now, in minutes: the browser draws the
   * header's date from it (a DateTimeFormat of a named zone costs a page's first screen 40-120 ms).
   */
  utcOffsetMinutes: z.number().int().min(-840).max(840),
  /** The college's calendar (TIME_ZONE, an IANA name): every time the web shows or reads is on its clock. */
  timeZone: z.string(),
  mobileUrl: z.string(),
  /** Whether certificates carry the college's seal (content.findCertificateSeal). */
  certificateSeal: z.boolean(),
  cityPlatforms: z.array(z.object({ name: z.string(), url: z.string() })),
});
export type PortalConfig = z.infer<typeof portalConfig>;

export const getPortalConfig = defineCall({
  name: 'portalConfig',
  method: 'GET',
  path: '/video_learning/portalConfig',
  envelope: 'vl',
  auth: 'none',
  summary: "Public configuration for the page shell (footer, single sign-on, registration, the college's time zone, city platforms).",
  data: portalConfig,
});


/** How this person wants pages shown (关怀版 and the accessibility toolbar's settings). */
export const displaySettings = z.object({
  /** 关怀版: larger text, larger targets, one column. */
  care: z.boolean(),
  zoom: z.number().min(Math.min(...ZOOM_STEPS), '缩放比例不正确').max(Math.max(...ZOOM_STEPS), '缩放比例不正确').refine((v) => (ZOOM_STEPS as readonly number[]).includes(v), '缩放比例不正确'),
  contrast: z.enum(CONTRASTS),
  bigCursor: z.boolean(),
  guide: z.enum(READING_GUIDES),
  /** 指读: the text under the pointer or the focused element is read aloud. */
  readAloud: z.boolean(),
  /** 纯文本: pages' text without pictures, colours and side panels. Settings saved before it existed read as off. */
  plain: z.boolean().default(false),
});
export type DisplaySettings = z.infer<typeof displaySettings>;

export const getDisplaySettings = defineCall({
  name: 'getDisplaySettings',
  method: 'POST',
  path: '/video_learning/person/getDisplaySettings',
  envelope: 'vl',
  auth: 'required',
  summary: "The caller's stored display settings (关怀版, zoom, contrast, pointer, reading guide, 指读, 纯文本), or null if never saved.",
  data: displaySettings.nullable(),
});

export const saveDisplaySettings = defineCall({
  name: 'saveDisplaySettings',
  method: 'POST',
  path: '/video_learning/person/saveDisplaySettings',
  envelope: 'vl',
  auth: 'required',
  summary: "Stores the caller's display settings on the account, so that they follow the person to another browser.",
  body: displaySettings,
  data: z.null(),
});
