/**
 * The public portal's content: owns picture news, notices and their attachments, the real-time
 * ticker, college pictures and text, downloads, common questions, friendly links and the public
 * certificate list and query (reading the certificate module's table, never writing it). The index statistics read, never write, what other modules keep: registered
 * people by city (persons → organs → cities), learners online (live sessions seen in the last 15
 * minutes), today's learners (successful logins in the audit log) and credit hours (certificates;
 * the learning core's per-course hours replace them when it lands).
 */
import { and, asc, count, desc, eq, gt, gte, isNull, lt, lte, or, sql, type AnyColumn } from 'drizzle-orm';
import { content as C, pathOf } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { installs } from '../../db/schema/catalog.ts';
import { certificates } from '../../db/schema/certificate.ts';
import { aboutSections, collegeImages, downloads, faqs, flashNews, friendlyLinks, noticeAttachments, notices, realtimeNotices } from '../../db/schema/content.ts';
import { cities, organs, persons } from '../../db/schema/people.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { sessions } from '../../db/schema/uc.ts';
import type { Platform } from '../platform/service.ts';
import { startOfDayIn } from '@portal/contract/calendar';
import { chinaYearOf, chinaYearStart, iso, isoOrNull, maskName, matchesAny, offsetOf, outer, pageFrom, textOf, totalOver, type Page, type PageQuery, pageOf } from '../../lib/listing.ts';

export interface ContentDeps {
  db: Db;
  platform: Platform;
  product: string;
  /** Certificate queries per IP and minute: numbers are guessable, so lookups are rate-limited. */
  perMinute: number;
  /** How long this instance reuses a computed statistic (STATS_CACHE_SECONDS; default STATS_TTL_MS; 0: never). */
  statsTtlMs?: number;
  /** The college's calendar (TIME_ZONE): when "today" of the live figures began. */
  timeZone: string;
}

/**
 * Statistics aggregate whole tables (100,000 people, every certificate): each instance computes one
 * at most every 30 s (STATS_CACHE_SECONDS) and shares the answer among concurrent and later callers. Figures a minute old
 * are what the index shows anyway (its lists are cached for 60 s), and no other instance depends on
 * this cache.
 */
export const STATS_TTL_MS = 30_000;

function makeMemo(ttlMs: number) {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return <T>(key: string, compute: () => Promise<T>): Promise<T> => {
    const now = performance.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
    // Keys are few (a statistic per year and size); expired ones go once there are many.
    if (entries.size > 200) for (const [k, e] of entries) if (now - e.at >= ttlMs) entries.delete(k);
    const value = compute();
    const entry = { at: now, value };
    if (ttlMs > 0) entries.set(key, entry);
    // A failure is not remembered: the next caller tries again.
    value.catch(() => entries.get(key) === entry && entries.delete(key));
    return value;
  };
}

/** A session seen within this window counts as online. */
const ONLINE_WINDOW_MS = 15 * 60_000;


/**
 * What a visitor sees of an administrator's item: published, and its publishing time passed. A time
 * in the future is how an item is scheduled: it appears by itself at that moment, on every instance,
 * with no job to run.
 */
export const visible = (t: { state: AnyColumn; publishedAt: AnyColumn }) => and(eq(t.state, 'published'), lte(t.publishedAt, sql`now()`));
/** The same, of the alias `n` of a neighbour's subquery. */
const visibleNeighbour = sql`n.state = 'published' and n.published_at <= now()`;

type Neighbour = { id: number; title: string } | null;
const asNeighbour = (v: unknown): Neighbour => {
  if (!v || typeof v !== 'object') return null;
  const o = v as { id: unknown; title: unknown };
  return { id: Number(o.id), title: String(o.title) };
};

