/**
 * 内容管理: the content administrator's calls for everything the public portal shows —
 * picture news, notices with attachments, downloads, common questions, the carousel of college
 * pictures, the about page and friendly links. One set of calls serves every kind (the `kind` says
 * which): a paged, filtered list; one item; save (create as a draft, or edit naming the version
 * edited); publish now or at a time; take offline; pin and order; delete; and uploads of images and
 * files, checked by their content. Rich text is sanitised on the server by an allow-list before it
 * is stored. Every change is audited with before and after.
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery, type AdminRole } from '../../call.ts';
import { DOWNLOAD_CATEGORIES, idParam, keywordParam } from '../content.ts';
import { idField, INT_MAX, intField, versionField } from '../../rules/numbers.ts';

const A = '/v1/admin/content';
const ROLES: readonly AdminRole[] = ['content'];

export const CONTENT_KINDS = ['news', 'notice', 'download', 'faq', 'carousel', 'about', 'link'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_KIND_LABELS: Record<ContentKind, string> = {
  news: '图片新闻',
  notice: '通知公告',
  download: '下载中心',
  faq: '常见问题',
  carousel: '学院风采',
  about: '学院概况',
  link: '友情链接',
};
/** Kinds whose items may be pinned (the others are ordered only). */
export const PINNABLE_KINDS: readonly ContentKind[] = ['news', 'notice'];
/** News and notices show the largest order first (a weight); the other kinds the smallest first (a position). */
export const WEIGHTED_KINDS: readonly ContentKind[] = ['news', 'notice'];

