/**
 * The media library: resumable uploads (the tus core protocol's state: an upload's row and
 * its bytes on disk), the content check when the last byte arrives, the transcode job's work, and what
 * a course chapter needs of an asset. Uploads stream to disk; nothing here holds a file in memory but
 * a PDF (at most MEDIA_PDF_MAX_BYTES) while its pages are counted.
 *
 * Files: DATA_DIR/media-incoming/<key> while uploading; then the original at DATA_DIR/media/<id>/
 * (private, kept, in backups); learners' copies under DATA_DIR/uploads/media/<id>/ (public, at
 * /uploads/media/<id>/): hls/master.m3u8 with one folder per rendition, or the PDF and page1.jpg.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { adminMedia as M } from '@portal/contract';
import type { z } from 'zod';
import type { Db, Tx, Q } from '../../db/client.ts';
import { mediaAssets } from '../../db/schema/media.ts';
import { persons } from '../../db/schema/people.ts';
import { HttpError, Refusal } from '../../http/errors.ts';
import type { Platform } from '../platform/service.ts';
import type { Jobs } from '../jobs/service.ts';
import { recordChange } from '../admin/service.ts';
import { available, isPdf, pdfPageCount, pdfThumbnail, probeVideo, transcodeToHls, videoTypeOf, type MediaTools } from './tools.ts';
import type { Who } from '../../http/auth.ts';
import { offsetOf, pageOf } from '../../lib/listing.ts';

type Row = typeof mediaAssets.$inferSelect;
type Asset = z.infer<typeof M.mediaAsset>;
export const TRANSCODE_JOB = 'mediaTranscode';

/** Runs a transcode twice at most: a second failure is the source's, not the moment's. */
export const TRANSCODE_ATTEMPTS = 2;

export interface MediaDeps {
  db: Db;
  platform: Platform;
  dataDir: string;
  maxBytes: number;
  tools: MediaTools;
  jobs: Jobs;
}

/** What a course chapter takes of a ready asset: where it plays, how long it is, how many pages. */
export interface ChapterMedia {
  kind: M.MediaKind;
  name: string;
  playUrl: string;
  durationSeconds: number | null;
  pageCount: number | null;
  thumbnailUrl: string | null;
}

const KEY = /^[a-f0-9]{32}$/;

