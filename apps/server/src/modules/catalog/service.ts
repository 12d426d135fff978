/**
 * The course catalogue: owns training years, installs, plans and their courses, categories, courses
 * and their resources, learning columns, the courses a person chose (addPersonCourse) and the
 * exams' public face. Course cards tell a logged-in learner whether a course is in their own courses
 * and, through the learning core's progress reader once it provides one, how far they are.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { canUsePermissionModules, catalog as K, MSG, UC_CODE, type exam } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { categories, columnItems, courseResources, courses, installs, learningColumns, personCourses, planCourses, plans, trainingYears } from '../../db/schema/catalog.ts';
import { exams } from '../../db/schema/exam.ts';
import { Refusal } from '../../http/errors.ts';
import type { Caller } from '../../http/auth.ts';
import { iso, isoOrNull, matchesAny, outer, offsetOf, pageFrom, totalOver, type Page, type PageQuery } from '../../lib/listing.ts';

/** A learner's completion (percent) of each of the given courses they have progress in. */
export type CourseProgressReader = (personId: number, courseIds: number[]) => Promise<Map<number, number>>;

/** A learner's standing in each of the given exams (attempts, best score, whether they may start). */
export type ExamStandingReader = (caller: Caller, examIds: number[]) => Promise<Map<number, ExamMine>>;

export interface CatalogDeps {
  db: Db;
  /** Provided by the learning core, which owns progress; without it cards answer progress null. */
  progress?: CourseProgressReader;
  /** Provided by the exam module, which owns attempts; without it exams answer mine null. */
  examStanding?: ExamStandingReader;
}

type ExamMine = exam.ExamMine;
type Who = Pick<Caller, 'personId' | 'personType' | 'createuser'> | null;

const published = eq(courses.status, 'published');

/** Training-class accounts may not use the permission-checked modules (SPEC.md section 6). */
export function refuseTrainingClass(caller: Who) {
  if (caller && !canUsePermissionModules(caller)) throw new Refusal(MSG.noPermission, UC_CODE.forbidden);
}

function stateOf(start: Date, end: Date, now: number): 'upcoming' | 'open' | 'ended' {
  if (now < start.getTime()) return 'upcoming';
  return now <= end.getTime() ? 'open' : 'ended';
}

/** What every course card shows, from `courses` joined with `categories` (also the learner's lists). */
export const courseCardBase = {
  id: courses.id,
  title: courses.title,
  lecturer: courses.lecturer,
  lecturerTitle: courses.lecturerTitle,
  categoryId: courses.categoryId,
  categoryName: categories.name,
  coverUrl: courses.coverUrl,
  creditHours: courses.creditHours,
  popularity: courses.popularity,
  publishedAt: courses.publishedAt,
};