/** What the list shows of an item's state: 定时发布 is published with its time still to come. */
export const CONTENT_STATUSES = ['draft', 'published', 'scheduled', 'offline'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = { draft: '草稿', published: '已发布', scheduled: '定时发布', offline: '已下线' };

export const NOTICE_CHANNELS = ['affiche', 'education'] as const;
export const NOTICE_CHANNEL_LABELS: Record<(typeof NOTICE_CHANNELS)[number], string> = { affiche: '通知公告', education: '教育教学通知' };
export const DOWNLOAD_CATEGORY_LABELS: Record<(typeof DOWNLOAD_CATEGORIES)[number], string> = { document: '文档资料', app: '移动应用', browser: '浏览器' };

export const CONTENT_LIMITS = {
  imageMaxBytes: 5 * 1024 * 1024,
  fileMaxBytes: 20 * 1024 * 1024,
  attachmentsMax: 10,
  richTextMaxChars: 200_000,
} as const;

export const ADMIN_CONTENT_MSG = {
  notFound: '该内容不存在或已删除',
  bodyRequired: '请输入正文',
  fileMissing: '请选择要上传的文件',
  imageType: '图片只能是 JPG、PNG、GIF 或 WebP 格式（按文件内容识别）',
  imageTooLarge: '图片不能超过5MB',
  fileType: '附件只能是 PDF、Word、Excel、JPG 或 PNG 文件（按文件内容识别）',
  fileTooLarge: '附件不能超过20MB',
  notPinnable: '该栏目的内容不能置顶',
  badTime: '发布时间格式不正确',
} as const;

const required = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过${max}个字符`);
const optionalText = (label: string, max: number) => z.string({ error: `${label}必须是文字` }).trim().max(max, `${label}不能超过${max}个字符`).default('');
/** A file of the product's own: an upload (/uploads/...) or the demo's media (/media/...). */
const ownFile = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(/^\/(uploads|media)\/[A-Za-z0-9_\-/]+\.[A-Za-z0-9]+$/, missing)
    .refine((u) => !u.includes('..') && !u.includes('//'), missing);
const richText = z.string({ error: ADMIN_CONTENT_MSG.bodyRequired }).max(CONTENT_LIMITS.richTextMaxChars, `正文不能超过${CONTENT_LIMITS.richTextMaxChars}个字符`);
const bytes = intField('文件大小', 0, INT_MAX, { tooSmall: '文件大小不正确', tooLarge: '文件大小不正确' });

export const attachmentInput = z.object({
  name: required('附件名称', 100),
  url: ownFile('请上传附件'),
  size: bytes,
});

/** The fields an administrator edits, by kind. */
export const contentFields = {
  news: z.object({
    kind: z.literal('news'),
    title: required('标题', 100),
    source: optionalText('来源', 50),
    summary: optionalText('摘要', 300),
    imageUrl: ownFile('请上传封面图片'),
    body: richText,
  }),
  notice: z.object({
    kind: z.literal('notice'),
    channel: z.enum(NOTICE_CHANNELS, { error: '请选择通知栏目' }),
    title: required('标题', 100),
    source: optionalText('发布单位', 50),
    body: richText,
    attachments: z.array(attachmentInput).max(CONTENT_LIMITS.attachmentsMax, `附件最多${CONTENT_LIMITS.attachmentsMax}个`).default([]),
  }),
  download: z.object({
    kind: z.literal('download'),
    title: required('名称', 100),
    category: z.enum(DOWNLOAD_CATEGORIES, { error: '请选择分类' }),
    fileName: required('文件名', 100),
    fileUrl: ownFile('请上传文件'),
    size: bytes,
  }),
  faq: z.object({
    kind: z.literal('faq'),
    groupName: required('问题分类', 30),
    question: required('问题', 200),
    answer: required('回答', 5000),
  }),
  carousel: z.object({
    kind: z.literal('carousel'),
    title: required('图片说明', 50),
    imageUrl: ownFile('请上传图片'),
  }),
  about: z.object({
    kind: z.literal('about'),
    title: required('标题', 50),
    body: richText,
  }),
  link: z.object({
    kind: z.literal('link'),
    name: required('网站名称', 50),
    url: z
      .string({ error: '请输入网址' })
      .trim()
      .max(500, '网址不能超过500个字符')
      .regex(/^https?:\/\/[^\s<>"]+$/i, '网址应以 http:// 或 https:// 开头'),
  }),
} as const;

const version = versionField();
const id = idField('编号');
const kind = z.enum(CONTENT_KINDS, { error: '内容类型不正确' });

/** Create (no id: a new draft) or edit (id and the version edited). */
const withTarget = { id: id.optional(), version: version.optional() };
export const contentSave = z.discriminatedUnion('kind', [
  contentFields.news.extend(withTarget),
  contentFields.notice.extend(withTarget),
  contentFields.download.extend(withTarget),
  contentFields.faq.extend(withTarget),
  contentFields.carousel.extend(withTarget),
  contentFields.about.extend(withTarget),
  contentFields.link.extend(withTarget),
]);
export type ContentSave = z.infer<typeof contentSave>;

const instant = z.string().describe('ISO 8601 date-time');
const meta = {
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(CONTENT_STATUSES),
  publishedAt: instant,
  pinned: z.boolean(),
  sort: z.number().int(),
};
const attachmentOut = z.object({ name: z.string(), url: z.string(), size: z.number().int() });
export const contentItem = z.discriminatedUnion('kind', [
  contentFields.news.extend(meta),
  contentFields.notice.extend({ ...meta, attachments: z.array(attachmentOut) }),
  contentFields.download.extend(meta),
  contentFields.faq.extend(meta),
  contentFields.carousel.extend(meta),
  contentFields.about.extend(meta),
  contentFields.link.extend(meta),
]);
export type ContentItem = z.infer<typeof contentItem>;

export const contentRow = z.object({
  ...meta,
  kind,
  title: z.string(),
  /** The item's channel, category or group, in words ('' when the kind has none). */
  note: z.string(),
});
export type ContentRow = z.infer<typeof contentRow>;

/** The list's filter. */
export const contentFilter = z.object({
  kind,
  keyword: keywordParam,
  status: z.enum(CONTENT_STATUSES, { error: '状态只能是草稿、已发布、定时发布或已下线' }).optional(),
});

export const adminContentList = defineCall({
  name: 'adminContentList',
  method: 'GET',
  path: `${A}/list`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: "One kind's items, pinned first and in the public order, with drafts and items offline; by keyword (title, text) and status (草稿/已发布/定时发布/已下线).",
  query: pageQuery.extend(contentFilter.shape),
  data: pageOf(contentRow),
});

export const adminContentGet = defineCall({
  name: 'adminContentGet',
  method: 'GET',
  path: `${A}/item`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'One item with every field an administrator edits and its version.',
  query: z.object({ kind, id: idParam('编号') }),
  data: contentItem,
});

export const adminContentSave = defineCall({
  name: 'adminContentSave',
  method: 'POST',
  path: `${A}/save`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary:
    'Creates an item as a draft (no id) or edits one (its id and the version edited; another administrator’s newer edit refuses it with 409). Rich text is sanitised by an allow-list before it is stored; a published item stays published with the edit.',
  body: contentSave,
  data: contentItem,
});

const target = z.object({ kind, id, version });

export const adminContentPublish = defineCall({
  name: 'adminContentPublish',
  method: 'POST',
  path: `${A}/publish`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Publishes an item now, or at `at` (a time to come: the public pages show it from that moment on every instance, with no job to run).',
  body: target.extend({
    at: z
      .string({ error: ADMIN_CONTENT_MSG.badTime })
      .refine((v) => !Number.isNaN(Date.parse(v)), ADMIN_CONTENT_MSG.badTime)
      .optional(),
  }),
  data: contentItem,
});

export const adminContentUnpublish = defineCall({
  name: 'adminContentUnpublish',
  method: 'POST',
  path: `${A}/unpublish`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Takes an item offline (a scheduled one is no longer published at its time).',
  body: target,
  data: contentItem,
});

export const adminContentArrange = defineCall({
  name: 'adminContentArrange',
  method: 'POST',
  path: `${A}/arrange`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Pins (news and notices) and orders an item: news and notices show the largest order first, the other kinds the smallest first.',
  body: target.extend({
    pinned: z.boolean({ error: '置顶必须是是或否' }).optional(),
    sort: intField('排序', -9999, 9999, { tooSmall: '排序在-9999到9999之间', tooLarge: '排序在-9999到9999之间' }).optional(),
  }),
  data: contentItem,
});

export const adminContentDelete = defineCall({
  name: 'adminContentDelete',
  method: 'POST',
  path: `${A}/delete`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Deletes an item (and a notice’s attachment records); audited with what it was.',
  body: target,
  data: z.null(),
});

export const adminContentPreview = defineCall({
  name: 'adminContentPreview',
  method: 'POST',
  path: `${A}/preview`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'Rich text as it would be stored (sanitised by the same allow-list), for a preview of an edit not saved yet; stores nothing.',
  body: z.object({ body: richText }),
  data: z.object({ body: z.string() }),
});

export const uploadedFile = z.object({ url: z.string(), name: z.string(), size: z.number().int() });
export type UploadedContentFile = z.infer<typeof uploadedFile>;

export const adminContentImage = defineCall({
  name: 'adminContentImage',
  method: 'POST',
  path: `${A}/image`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'An image for rich text, a cover or the carousel, in the multipart field file (JPG, PNG, GIF or WebP by content, at most 5 MB); answers its /uploads/ address.',
  upload: { field: 'file', maxBytes: CONTENT_LIMITS.imageMaxBytes, tooLarge: ADMIN_CONTENT_MSG.imageTooLarge },
  data: uploadedFile,
});

export const adminContentFile = defineCall({
  name: 'adminContentFile',
  method: 'POST',
  path: `${A}/file`,
  envelope: 'uc',
  auth: 'admin',
  roles: ROLES,
  summary: 'A notice attachment or a download, in the multipart field file (PDF, doc/docx, xls/xlsx, JPG or PNG by content, at most 20 MB); answers its /uploads/ address, name and size.',
  upload: { field: 'file', maxBytes: CONTENT_LIMITS.fileMaxBytes, tooLarge: ADMIN_CONTENT_MSG.fileTooLarge },
  data: uploadedFile,
});