export function makeContent({ db, platform, product, perMinute, statsTtlMs = STATS_TTL_MS, timeZone }: ContentDeps) {
  const memo = makeMemo(statsTtlMs);
  const downloadPath = pathOf(C.downloadFile, product);

  const noticeColumns = {
    id: notices.id,
    title: notices.title,
    source: notices.source,
    pinned: notices.pinned,
    publishedAt: notices.publishedAt,
    attachmentCount: sql<number>`(select count(*) from ${noticeAttachments} where ${noticeAttachments.noticeId} = ${outer(notices.id)})`.mapWith(Number),
  };
  const toNoticeItem = (r: { id: number; title: string; source: string; pinned: boolean; publishedAt: Date; attachmentCount: number }): C.NoticeItem => ({
    id: r.id,
    title: r.title,
    source: r.source,
    pinned: r.pinned,
    attachmentCount: r.attachmentCount,
    publishedAt: iso(r.publishedAt),
  });

  /**
   * Credit hours by learner, unit and city for certificates issued in [from, to), in one round trip:
   * the index asks for all three at once.
   */
  async function rankings(from: Date, to: Date, size: number): Promise<Omit<C.Ranking, 'year'>> {
    const result = await db.execute(sql`
      with earned as (
        select person_id, sum(hours)::float8 as hours
        from ${certificates}
        where issued_at >= ${from.toISOString()}::timestamptz and issued_at < ${to.toISOString()}::timestamptz and revoked_at is null
        group by person_id
      ), c as (
        select e.person_id, e.hours, p.person_name, coalesce(o.name, '') as organ_name, o.id as organ_id, o.city_id
        from earned e
        join ${persons} p on p.person_id = e.person_id
        left join ${organs} o on o.id = p.organ_id
      )
      (select 'learner' as kind, person_id as id, person_name as name, organ_name, hours, 1 as learners
         from c order by 5 desc, 2 limit ${size})
      union all
      (select 'unit', organ_id, min(organ_name), '', sum(hours), count(*)::int
         from c where organ_id is not null group by organ_id order by 5 desc, 2 limit ${size})
      union all
      (select 'city', ci.id, ci.name, '', sum(c.hours), count(*)::int
         from c join ${cities} ci on ci.id = c.city_id group by ci.id, ci.name order by 5 desc, 2 limit ${size})
    `);
    type Row = { kind: 'learner' | 'unit' | 'city'; id: number; name: string; organ_name: string; hours: number; learners: number };
    const rows = (result as unknown as { rows: Row[] }).rows;
    const of = (kind: Row['kind']): C.RankingRow[] =>
      rows
        .filter((r) => r.kind === kind)
        .map((r) => ({ id: Number(r.id), name: kind === 'learner' ? maskName(r.name) : r.name, organName: r.organ_name, hours: Number(r.hours), learners: Number(r.learners) }))
        .sort((a, b) => b.hours - a.hours || a.id - b.id)
        .map(({ id: _id, ...r }, i) => ({ rank: i + 1, ...r }));
    return { learners: of('learner'), units: of('unit'), cities: of('city') };
  }

  return {
    async flashNewsPage(q: PageQuery): Promise<Page<C.FlashNewsItem>> {
      const rows = await db
        .select({ id: flashNews.id, title: flashNews.title, imageUrl: flashNews.imageUrl, summary: flashNews.summary, source: flashNews.source, publishedAt: flashNews.publishedAt, total: totalOver() })
        .from(flashNews)
        .where(visible(flashNews))
        .orderBy(desc(flashNews.pinned), desc(flashNews.sort), desc(flashNews.publishedAt), desc(flashNews.id))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      return pageFrom(q, rows, ({ total: _t, ...r }) => ({ ...r, publishedAt: iso(r.publishedAt) }), async () => (await db.select({ n: count() }).from(flashNews).where(visible(flashNews)))[0]?.n ?? 0);
    },

    /** One article; previous is the next newer one, next the next older one (the list's order). */
    async flashNewsById(id: number): Promise<C.FlashNewsDetail | null> {
      const newer = sql`(select json_build_object('id', n.id, 'title', n.title) from ${flashNews} n where ${visibleNeighbour} and (n.published_at, n.id) > (${outer(flashNews.publishedAt)}, ${outer(flashNews.id)}) order by n.published_at, n.id limit 1)`;
      const older = sql`(select json_build_object('id', n.id, 'title', n.title) from ${flashNews} n where ${visibleNeighbour} and (n.published_at, n.id) < (${outer(flashNews.publishedAt)}, ${outer(flashNews.id)}) order by n.published_at desc, n.id desc limit 1)`;
      const [r] = await db
        .select({
          id: flashNews.id,
          title: flashNews.title,
          imageUrl: flashNews.imageUrl,
          summary: flashNews.summary,
          source: flashNews.source,
          body: flashNews.body,
          publishedAt: flashNews.publishedAt,
          previous: newer,
          next: older,
        })
        .from(flashNews)
        .where(and(eq(flashNews.id, id), visible(flashNews)))
        .limit(1);
      return r ? { ...r, publishedAt: iso(r.publishedAt), previous: asNeighbour(r.previous), next: asNeighbour(r.next) } : null;
    },

    async noticePage(channel: 'affiche' | 'education', q: PageQuery & { keyword?: string | undefined }): Promise<Page<C.NoticeItem>> {
      const where = and(eq(notices.channel, channel), visible(notices), q.keyword ? matchesAny(q.keyword, notices.title, textOf(notices.body)) : undefined);
      const rows = await db
        .select({ ...noticeColumns, total: totalOver() })
        .from(notices)
        .where(where)
        .orderBy(desc(notices.pinned), desc(notices.sort), desc(notices.publishedAt), desc(notices.id))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      return pageFrom(q, rows, toNoticeItem, async () => (await db.select({ n: count() }).from(notices).where(where))[0]?.n ?? 0);
    },

    async noticeById(id: number): Promise<C.NoticeDetail | null> {
      const neighbour = (cmp: '>' | '<') =>
        sql`(select json_build_object('id', n.id, 'title', n.title) from ${notices} n where n.channel = ${outer(notices.channel)} and ${visibleNeighbour} and (n.published_at, n.id) ${sql.raw(cmp)} (${outer(notices.publishedAt)}, ${outer(notices.id)}) order by n.published_at ${sql.raw(cmp === '>' ? 'asc' : 'desc')}, n.id ${sql.raw(cmp === '>' ? 'asc' : 'desc')} limit 1)`;
      // The attachments come with the notice (one round trip: each costs milliseconds on the embedded database).
      const files = sql<C.Attachment[]>`coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name, 'url', a.url, 'size', a.size) order by a.sort, a.id)
        from ${noticeAttachments} a where a.notice_id = ${outer(notices.id)}), '[]'::json)`;
      const [r] = await db
        .select({ ...noticeColumns, body: notices.body, previous: neighbour('>'), next: neighbour('<'), files })
        .from(notices)
        .where(and(eq(notices.id, id), visible(notices)))
        .limit(1);
      if (!r) return null;
      return { ...toNoticeItem(r), body: r.body, attachments: r.files, previous: asNeighbour(r.previous), next: asNeighbour(r.next) };
    },

    async realtimeNotices(size: number): Promise<C.RealTimeNotice[]> {
      const rows = await db
        .select({ id: realtimeNotices.id, content: realtimeNotices.content, publishedAt: realtimeNotices.publishedAt })
        .from(realtimeNotices)
        .where(and(lt(realtimeNotices.publishedAt, sql`now()`), or(isNull(realtimeNotices.expiresAt), gt(realtimeNotices.expiresAt, sql`now()`))))
        .orderBy(desc(realtimeNotices.publishedAt), desc(realtimeNotices.id))
        .limit(size);
      return rows.map((r) => ({ ...r, publishedAt: iso(r.publishedAt) }));
    },

    async collegeImages(): Promise<C.CollegeImage[]> {
      return db.select({ id: collegeImages.id, title: collegeImages.title, imageUrl: collegeImages.imageUrl }).from(collegeImages).where(visible(collegeImages)).orderBy(asc(collegeImages.sort), asc(collegeImages.id));
    },

    async about(): Promise<C.AboutSection[]> {
      return db.select({ id: aboutSections.id, title: aboutSections.title, body: aboutSections.body }).from(aboutSections).where(visible(aboutSections)).orderBy(asc(aboutSections.sort), asc(aboutSections.id));
    },

    async downloadPage(q: PageQuery & { category?: C.DownloadCategory | undefined }): Promise<Page<C.DownloadItem>> {
      const where = and(visible(downloads), q.category ? eq(downloads.category, q.category) : undefined);
      const rows = await db
        .select({
          id: downloads.id,
          title: downloads.title,
          category: downloads.category,
          fileName: downloads.fileName,
          size: downloads.size,
          downloadCount: downloads.downloadCount,
          publishedAt: downloads.publishedAt,
          total: totalOver(),
        })
        .from(downloads)
        .where(where)
        .orderBy(sql`array_position(array['document','app','browser']::text[], ${downloads.category})`, asc(downloads.sort), asc(downloads.id))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      return pageFrom(
        q,
        rows,
        ({ total: _t, ...r }) => ({ ...r, publishedAt: iso(r.publishedAt), downloadUrl: `${downloadPath}?id=${r.id}` }),
        async () => (await db.select({ n: count() }).from(downloads).where(where))[0]?.n ?? 0,
      );
    },

    /** Counts one download; answers where the file is, or null for an unknown id. */
    async countDownload(id: number): Promise<string | null> {
      const [r] = await db
        .update(downloads)
        .set({ downloadCount: sql`${downloads.downloadCount} + 1` })
        .where(and(eq(downloads.id, id), visible(downloads)))
        .returning({ fileUrl: downloads.fileUrl });
      return r?.fileUrl ?? null;
    },

    async questions(keyword?: string): Promise<C.QuestionGroup[]> {
      const rows = await db
        .select({ id: faqs.id, group: faqs.groupName, question: faqs.question, answer: faqs.answer })
        .from(faqs)
        .where(and(visible(faqs), keyword ? matchesAny(keyword, faqs.question, faqs.answer, faqs.groupName) : undefined))
        .orderBy(asc(faqs.groupSort), asc(faqs.sort), asc(faqs.id));
      const groups: C.QuestionGroup[] = [];
      for (const { group, ...item } of rows) {
        const last = groups[groups.length - 1];
        if (last && last.group === group) last.items.push(item);
        else groups.push({ group, items: [item] });
      }
      return groups;
    },

    async links(): Promise<C.FriendlyLink[]> {
      return db.select({ id: friendlyLinks.id, name: friendlyLinks.name, url: friendlyLinks.url }).from(friendlyLinks).where(visible(friendlyLinks)).orderBy(asc(friendlyLinks.sort), asc(friendlyLinks.id));
    },

    /** The total is a statistic (every certificate ever issued): counted at most every STATS_TTL_MS. */
    async certificatePage(q: PageQuery): Promise<Page<C.CertificateItem>> {
      const valid = isNull(certificates.revokedAt);
      const [rows, total] = await Promise.all([
        db
          .select({ certNo: certificates.certNo, personName: persons.personName, installTitle: installs.title, hours: certificates.hours, issuedAt: certificates.issuedAt })
          .from(certificates)
          .innerJoin(persons, eq(persons.personId, certificates.personId))
          .innerJoin(installs, eq(installs.id, certificates.installId))
          .where(valid)
          .orderBy(desc(certificates.issuedAt), desc(certificates.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        memo('certificates', async () => (await db.select({ n: count() }).from(certificates).where(valid))[0]?.n ?? 0),
      ]);
      return pageOf(
        q,
        rows.map((r) => ({ certNo: r.certNo, personName: maskName(r.personName), installTitle: r.installTitle, hours: r.hours, issuedAt: iso(r.issuedAt) })),
        total,
      );
    },

    /** A certificate by number; a name, when given, must be the holder's full name. Null: no match. */
    async certificateByNo(certNo: string, personName: string | undefined, ip: string): Promise<C.CertificateCheck | null> {
      // The caller's rate-limit window and the lookup go out together; a refusal discards the lookup.
      const [, [r]] = await Promise.all([
        platform.limit(`certificate:${ip}`, perMinute, 60),
        db
          .select({
            certNo: certificates.certNo,
            personName: persons.personName,
            organName: sql<string>`coalesce(${organs.name}, '')`,
            installTitle: installs.title,
            hours: certificates.hours,
            issuedAt: certificates.issuedAt,
            verifyCode: certificates.verifyCode,
            revokedAt: certificates.revokedAt,
            replacedBy: sql<string | null>`(select n.cert_no from ${certificates} n where n.replaces_id = ${certificates.id})`,
          })
          .from(certificates)
          .innerJoin(persons, eq(persons.personId, certificates.personId))
          .innerJoin(installs, eq(installs.id, certificates.installId))
          .leftJoin(organs, eq(organs.id, persons.organId))
          .where(eq(certificates.certNo, certNo.toUpperCase()))
          .limit(1),
      ]);
      if (!r || (personName && personName !== r.personName)) return null;
      return {
        certNo: r.certNo,
        personName: maskName(r.personName),
        organName: r.organName,
        installTitle: r.installTitle,
        hours: r.hours,
        issuedAt: iso(r.issuedAt),
        verifyCode: r.verifyCode,
        valid: r.revokedAt === null,
        revokedAt: isoOrNull(r.revokedAt),
        replacedBy: r.replacedBy,
      };
    },

    realTimeData: (): Promise<C.RealTimeFigures> =>
      memo('realTime', async () => {
        const now = Date.now();
        const today = startOfDayIn(timeZone, now);
        const [r] = await db
          .select({
            onlineNow: sql<number>`(select count(distinct ${sessions.personId}) from ${sessions} where ${sessions.revokedAt} is null and ${sessions.expiresAt} > now() and ${sessions.lastSeenAt} > ${new Date(now - ONLINE_WINDOW_MS).toISOString()}::timestamptz)`.mapWith(Number),
            todayLearners: sql<number>`(select count(distinct ${auditLog.personId}) from ${auditLog} where ${auditLog.event} = 'login' and ${auditLog.outcome} = 'success' and ${auditLog.at} >= ${today.toISOString()}::timestamptz)`.mapWith(Number),
            todayHours: sql<number>`(select coalesce(sum(${certificates.hours}), 0) from ${certificates} where ${certificates.revokedAt} is null and ${certificates.issuedAt} >= ${today.toISOString()}::timestamptz)`.mapWith(Number),
            totalHours: sql<number>`(select coalesce(sum(${certificates.hours}), 0) from ${certificates} where ${certificates.revokedAt} is null)`.mapWith(Number),
            registered: sql<number>`(select count(*) from ${persons} where ${persons.status} = 'active')`.mapWith(Number),
          })
          .from(sql`(select 1) as one`);
        return r ?? { onlineNow: 0, todayLearners: 0, todayHours: 0, totalHours: 0, registered: 0 };
      }),

    registerNum: (): Promise<C.CityCount[]> =>
      memo('registerNum', async () => {
        const n = sql<number>`count(${persons.personId})`.mapWith(Number);
        return db
          .select({ cityId: cities.id, cityName: cities.name, count: n })
          .from(cities)
          .leftJoin(organs, eq(organs.cityId, cities.id))
          .leftJoin(persons, and(eq(persons.organId, organs.id), eq(persons.status, 'active')))
          .groupBy(cities.id, cities.name, cities.sort)
          .orderBy(asc(cities.sort), asc(cities.id));
      }),

    async ranking(year: number | undefined, size: number): Promise<C.Ranking> {
      const y = year ?? chinaYearOf(Date.now());
      return memo(`ranking:${y}:${size}`, async () => ({ year: y, ...(await rankings(chinaYearStart(y), chinaYearStart(y + 1), size)) }));
    },

    async hoursByMonth(year: number | undefined): Promise<{ year: number; months: C.MonthHours[] }> {
      const y = year ?? chinaYearOf(Date.now());
      return memo(`months:${y}`, async () => {
        const month = sql<number>`extract(month from ${certificates.issuedAt} + interval '8 hours')::int`.mapWith(Number);
        const rows = await db
          .select({ month, hours: sql<number>`sum(${certificates.hours})`.mapWith(Number), learners: sql<number>`count(distinct ${certificates.personId})`.mapWith(Number) })
          .from(certificates)
          .where(and(gte(certificates.issuedAt, chinaYearStart(y)), lt(certificates.issuedAt, chinaYearStart(y + 1)), isNull(certificates.revokedAt)))
          .groupBy(month);
        const months = Array.from({ length: 12 }, (_, i) => rows.find((r) => r.month === i + 1) ?? { month: i + 1, hours: 0, learners: 0 });
        return { year: y, months };
      });
    },
  };
}
export type ContentService = ReturnType<typeof makeContent>;
