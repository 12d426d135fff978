/**
 * The media library as an administrator's browser and an attacker's script meet it: a tus upload cut
 * off mid-body and resumed where the server says it stopped, content checked (a renamed text file is no
 * video), the size limit, ffmpeg missing said in Chinese, PDFs counted and drawn, and every tus request
 * behind the administrator session and roles.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { adminCourses as C, adminMedia as M, MSG } from '@portal/contract';
import { auditLog, categories, jobs as jobsTable, mediaAssets } from '../../db/schema/index.ts';
import { HOUSEKEEPING_JOB, makeJobs } from '../jobs/service.ts';
import { makePlatform } from '../platform/service.ts';
import { makeMedia } from './service.ts';
import { createTestApp, DEMO_ADMINS, DEMO_PASSWORDS, type TestApp } from '../../test/harness.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'media-test-'));
/** A short lecture: 3 s of test picture and tone, generated here (never committed). */
const video = path.join(dir, 'lecture.mp4');
execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', video]);
const videoBytes = readFileSync(video);

let t: TestApp;
let base: string;
let training: string;
beforeAll(async () => {
  t = await createTestApp();
  training = await t.adminLogin(DEMO_ADMINS.training);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const TUS = { 'tus-resumable': '1.0.0' };
const meta = (name: string, kind: string) => `filename ${Buffer.from(name).toString('base64')},kind ${Buffer.from(kind).toString('base64')}`;

async function create(token: string | null, length: number, name = '第一讲 新质生产力的科学内涵.mp4', kind = 'video', app = t) {
  const r = await app.app.inject({ method: 'POST', url: M.MEDIA_TUS_PATH, headers: { ...TUS, ...(token ? { authorization: token } : {}), 'upload-length': String(length), 'upload-metadata': meta(name, kind) } });
  return { status: r.statusCode, location: r.headers.location as string | undefined, message: r.body ? (JSON.parse(r.body) as { message?: string }).message : undefined };
}
const head = async (location: string, token = training) => {
  const r = await t.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, authorization: token } });
  return { status: r.statusCode, offset: Number(r.headers['upload-offset']) };
};
const patch = async (location: string, offset: number, body: Buffer, token = training) => {
  const r = await t.app.inject({ method: 'PATCH', url: location, headers: { ...TUS, authorization: token, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) }, payload: body });
  return { status: r.statusCode, offset: Number(r.headers['upload-offset']), message: r.body ? (JSON.parse(r.body) as { message?: string }).message : undefined };
};
const assetOf = async (location: string) => (await t.db.select().from(mediaAssets).where(eq(mediaAssets.uploadKey, location.split('/').pop()!)))[0];

/** A PATCH over a real connection that is cut after `sent` bytes (the cable pulled mid-upload). */
function cutPatch(location: string, offset: number, body: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(`${base}${location}`, {
      method: 'PATCH',
      headers: { ...TUS, authorization: training, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), 'content-length': String(body.length) },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(body.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
  });
}

