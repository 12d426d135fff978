/**
 * The public portal's content: picture news, notices (the 公告 list and the college's education
 * notices) with attachments, the real-time ticker, college pictures and overview text, downloads,
 * common questions and friendly links.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What every item an administrator edits carries: its state (a draft, published, taken
 * offline), when it is published (the public reads show a published item once this moment has passed,
 * so a time in the future schedules it without any job), its display order and the version an edit
 * must name (an edit of an older version is refused, never silently overwrites another's).
 */
export const CONTENT_STATES = ['draft', 'published', 'offline'] as const;
const editable = () => ({
  state: text('state', { enum: CONTENT_STATES }).notNull().default('published'),
  publishedAt: at('published_at').notNull().default(sql`now()`),
  sort: integer('sort').notNull().default(0),
  version: integer('version').notNull().default(0),
});
// Indexes for newest first are plain ascending ones: scanned backwards they serve ORDER BY ... DESC
// (nulls first, PostgreSQL's default), which a DESC NULLS LAST index cannot.

export const flashNews = pgTable(
  'flash_news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    summary: text('summary').notNull().default(''),
    /** Rich text, sanitised by an allow-list before it is stored (lib/sanitizeHtml.ts). */
    body: text('body').notNull(),
    source: text('source').notNull().default(''),
    pinned: boolean('pinned').notNull().default(false),
    ...editable(),
  },
  (t) => [index('flash_news_published_idx').on(t.publishedAt, t.id)],
);

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    /** affiche: the index's 通知公告; education: the college's education notices on /about. */
    channel: text('channel', { enum: ['affiche', 'education'] }).notNull(),
    title: text('title').notNull(),
    /** Rich text, sanitised by an allow-list before it is stored (lib/sanitizeHtml.ts). */
    body: text('body').notNull(),
    source: text('source').notNull().default(''),
    pinned: boolean('pinned').notNull().default(false),
    ...editable(),
  },
  (t) => [index('notices_channel_idx').on(t.channel, t.pinned, t.publishedAt, t.id)],
);

export const noticeAttachments = pgTable(
  'notice_attachments',
  {
    id: serial('id').primaryKey(),
    noticeId: integer('notice_id').notNull().references(() => notices.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    size: integer('size').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('notice_attachments_notice_idx').on(t.noticeId, t.sort)],
);

export const realtimeNotices = pgTable(
  'realtime_notices',
  {
    id: serial('id').primaryKey(),
    content: text('content').notNull(),
    publishedAt: at('published_at').notNull().default(sql`now()`),
    /** Leaves the ticker after this moment; null: stays until newer ones push it out. */
    expiresAt: at('expires_at'),
  },
  (t) => [index('realtime_notices_published_idx').on(t.publishedAt)],
);

export const collegeImages = pgTable('college_images', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  imageUrl: text('image_url').notNull(),
  ...editable(),
});

export const aboutSections = pgTable('about_sections', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** Rich text, sanitised by an allow-list before it is stored (lib/sanitizeHtml.ts). */
  body: text('body').notNull(),
  ...editable(),
});

export const downloads = pgTable(
  'downloads',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    category: text('category', { enum: ['document', 'app', 'browser'] }).notNull(),
    fileName: text('file_name').notNull(),
    fileUrl: text('file_url').notNull(),
    size: integer('size').notNull(),
    downloadCount: integer('download_count').notNull().default(0),
    ...editable(),
  },
  (t) => [index('downloads_sort_idx').on(t.category, t.sort)],
);

export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    groupName: text('group_name').notNull(),
    groupSort: integer('group_sort').notNull().default(0),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    ...editable(),
  },
  (t) => [index('faqs_sort_idx').on(t.groupSort, t.sort)],
);

export const friendlyLinks = pgTable('friendly_links', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  ...editable(),
});
