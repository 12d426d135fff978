/**
 * 课程管理: the training and the system administrator's work on the catalogue's courses and
 * their chapters (schema/catalog.ts). A course in use keeps its learners' records (ADR
 * course-editing): a chapter somebody studied (progress, a study session or a note points at it) is
 * never deleted nor changes kind — it may be hidden (停用) — and credit already granted keeps its
 * hours (course_completions holds the hours of each grant). Every change names the version it was
 * made on and is audited with the course before and after; the learner pages see it at once (the
 * catalogue reads the tables on every call; this instance's rendered pages are forgotten).
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { adminCourses as C, adminMedia } from '@portal/contract';
import type { Db, Tx, Q } from '../../db/client.ts';
import { categories, courseResources, courses } from '../../db/schema/catalog.ts';
import { courseCompletions, resourceProgress, studySessions } from '../../db/schema/learning.ts';
import { notes } from '../../db/schema/notes.ts';
import { Refusal, stale } from '../../http/errors.ts';
import { chinaDate, type XlsxExport } from '../../http/xlsx.ts';
import { imageTypeOf, type FileStorage } from '../../integrations/storage.ts';
import { newId } from '../../lib/crypto.ts';
import { recordChange } from '../admin/service.ts';
import { iso, isoOrNull, matchesAny, offsetOf, outer, pageFrom, totalOver } from '../../lib/listing.ts';
import type { Platform } from '../platform/service.ts';
import { requiredSecondsOf } from './requiredSeconds.ts';
import type { Who } from '../../http/auth.ts';

type Filter = { keyword?: string | undefined; categoryId?: number | undefined; status?: C.CourseStatus | undefined };

/** The job that completes a course for the learners who finished it when a chapter was hidden or removed (app.ts). */
export const COURSE_COMPLETION_JOB = 'courseCompletion';

/** Who changes what, from where. */
export interface AdminCoursesDeps {
  db: Db;
  platform: Platform;
  storage: FileStorage;
  /** Told after every change, so that this instance's rendered pages do not wait for their cache time. */
  changed?: () => void;
  /**
   * Told inside the save's transaction when the course may have become complete for learners who
   * have nothing left to report: chapters in use became fewer (one hidden or removed), or a studied
   * chapter's required time was lowered (app.ts enqueues the job that completes it for them).
   */
  completionsToCheck?: (tx: Tx, courseId: number) => Promise<unknown>;
  /** The media library's view of a chapter's address (media/service.ts chapterMediaAt): its real length and pages. */
  mediaAt?: (url: string) => Promise<{ kind: 'video' | 'pdf'; durationSeconds: number | null; pageCount: number | null } | null | undefined>;
}

const EVENT = 'adminCourses';

/** Learners who studied a chapter: whoever has progress, a study session or a note on it. */
const learnersOf = (resourceId: SQL) => sql<number>`(select count(*) from (
    select ${resourceProgress.personId} from ${resourceProgress} where ${resourceProgress.resourceId} = ${resourceId}
    union select ${studySessions.personId} from ${studySessions} where ${studySessions.resourceId} = ${resourceId}
    union select ${notes.personId} from ${notes} where ${notes.resourceId} = ${resourceId}) s)`.mapWith(Number);

/** Learners who studied any chapter of a course. */
const courseLearners = sql<number>`(select count(distinct ${resourceProgress.personId}) from ${resourceProgress} where ${resourceProgress.courseId} = ${outer(courses.id)})`.mapWith(Number);
const courseCompletionsCount = sql<number>`(select count(*) from ${courseCompletions} where ${courseCompletions.courseId} = ${outer(courses.id)})`.mapWith(Number);

function where(f: Filter): SQL | undefined {
  const inCategory =
    f.categoryId === undefined
      ? undefined
      : or(eq(courses.categoryId, f.categoryId), inArray(courses.categoryId, sql`(select ${categories.id} from ${categories} where ${categories.parentId} = ${f.categoryId})`));
  return and(f.keyword ? matchesAny(f.keyword, courses.title, courses.lecturer) : undefined, inCategory, f.status ? eq(courses.status, f.status) : undefined);
}