describe('a lecture video uploaded with tus', () => {
  it('continues where a cut connection stopped, and is queued with the length ffprobe reads', async () => {
    const c = await create(training, videoBytes.length);
    expect(c.status).toBe(201);
    const location = c.location!;
    expect(location).toMatch(new RegExp(`^${M.MEDIA_TUS_PATH}/[a-f0-9]{32}$`));
    expect(await head(location)).toMatchObject({ status: 200, offset: 0 });

    await cutPatch(location, 0, videoBytes, 60_000);
    // What arrived before the cut is kept; the client (after a reload, say) asks where to go on.
    let held = 0;
    for (let i = 0; i < 50 && held === 0; i++) {
      held = (await head(location)).offset;
      if (held === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(60_000);
    expect((await assetOf(location))!.status).toBe('uploading');

    // Until the server has seen the cut, the upload is still being written: a second PATCH waits its turn (423).
    let wrong = await patch(location, held + 10, videoBytes.subarray(held + 10));
    for (let i = 0; i < 50 && wrong.status === 423; i++) {
      await new Promise((r) => setTimeout(r, 100));
      wrong = await patch(location, held + 10, videoBytes.subarray(held + 10));
    }
    held = (await head(location)).offset;
    // A client that thinks it is elsewhere is told the offset differs, and nothing is written.
    expect(wrong).toMatchObject({ status: 409, message: M.MEDIA_MSG.offsetMismatch });
    expect((await head(location)).offset).toBe(held);

    const done = await patch(location, held, videoBytes.subarray(held));
    expect(done).toMatchObject({ status: 204, offset: videoBytes.length });
    const row = (await assetOf(location))!;
    expect(row).toMatchObject({ status: 'queued', kind: 'video', size: videoBytes.length, durationSeconds: 3, width: 640, height: 360, ext: 'mp4' });
    expect(row.sha256).toBe(execFileSync('sha256sum', [video]).toString().split(' ')[0]);
    // The original is kept, private, byte for byte.
    expect(readFileSync(path.join(t.config.DATA_DIR, 'media', String(row.id), 'original.mp4')).equals(videoBytes)).toBe(true);
    expect(await patch(location, videoBytes.length, Buffer.from('x'))).toMatchObject({ status: 409, message: M.MEDIA_MSG.uploadDone });

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.target, `media:${row.id}`));
    expect(entry).toMatchObject({ event: 'adminMedia', outcome: 'success' });
    const listed = await t.call(M.adminMediaList, { token: training, query: { kind: 'video', pageNum: 1, pageSize: 10 } });
    expect(listed.json).toMatchObject({ code: 0, data: { total: 1, list: [{ id: row.id, name: '第一讲 新质生产力的科学内涵.mp4', status: 'queued', createdBy: '周志强', playUrl: null }] } });
  });

  it('refuses a file whose content is no video, from its first bytes, and keeps nothing of it', async () => {
    const text = Buffer.from('这不是视频，只是改了扩展名的文本文件。'.repeat(200));
    const c = await create(training, text.length, '假视频.mp4');
    const r = await patch(c.location!, 0, text);
    expect(r).toMatchObject({ status: 415, message: M.MEDIA_MSG.notVideo });
    expect(await assetOf(c.location!)).toBeUndefined();
    expect(existsSync(path.join(t.config.DATA_DIR, 'media-incoming', c.location!.split('/').pop()!))).toBe(false);
  });

  it('refuses a file whose first bytes look like MP4 but which ffprobe cannot read as a video', async () => {
    const fake = Buffer.concat([videoBytes.subarray(0, 64), Buffer.alloc(5000, 7)]);
    const c = await create(training, fake.length, '损坏的视频.mp4');
    expect(await patch(c.location!, 0, fake)).toMatchObject({ status: 415, message: M.MEDIA_MSG.notVideo });
    expect(await assetOf(c.location!)).toBeUndefined();
  });

  it('refuses an upload over the size limit before any byte is sent, saying the limit', async () => {
    expect(await create(training, 4 * 1024 ** 3 + 1)).toMatchObject({ status: 413, message: '文件超过上传上限 4 GB，请压缩后再上传' });
    expect(await create(training, 0)).toMatchObject({ status: 400, message: M.MEDIA_MSG.noLength });
    expect(await create(training, 100, '讲义.exe', 'program')).toMatchObject({ status: 400, message: M.MEDIA_MSG.badKind });
  });

  it('refuses a file name holding a NUL byte (400, the illegal-character message) and keeps no record of it', async () => {
    const before = (await t.db.select().from(mediaAssets)).length;
    expect(await create(training, 100, '第一讲\u0000.mp4')).toMatchObject({ status: 400, message: MSG.illegalCharacter });
    expect((await t.db.select().from(mediaAssets)).length).toBe(before);
  });

  it('sends no more bytes than the upload declared', async () => {
    const c = await create(training, 100, '多出来的字节.mp4');
    expect(await patch(c.location!, 0, Buffer.concat([videoBytes.subarray(0, 100), Buffer.alloc(50)]))).toMatchObject({ status: 400, message: M.MEDIA_MSG.tooMuch });
    expect((await head(c.location!)).offset).toBe(0);
  });

  it('an upload nobody continued for a week goes, with its partial file, at the daily housekeeping; a recent one stays', async () => {
    const old = await create(training, 4096, '半途而废的上传.mp4');
    const recent = await create(training, 4096, '明天继续的上传.mp4');
    expect((await patch(old.location!, 0, videoBytes.subarray(0, 1024))).status).toBe(204);
    expect((await patch(recent.location!, 0, videoBytes.subarray(0, 1024))).status).toBe(204);
    await t.db.update(mediaAssets).set({ updatedAt: sql`now() - interval '8 days'` }).where(eq(mediaAssets.id, (await assetOf(old.location!))!.id));
    const file = (location: string) => path.join(t.config.DATA_DIR, 'media-incoming', location.split('/').pop()!);
    await t.app.jobs.enqueue(t.db, { kind: HOUSEKEEPING_JOB, key: HOUSEKEEPING_JOB });
    await t.app.jobs.runDue();
    expect(await assetOf(old.location!)).toBeUndefined();
    expect(existsSync(file(old.location!))).toBe(false);
    expect((await head(old.location!)).status).toBe(404);
    expect((await head(recent.location!)).offset).toBe(1024);
    expect(existsSync(file(recent.location!))).toBe(true);
    // It put its next run a day ahead.
    const [next] = await t.db.select().from(jobsTable).where(and(eq(jobsTable.key, HOUSEKEEPING_JOB), eq(jobsTable.status, 'queued')));
    expect(next!.runAt.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
  });
});

/** An upload in one PATCH; answers the asset's id. */
async function uploadWhole(bytes: Buffer, name: string): Promise<number> {
  const c = await create(training, bytes.length, name);
  expect((await patch(c.location!, 0, bytes)).status).toBe(204);
  return (await assetOf(c.location!))!.id;
}

describe('transcoding to HLS in the jobs queue', () => {
  it('makes two renditions and a master playlist the player loads, with the progress and the real length', async () => {
    const id = await uploadWhole(videoBytes, '第二讲 全面深化改革.mp4');
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const got = await t.call(M.adminMediaGet, { token: training, query: { id } });
    expect(got.json).toMatchObject({ code: 0, data: { status: 'ready', progress: 100, durationSeconds: 3, renditions: [360, 720], playUrl: `/uploads/media/${id}/hls/master.m3u8` } });
    const master = await t.app.inject({ url: `/uploads/media/${id}/hls/master.m3u8` });
    expect(master.statusCode).toBe(200);
    expect(master.body).toMatch(/#EXT-X-STREAM-INF:.*RESOLUTION=640x360[\s\S]*360p\/index\.m3u8/);
    expect(master.body).toMatch(/RESOLUTION=1280x720[\s\S]*720p\/index\.m3u8/);
    const media = await t.app.inject({ url: `/uploads/media/${id}/hls/720p/index.m3u8` });
    expect(media.body).toContain('#EXT-X-ENDLIST');
    const segment = media.body.split('\n').find((l) => l.endsWith('.ts'))!;
    const ts = await t.app.inject({ url: `/uploads/media/${id}/hls/720p/${segment}` });
    expect(ts.statusCode).toBe(200);
    expect(ts.rawPayload[0]).toBe(0x47);
    // What a course chapter takes of it.
    expect(await t.app.media.chapterMedia(id)).toEqual({ kind: 'video', name: '第二讲 全面深化改革.mp4', playUrl: `/uploads/media/${id}/hls/master.m3u8`, durationSeconds: 3, pageCount: null, thumbnailUrl: null });
  });

  it('a course chapter taking the video gets its real length, whatever the form said; a half-transcoded one is refused', async () => {
    const id = await uploadWhole(videoBytes, '第六讲 乡村振兴.mp4');
    const [category] = await t.db.select({ id: categories.id }).from(categories).limit(1);
    const course = (url: string) => ({
      title: '乡村振兴战略专题',
      lecturer: '李振华',
      lecturerTitle: '省委党校教授',
      categoryId: category!.id,
      creditHours: 1,
      coverUrl: '',
      description: '讲授乡村振兴战略的总体要求与地方实践。',
      chapters: [{ kind: 'video', title: '第六讲 乡村振兴', mediaUrl: url, durationSeconds: 2700 }],
    });
    const url = `/uploads/media/${id}/hls/master.m3u8`;
    // Queued, not yet transcoded: no chapter may point at it.
    expect((await t.call(C.adminCourseSave, { token: training, body: course(url) })).json).toMatchObject({ message: M.MEDIA_MSG.chapterMediaNotReady('第六讲 乡村振兴') });
    await t.app.jobs.runDue();
    const saved = await t.call(C.adminCourseSave, { token: training, body: course(url) });
    expect(saved.json).toMatchObject({ code: 0, data: { chapters: [{ mediaUrl: url, durationSeconds: 3 }] } });
  });

  it('runs once when two instances look for the job at the same moment', async () => {
    // Each instance's ffmpeg writes a line per transcode it starts (its -version check aside).
    const runs = path.join(dir, 'ffmpeg-runs');
    const wrapper = path.join(dir, 'ffmpeg-counting');
    writeFileSync(wrapper, `#!/bin/sh\n[ "$1" = "-version" ] || echo "$$" >> ${runs}\nexec ffmpeg "$@"\n`);
    chmodSync(wrapper, 0o755);
    const id = await uploadWhole(videoBytes, '第三讲 基层治理.mp4');
    const instances = ['a', 'b'].map((instanceId) => {
      const jobs = makeJobs(t.db, { instanceId });
      makeMedia({ db: t.db, platform: makePlatform(t.db), dataDir: t.config.DATA_DIR, maxBytes: t.config.MEDIA_MAX_BYTES, tools: { ffmpeg: wrapper, ffprobe: 'ffprobe', pdftoppm: 'pdftoppm' }, jobs });
      return jobs;
    });
    const counts = await Promise.all(instances.map((j) => j.runDue()));
    expect(counts[0]! + counts[1]!).toBe(1);
    expect(readFileSync(runs, 'utf8').trim().split('\n')).toHaveLength(1);
    const [job] = await t.db.select().from(jobsTable).where(eq(jobsTable.key, `media:${id}`));
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    expect((await t.call(M.adminMediaGet, { token: training, query: { id } })).json).toMatchObject({ data: { status: 'ready' } });
  });

  it('a transcode whose ffmpeg went missing fails with the Chinese reason, and 重新转码 queues it again', async () => {
    const id = await uploadWhole(videoBytes, '第四讲 依法行政.mp4');
    const jobs = makeJobs(t.db, { instanceId: 'bare' });
    makeMedia({ db: t.db, platform: makePlatform(t.db), dataDir: t.config.DATA_DIR, maxBytes: t.config.MEDIA_MAX_BYTES, tools: { ffmpeg: path.join(dir, 'gone'), ffprobe: 'ffprobe', pdftoppm: 'pdftoppm' }, jobs });
    await jobs.runDue();
    expect((await t.call(M.adminMediaGet, { token: training, query: { id } })).json).toMatchObject({ data: { status: 'failed', error: M.MEDIA_MSG.ffmpegMissing } });
    const again = await t.call(M.adminMediaRetry, { token: training, body: { id } });
    expect(again.json).toMatchObject({ code: 0, data: { status: 'queued', error: '' } });
    await t.app.jobs.runDue();
    expect((await t.call(M.adminMediaGet, { token: training, query: { id } })).json).toMatchObject({ data: { status: 'ready' } });
    expect((await t.call(M.adminMediaRetry, { token: training, body: { id } })).json).toMatchObject({ message: M.MEDIA_MSG.notFailed });
  });
});

describe('PDF courseware', () => {
  it('is counted on upload and its first page drawn as a thumbnail', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 3; i++) doc.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 780, size: 24 });
    const pdf = Buffer.from(await doc.save());
    const c = await create(training, pdf.length, '学习辅导材料.pdf', 'pdf');
    expect(await patch(c.location!, 0, pdf)).toMatchObject({ status: 204, offset: pdf.length });
    const row = (await assetOf(c.location!))!;
    expect(row).toMatchObject({ status: 'ready', pageCount: 3, playUrl: `/uploads/media/${row.id}/document.pdf`, thumbnailUrl: `/uploads/media/${row.id}/page1.jpg` });
    const served = await t.app.inject({ url: row.playUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    const thumb = await t.app.inject({ url: row.thumbnailUrl! });
    expect(thumb.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  });

  it('refuses a file that is no PDF', async () => {
    const c = await create(training, videoBytes.length, '课件.pdf', 'pdf');
    expect(await patch(c.location!, 0, videoBytes)).toMatchObject({ status: 415, message: M.MEDIA_MSG.notPdf });
  });
});

describe('rights on every tus request', () => {
  it('refuses visitors, learners, teachers and the content administrator; the system administrator may upload', async () => {
    const learner = await t.login('13800000001');
    const teacher = await t.login('13800000004', DEMO_PASSWORDS.teacher);
    const content = await t.adminLogin(DEMO_ADMINS.content);
    const system = await t.adminLogin(DEMO_ADMINS.system);
    expect((await create(null, 100)).status).toBe(401);
    // A portal session is no administrator session, whoever holds it.
    expect((await create(learner, 100)).status).toBe(401);
    expect((await create(teacher, 100)).status).toBe(401);
    expect((await create(content, 100)).status).toBe(403);
    expect((await create(system, 100)).status).toBe(201);

    // Another administrator's upload cannot be continued, read or given up by a refused caller.
    const c = await create(training, videoBytes.length);
    expect((await head(c.location!, content)).status).toBe(403);
    expect((await patch(c.location!, 0, videoBytes, content)).status).toBe(403);
    expect((await patch(c.location!, 0, videoBytes, system)).status).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: c.location!, headers: { ...TUS, authorization: learner } });
    expect(del.statusCode).toBe(401);
    expect((await head(c.location!)).offset).toBe(0);
  });

  it('a request without the tus header is refused', async () => {
    const r = await t.app.inject({ method: 'POST', url: M.MEDIA_TUS_PATH, headers: { authorization: training, 'upload-length': '10', 'upload-metadata': meta('a.mp4', 'video') } });
    expect(r.statusCode).toBe(412);
  });
});