export function makeMedia(deps: MediaDeps) {
  const { db, dataDir, maxBytes, tools } = deps;
  const incomingDir = path.join(dataDir, 'media-incoming');
  const originalDir = (id: number) => path.join(dataDir, 'media', String(id));
  const publicDir = (id: number) => path.join(dataDir, 'uploads', 'media', String(id));
  const publicUrl = (id: number, rest: string) => `/uploads/media/${id}/${rest}`;
  const incoming = (key: string) => path.join(incomingDir, key);
  /** Uploads being written by this instance: a second PATCH of one upload at once is refused, not interleaved. */
  const writing = new Set<string>();

  /** In the transaction that marks the asset queued; the key makes a second enqueue of a waiting transcode answer the first. */
  const enqueue = (tx: Tx, id: number) => deps.jobs.enqueue(tx as unknown as Db, { kind: TRANSCODE_JOB, payload: { id }, key: `media:${id}`, maxAttempts: TRANSCODE_ATTEMPTS });
  deps.jobs.register(
    TRANSCODE_JOB,
    async (ctx) => {
      const { id } = ctx.payload as { id: number };
      await self.transcode(id, { progress: (p) => ctx.progress(p), signal: ctx.signal, lastAttempt: ctx.attempt >= TRANSCODE_ATTEMPTS });
    },
    // A transcode takes the CPU: one at a time per instance (other instances take the next).
    { leaseSeconds: 120, concurrency: 1, maxAttempts: TRANSCODE_ATTEMPTS },
  );

  /** The change's audit entry, written in the change's own transaction. */
  const audit = (tx: Tx, who: Who, id: number, action: string, before: unknown, after: unknown) =>
    recordChange(tx, { personId: who.personId, ip: who.ip, event: 'adminMedia', target: `media:${id}`, action, before, after });

  const selectAsset = (q: Q = db) =>
    q
      .select({ a: mediaAssets, by: persons.personName })
      .from(mediaAssets)
      .innerJoin(persons, eq(persons.personId, mediaAssets.createdBy));
  const toAsset = ({ a, by }: { a: Row; by: string }): Asset => ({
    id: a.id,
    kind: a.kind,
    name: a.name,
    size: a.size,
    uploaded: a.uploaded,
    sha256: a.sha256,
    status: a.status,
    progress: a.progress,
    error: a.error,
    durationSeconds: a.durationSeconds,
    pageCount: a.pageCount,
    width: a.width,
    height: a.height,
    renditions: a.renditions,
    playUrl: a.status === 'ready' ? a.playUrl : null,
    thumbnailUrl: a.thumbnailUrl,
    createdBy: by,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  });
  async function get(id: number, q: Q = db): Promise<Asset> {
    const [row] = await selectAsset(q).where(eq(mediaAssets.id, id));
    if (!row) throw new Refusal(M.MEDIA_MSG.missing);
    return toAsset(row);
  }
  const set = (id: number, values: Partial<typeof mediaAssets.$inferInsert>, tx: Q = db) =>
    tx.update(mediaAssets).set({ ...values, updatedAt: sql`now()` }).where(eq(mediaAssets.id, id));

  async function byKey(key: string): Promise<Row> {
    const row = KEY.test(key) ? (await db.select().from(mediaAssets).where(eq(mediaAssets.uploadKey, key)))[0] : undefined;
    if (!row) throw new HttpError(404, M.MEDIA_MSG.missing);
    return row;
  }
  const sizeOnDisk = async (file: string) => (await stat(file).catch(() => null))?.size ?? 0;

  async function sha256Of(file: string): Promise<string> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(file), hash);
    return hash.digest('hex');
  }
  async function headOf(file: string): Promise<Buffer> {
    const fh = await open(file, 'r');
    try {
      const buf = Buffer.alloc(4096);
      const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }

  /** A refused upload leaves nothing behind: its bytes and its row go; the uploader is told why. */
  async function refuse(row: Row, status: number, message: string): Promise<never> {
    await rm(incoming(row.uploadKey), { force: true });
    await db.delete(mediaAssets).where(eq(mediaAssets.id, row.id));
    throw new HttpError(status, message);
  }

  /** The first bytes already say whether the file can be what it claims: a wrong file is refused before gigabytes follow. */
  async function checkHead(row: Row): Promise<string> {
    const head = await headOf(incoming(row.uploadKey));
    if (row.kind === 'pdf') {
      if (!isPdf(head)) await refuse(row, 415, M.MEDIA_MSG.notPdf);
      return 'pdf';
    }
    const ext = videoTypeOf(head);
    if (!ext) await refuse(row, 415, M.MEDIA_MSG.notVideo);
    return ext!;
  }

  /** The last byte arrived: the content is checked for real, the original stored, and a video queued for transcoding. */
  async function complete(who: Who, row: Row) {
    const file = incoming(row.uploadKey);
    const ext = await checkHead(row);
    const sha256 = await sha256Of(file);
    /** The upload's entry, in the transaction that makes the asset queued or ready. */
    const uploaded = async (tx: Tx) => {
      const after = await get(row.id, tx);
      await audit(tx, who, row.id, '上传媒体', null, { name: after.name, kind: after.kind, size: after.size, sha256: after.sha256, durationSeconds: after.durationSeconds, pageCount: after.pageCount });
    };
    if (row.kind === 'video') {
      let probe;
      try {
        probe = await probeVideo(tools, file);
      } catch {
        // ffprobe went missing since the upload was accepted: the bytes stay, the check runs again on 重新转码.
        await set(row.id, { status: 'failed', error: M.MEDIA_MSG.ffmpegMissing, ext, sha256, uploaded: row.size });
        throw new HttpError(503, M.MEDIA_MSG.ffmpegMissing);
      }
      if (!probe) await refuse(row, 415, M.MEDIA_MSG.notVideo);
      await mkdir(originalDir(row.id), { recursive: true });
      await rename(file, path.join(originalDir(row.id), `original.${ext}`));
      await db.transaction(async (tx) => {
        await set(row.id, { status: 'queued', progress: 0, ext, sha256, uploaded: row.size, durationSeconds: Math.round(probe!.durationSeconds), width: probe!.width, height: probe!.height }, tx);
        await enqueue(tx, row.id);
        await uploaded(tx);
      });
    } else {
      const pages = await pdfPageCount(file);
      if (pages === null) await refuse(row, 415, M.MEDIA_MSG.badPdf);
      const dir = publicDir(row.id);
      await mkdir(dir, { recursive: true });
      // The learners' copy is published by a rename (never half a file); the original stays private like a video's.
      await copyFile(file, `${path.join(dir, 'document.pdf')}.partial`);
      await rename(`${path.join(dir, 'document.pdf')}.partial`, path.join(dir, 'document.pdf'));
      const thumb = await pdfThumbnail(tools, file, path.join(dir, 'page1'));
      await mkdir(originalDir(row.id), { recursive: true });
      await rename(file, path.join(originalDir(row.id), 'original.pdf'));
      await db.transaction(async (tx) => {
        await set(row.id, { status: 'ready', progress: 100, ext, sha256, uploaded: row.size, pageCount: pages, playUrl: publicUrl(row.id, 'document.pdf'), thumbnailUrl: thumb ? publicUrl(row.id, 'page1.jpg') : null }, tx);
        await uploaded(tx);
      });
    }
  }

  const self = {
    get,
    incomingDir,

    async settings() {
      const [ffmpeg, ffprobe, pdftoppm] = await Promise.all([available(tools.ffmpeg), available(tools.ffprobe), available(tools.pdftoppm)]);
      return { maxBytes, ffmpeg: ffmpeg && ffprobe, pdftoppm };
    },

    async list(q: { pageNum: number; pageSize: number; kind?: M.MediaKind; status?: Asset['status']; name?: string }) {
      const where: SQL[] = [];
      if (q.kind) where.push(eq(mediaAssets.kind, q.kind));
      if (q.status) where.push(eq(mediaAssets.status, q.status));
      if (q.name) where.push(ilike(mediaAssets.name, `%${q.name.replace(/[\\%_]/g, '\\$&')}%`));
      const cond = where.length ? and(...where) : undefined;
      const [rows, [count]] = await Promise.all([
        selectAsset()
          .where(cond)
          .orderBy(desc(mediaAssets.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        db.select({ n: sql<number>`count(*)::int` }).from(mediaAssets).where(cond),
      ]);
      return pageOf(q, rows.map(toAsset), count?.n ?? 0);
    },

    async retry(who: Who, id: number) {
      const before = await get(id);
      if (before.status !== 'failed' || before.kind !== 'video') throw new Refusal(M.MEDIA_MSG.notFailed);
      return db.transaction(async (tx) => {
        await set(id, { status: 'queued', progress: 0, error: '' }, tx);
        await enqueue(tx, id);
        const after = await get(id, tx);
        await audit(tx, who, id, '重新转码', { status: before.status, error: before.error }, { status: after.status });
        return after;
      });
    },

    /** tus creation: the row and an empty file; refused before any byte when the size, kind or ffmpeg say no. */
    async create(who: Who, input: { length: number; name: string; kind: string }): Promise<string> {
      if (input.kind !== 'video' && input.kind !== 'pdf') throw new HttpError(400, M.MEDIA_MSG.badKind);
      if (!input.name || input.name.length > 100) throw new HttpError(400, M.MEDIA_MSG.badName);
      if (input.length > maxBytes) throw new HttpError(413, M.MEDIA_MSG.tooLarge(maxBytes));
      if (input.kind === 'pdf' && input.length > M.MEDIA_PDF_MAX_BYTES) throw new HttpError(413, M.MEDIA_MSG.pdfTooLarge);
      if (input.kind === 'video' && !((await available(tools.ffmpeg)) && (await available(tools.ffprobe)))) throw new HttpError(503, M.MEDIA_MSG.ffmpegMissing);
      const key = randomBytes(16).toString('hex');
      await mkdir(incomingDir, { recursive: true });
      await (await open(incoming(key), 'wx')).close();
      await db.insert(mediaAssets).values({ kind: input.kind, name: input.name, uploadKey: key, size: input.length, createdBy: who.personId });
      return key;
    },

    /** tus HEAD: how much of the upload the server holds (the file on disk, whichever instance wrote it). */
    async offset(key: string) {
      const row = await byKey(key);
      const offset = row.status === 'uploading' ? await sizeOnDisk(incoming(key)) : row.size;
      return { offset, length: row.size, name: row.name, status: row.status };
    },

    /**
     * tus PATCH: appends the body at `offset` (which must be what the server holds), streaming to disk;
     * a cut connection keeps what arrived. The PATCH that brings the last byte completes the upload.
     */
    async append(who: Who, key: string, offset: number, body: NodeJS.ReadableStream, declared: number | null): Promise<number> {
      const row = await byKey(key);
      if (row.status !== 'uploading') throw new HttpError(409, M.MEDIA_MSG.uploadDone);
      if (row.createdBy !== who.personId) throw new HttpError(403, M.MEDIA_MSG.missing);
      if (declared !== null && offset + declared > row.size) throw new HttpError(400, M.MEDIA_MSG.tooMuch);
      if (writing.has(key)) throw new HttpError(423, M.MEDIA_MSG.uploadBusy);
      writing.add(key);
      try {
        const file = incoming(key);
        const held = await sizeOnDisk(file);
        if (offset !== held) throw new HttpError(409, M.MEDIA_MSG.offsetMismatch);
        let received = held;
        let overflow = false;
        // A body without a length that runs past the upload: the excess is read and dropped, and the PATCH undone.
        const limit = new Transform({
          transform(chunk: Buffer, _enc, done) {
            const room = row.size - received;
            received += chunk.length;
            if (chunk.length > room) overflow = true;
            done(null, overflow ? chunk.subarray(0, Math.max(0, room)) : chunk);
          },
        });
        // A cut connection fails the pipeline: what reached the disk is kept, and the client asks HEAD where to go on.
        await pipeline(body, limit, createWriteStream(file, { flags: 'a' })).catch(() => undefined);
        if (overflow) {
          await truncate(file, held);
          throw new HttpError(400, M.MEDIA_MSG.tooMuch);
        }
        const now = await sizeOnDisk(file);
        await set(row.id, { uploaded: now });
        if (held === 0 && now > 0) await checkHead(row);
        if (now === row.size) await complete(who, row);
        return now;
      } finally {
        writing.delete(key);
      }
    },

    /**
     * Uploads nobody continued for `days` days (a closed browser, a cancelled upload whose DELETE never
     * came): their partial file and their row go. An upload this instance is writing is left alone.
     */
    async dropAbandoned(days: number): Promise<number> {
      const stale = await db
        .select({ id: mediaAssets.id, uploadKey: mediaAssets.uploadKey })
        .from(mediaAssets)
        .where(and(eq(mediaAssets.status, 'uploading'), sql`${mediaAssets.updatedAt} < now() - ${days} * interval '1 day'`));
      let n = 0;
      for (const row of stale.filter((r) => !writing.has(r.uploadKey))) {
        // Only while still abandoned: a PATCH on another instance in between refreshes updated_at.
        const gone = await db
          .delete(mediaAssets)
          .where(and(eq(mediaAssets.id, row.id), eq(mediaAssets.status, 'uploading'), sql`${mediaAssets.updatedAt} < now() - ${days} * interval '1 day'`))
          .returning({ id: mediaAssets.id });
        if (gone.length === 0) continue;
        await rm(incoming(row.uploadKey), { force: true });
        n++;
      }
      return n;
    },

    /** tus termination: the uploader gives up an unfinished upload. */
    async terminate(who: Who, key: string) {
      const row = await byKey(key);
      if (row.status !== 'uploading') throw new HttpError(409, M.MEDIA_MSG.uploadDone);
      if (row.createdBy !== who.personId) throw new HttpError(403, M.MEDIA_MSG.missing);
      await rm(incoming(key), { force: true });
      await db.delete(mediaAssets).where(eq(mediaAssets.id, row.id));
    },

    /**
     * The transcode job's work: the HLS renditions of the kept original, its progress into the row (the
     * area reads it there) and the job's (`progress`) as ffmpeg reports it. Run again after a crash it
     * starts over (transcodeToHls writes aside and renames). A failure the queue will retry leaves the
     * asset queued with the reason; the last one marks it failed.
     */
    async transcode(id: number, job: { progress: (percent: number) => Promise<void>; signal: AbortSignal; lastAttempt: boolean }) {
      const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.id, id));
      if (!row || row.kind !== 'video' || row.status === 'ready') return;
      const source = path.join(originalDir(id), `original.${row.ext}`);
      // Nothing a retry would change: said at once, in the area, without retrying.
      if (!((await available(tools.ffmpeg)) && (await available(tools.ffprobe)))) return void (await set(id, { status: 'failed', error: M.MEDIA_MSG.ffmpegMissing }));
      await set(id, { status: 'transcoding', progress: 0, error: '' });
      let pending = Promise.resolve();
      try {
        const probe = await probeVideo(tools, source);
        if (!probe) return void (await set(id, { status: 'failed', error: M.MEDIA_MSG.notVideo }));
        const heights = await transcodeToHls(tools, source, path.join(publicDir(id), 'hls'), probe, job.signal, (percent) => {
          pending = pending.then(async () => {
            await set(id, { progress: percent });
            await job.progress(percent);
          });
        });
        await pending;
        // The length learners are credited by is the real media's, as ffprobe read it.
        await set(id, { status: 'ready', progress: 100, renditions: heights, durationSeconds: Math.round(probe.durationSeconds), playUrl: publicUrl(id, 'hls/master.m3u8') });
      } catch (err) {
        await pending.catch(() => undefined);
        const why = `转码失败：${(err as Error).message.slice(0, 300)}`;
        await set(id, job.lastAttempt ? { status: 'failed', error: why } : { status: 'queued', progress: 0, error: `${why}（稍后自动重试）` });
        throw err;
      }
    },

    /**
     * A chapter's address as the media library knows it: undefined when it is no library address
     * (a /media/ demo file, a web address); null when it is one but the asset is missing or not ready;
     * else what the chapter takes of it.
     */
    async chapterMediaAt(url: string): Promise<ChapterMedia | null | undefined> {
      const m = /^\/uploads\/media\/(\d+)\//.exec(url);
      return m ? self.chapterMedia(Number(m[1])) : undefined;
    },

    /** What a course chapter takes of an asset: null unless it is ready (a chapter never points at half a transcode). */
    async chapterMedia(id: number): Promise<ChapterMedia | null> {
      const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.id, id));
      if (!row || row.status !== 'ready' || !row.playUrl) return null;
      return { kind: row.kind, name: row.name, playUrl: row.playUrl, durationSeconds: row.durationSeconds, pageCount: row.pageCount, thumbnailUrl: row.thumbnailUrl };
    },
  };
  return self;
}
export type Media = ReturnType<typeof makeMedia>;
