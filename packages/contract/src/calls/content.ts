/**
 * The public portal's content under /video_learning/education (SPEC.md section 7, PRODUCT.md section 4
 * "Public"): picture news, notices and education notices, the real-time ticker, college pictures and
 * text, downloads, common questions, friendly links, certificate queries and the index statistics.
 * Every call here is public (auth none); names of people in its answers are masked, phones never appear.
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery } from '../call.ts';
import { idParam } from '../rules/numbers.ts';

const EDU = '/video_learning/education';

/** A positive database id in a query string: the contract's one id rule (rules/numbers.ts). */
export { idParam };

/** An optional search text; empty means no filter. */
export const keywordParam = z.string({ error: '关键词必须是文字' }).trim().max(50, '关键词不能超过50个字符').optional();

/** A calendar year the portal keeps data for. */
export const yearParam = z.coerce.number({ error: '年度必须是数字' }).int('年度必须是整数').min(2000, '年度不正确').max(2100, '年度不正确');

/** ISO 8601 instants travel as strings. */
const instant = z.string().describe('ISO 8601 date-time');

/** Previous/next neighbours of a detail page, null at either end. */
const neighbour = z.object({ id: z.number().int(), title: z.string() }).nullable();

// ---- picture news -------------------------------------------------------------------------

export const flashNewsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  summary: z.string(),
  source: z.string(),
  publishedAt: instant,
});
export type FlashNewsItem = z.infer<typeof flashNewsItem>;

export const findFlashNewByPage = defineCall({
  name: 'findFlashNewByPage',
  method: 'POST',
  path: `${EDU}/index/findFlashNewByPage`,
  envelope: 'vl',
  auth: 'none',
  summary: 'Picture news for the index carousel and lists, newest first.',
  query: pageQuery,
  data: pageOf(flashNewsItem),
});

export const flashNewsDetail = flashNewsItem.extend({
  /** Rich text: HTML sanitised on the server by an allow-list before it was stored (nothing else reaches a page as HTML). */
  body: z.string(),
  previous: neighbour,
  next: neighbour,
});
export type FlashNewsDetail = z.infer<typeof flashNewsDetail>;

export const findFlashNewById = defineCall({
  name: 'findFlashNewById',
  method: 'POST',
  path: `${EDU}/index/findFlashNewById`,
  envelope: 'vl',
  auth: 'none',
  summary: 'One picture news article with its previous (newer) and next (older) neighbours; 404 when unknown.',
  query: z.object({ id: idParam('新闻编号') }),
  data: flashNewsDetail,
});

// ---- notices ------------------------------------------------------------------------------

export const noticeItem = z.object({
  id: z.number().int(),
  title: z.string(),
  source: z.string(),
  pinned: z.boolean(),
  attachmentCount: z.number().int(),
  publishedAt: instant,
});
export type NoticeItem = z.infer<typeof noticeItem>;

const noticeListQuery = pageQuery.extend({ keyword: keywordParam });

export const findAfficheByPage = defineCall({
  name: 'findAfficheByPage',
  method: 'POST',
  path: `${EDU}/index/findAfficheByPage`,
  envelope: 'vl',
  auth: 'none',
  summary: 'Notices (公告), pinned first then newest; `keyword` searches titles and text.',
  query: noticeListQuery,
  data: pageOf(noticeItem),
});

export const attachment = z.object({ id: z.number().int(), name: z.string(), url: z.string(), size: z.number().int() });
export type Attachment = z.infer<typeof attachment>;

export const noticeDetail = noticeItem.extend({
  /** Rich text: HTML sanitised on the server by an allow-list before it was stored (nothing else reaches a page as HTML). */
  body: z.string(),
  attachments: z.array(attachment),
  previous: neighbour,
  next: neighbour,
});
export type NoticeDetail = z.infer<typeof noticeDetail>;

export const findAfficheById = defineCall({
  name: 'findAfficheById',
  method: 'POST',
  path: `${EDU}/index/findAfficheById`,
  envelope: 'vl',
  auth: 'none',
  summary: 'One notice (a 公告 or an education notice) with its attachments and neighbours in its own list; 404 when unknown.',
  query: z.object({ id: idParam('公告编号') }),
  data: noticeDetail,
});

export const findEducationAffiche = defineCall({
  name: 'findEducationAffiche',
  method: 'POST',
  path: `${EDU}/college/findEducationAffiche`,
  envelope: 'vl',
  auth: 'none',
  summary: "The college's education notices (教育教学通知) for /about, newest first; details via findAfficheById.",
  query: noticeListQuery,
  data: pageOf(noticeItem),
});

export const realTimeNotice = z.object({ id: z.number().int(), content: z.string(), publishedAt: instant });
export type RealTimeNotice = z.infer<typeof realTimeNotice>;

export const findNoticeList = defineCall({
  name: 'findNoticeList',
  method: 'POST',
  path: `${EDU}/realTime/findNoticeList`,
  envelope: 'vl',
  auth: 'none',
  summary: 'The real-time notice ticker: the latest short notices still in force, newest first.',
  query: z.object({
    size: z.coerce.number({ error: '条数必须是数字' }).int('条数必须是整数').min(1, '至少1条').max(50, '最多50条').default(10),
  }),
  data: z.array(realTimeNotice),
});