export function makeCatalog({ db, progress, examStanding }: CatalogDeps) {
  /** The columns of a course card; `added` is answered in the same query. */
  const cardColumns = (who: Who) => ({
    ...courseCardBase,
    added: who
      ? sql<boolean>`exists (select 1 from ${personCourses} where ${personCourses.personId} = ${who.personId} and ${personCourses.courseId} = ${outer(courses.id)})`
      : sql<boolean>`false`,
  });
  type CardRow = { id: number; publishedAt: Date; added: boolean } & Omit<K.CourseCard, 'publishedAt' | 'added' | 'progress'>;

  /** Cards from rows, with the caller's progress read once for the whole list. */
  async function toCards<R extends CardRow>(who: Who, rows: R[]): Promise<(Omit<R, 'publishedAt' | 'total'> & { publishedAt: string; progress: number | null })[]> {
    const done = who && progress && rows.length > 0 ? await progress(who.personId, rows.map((r) => r.id)) : null;
    return rows.map(({ publishedAt, total: _t, ...r }: R & { total?: number }) => ({ ...r, added: Boolean(r.added), publishedAt: iso(publishedAt), progress: done ? (done.get(r.id) ?? 0) : null }));
  }

  /** A page of course cards under a filter and an order. */
  async function coursePage(who: Who, q: PageQuery, where: SQL | undefined, order: SQL[]): Promise<Page<K.CourseCard>> {
    const filter = and(published, where);
    const rows = await db
      .select({ ...cardColumns(who), total: totalOver() })
      .from(courses)
      .innerJoin(categories, eq(categories.id, courses.categoryId))
      .where(filter)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offsetOf(q));
    const cards = await toCards(who, rows);
    return pageFrom(q, cards.map((c, i) => ({ ...c, total: rows[i]!.total })), ({ total: _t, ...c }) => c, async () => (await db.select({ n: count() }).from(courses).where(filter))[0]?.n ?? 0);
  }

  const newest = [desc(courses.publishedAt), desc(courses.id)];
  const popular = [desc(courses.popularity), desc(courses.id)];

  return {
    async years(): Promise<K.TrainingYear[]> {
      return db.select({ id: trainingYears.id, year: trainingYears.year, name: trainingYears.name }).from(trainingYears).orderBy(desc(trainingYears.year));
    },

    /** Null when the year is unknown. */
    async installsOfYear(q: PageQuery & { yearId: number; kind?: K.InstallKind | undefined }): Promise<Page<K.InstallItem> | null> {
      const where = and(eq(installs.yearId, q.yearId), q.kind ? eq(installs.kind, q.kind) : undefined);
      const rows = await db
        .select({
          id: installs.id,
          yearId: installs.yearId,
          title: installs.title,
          kind: installs.kind,
          coverUrl: installs.coverUrl,
          description: installs.description,
          organizer: installs.organizer,
          applyStart: installs.applyStart,
          applyEnd: installs.applyEnd,
          startAt: installs.startAt,
          endAt: installs.endAt,
          capacity: installs.capacity,
          requiredHours: installs.requiredHours,
          planCount: sql<number>`(select count(*) from ${plans} where ${plans.installId} = ${outer(installs.id)})`.mapWith(Number),
          total: totalOver(),
        })
        .from(installs)
        .where(where)
        .orderBy(asc(installs.startAt), asc(installs.id))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      if (rows.length === 0) {
        const [year] = await db.select({ id: trainingYears.id }).from(trainingYears).where(eq(trainingYears.id, q.yearId)).limit(1);
        if (!year) return null;
      }
      const now = Date.now();
      return pageFrom(
        q,
        rows,
        ({ total: _t, ...r }) => ({
          ...r,
          applyStart: iso(r.applyStart),
          applyEnd: iso(r.applyEnd),
          startAt: iso(r.startAt),
          endAt: iso(r.endAt),
          state: stateOf(r.startAt, r.endAt, now),
          applyOpen: now >= r.applyStart.getTime() && now <= r.applyEnd.getTime(),
        }),
        async () => (await db.select({ n: count() }).from(installs).where(where))[0]?.n ?? 0,
      );
    },

    /** Null when the install is unknown. */
    async plansOfInstall(installId: number): Promise<K.PlanItem[] | null> {
      const linked = (required: boolean) =>
        sql<number>`(select count(*) from ${planCourses} where ${planCourses.planId} = ${outer(plans.id)} and ${planCourses.required} = ${required})`.mapWith(Number);
      const rows = await db
        .select({
          id: plans.id,
          installId: plans.installId,
          title: plans.title,
          description: plans.description,
          requiredHours: plans.requiredHours,
          requiredCount: linked(true),
          electiveCount: linked(false),
          totalHours: sql<number>`(select coalesce(sum(c.credit_hours), 0) from ${planCourses} pc join ${courses} c on c.id = pc.course_id where pc.plan_id = ${outer(plans.id)})`.mapWith(Number),
        })
        .from(plans)
        .where(eq(plans.installId, installId))
        .orderBy(asc(plans.sort), asc(plans.id));
      if (rows.length === 0) {
        const [inst] = await db.select({ id: installs.id }).from(installs).where(eq(installs.id, installId)).limit(1);
        if (!inst) return null;
      }
      return rows;
    },

    /** Null when the plan is unknown. */
    async coursesOfPlan(who: Who, q: PageQuery & { planId: number; required?: 'true' | 'false' | undefined }): Promise<Page<K.PlanCourseCard> | null> {
      const where = and(eq(planCourses.planId, q.planId), published, q.required ? eq(planCourses.required, q.required === 'true') : undefined);
      const rows = await db
        .select({ ...cardColumns(who), required: planCourses.required, total: totalOver() })
        .from(planCourses)
        .innerJoin(courses, eq(courses.id, planCourses.courseId))
        .innerJoin(categories, eq(categories.id, courses.categoryId))
        .where(where)
        .orderBy(desc(planCourses.required), asc(planCourses.sort), asc(courses.id))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      if (rows.length === 0) {
        const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, q.planId)).limit(1);
        if (!plan) return null;
      }
      const cards = await toCards(who, rows);
      return pageFrom(
        q,
        cards.map((c, i) => ({ ...c, total: rows[i]!.total })),
        ({ total: _t, ...c }) => c,
        async () => (await db.select({ n: count() }).from(planCourses).innerJoin(courses, eq(courses.id, planCourses.courseId)).where(where))[0]?.n ?? 0,
      );
    },

    newCourses: (who: Who, q: PageQuery) => coursePage(who, q, undefined, newest),
    popularCourses: (who: Who, q: PageQuery) => coursePage(who, q, undefined, popular),

    /** The /course catalogue: a category includes its sub-categories. */
    async searchCourses(who: Who, q: PageQuery & { keyword?: string | undefined; categoryId?: number | undefined; sort: K.CourseSort }) {
      refuseTrainingClass(who);
      const inCategory =
        q.categoryId === undefined
          ? undefined
          : or(eq(courses.categoryId, q.categoryId), inArray(courses.categoryId, db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, q.categoryId))));
      const where = and(q.keyword ? matchesAny(q.keyword, courses.title, courses.lecturer) : undefined, inCategory);
      return coursePage(who, q, where, q.sort === 'popular' ? popular : newest);
    },

    /** Null when the course is unknown or offline. */
    async course(who: Who, id: number): Promise<K.CourseDetail | null> {
      const [row] = await db
        .select({ ...cardColumns(who), description: courses.description })
        .from(courses)
        .innerJoin(categories, eq(categories.id, courses.categoryId))
        .where(and(eq(courses.id, id), published))
        .limit(1);
      if (!row) return null;
      const resources = await db
        .select({
          id: courseResources.id,
          title: courseResources.title,
          kind: courseResources.kind,
          durationSeconds: courseResources.durationSeconds,
          pages: courseResources.pages,
          minReadSeconds: courseResources.minReadSeconds,
          liveStart: courseResources.liveStart,
          liveEnd: courseResources.liveEnd,
        })
        .from(courseResources)
        // Hidden (停用) chapters leave the course's page; their learners' records stay.
        .where(and(eq(courseResources.courseId, id), isNull(courseResources.hiddenAt)))
        .orderBy(asc(courseResources.sort), asc(courseResources.id));
      const [card] = await toCards(who, [row]);
      return {
        ...card!,
        resources: resources.map((r) => ({
          ...r,
          durationSeconds: r.kind === 'pdf' ? null : r.durationSeconds,
          pages: r.kind === 'pdf' ? r.pages : null,
          minReadSeconds: r.kind === 'pdf' ? r.minReadSeconds : null,
          liveStart: r.kind === 'live' ? isoOrNull(r.liveStart) : null,
          liveEnd: r.kind === 'live' ? isoOrNull(r.liveEnd) : null,
        })),
      };
    },

    async categoryTree(): Promise<K.CategoryTreeNode[]> {
      const rows = await db
        .select({
          id: categories.id,
          parentId: categories.parentId,
          name: categories.name,
          own: sql<number>`(select count(*) from ${courses} where ${courses.categoryId} = ${outer(categories.id)} and ${courses.status} = 'published')`.mapWith(Number),
        })
        .from(categories)
        .orderBy(asc(categories.sort), asc(categories.id));
      return rows
        .filter((r) => r.parentId === null)
        .map((top) => {
          const children = rows.filter((c) => c.parentId === top.id).map((c) => ({ id: c.id, name: c.name, courseCount: c.own }));
          return { id: top.id, name: top.name, courseCount: top.own + children.reduce((s, c) => s + c.courseCount, 0), children };
        });
    },

    /** Popular courses the learner has not added, those of the categories they chose first. */
    async guessYouLike(who: Who, size: number): Promise<K.CourseCard[]> {
      refuseTrainingClass(who);
      const rows = await db
        .select(cardColumns(who))
        .from(courses)
        .innerJoin(categories, eq(categories.id, courses.categoryId))
        .where(and(published, who ? sql`not exists (select 1 from ${personCourses} where ${personCourses.personId} = ${who.personId} and ${personCourses.courseId} = ${outer(courses.id)})` : undefined))
        .orderBy(
          ...(who
            ? [desc(sql`${outer(courses.categoryId)} in (select c.category_id from ${personCourses} pc join ${courses} c on c.id = pc.course_id where pc.person_id = ${who.personId})`)]
            : []),
          ...popular,
        )
        .limit(size);
      return toCards(who, rows);
    },

    /** Adds a course to the caller's own courses, once. Null when the course is unknown or offline. */
    async addPersonCourse(caller: Caller, courseId: number): Promise<{ courseId: number; alreadyAdded: boolean; addedAt: string } | null> {
      refuseTrainingClass(caller);
      const [course] = await db.select({ id: courses.id }).from(courses).where(and(eq(courses.id, courseId), published)).limit(1);
      if (!course) return null;
      const [inserted] = await db.insert(personCourses).values({ personId: caller.personId, courseId }).onConflictDoNothing().returning({ addedAt: personCourses.addedAt });
      if (inserted) return { courseId, alreadyAdded: false, addedAt: iso(inserted.addedAt) };
      const [existing] = await db
        .select({ addedAt: personCourses.addedAt })
        .from(personCourses)
        .where(and(eq(personCourses.personId, caller.personId), eq(personCourses.courseId, courseId)))
        .limit(1);
      return { courseId, alreadyAdded: true, addedAt: iso(existing!.addedAt) };
    },

    async columnPage(caller: Caller, q: PageQuery): Promise<Page<K.ColumnItem>> {
      refuseTrainingClass(caller);
      const items = (courseItems: boolean) =>
        sql<number>`(select count(*) from ${columnItems} where ${columnItems.columnId} = ${outer(learningColumns.id)} and ${columnItems.courseId} is ${sql.raw(courseItems ? 'not null' : 'null')})`.mapWith(Number);
      const rows = await db
        .select({
          id: learningColumns.id,
          title: learningColumns.title,
          description: learningColumns.description,
          coverUrl: learningColumns.coverUrl,
          courseCount: items(true),
          articleCount: items(false),
          publishedAt: learningColumns.publishedAt,
          total: totalOver(),
        })
        .from(learningColumns)
        .orderBy(desc(learningColumns.publishedAt), desc(learningColumns.id))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      return pageFrom(q, rows, ({ total: _t, ...r }) => ({ ...r, publishedAt: iso(r.publishedAt) }), async () => (await db.select({ n: count() }).from(learningColumns))[0]?.n ?? 0);
    },

    /** Null when the column is unknown. */
    async column(caller: Caller, id: number): Promise<K.ColumnDetail | null> {
      refuseTrainingClass(caller);
      const [col] = await db.select().from(learningColumns).where(eq(learningColumns.id, id)).limit(1);
      if (!col) return null;
      const [courseRows, articles] = await Promise.all([
        db
          .select(cardColumns(caller))
          .from(columnItems)
          .innerJoin(courses, eq(courses.id, columnItems.courseId))
          .innerJoin(categories, eq(categories.id, courses.categoryId))
          .where(and(eq(columnItems.columnId, id), published))
          .orderBy(asc(columnItems.sort), asc(columnItems.id)),
        db
          .select({ id: columnItems.id, title: columnItems.title, body: columnItems.body, publishedAt: columnItems.publishedAt })
          .from(columnItems)
          .where(and(eq(columnItems.columnId, id), isNull(columnItems.courseId)))
          .orderBy(asc(columnItems.sort), asc(columnItems.id)),
      ]);
      const cards = await toCards(caller, courseRows);
      return {
        id: col.id,
        title: col.title,
        description: col.description,
        coverUrl: col.coverUrl,
        publishedAt: iso(col.publishedAt),
        courseCount: cards.length,
        articleCount: articles.length,
        courses: cards,
        articles: articles.map((a) => ({ ...a, publishedAt: iso(a.publishedAt) })),
      };
    },

    /** Exams not yet over: open ones first, each group by closing time (ended ones after, if asked); a learner's standing in each. */
    async openExams(caller: Caller | null, q: PageQuery & { ended?: 'true' | 'false' | undefined; installId?: number | undefined }): Promise<Page<K.ExamItem>> {
      // Drafts (being set up in the administration area) are not listed.
      const which = and(eq(exams.status, 'published'), q.installId !== undefined ? eq(exams.installId, q.installId) : q.ended === 'true' ? undefined : gt(exams.endAt, sql`now()`));
      const rows = await db
        .select({
          id: exams.id,
          title: exams.title,
          installTitle: sql<string>`coalesce(${installs.title}, '')`,
          startAt: exams.startAt,
          endAt: exams.endAt,
          durationMinutes: exams.durationMinutes,
          passScore: exams.passScore,
          totalScore: exams.totalScore,
          decidesCompletion: exams.decidesCompletion,
          total: totalOver(),
        })
        .from(exams)
        .leftJoin(installs, eq(installs.id, exams.installId))
        .where(which)
        .orderBy(sql`${exams.endAt} <= now()`, sql`${exams.startAt} > now()`, sql`case when ${exams.endAt} <= now() then -extract(epoch from ${exams.endAt}) else extract(epoch from ${exams.endAt}) end`, asc(exams.id))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      const now = Date.now();
      const mine = caller && examStanding ? await examStanding(caller, rows.map((r) => r.id)) : new Map<number, ExamMine>();
      return pageFrom(
        q,
        rows,
        ({ total: _t, ...r }) => ({ ...r, startAt: iso(r.startAt), endAt: iso(r.endAt), state: stateOf(r.startAt, r.endAt, now), mine: mine.get(r.id) ?? null }),
        async () => (await db.select({ n: count() }).from(exams).where(which))[0]?.n ?? 0,
      );
    },
  };
}
export type CatalogService = ReturnType<typeof makeCatalog>;
