import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { content, MSG, responseSchema, urlOf, type CallData, type CallDef } from '@portal/contract';
import { createTestApp, PRODUCT, type TestApp } from '../../test/harness.ts';
import { certificates, downloads, notices, persons, realtimeNotices } from '../../db/schema/index.ts';
import { DEMO_ASSETS_DIR, demoCertificateNo, MEDIA_PREFIX } from '../../seed/seed-content.ts';
import { DEMO_COURSES } from '../../seed/seed-courses.ts';
import { maskName } from '../../lib/listing.ts';
import { makeContent } from './service.ts';
import { makePlatform } from '../platform/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Query = Record<string, string | number>;

/** Calls and checks the answer against the contract's response schema; answers its data. */
async function ok<C extends CallDef>(call: C, query?: Query, token?: string): Promise<CallData<C>> {
  const r = await t.call(call, { query, token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.res, JSON.stringify(r.json)).toBe(true);
  return (responseSchema(call).parse(r.json) as { obj: unknown }).obj as CallData<C>;
}

const inject = (call: CallDef, query: Query = {}) =>
  t.app.inject({ method: call.method, url: `${urlOf(call, PRODUCT)}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` });

const PAGED: { call: CallDef; extra?: Query }[] = [
  { call: content.findFlashNewByPage },
  { call: content.findAfficheByPage },
  { call: content.findEducationAffiche },
  { call: content.findDownloadByPage },
  { call: content.findCertificateByPage },
];

describe('paging bounds of every paged content list', () => {
  it.each(PAGED.map((p) => [p.call.name, p] as const))('%s: pageSize 101, pageNum 0 and letters are 400s naming the field', async (_name, { call }) => {
    const big = await t.call(call, { query: { pageNum: 1, pageSize: 101 } });
    expect(big.status).toBe(400);
    expect(big.json).toMatchObject({ res: false, resMsg: '每页最多100条', field: 'pageSize' });
    const zero = await t.call(call, { query: { pageNum: 0, pageSize: 10 } });
    expect(zero.status).toBe(400);
    expect(zero.json).toMatchObject({ resMsg: '页码从1开始', field: 'pageNum' });
    const letters = await t.call(call, { query: { pageNum: 'x', pageSize: 10 } });
    expect(letters.status).toBe(400);
    expect(letters.json.field).toBe('pageNum');
    const huge = await t.call(call, { query: { pageNum: 1e12, pageSize: 10 } });
    expect(huge.status).toBe(400);
  });

  it.each(PAGED.map((p) => [p.call.name, p] as const))('%s: a page past the end is empty but still counts the total', async (_name, { call }) => {
    const first = (await ok(call, { pageNum: 1, pageSize: 100 })) as { total: number; list: unknown[] };
    expect(first.total).toBeGreaterThan(0);
    expect(first.list.length).toBe(Math.min(100, first.total));
    const past = (await ok(call, { pageNum: 500, pageSize: 10 })) as { total: number; list: unknown[]; pageNum: number };
    expect(past).toMatchObject({ list: [], total: first.total, pageNum: 500, pageSize: 10 });
  });

  it('public lists may be cached for a minute', async () => {
    for (const { call } of PAGED) {
      const res = await inject(call, { pageNum: 1, pageSize: 5 });
      expect(res.headers['cache-control'], call.name).toBe('public, max-age=60');
    }
  });
});

describe('picture news', () => {
  it('lists newest first with images, and pages without overlap', async () => {
    const p1 = await ok(content.findFlashNewByPage, { pageNum: 1, pageSize: 5 });
    const p2 = await ok(content.findFlashNewByPage, { pageNum: 2, pageSize: 5 });
    expect(p1.total).toBeGreaterThanOrEqual(10);
    expect(p1.list).toHaveLength(5);
    const all = [...p1.list, ...p2.list];
    expect(new Set(all.map((n) => n.id)).size).toBe(10);
    const times = all.map((n) => Date.parse(n.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(p1.list.every((n) => n.imageUrl.startsWith('/media/news/'))).toBe(true);
  });

  it('one article has its body and previous / next in list order', async () => {
    const { list } = await ok(content.findFlashNewByPage, { pageNum: 1, pageSize: 3 });
    const [a, b, c] = list;
    const first = await ok(content.findFlashNewById, { id: a!.id });
    expect(first.previous).toBeNull();
    expect(first.next).toEqual({ id: b!.id, title: b!.title });
    expect(first.body.length).toBeGreaterThan(50);
    const middle = await ok(content.findFlashNewById, { id: b!.id });
    expect(middle.previous).toEqual({ id: a!.id, title: a!.title });
    expect(middle.next).toEqual({ id: c!.id, title: c!.title });
  });

  it('an unknown article is a 404; a malformed id a 400 naming it', async () => {
    const missing = await t.call(content.findFlashNewById, { query: { id: 999999 } });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ res: false, resMsg: MSG.notFound });
    for (const id of ['abc', 0, -3, 1.5, 99999999999]) {
      const bad = await t.call(content.findFlashNewById, { query: { id } });
      expect(bad.status, String(id)).toBe(400);
      expect(bad.json.field).toBe('id');
    }
    const none = await t.call(content.findFlashNewById);
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({ field: 'id', resMsg: '新闻编号必须是数字' });
  });
});

describe('notices', () => {
  it('lists pinned notices first, then newest; education notices are a list of their own', async () => {
    const { list, total } = await ok(content.findAfficheByPage, { pageNum: 1, pageSize: 100 });
    expect(total).toBeGreaterThanOrEqual(30);
    const pinned = list.filter((n) => n.pinned);
    expect(pinned.length).toBeGreaterThan(0);
    expect(list.slice(0, pinned.length).every((n) => n.pinned)).toBe(true);
    const rest = list.slice(pinned.length).map((n) => Date.parse(n.publishedAt));
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    const edu = await ok(content.findEducationAffiche, { pageNum: 1, pageSize: 100 });
    expect(edu.total).toBeGreaterThan(0);
    const ids = new Set(list.map((n) => n.id));
    expect(edu.list.some((n) => ids.has(n.id))).toBe(false);
  });

  it('searches titles and text literally', async () => {
    const found = await ok(content.findAfficheByPage, { pageNum: 1, pageSize: 100, keyword: '营商环境' });
    expect(found.total).toBeGreaterThanOrEqual(4);
    const rows = await t.db.select({ id: notices.id, title: notices.title, body: notices.body }).from(notices);
    for (const n of found.list) {
      const row = rows.find((r) => r.id === n.id)!;
      expect(row.title.includes('营商环境') || row.body.includes('营商环境')).toBe(true);
    }
    expect((await ok(content.findAfficheByPage, { keyword: '%' })).total).toBe(0);
    expect((await ok(content.findAfficheByPage, { keyword: "'; drop table notices; --" })).total).toBe(0);
    const blank = await ok(content.findAfficheByPage, { keyword: '   ' });
    expect(blank.total).toBe((await ok(content.findAfficheByPage)).total);
    const long = await t.call(content.findAfficheByPage, { query: { keyword: '长'.repeat(51) } });
    expect(long.status).toBe(400);
    expect(long.json).toMatchObject({ field: 'keyword', resMsg: '关键词不能超过50个字符' });
  });

  it('one notice carries its attachments, which are served', async () => {
    const { list } = await ok(content.findAfficheByPage, { pageNum: 1, pageSize: 100 });
    const withFiles = list.find((n) => n.attachmentCount > 1)!;
    expect(withFiles).toBeDefined();
    const notice = await ok(content.findAfficheById, { id: withFiles.id });
    expect(notice.attachments).toHaveLength(withFiles.attachmentCount);
    expect(notice.body.length).toBeGreaterThan(20);
    const file = notice.attachments[0]!;
    expect(file.name).toMatch(/\.pdf$/);
    const res = await t.app.inject({ method: 'GET', url: file.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.length).toBe(file.size);
    expect(res.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect((await t.call(content.findAfficheById, { query: { id: 999999 } })).status).toBe(404);
  });

  it('the ticker shows notices in force, newest first, at most `size`', async () => {
    const all = await ok(content.findNoticeList, { size: 50 });
    const expired = await t.db.select({ id: realtimeNotices.id }).from(realtimeNotices).where(sql`${realtimeNotices.expiresAt} < now()`);
    expect(expired.length).toBeGreaterThan(0);
    expect(all.some((n) => expired.some((e) => e.id === n.id))).toBe(false);
    expect(await ok(content.findNoticeList, { size: 2 })).toEqual(all.slice(0, 2));
    expect((await ok(content.findNoticeList)).length).toBeLessThanOrEqual(10);
    const bad = await t.call(content.findNoticeList, { query: { size: 51 } });
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe('size');
  });
});

describe('the college, links, questions', () => {
  it('answers pictures, the overview text and friendly links in order', async () => {
    const imgs = await ok(content.findImg);
    expect(imgs.length).toBeGreaterThanOrEqual(4);
    const picture = await t.app.inject({ method: 'GET', url: imgs[0]!.imageUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    const about = await ok(content.findAbout);
    expect(about.map((s) => s.title)).toContain('学院简介');
    const links = await ok(content.link);
    expect(links.length).toBeGreaterThanOrEqual(5);
    expect(links.every((l) => /^https?:\/\//.test(l.url))).toBe(true);
  });

  it('groups common questions and searches them', async () => {
    const groups = await ok(content.findQuestionList);
    expect(groups.length).toBeGreaterThanOrEqual(4);
    expect(groups.reduce((n, g) => n + g.items.length, 0)).toBeGreaterThanOrEqual(20);
    expect(new Set(groups.map((g) => g.group)).size).toBe(groups.length);
    const hits = await ok(content.findQuestionList, { keyword: '密码' });
    const items = hits.flatMap((g) => g.items.map((i) => ({ ...i, group: g.group })));
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => `${i.question}${i.answer}${i.group}`.includes('密码'))).toBe(true);
    expect(await ok(content.findQuestionList, { keyword: '没有这样的问题xyz' })).toEqual([]);
  });
});

describe('downloads', () => {
  it('lists files with sizes and counts, optionally by category', async () => {
    const all = await ok(content.findDownloadByPage, { pageNum: 1, pageSize: 100 });
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(new Set(all.list.map((d) => d.category))).toEqual(new Set(['document', 'app', 'browser']));
    expect(all.list.every((d) => d.size > 0 && d.downloadCount >= 0)).toBe(true);
    const apps = await ok(content.findDownloadByPage, { category: 'app' });
    expect(apps.list.every((d) => d.category === 'app')).toBe(true);
    expect(apps.total).toBe(all.list.filter((d) => d.category === 'app').length);
    const bad = await t.call(content.findDownloadByPage, { query: { category: 'movies' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ field: 'category', resMsg: '下载分类不正确' });
  });

  it('a download is counted and redirected to the file, whose size the list told', async () => {
    const { list } = await ok(content.findDownloadByPage);
    const item = list[0]!;
    const res = await t.app.inject({ method: 'GET', url: item.downloadUrl });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const file = await t.app.inject({ method: 'GET', url: String(res.headers.location) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(item.size);
    const [row] = await t.db.select({ n: downloads.downloadCount }).from(downloads).where(eq(downloads.id, item.id));
    expect(row!.n).toBe(item.downloadCount + 1);
    expect((await t.app.inject({ method: 'GET', url: urlOf(content.downloadFile, PRODUCT) + '?id=999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: urlOf(content.downloadFile, PRODUCT) + '?id=x' })).statusCode).toBe(400);
  });
});

describe('certificates', () => {
  it('the public list masks every name and shows no phone number', async () => {
    const page = await ok(content.findCertificateByPage, { pageNum: 1, pageSize: 100 });
    expect(page.total).toBeGreaterThan(50);
    const names = new Set((await t.db.select({ n: persons.personName }).from(persons)).map((p) => p.n));
    for (const c of page.list) {
      expect(c.personName).toMatch(/^.\*+.?$/u);
      expect(names.has(c.personName)).toBe(false);
    }
    expect(JSON.stringify(page)).not.toMatch(/1[3-9]\d{9}/);
    const times = page.list.map((c) => Date.parse(c.issuedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('a query by number finds the certificate with a masked name; a wrong name or number finds nothing', async () => {
    const certNo = demoCertificateNo();
    const found = await ok(content.findCertificateByNo, { certNo });
    expect(found).toMatchObject({ certNo, personName: '张*', organName: '太原市财政局', valid: true });
    expect(found!.installTitle).toMatch(/年度全省公务员网络培训$/);
    expect(found!.verifyCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(await ok(content.findCertificateByNo, { certNo: certNo.toLowerCase(), personName: '张伟' })).toMatchObject({ certNo });
    expect(await ok(content.findCertificateByNo, { certNo, personName: '李四' })).toBeNull();
    expect(await ok(content.findCertificateByNo, { certNo: 'ZS1999000999' })).toBeNull();
  });

  it('certificate queries are limited per address (numbers cannot be tried by the thousand)', async () => {
    const limited = makeContent({ db: t.db, platform: makePlatform(t.db), product: PRODUCT, perMinute: 2, timeZone: t.config.TIME_ZONE });
    const certNo = demoCertificateNo();
    const n = Math.floor(Math.random() * 250) + 1;
    const ip = `198.51.100.${n}`;
    expect(await limited.certificateByNo(certNo, undefined, ip)).toMatchObject({ certNo });
    expect(await limited.certificateByNo('ZS1999000999', undefined, ip)).toBeNull();
    await expect(limited.certificateByNo(certNo, undefined, ip)).rejects.toMatchObject({ message: MSG.rateLimited });
    expect(await limited.certificateByNo(certNo, undefined, `203.0.113.${n}`)).toMatchObject({ certNo });
  });

  it('a revoked certificate is found but not valid, and leaves the public list', async () => {
    const [victim] = await t.db.select().from(certificates).where(isNull(certificates.revokedAt)).limit(1);
    await t.db.update(certificates).set({ revokedAt: new Date() }).where(eq(certificates.id, victim!.id));
    expect(await ok(content.findCertificateByNo, { certNo: victim!.certNo })).toMatchObject({ valid: false });
    const { list } = await ok(content.findCertificateByPage, { pageNum: 1, pageSize: 100 });
    expect(list.some((c) => c.certNo === victim!.certNo)).toBe(false);
    await t.db.update(certificates).set({ revokedAt: null }).where(eq(certificates.id, victim!.id));
  });

  it('malformed numbers are 400s naming the field', async () => {
    const empty = await t.call(content.findCertificateByNo, { query: { certNo: '' } });
    expect(empty.json).toMatchObject({ res: false, field: 'certNo', resMsg: '请输入证书编号' });
    const odd = await t.call(content.findCertificateByNo, { query: { certNo: "ZS' OR 1=1" } });
    expect(odd.status).toBe(400);
    expect(odd.json.resMsg).toBe('证书编号只包含字母、数字和连字符');
    expect((await t.call(content.findCertificateByNo, { query: { certNo: 'A'.repeat(33) } })).status).toBe(400);
  });
});

describe('statistics come from the data', () => {
  it('registered people by city add up to the active people with a unit', async () => {
    const cities = await ok(content.registerNum);
    expect(cities).toHaveLength(10);
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(persons).where(and(eq(persons.status, 'active'), sql`${persons.organId} is not null`));
    expect(cities.reduce((s, c) => s + c.count, 0)).toBe(row!.n);
    expect(cities[0]!.cityName).toBe('太原市');
  });

  it('real-time figures follow logins, sessions and certificates', async () => {
    // A service that never reuses a figure: the app's own reuses them for STATS_TTL_MS.
    const fresh = makeContent({ db: t.db, platform: makePlatform(t.db), product: PRODUCT, perMinute: 1000, statsTtlMs: 0, timeZone: t.config.TIME_ZONE });
    const before = await fresh.realTimeData();
    expect(await ok(content.realTimeData)).toEqual(before);
    const [all] = await t.db.select({ n: sql<number>`count(*)::int` }).from(persons).where(eq(persons.status, 'active'));
    expect(before.registered).toBe(all!.n);
    const [sum] = await t.db.select({ h: sql<number>`sum(${certificates.hours})::float8` }).from(certificates).where(isNull(certificates.revokedAt));
    expect(before.totalHours).toBeCloseTo(sum!.h, 5);
    expect(before.todayHours).toBeGreaterThan(0);

    await t.login('13800000005');
    const after = await fresh.realTimeData();
    expect(after.onlineNow).toBe(before.onlineNow + 1);
    expect(after.todayLearners).toBe(before.todayLearners + 1);
    // The app answers the figure it computed a moment ago.
    expect(await ok(content.realTimeData)).toEqual(before);

    const [someone] = await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, '13800000005'));
    const [cert] = await t.db.select({ installId: certificates.installId }).from(certificates).limit(1);
    await t.db.insert(certificates).values({ certNo: 'ZSTEST000001', personId: someone!.id, installId: cert!.installId, hours: 12.5, verifyCode: 'TEST01' });
    const later = await fresh.realTimeData();
    expect(later.todayHours).toBeCloseTo(after.todayHours + 12.5, 5);
    expect(later.totalHours).toBeCloseTo(after.totalHours + 12.5, 5);
    await t.db.delete(certificates).where(eq(certificates.certNo, 'ZSTEST000001'));
  });

  it('rankings by year: masked learners, units and cities ordered by hours', async () => {
    const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear() - 1;
    const r = await ok(content.totalRanking, { year, size: 5 });
    expect(r.year).toBe(year);
    for (const list of [r.learners, r.units, r.cities]) {
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(5);
      expect(list.map((x) => x.rank)).toEqual(list.map((_, i) => i + 1));
      const hours = list.map((x) => x.hours);
      expect(hours).toEqual([...hours].sort((a, b) => b - a));
    }
    const names = new Set((await t.db.select({ n: persons.personName }).from(persons)).map((p) => p.n));
    expect(r.learners.every((l) => !('personName' in l) && !names.has(l.name) && l.name.includes('*'))).toBe(true);
    expect(r.learners.every((l) => l.learners === 1 && l.organName.length > 0)).toBe(true);
    expect(r.cities.every((c) => c.name.endsWith('市'))).toBe(true);
    expect(JSON.stringify(r)).not.toMatch(/1[3-9]\d{9}/);

    const current = await ok(content.totalRanking);
    expect(current.year).toBe(year + 1);
    expect(await ok(content.totalRanking, { year: 2001 })).toEqual({ year: 2001, learners: [], units: [], cities: [] });
    expect((await t.call(content.totalRanking, { query: { year: 'abc' } })).json).toMatchObject({ field: 'year', resMsg: '年度必须是数字' });
    expect((await t.call(content.totalRanking, { query: { size: 51 } })).status).toBe(400);
  });

  it('hours by month add up to the year', async () => {
    const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear() - 1;
    const r = await ok(content.findHoursByMonth, { year });
    expect(r.months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const [sum] = await t.db
      .select({ h: sql<number>`coalesce(sum(${certificates.hours}), 0)::float8` })
      .from(certificates)
      .where(and(isNull(certificates.revokedAt), sql`extract(year from ${certificates.issuedAt} + interval '8 hours') = ${year}`));
    expect(r.months.reduce((s, m) => s + m.hours, 0)).toBeCloseTo(sum!.h, 5);
    expect((await t.call(content.findHoursByMonth, { query: { year: 1800 } })).status).toBe(400);
  });
});

describe('media', () => {
  it('serves covers, videos with ranges, and nothing outside the media folder', async () => {
    const video = await t.app.inject({ method: 'GET', url: `${MEDIA_PREFIX}${DEMO_COURSES[0]!.chapters[0]!.file}`, headers: { range: 'bytes=0-99' } });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.length).toBe(100);
    const escape = await t.app.inject({ method: 'GET', url: '/media/../../package.json' });
    expect(escape.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/%2e%2e/%2e%2e/package.json' })).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('maskName', () => {
  it('keeps the first and, from three characters, the last character', () => {
    expect(maskName('张伟')).toBe('张*');
    expect(maskName('张三丰')).toBe('张*丰');
    expect(maskName('欧阳娜娜')).toBe('欧**娜');
    expect(maskName('王')).toBe('*');
    expect(maskName('')).toBe('');
  });
});

describe('demo media', () => {
  const mediaColumns = sql`
    select cover_url as url from courses union all select cover_url from installs
    union all select cover_url from learning_columns union all select image_url from flash_news
    union all select image_url from college_images`;

  const urls = async (where: SQL) => ((await t.db.execute(sql`select url from (${mediaColumns}) m where ${where}`)) as unknown as { rows: { url: string }[] }).rows;

  it('names only committed files, the pictures as WebP', async () => {
    const rows = await urls(sql`url like '/media/%'`);
    expect(rows.length).toBeGreaterThan(60);
    for (const { url } of rows) {
      expect(url).toMatch(/\.webp$/);
      expect(existsSync(path.join(DEMO_ASSETS_DIR, url.slice(MEDIA_PREFIX.length))), url).toBe(true);
    }
  });

  it('renames the SVG pictures of a database seeded before them (migration 0003), and nothing else', async () => {
    const migration = readFileSync(path.join(import.meta.dirname, '../../../drizzle/0003_demo_pictures_webp.sql'), 'utf8');
    await t.db.execute(sql`update courses set cover_url = replace(cover_url, '.webp', '.svg') where id in (select id from courses order by id limit 2)`);
    await t.db.execute(sql`update flash_news set image_url = '/uploads/2026/a.svg' where id = (select min(id) from flash_news)`);
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    expect(await urls(sql`url like '%.svg'`)).toEqual([{ url: '/uploads/2026/a.svg' }]);
    await t.db.execute(sql`update flash_news set image_url = '/media/news/news-01.webp' where image_url = '/uploads/2026/a.svg'`);
  });
});