// ---- the college --------------------------------------------------------------------------

export const collegeImage = z.object({ id: z.number().int(), title: z.string(), imageUrl: z.string() });
export type CollegeImage = z.infer<typeof collegeImage>;

export const findImg = defineCall({
  name: 'findImg',
  method: 'POST',
  path: `${EDU}/college/findImg`,
  envelope: 'vl',
  auth: 'none',
  summary: 'Pictures of the college for /about, in display order.',
  data: z.array(collegeImage),
});

export const aboutSection = z.object({ id: z.number().int(), title: z.string(), body: z.string() });
export type AboutSection = z.infer<typeof aboutSection>;

export const findAbout = defineCall({
  name: 'findAbout',
  method: 'POST',
  path: `${EDU}/college/findAbout`,
  envelope: 'vl',
  auth: 'none',
  summary: 'The college overview text of /about, as titled sections of rich text (HTML sanitised on the server by an allow-list).',
  data: z.array(aboutSection),
});

// ---- downloads, questions, links ----------------------------------------------------------

export const DOWNLOAD_CATEGORIES = ['document', 'app', 'browser'] as const;
export type DownloadCategory = (typeof DOWNLOAD_CATEGORIES)[number];

export const downloadItem = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(DOWNLOAD_CATEGORIES),
  fileName: z.string(),
  /** Bytes. */
  size: z.number().int(),
  downloadCount: z.number().int(),
  publishedAt: instant,
  /** Where the browser downloads it (counts the download, then redirects to the file). */
  downloadUrl: z.string(),
});
export type DownloadItem = z.infer<typeof downloadItem>;

export const findDownloadByPage = defineCall({
  name: 'findDownloadByPage',
  method: 'POST',
  path: `${EDU}/index/findDownloadByPage`,
  envelope: 'vl',
  auth: 'none',
  summary: 'The download centre: documents, the mobile app and browser advice, optionally one category, in display order.',
  query: pageQuery.extend({ category: z.enum(DOWNLOAD_CATEGORIES, { error: '下载分类不正确' }).optional() }),
  data: pageOf(downloadItem),
});

export const downloadFile = defineCall({
  name: 'downloadFile',
  method: 'GET',
  path: `${EDU}/index/downloadFile`,
  envelope: 'raw',
  auth: 'none',
  binary: true,
  summary: 'Counts one download and redirects (302) to the file; 404 when unknown.',
  query: z.object({ id: idParam('文件编号') }),
  data: z.null(),
});

export const questionGroup = z.object({
  group: z.string(),
  items: z.array(z.object({ id: z.number().int(), question: z.string(), answer: z.string() })),
});
export type QuestionGroup = z.infer<typeof questionGroup>;

export const findQuestionList = defineCall({
  name: 'findQuestionList',
  method: 'POST',
  path: `${EDU}/index/findQuestionList`,
  envelope: 'vl',
  auth: 'none',
  summary: 'Common questions grouped by topic, in display order; `keyword` searches questions and answers.',
  query: z.object({ keyword: keywordParam }),
  data: z.array(questionGroup),
});

export const friendlyLink = z.object({ id: z.number().int(), name: z.string(), url: z.string() });
export type FriendlyLink = z.infer<typeof friendlyLink>;

export const link = defineCall({
  name: 'link',
  method: 'POST',
  path: `${EDU}/index/link`,
  envelope: 'vl',
  auth: 'none',
  summary: 'Friendly links of the index footer, in display order.',
  data: z.array(friendlyLink),
});

// ---- certificates -------------------------------------------------------------------------

export const certificateItem = z.object({
  certNo: z.string(),
  /** Masked: 张*伟, 张*. */
  personName: z.string(),
  installTitle: z.string(),
  hours: z.number(),
  issuedAt: instant,
});
export type CertificateItem = z.infer<typeof certificateItem>;

export const findCertificateByPage = defineCall({
  name: 'findCertificateByPage',
  method: 'POST',
  path: `${EDU}/index/findCertificateByPage`,
  envelope: 'vl',
  auth: 'none',
  summary: 'Recently issued certificates, newest first, with masked names.',
  query: pageQuery,
  data: pageOf(certificateItem),
});

export const certificateCheck = certificateItem.extend({
  /** False when the college has revoked it. */
  valid: z.boolean(),
  /** When the college revoked it (null while valid). */
  revokedAt: instant.nullable(),
  organName: z.string(),
  verifyCode: z.string(),
  /** A revoked certificate reissued after a correction: the number of the one that replaced it. */
  replacedBy: z.string().nullable(),
});
export type CertificateCheck = z.infer<typeof certificateCheck>;

export const certNoField = z
  .string({ error: '请输入证书编号' })
  .trim()
  .min(1, '请输入证书编号')
  .max(32, '证书编号不能超过32个字符')
  .regex(/^[A-Za-z0-9-]+$/, '证书编号只包含字母、数字和连字符');