describe('where ffmpeg is missing', () => {
  // A second app on its own database: seeding it takes a while on a busy machine.
  it('the area says so, and a video upload is refused in Chinese before any byte is sent', { timeout: 180_000 }, async () => {
    const bare = await createTestApp({ FFMPEG_PATH: path.join(dir, 'no-ffmpeg'), FFPROBE_PATH: path.join(dir, 'no-ffprobe') });
    try {
      const token = await bare.adminLogin(DEMO_ADMINS.training);
      const s = await bare.call(M.adminMediaSettings, { token });
      expect(s.json).toMatchObject({ code: 0, data: { ffmpeg: false, maxBytes: 4 * 1024 ** 3 } });
      expect(await create(token, 1000, '第二讲.mp4', 'video', bare)).toMatchObject({ status: 503, message: M.MEDIA_MSG.ffmpegMissing });
      expect(M.MEDIA_MSG.ffmpegMissing).toContain('apt-get install -y ffmpeg');
    } finally {
      await bare.close();
    }
  });
});

it('the size limit is configurable', { timeout: 180_000 }, async () => {
  const small = await createTestApp({ MEDIA_MAX_BYTES: String(2 * 1024 ** 2) });
  try {
    const token = await small.adminLogin(DEMO_ADMINS.training);
    expect(await create(token, 3 * 1024 ** 2, '第三讲.mp4', 'video', small)).toMatchObject({ status: 413, message: '文件超过上传上限 2 MB，请压缩后再上传' });
    expect(statSync(video).size).toBeLessThan(2 * 1024 ** 2);
  } finally {
    await small.close();
  }
});