/** The stored columns of a chapter as the editor sends it; the other kinds' columns are emptied. */
function chapterValues(c: C.ChapterInput) {
  const none = { mediaUrl: null, durationSeconds: null, pages: null, minReadSeconds: null, liveStart: null, liveEnd: null, streamUrl: null, replayUrl: null };
  const hiddenAt = c.hidden ? new Date() : null;
  if (c.kind === 'video') return { ...none, title: c.title, kind: c.kind, hiddenAt, mediaUrl: c.mediaUrl, durationSeconds: c.durationSeconds };
  if (c.kind === 'pdf') return { ...none, title: c.title, kind: c.kind, hiddenAt, mediaUrl: c.mediaUrl, pages: c.pages, minReadSeconds: c.minReadSeconds };
  return { ...none, title: c.title, kind: c.kind, hiddenAt, liveStart: new Date(c.liveStart), liveEnd: new Date(c.liveEnd), streamUrl: c.streamUrl, replayUrl: c.replayUrl };
}

export function makeAdminCourses({ db, platform, storage, changed, completionsToCheck, mediaAt }: AdminCoursesDeps) {
  /**
   * A video or PDF chapter taken from the media library gets the real media's length and page count,
   * whatever the form said; an address of the library that is not (or no longer) a ready asset of the
   * chapter's kind is refused.
   */
  async function withMediaLengths(chapters: C.ChapterInput[]): Promise<C.ChapterInput[]> {
    if (!mediaAt) return chapters;
    return Promise.all(
      chapters.map(async (c) => {
        if (c.kind === 'live') return c;
        const m = await mediaAt(c.mediaUrl);
        if (m === undefined) return c;
        if (m === null || m.kind !== c.kind) throw new Refusal(adminMedia.MEDIA_MSG.chapterMediaNotReady(c.title));
        if (c.kind === 'video') return { ...c, durationSeconds: m.durationSeconds ?? c.durationSeconds };
        return { ...c, pages: m.pageCount ?? c.pages };
      }),
    );
  }

  async function courseOf(r: Q, id: number): Promise<C.AdminCourse | null> {
    const [row] = await r
      .select({ c: courses, categoryName: categories.name, completions: courseCompletionsCount })
      .from(courses)
      .innerJoin(categories, eq(categories.id, courses.categoryId))
      .where(eq(courses.id, id))
      .limit(1);
    if (!row) return null;
    const chapters = await r
      .select({ r: courseResources, learners: learnersOf(sql`${courseResources.id}`) })
      .from(courseResources)
      .where(eq(courseResources.courseId, id))
      .orderBy(asc(courseResources.sort), asc(courseResources.id));
    const c = row.c;
    return {
      id: c.id,
      version: c.version,
      code: c.code,
      status: c.status,
      title: c.title,
      lecturer: c.lecturer,
      lecturerTitle: c.lecturerTitle,
      categoryId: c.categoryId,
      categoryName: row.categoryName,
      creditHours: c.creditHours,
      coverUrl: c.coverUrl,
      description: c.description,
      publishedAt: iso(c.publishedAt),
      completions: row.completions,
      chapters: chapters.map(({ r: ch, learners }) => ({
        id: ch.id,
        kind: ch.kind,
        title: ch.title,
        hidden: ch.hiddenAt !== null,
        mediaUrl: ch.mediaUrl,
        durationSeconds: ch.durationSeconds,
        pages: ch.pages,
        minReadSeconds: ch.minReadSeconds,
        liveStart: isoOrNull(ch.liveStart),
        liveEnd: isoOrNull(ch.liveEnd),
        streamUrl: ch.streamUrl,
        replayUrl: ch.replayUrl,
        learners,
      })),
    };
  }

  /** The change's audit entry, written in the change's own transaction. */
  const audit = (tx: Tx, who: Who, id: number, action: string, before: unknown, after: unknown) =>
    recordChange(tx, { personId: who.personId, ip: who.ip, event: EVENT, target: `course:${id}`, action, before, after });

  async function checkCategory(tx: Tx, categoryId: number) {
    const [cat] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
    if (!cat) throw new Refusal(C.ADMIN_COURSES_MSG.categoryMissing);
  }

  /** Takes the course's next version inside `tx` (its row stays locked until the commit): 404 when gone, 409 when moved on. */
  async function claim(tx: Tx, id: number, version: number) {
    const done = await tx
      .update(courses)
      .set({ version: sql`${courses.version} + 1` })
      .where(and(eq(courses.id, id), eq(courses.version, version)))
      .returning({ id: courses.id });
    if (done.length > 0) return;
    const [exists] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, id)).limit(1);
    throw exists ? stale() : new Refusal(C.ADMIN_COURSES_MSG.notFound, 404);
  }

  /**
   * The chapters become `wanted`, in its order. Existing chapters are named by id; one left out is
   * deleted only when nobody studied it, and a studied one keeps its kind. Answers whether learners
   * may have completed the course by it: a chapter in use was hidden or removed, or a studied chapter
   * asks for less time than before.
   */
  async function arrangeChapters(tx: Tx, courseId: number, wanted: C.ChapterInput[]): Promise<boolean> {
    const existing = await tx
      .select({
        id: courseResources.id,
        title: courseResources.title,
        kind: courseResources.kind,
        hidden: sql<boolean>`${courseResources.hiddenAt} is not null`,
        learners: learnersOf(sql`${courseResources.id}`),
        durationSeconds: courseResources.durationSeconds,
        minReadSeconds: courseResources.minReadSeconds,
        liveStart: courseResources.liveStart,
        liveEnd: courseResources.liveEnd,
      })
      .from(courseResources)
      .where(eq(courseResources.courseId, courseId));
    const byId = new Map(existing.map((e) => [e.id, e]));
    const named = new Set<number>();
    for (const c of wanted) {
      if (c.id === undefined) continue;
      const e = byId.get(c.id);
      if (!e) throw new Refusal(C.ADMIN_COURSES_MSG.chapterMissing);
      if (named.has(c.id)) throw new Refusal(C.ADMIN_COURSES_MSG.chapterTwice);
      named.add(c.id);
      if (e.kind !== c.kind && e.learners > 0) throw new Refusal(C.STUDIED_MSG.kind(e.title, e.learners), 409);
    }
    const removed = existing.filter((e) => !named.has(e.id));
    const studied = removed.find((e) => e.learners > 0);
    if (studied) throw new Refusal(C.STUDIED_MSG.removed(studied.title, studied.learners), 409);
    if (removed.length > 0) await tx.delete(courseResources).where(inArray(courseResources.id, removed.map((e) => e.id)));
    const withdrawn = removed.some((e) => !e.hidden) || wanted.some((c) => c.hidden && c.id !== undefined && !byId.get(c.id)!.hidden);
    const eased = wanted.some((c) => {
      const e = c.id === undefined ? undefined : byId.get(c.id);
      // The learning module's own rule; the portal's ratio scales both sides alike, so 1 compares them.
      return e !== undefined && e.learners > 0 && e.kind === c.kind && requiredSecondsOf(chapterValues(c), 1) < requiredSecondsOf(e, 1);
    });
    for (const [sort, c] of wanted.entries()) {
      const values = chapterValues(c);
      if (c.id === undefined) {
        await tx.insert(courseResources).values({ ...values, courseId, sort });
        continue;
      }
      // A chapter hidden earlier keeps the moment it was hidden.
      const hiddenAt = c.hidden ? sql`coalesce(${courseResources.hiddenAt}, now())` : null;
      await tx
        .update(courseResources)
        .set({ ...values, hiddenAt, sort })
        .where(eq(courseResources.id, c.id));
    }
    return withdrawn || eased;
  }

  async function rows(f: Filter, q: { pageNum: number; pageSize: number }) {
    const filter = where(f);
    const list = await db
      .select({
        id: courses.id,
        version: courses.version,
        status: courses.status,
        title: courses.title,
        lecturer: courses.lecturer,
        categoryName: categories.name,
        creditHours: courses.creditHours,
        publishedAt: courses.publishedAt,
        chapterCount: sql<number>`(select count(*) from ${courseResources} where ${courseResources.courseId} = ${outer(courses.id)} and ${courseResources.hiddenAt} is null)`.mapWith(Number),
        learners: courseLearners,
        completions: courseCompletionsCount,
        total: totalOver(),
      })
      .from(courses)
      .innerJoin(categories, eq(categories.id, courses.categoryId))
      .where(filter)
      .orderBy(desc(courses.id))
      .limit(q.pageSize)
      .offset(offsetOf(q));
    return pageFrom(
      q,
      list,
      ({ total: _t, publishedAt, ...r }): C.AdminCourseRow => ({ ...r, publishedAt: iso(publishedAt) }),
      async () => (await db.select({ n: count() }).from(courses).where(filter))[0]?.n ?? 0,
    );
  }

  /** A change of status made on `version`. */
  async function setStatus(who: Who, t: { id: number; version: number }, to: 'published' | 'offline'): Promise<C.AdminCourse> {
    const after = await db.transaction(async (tx) => {
      const before = await courseOf(tx, t.id);
      if (!before) throw new Refusal(C.ADMIN_COURSES_MSG.notFound, 404);
      if (before.version !== t.version) throw stale();
      if (to === 'published') {
        if (before.status === 'published') throw new Refusal(C.ADMIN_COURSES_MSG.alreadyPublished);
        if (before.chapters.length === 0) throw new Refusal(C.ADMIN_COURSES_MSG.noChapters);
        if (before.chapters.every((c) => c.hidden)) throw new Refusal(C.ADMIN_COURSES_MSG.noVisibleChapters);
      } else if (before.status !== 'published') throw new Refusal(C.ADMIN_COURSES_MSG.notPublished);
      await claim(tx, t.id, t.version);
      // A first publication dates the course now: it is the newest of the catalogue.
      const dated = to === 'published' && before.status === 'draft' ? { publishedAt: new Date() } : {};
      await tx
        .update(courses)
        .set({ status: to, ...dated })
        .where(eq(courses.id, t.id));
      const after = (await courseOf(tx, t.id))!;
      await audit(tx, who, t.id, to === 'published' ? '发布课程' : '下架课程', before, after);
      return after;
    });
    changed?.();
    return after;
  }

  return {
    async options() {
      const all = await db.select({ id: categories.id, parentId: categories.parentId, name: categories.name }).from(categories).orderBy(asc(categories.sort), asc(categories.id));
      return {
        categories: all
          .filter((c) => c.parentId === null)
          .map((top) => ({ id: top.id, name: top.name, children: all.filter((c) => c.parentId === top.id).map((c) => ({ id: c.id, name: c.name })) })),
      };
    },

    list: (q: Filter & { pageNum: number; pageSize: number }) => rows(q, q),

    async exportList(f: Filter): Promise<XlsxExport<C.AdminCourseRow>> {
      async function* all() {
        for (let page = 1; page <= 100; page++) {
          const { list } = await rows(f, { pageNum: page, pageSize: 1000 });
          yield* list;
          if (list.length < 1000) return;
        }
      }
      const day = chinaDate();
      return {
        fileName: `课程列表_${day}`,
        asciiName: `courses-${day}.xlsx`,
        sheetName: '课程',
        title: `课程列表（导出于 ${day}）`,
        columns: [
          { header: '编号', width: 8, kind: 'number', value: (r) => r.id },
          { header: '课程名称', width: 36, kind: 'text', value: (r) => r.title },
          { header: '主讲人', width: 12, kind: 'text', value: (r) => r.lecturer },
          { header: '课程分类', width: 16, kind: 'text', value: (r) => r.categoryName },
          { header: '学时', width: 8, kind: 'number', value: (r) => r.creditHours },
          { header: '状态', width: 8, kind: 'text', value: (r) => C.COURSE_STATUS_LABELS[r.status] },
          { header: '章节', width: 8, kind: 'number', value: (r) => r.chapterCount },
          { header: '学习人数', width: 10, kind: 'number', value: (r) => r.learners },
          { header: '完成人数', width: 10, kind: 'number', value: (r) => r.completions },
          { header: '发布时间', width: 18, kind: 'datetime', value: (r) => new Date(r.publishedAt) },
        ],
        rows: all(),
      };
    },

    async get(id: number): Promise<C.AdminCourse> {
      const course = await courseOf(db, id);
      if (!course) throw new Refusal(C.ADMIN_COURSES_MSG.notFound, 404);
      return course;
    },

    async save(who: Who, given: C.CourseSave): Promise<C.AdminCourse> {
      const input = { ...given, chapters: await withMediaLengths(given.chapters) };
      const fields = {
        title: input.title,
        lecturer: input.lecturer,
        lecturerTitle: input.lecturerTitle,
        categoryId: input.categoryId,
        creditHours: input.creditHours,
        coverUrl: input.coverUrl,
        description: input.description,
      };
      if (input.id === undefined) {
        const after = await db.transaction(async (tx) => {
          await checkCategory(tx, input.categoryId);
          const [row] = await tx
            .insert(courses)
            .values({ ...fields, status: 'draft' })
            .returning({ id: courses.id });
          await arrangeChapters(tx, row!.id, input.chapters);
          const after = (await courseOf(tx, row!.id))!;
          await audit(tx, who, row!.id, '新建课程', null, after);
          return after;
        });
        changed?.();
        return after;
      }
      if (input.version === undefined) throw new Refusal('请提供所编辑的版本号');
      const id = input.id;
      const after = await db.transaction(async (tx) => {
        const before = await courseOf(tx, id);
        await claim(tx, id, input.version!);
        await checkCategory(tx, input.categoryId);
        // The course's hours change what later completions grant; granted ones keep theirs (course_completions.hours).
        await tx.update(courses).set(fields).where(eq(courses.id, id));
        if (await arrangeChapters(tx, id, input.chapters)) await completionsToCheck?.(tx, id);
        const after = (await courseOf(tx, id))!;
        await audit(tx, who, id, '编辑课程', before, after);
        return after;
      });
      changed?.();
      return after;
    },

    publish: (who: Who, t: { id: number; version: number }) => setStatus(who, t, 'published'),
    unpublish: (who: Who, t: { id: number; version: number }) => setStatus(who, t, 'offline'),

    async cover(who: Who, file: { bytes: Buffer; name: string } | null): Promise<{ url: string; name: string; size: number }> {
      const refuse = async (message: string): Promise<never> => {
        await platform.audit({ personId: who.personId, ip: who.ip, event: EVENT, target: 'upload:cover', outcome: 'failure', detail: { name: file?.name ?? '', size: file?.bytes.length ?? 0, reason: message } });
        throw new Refusal(message);
      };
      if (!file || file.bytes.length === 0) return refuse(C.ADMIN_COURSES_MSG.coverMissing);
      const type = imageTypeOf(file.bytes);
      if (!type) return refuse(C.ADMIN_COURSES_MSG.coverType);
      const month = new Date().toISOString().slice(0, 7).replace('-', '');
      const url = await storage.put(`courses/${month}/${newId(12)}.${type}`, file.bytes);
      const name = (file.name.split(/[\\/]/).pop() ?? '').slice(0, 100);
      await recordChange(db, { personId: who.personId, ip: who.ip, event: EVENT, target: 'upload:cover', action: '上传课程封面', before: null, after: { url, name, size: file.bytes.length } });
      return { url, name, size: file.bytes.length };
    },
  };
}
export type AdminCourses = ReturnType<typeof makeAdminCourses>;