export const findCertificateByNo = defineCall({
  name: 'findCertificateByNo',
  method: 'POST',
  path: `${EDU}/index/findCertificateByNo`,
  envelope: 'vl',
  auth: 'none',
  summary:
    "Checks a certificate by its number (and, if given, the holder's full name): the certificate with a masked name, or null when no certificate matches.",
  query: z.object({
    certNo: certNoField,
    personName: z.string({ error: '姓名必须是文字' }).trim().max(30, '姓名不能超过30个字符').optional(),
  }),
  data: certificateCheck.nullable(),
});

/** The payload a certificate's QR code carries: what is signed, readable without the network. */
export const certificatePayloadFields = z.object({
  /** Number. */
  n: z.string(),
  /** Masked holder's name. */
  p: z.string(),
  /** Install (training) title. */
  i: z.string(),
  /** Credit hours. */
  h: z.number(),
  /** Issue date, YYYY-MM-DD in the college's calendar. */
  d: z.string(),
});
export type CertificatePayloadFields = z.infer<typeof certificatePayloadFields>;

export const findCertificateKey = defineCall({
  name: 'findCertificateKey',
  method: 'GET',
  path: `${EDU}/index/findCertificateKey`,
  envelope: 'vl',
  auth: 'none',
  summary:
    "The public key that checks certificates' QR payloads (Ed25519, raw 32 bytes in base64url). A payload is base64url(JSON of number, masked name, install, hours, date) + '.' + base64url(signature over that first part's ASCII bytes).",
  data: z.object({ algorithm: z.literal('Ed25519'), publicKey: z.string() }),
});

export const findCertificateSeal = defineCall({
  name: 'findCertificateSeal',
  method: 'GET',
  path: `${EDU}/index/findCertificateSeal`,
  envelope: 'raw',
  auth: 'none',
  binary: true,
  summary: "The college's seal as certificates print it (a PNG, CERTIFICATE_SEAL); not found when none is configured (portalConfig.certificateSeal says which).",
  data: z.null(),
});

// ---- statistics ---------------------------------------------------------------------------

export const realTimeFigures = z.object({
  /** People with a live session seen in the last 15 minutes. */
  onlineNow: z.number().int(),
  /** People who logged in today (China time). */
  todayLearners: z.number().int(),
  /** Credit hours certified today and in all. */
  todayHours: z.number(),
  totalHours: z.number(),
  /** Active registered people. */
  registered: z.number().int(),
});
export type RealTimeFigures = z.infer<typeof realTimeFigures>;

export const realTimeData = defineCall({
  name: 'realTimeData',
  method: 'POST',
  path: `${EDU}/index/realTimeData`,
  envelope: 'vl',
  auth: 'none',
  summary: "The index's live figures: learners online now, today's learners, today's and total hours, registered people.",
  data: realTimeFigures,
});

export const cityCount = z.object({ cityId: z.number().int(), cityName: z.string(), count: z.number().int() });
export type CityCount = z.infer<typeof cityCount>;

export const registerNum = defineCall({
  name: 'registerNum',
  method: 'POST',
  path: `${EDU}/index/registerNum`,
  envelope: 'vl',
  auth: 'none',
  summary: 'Registered (active) people by city, in the cities’ display order.',
  data: z.array(cityCount),
});

export const rankingRow = z.object({
  rank: z.number().int(),
  /** A learner's masked name, a unit's or a city's name. */
  name: z.string(),
  /** A learner's unit; empty for units and cities. */
  organName: z.string(),
  hours: z.number(),
  /** People who earned hours (1 for a learner). */
  learners: z.number().int(),
});
export type RankingRow = z.infer<typeof rankingRow>;

export const ranking = z.object({
  year: z.number().int(),
  learners: z.array(rankingRow),
  units: z.array(rankingRow),
  cities: z.array(rankingRow),
});
export type Ranking = z.infer<typeof ranking>;

export const totalRanking = defineCall({
  name: 'totalRanking',
  method: 'POST',
  path: `${EDU}/index/totalRanking`,
  envelope: 'vl',
  auth: 'none',
  summary: 'Learner, unit and city rankings by credit hours certified in a year (default: this year), with masked names.',
  query: z.object({
    year: yearParam.optional(),
    size: z.coerce.number({ error: '条数必须是数字' }).int('条数必须是整数').min(1, '至少1条').max(50, '最多50条').default(10),
  }),
  data: ranking,
});

export const monthHours = z.object({ month: z.number().int(), hours: z.number(), learners: z.number().int() });
export type MonthHours = z.infer<typeof monthHours>;

export const findHoursByMonth = defineCall({
  name: 'findHoursByMonth',
  method: 'POST',
  path: `${EDU}/index/findHoursByMonth`,
  envelope: 'vl',
  auth: 'none',
  summary: 'For /charts: credit hours certified and people certified in each month (1-12) of a year (default: this year).',
  query: z.object({ year: yearParam.optional() }),
  data: z.object({ year: z.number().int(), months: z.array(monthHours) }),
});
