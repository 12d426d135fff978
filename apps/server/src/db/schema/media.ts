/**
 * The media library: lecture videos and PDF courseware uploaded in the administration area.
 * A row exists from the first tus request (status uploading, its upload key and length); the bytes go
 * to DATA_DIR/media-incoming/<key> until complete, then the original is kept under DATA_DIR/media/<id>/
 * (private) and what learners load (the HLS renditions, the PDF and its thumbnail) under
 * DATA_DIR/uploads/media/<id>/ (served at /uploads/media/<id>/).
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { persons } from './people.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const mediaAssets = pgTable(
  'media_assets',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['video', 'pdf'] }).notNull(),
    name: text('name').notNull(),
    /** The tus upload's key (the last part of its address); random, unguessable. */
    uploadKey: text('upload_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Bytes received so far (the file on disk is the truth a HEAD answers; this is for the list). */
    uploaded: bigint('uploaded', { mode: 'number' }).notNull().default(0),
    /** The original's file name extension as recognised by content (mp4, mkv, pdf…), once complete. */
    ext: text('ext'),
    sha256: text('sha256'),
    status: text('status', { enum: ['uploading', 'queued', 'transcoding', 'ready', 'failed'] }).notNull().default('uploading'),
    progress: integer('progress').notNull().default(0),
    error: text('error').notNull().default(''),
    durationSeconds: integer('duration_seconds'),
    pageCount: integer('page_count'),
    width: integer('width'),
    height: integer('height'),
    renditions: jsonb('renditions').$type<number[]>().notNull().default([]),
    /** Public addresses, once ready: the HLS master playlist or the PDF; the PDF's first page. */
    playUrl: text('play_url'),
    thumbnailUrl: text('thumbnail_url'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => persons.personId),
    createdAt: at('created_at').notNull().default(sql`now()`),
    updatedAt: at('updated_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('media_assets_upload_key_idx').on(t.uploadKey), index('media_assets_kind_idx').on(t.kind, t.status, t.id)],
);
