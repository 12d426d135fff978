/**
 * Read-only class reports (ARCHITECTURE.md section 5): the joins the teacher's pages need across
 * modules. Reads persons and organs (person), courses, categories and course_resources (catalog),
 * course_completions and resource_progress (learning), exams and exam_attempts (exam), and the teaching tables (teacher). Writes
 * nothing, ever: every write goes through the module that owns the table.
 *
 * "Behind schedule" is defined here, once (studyRuleOf), and answered with every statistic.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { teacher as T, maskMobile } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { categories, courseResources, courses, installs } from '../../db/schema/catalog.ts';
import { examAttempts, exams } from '../../db/schema/exam.ts';
import { classMessages, messageRecipients } from '../../db/schema/inbox.ts';
import { courseCompletions, resourceProgress } from '../../db/schema/learning.ts';
import { organs, persons } from '../../db/schema/people.ts';
import { classCourses, classMembers, classTeachers, teacherClasses } from '../../db/schema/teaching.ts';
import { containsPattern, iso, isoOrNull, offsetOf, pageFrom, totalOver, type Page, type PageQuery } from '../../lib/listing.ts';
import { inUse } from '../learning/service.ts';
import { requiredSecondsOf } from '../catalog/requiredSeconds.ts';

export type ClassRow = typeof teacherClasses.$inferSelect;

/** How far ahead of the expected hours counts as "ahead": a tenth of the requirement. */
const AHEAD_MARGIN = 0.1;
/** A threshold no hours reach. */
const NEVER = 1e9;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The yardstick of a class at `now`: what a learner on schedule has earned by today, and the rule in words. */
export function studyRuleOf(cls: Pick<ClassRow, 'startAt' | 'endAt' | 'requiredHours'>, now = Date.now()): T.StudyRule {
  const span = cls.endAt.getTime() - cls.startAt.getTime();
  const elapsedShare = span <= 0 ? 1 : Math.min(1, Math.max(0, (now - cls.startAt.getTime()) / span));
  const expectedHours = round1(cls.requiredHours * elapsedShare);
  const pct = Math.round(elapsedShare * 100);
  return {
    requiredHours: cls.requiredHours,
    periodStart: iso(cls.startAt),
    periodEnd: iso(cls.endAt),
    elapsedShare,
    expectedHours,
    definition:
      `本班学习期内须完成${cls.requiredHours}学时，截至今天学习期已过${pct}%，按进度应完成${expectedHours}学时。` +
      `学时低于${expectedHours}为“进度落后”；达到${round1(expectedHours + cls.requiredHours * AHEAD_MARGIN)}学时（或提前完成全部学时）为“进度超前”；` +
      `学习期内没有任何学习记录为“尚未开始”。学时按学习期内完成课程的学时计算。`,
  };
}

/**
 * One member of a class with their hours in the class's period and their state against the rule;
 * only the members named in `members` when given (a slice, see memberStudySlices).
 */
function memberStudyRows(cls: ClassRow, rule: T.StudyRule, members?: number[]): SQL {
  const start = cls.startAt.toISOString();
  const end = cls.endAt.toISOString();
  const ahead = round1(rule.expectedHours + cls.requiredHours * AHEAD_MARGIN);
  // All the hours before the period's end is ahead too; once the period is over nobody is "ahead".
  const finishedEarly = rule.expectedHours < cls.requiredHours ? cls.requiredHours : NEVER;
  return sql`
    select p.person_id, p.person_no, p.person_name, coalesce(o.name, '') as organ_name, p.mobile,
      coalesce(h.required_hours, 0)::float8 as required_hours,
      coalesce(h.total_hours, 0)::float8 as total_hours,
      coalesce(h.completed, 0)::int as completed_courses,
      lp.last_study_at,
      ex.best as exam_best,
      case when not exists (select 1 from ${exams} x where x.install_id = ${cls.installId ?? -1}) then 'none'
           when ex.best is null then 'notTaken' when ex.passed then 'passed' else 'failed' end as exam_state,
      case
        when lp.last_study_at is null or lp.last_study_at < ${start}::timestamptz then 'notStarted'
        when coalesce(h.total_hours, 0) < ${rule.expectedHours}::numeric then 'behind'
        when coalesce(h.total_hours, 0) >= ${Math.min(ahead, finishedEarly)}::numeric then 'ahead'
        else 'onTrack'
      end as state
    from ${classMembers} m
    join ${persons} p on p.person_id = m.person_id
    left join ${organs} o on o.id = p.organ_id
    left join lateral (
      select sum(cc.hours) as total_hours, sum(cc.hours) filter (where k.required) as required_hours, count(*) as completed
      from ${courseCompletions} cc
      left join ${classCourses} k on k.class_id = m.class_id and k.course_id = cc.course_id
      where cc.person_id = m.person_id and cc.completed_at >= ${start}::timestamptz and cc.completed_at < ${end}::timestamptz
    ) h on true
    left join lateral (select max(rp.updated_at) as last_study_at from ${resourceProgress} rp where rp.person_id = m.person_id) lp on true
    left join lateral (
      select max(a.score)::float8 as best, bool_or(a.passed) as passed
      from ${examAttempts} a join ${exams} x on x.id = a.exam_id
      where a.person_id = m.person_id and a.submitted_at is not null and x.install_id = ${cls.installId ?? -1}
    ) ex on true
    where m.class_id = ${cls.id}${members ? sql` and m.person_id = any(${sql.param(members)}::int[])` : sql``}`;
}

interface RawStudyRow {
  person_id: number;
  person_no: string;
  person_name: string;
  organ_name: string;
  mobile: string;
  required_hours: number;
  total_hours: number;
  completed_courses: number;
  last_study_at: Date | string | null;
  exam_best: number | null;
  exam_state: T.ClassExamState;
  state: T.StudyState;
  total?: number | string;
}

const toDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

function toStudyRow(r: RawStudyRow): T.PersonStudyRow {
  const total = round1(Number(r.total_hours));
  const required = round1(Number(r.required_hours));
  return {
    personId: Number(r.person_id),
    personNo: r.person_no,
    personName: r.person_name,
    organName: r.organ_name,
    mobile: maskMobile(r.mobile),
    requiredHours: required,
    electiveHours: round1(total - required),
    totalHours: total,
    completedCourses: Number(r.completed_courses),
    lastStudyAt: isoOrNull(toDate(r.last_study_at)),
    state: r.state,
    examBestScore: r.exam_best === null ? null : Number(r.exam_best),
    examState: r.exam_state,
  };
}

const SORTS: Record<T.PersonStudyFilter['sort'], SQL> = {
  hoursAsc: sql`total_hours asc, person_id asc`,
  hoursDesc: sql`total_hours desc, person_id asc`,
  name: sql`person_name asc, person_id asc`,
  lastStudy: sql`last_study_at desc nulls last, person_id asc`,
};

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** The per-learner list's filter (the screen's and the export's). */
function studyFilter(f: Omit<T.PersonStudyFilter, 'classId'>): SQL {
  const where: SQL[] = [sql`true`];
  if (f.state) where.push(sql`state = ${f.state}`);
  if (f.keyword) {
    const p = containsPattern(f.keyword);
    where.push(sql`(person_name ilike ${p} or person_no ilike ${p} or organ_name ilike ${p})`);
  }
  return sql.join(where, sql` and `);
}

/**
 * Members per slice when a whole class is read: the embedded database runs each query on the event
 * loop, whole, so a class's statistics in one query would hold every other call for its length
 * (a 2,000-learner class: a quarter of a second and more); a slice of 200 is a few tens of ms.
 */
const SLICE = 200;

export function makeReports(db: Db, opts: { completionRatio: number }) {
  /** The per-learner list: one query for the screen's page. */
  async function personStudyPage(cls: ClassRow, rule: T.StudyRule, f: Omit<T.PersonStudyFilter, 'classId'>, q: PageQuery): Promise<Page<T.PersonStudyRow>> {
    const filtered = sql`select * from (${memberStudyRows(cls, rule)}) s where ${studyFilter(f)}`;
    const rows = rowsOf<RawStudyRow>(
      await db.execute(sql`select *, count(*) over() as total from (${filtered}) f order by ${SORTS[f.sort]} limit ${q.pageSize} offset ${offsetOf(q)}`),
    );
    return pageFrom(q, rows.map((r) => ({ ...r, total: Number(r.total) })), toStudyRow, async () => Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${filtered}) f`))[0]?.n ?? 0));
  }

  /**
   * The rows of every member of the class that pass `where`, a slice of members (by person id) at a
   * time, the event loop let run between slices; in person id order.
   */
  async function memberStudySlices(cls: ClassRow, rule: T.StudyRule, where: SQL): Promise<RawStudyRow[]> {
    const out: RawStudyRow[] = [];
    for (let after = 0; ; ) {
      const ids = (
        await db
          .select({ id: classMembers.personId })
          .from(classMembers)
          .where(and(eq(classMembers.classId, cls.id), gt(classMembers.personId, after)))
          .orderBy(asc(classMembers.personId))
          .limit(SLICE)
      ).map((r) => r.id);
      if (ids.length === 0) return out;
      out.push(...rowsOf<RawStudyRow>(await db.execute(sql`select * from (${memberStudyRows(cls, rule, ids)}) s where ${where} order by person_id`)));
      if (ids.length < SLICE) return out;
      after = ids.at(-1)!;
      await yieldToLoop();
    }
  }

  return {
    personStudyPage,

    /**
     * The same list, every row of the filter, in the screen's order (its ORDER BY, run on the rows
     * gathered slice by slice): the export's. Held until sorted, bounded by the class's size.
     */
    async personStudyAll(cls: ClassRow, rule: T.StudyRule, f: Omit<T.PersonStudyFilter, 'classId'>): Promise<T.PersonStudyRow[]> {
      const rows = await memberStudySlices(cls, rule, studyFilter(f));
      const col = (f: (r: RawStudyRow) => unknown) => sql.param(rows.map(f));
      const order = rowsOf<{ i: number }>(
        await db.execute(sql`select i from unnest(${col((r) => r.person_id)}::int[], ${col((r) => r.total_hours)}::float8[], ${col((r) => r.person_name)}::text[], ${col((r) => toDate(r.last_study_at)?.toISOString() ?? null)}::timestamptz[])
          with ordinality as s(person_id, total_hours, person_name, last_study_at, i) order by ${SORTS[f.sort]}`),
      );
      return order.map(({ i }) => toStudyRow(rows[Number(i) - 1]!));
    },

    /** Every member of the class with their hours and state (overviews; bounded by the class size), in person id order. */
    async allMemberStudy(cls: ClassRow, rule: T.StudyRule): Promise<(T.PersonStudyRow & { fullMobile: string })[]> {
      const rows = await memberStudySlices(cls, rule, sql`true`);
      return rows.map((r) => ({ ...toStudyRow(r), fullMobile: r.mobile }));
    },

    async classesOf(teacherId: number): Promise<ClassRow[]> {
      return db
        .select({ c: teacherClasses })
        .from(teacherClasses)
        .innerJoin(classTeachers, eq(classTeachers.classId, teacherClasses.id))
        .where(eq(classTeachers.personId, teacherId))
        .orderBy(desc(teacherClasses.startAt), asc(teacherClasses.id))
        .then((rows) => rows.map((r) => r.c));
    },

    /** The class, when `teacherId` is one of its teachers. */
    async classOfTeacher(teacherId: number, classId: number): Promise<ClassRow | null> {
      const [row] = await db
        .select({ c: teacherClasses })
        .from(teacherClasses)
        .innerJoin(classTeachers, and(eq(classTeachers.classId, teacherClasses.id), eq(classTeachers.personId, teacherId)))
        .where(eq(teacherClasses.id, classId));
      return row?.c ?? null;
    },

    /** Names of each class's teachers, the install's title, and the unread recipients of the caller's messages. */
    async classFacts(classIds: number[], teacherId: number) {
      if (classIds.length === 0) return new Map<number, { teachers: string[]; installTitle: string | null; unread: number }>();
      const teacherRows = await db
        .select({ classId: classTeachers.classId, name: persons.personName })
        .from(classTeachers)
        .innerJoin(persons, eq(persons.personId, classTeachers.personId))
        .where(inArray(classTeachers.classId, classIds))
        .orderBy(asc(persons.personId));
      const installRows = await db
        .select({ classId: teacherClasses.id, title: installs.title })
        .from(teacherClasses)
        .innerJoin(installs, eq(installs.id, teacherClasses.installId))
        .where(inArray(teacherClasses.id, classIds));
      const unreadRows = await db
        .select({ classId: classMessages.classId, n: sql<number>`count(*)::int` })
        .from(messageRecipients)
        .innerJoin(classMessages, eq(classMessages.id, messageRecipients.messageId))
        .where(and(inArray(classMessages.classId, classIds), eq(classMessages.senderId, teacherId), isNull(classMessages.deletedAt), isNull(messageRecipients.readAt)))
        .groupBy(classMessages.classId);
      return new Map(
        classIds.map((id) => [
          id,
          {
            teachers: teacherRows.filter((t) => t.classId === id).map((t) => t.name),
            installTitle: installRows.find((r) => r.classId === id)?.title ?? null,
            unread: unreadRows.find((r) => r.classId === id)?.n ?? 0,
          },
        ]),
      );
    },

    /** Per course of the class plan: members who started and completed it, and their mean progress. */
    async courseStudy(cls: ClassRow) {
      const plan = await db
        .select({ courseId: courses.id, title: courses.title, required: classCourses.required, creditHours: courses.creditHours })
        .from(classCourses)
        .innerJoin(courses, eq(courses.id, classCourses.courseId))
        .where(eq(classCourses.classId, cls.id))
        .orderBy(desc(classCourses.required), asc(classCourses.addedAt), asc(courses.id));
      const courseIds = plan.map((c) => c.courseId);
      if (courseIds.length === 0) return [];
      const members = db.select({ id: classMembers.personId }).from(classMembers).where(eq(classMembers.classId, cls.id));
      const [memberCount] = await db.select({ n: sql<number>`count(*)::int` }).from(classMembers).where(eq(classMembers.classId, cls.id));
      const resources = await db.select().from(courseResources).where(and(inArray(courseResources.courseId, courseIds), inUse));
      const needOf = new Map(resources.map((r) => [r.id, requiredSecondsOf(r, opts.completionRatio)]));
      const needPerCourse = new Map<number, number>();
      for (const r of resources) needPerCourse.set(r.courseId, (needPerCourse.get(r.courseId) ?? 0) + (needOf.get(r.id) ?? 0));
      const progress = await db
        .select({ personId: resourceProgress.personId, courseId: resourceProgress.courseId, resourceId: resourceProgress.resourceId, learned: resourceProgress.learnedSeconds, done: resourceProgress.completedAt })
        .from(resourceProgress)
        .where(and(inArray(resourceProgress.courseId, courseIds), inArray(resourceProgress.personId, members)));
      const completions = await db
        .select({ courseId: courseCompletions.courseId, n: sql<number>`count(*)::int` })
        .from(courseCompletions)
        .where(and(inArray(courseCompletions.courseId, courseIds), inArray(courseCompletions.personId, members)))
        .groupBy(courseCompletions.courseId);
      const got = new Map<number, { people: Set<number>; seconds: number }>();
      for (const p of progress) {
        const need = needOf.get(p.resourceId) ?? 0;
        const g = got.get(p.courseId) ?? { people: new Set<number>(), seconds: 0 };
        g.people.add(p.personId);
        g.seconds += p.done ? need : Math.min(need, p.learned);
        got.set(p.courseId, g);
      }
      const n = memberCount?.n ?? 0;
      return plan.map((c) => {
        const g = got.get(c.courseId);
        const need = needPerCourse.get(c.courseId) ?? 0;
        return {
          ...c,
          started: g?.people.size ?? 0,
          completed: completions.find((x) => x.courseId === c.courseId)?.n ?? 0,
          averageProgress: n === 0 || need === 0 || !g ? 0 : round1((g.seconds / (need * n)) * 100),
        };
      });
    },

    /** The class plan's courses, searched and paged, with how many members started each. */
    async classCourses(classId: number, keyword: string | undefined, q: PageQuery) {
      const members = db.select({ id: classMembers.personId }).from(classMembers).where(eq(classMembers.classId, classId));
      const started = sql<number>`(select count(distinct rp.person_id) from ${resourceProgress} rp where rp.course_id = ${classCourses.courseId} and rp.person_id in (${members}))`.mapWith(Number);
      const where = and(eq(classCourses.classId, classId), keyword ? sql`${courses.title} ilike ${containsPattern(keyword)}` : undefined);
      const base = db
        .select({
          courseId: courses.id,
          title: courses.title,
          lecturer: courses.lecturer,
          categoryName: categories.name,
          creditHours: courses.creditHours,
          required: classCourses.required,
          addedAt: classCourses.addedAt,
          started,
          total: totalOver(),
        })
        .from(classCourses)
        .innerJoin(courses, eq(courses.id, classCourses.courseId))
        .innerJoin(categories, eq(categories.id, courses.categoryId))
        .where(where)
        .orderBy(desc(classCourses.required), asc(classCourses.addedAt), asc(courses.id));
      const map = ({ total: _t, addedAt, ...r }: Awaited<typeof base>[number]) => ({ ...r, addedAt: iso(addedAt) });
      const rows = await base.limit(q.pageSize).offset(offsetOf(q));
      return pageFrom(q, rows, map, async () => (await db.select({ n: sql<number>`count(*)::int` }).from(classCourses).innerJoin(courses, eq(courses.id, classCourses.courseId)).where(where))[0]?.n ?? 0);
    },

    /** The roster with full mobiles (only the class's own teachers reach it). */
    async roster(classId: number, f: { keyword?: string | undefined; personId?: number }, q: PageQuery): Promise<Page<T.MemberItem>> {
      const keyword = f.keyword;
      const where = and(
        eq(classMembers.classId, classId),
        f.personId === undefined ? undefined : eq(classMembers.personId, f.personId),
        keyword
          ? sql`(${persons.personName} ilike ${containsPattern(keyword)} or ${persons.personNo} ilike ${containsPattern(keyword)} or ${persons.mobile} ilike ${containsPattern(keyword)} or coalesce(${organs.name}, '') ilike ${containsPattern(keyword)})`
          : undefined,
      );
      const rows = await db
        .select({
          personId: persons.personId,
          personNo: persons.personNo,
          personName: persons.personName,
          gender: persons.gender,
          nationName: persons.nationName,
          positionLevelId: persons.positionLevelId,
          positionLevelName: persons.positionLevelName,
          organName: sql<string>`coalesce(${organs.name}, '')`,
          mobile: persons.mobile,
          joinedAt: classMembers.joinedAt,
          total: totalOver(),
        })
        .from(classMembers)
        .innerJoin(persons, eq(persons.personId, classMembers.personId))
        .leftJoin(organs, eq(organs.id, persons.organId))
        .where(where)
        .orderBy(asc(persons.personNo), asc(persons.personId))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      return pageFrom(q, rows, ({ total: _t, joinedAt, ...r }) => ({ ...r, joinedAt: iso(joinedAt) }), async () =>
        (await db.select({ n: sql<number>`count(*)::int` }).from(classMembers).innerJoin(persons, eq(persons.personId, classMembers.personId)).leftJoin(organs, eq(organs.id, persons.organId)).where(where))[0]?.n ?? 0,
      );
    },

    /** Members among `personIds` (all members when empty) with their mobiles, for messages and SMS. */
    async members(classId: number, personIds: number[]) {
      return db
        .select({ personId: persons.personId, personName: persons.personName, mobile: persons.mobile })
        .from(classMembers)
        .innerJoin(persons, eq(persons.personId, classMembers.personId))
        .where(and(eq(classMembers.classId, classId), personIds.length ? inArray(classMembers.personId, personIds) : undefined))
        .orderBy(asc(persons.personId));
    },

    /**
     * Per member among `personIds`: the required courses of the class plan they have not opened (no
     * progress, no completion), in the plan's order; the reminders' {未开始课程}.
     */
    async requiredNotStarted(classId: number, personIds: number[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>(personIds.map((id) => [id, []]));
      if (personIds.length === 0) return out;
      const rows = await db
        .select({ personId: classMembers.personId, title: courses.title })
        .from(classCourses)
        .innerJoin(courses, eq(courses.id, classCourses.courseId))
        .innerJoin(classMembers, eq(classMembers.classId, classCourses.classId))
        .where(
          and(
            eq(classCourses.classId, classId),
            eq(classCourses.required, true),
            inArray(classMembers.personId, personIds),
            sql`not exists (select 1 from ${resourceProgress} rp where rp.person_id = ${classMembers.personId} and rp.course_id = ${classCourses.courseId})`,
            sql`not exists (select 1 from ${courseCompletions} cc where cc.person_id = ${classMembers.personId} and cc.course_id = ${classCourses.courseId})`,
          ),
        )
        .orderBy(asc(classMembers.personId), asc(classCourses.addedAt), asc(courses.id));
      for (const r of rows) out.get(r.personId)!.push(r.title);
      return out;
    },

    /** The names of `personIds` (members or not: a reminder's sender, a learner who has left the class). */
    async personNames(personIds: number[]): Promise<Map<number, string>> {
      if (personIds.length === 0) return new Map();
      const rows = await db.select({ id: persons.personId, name: persons.personName }).from(persons).where(inArray(persons.personId, [...new Set(personIds)]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** A published course, for the class plan. */
    async publishedCourse(courseId: number) {
      const [c] = await db
        .select({ courseId: courses.id, title: courses.title, lecturer: courses.lecturer, categoryName: categories.name, creditHours: courses.creditHours })
        .from(courses)
        .innerJoin(categories, eq(categories.id, courses.categoryId))
        .where(and(eq(courses.id, courseId), eq(courses.status, 'published')));
      return c ?? null;
    },

    /** Whether any member of the class has progress in the course (then it stays in the plan). */
    async studiedInClass(classId: number, courseId: number): Promise<boolean> {
      const members = db.select({ id: classMembers.personId }).from(classMembers).where(eq(classMembers.classId, classId));
      const [row] = await db.select({ one: sql`1` }).from(resourceProgress).where(and(eq(resourceProgress.courseId, courseId), inArray(resourceProgress.personId, members))).limit(1);
      return !!row;
    },

    /** Messages of a class with their read counts. */
    async messages(classId: number, keyword: string | undefined, q: PageQuery, messageId?: number): Promise<Page<T.SentMessage>> {
      const where = and(
        eq(classMessages.classId, classId),
        isNull(classMessages.deletedAt),
        messageId === undefined ? undefined : eq(classMessages.id, messageId),
        keyword ? sql`(${classMessages.title} ilike ${containsPattern(keyword)} or ${classMessages.content} ilike ${containsPattern(keyword)})` : undefined,
      );
      const rows = await db
        .select({
          id: classMessages.id,
          title: classMessages.title,
          content: classMessages.content,
          sms: classMessages.sms,
          sentAt: classMessages.sentAt,
          senderName: persons.personName,
          recipientCount: sql<number>`(select count(*) from ${messageRecipients} r where r.message_id = ${classMessages.id})`.mapWith(Number),
          readCount: sql<number>`(select count(*) from ${messageRecipients} r where r.message_id = ${classMessages.id} and r.read_at is not null)`.mapWith(Number),
          total: totalOver(),
        })
        .from(classMessages)
        .innerJoin(persons, eq(persons.personId, classMessages.senderId))
        .where(where)
        .orderBy(desc(classMessages.sentAt), desc(classMessages.id))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      return pageFrom(q, rows, ({ total: _t, sentAt, ...r }) => ({ ...r, sentAt: iso(sentAt) }), async () => (await db.select({ n: sql<number>`count(*)::int` }).from(classMessages).where(where))[0]?.n ?? 0);
    },

    async recipients(messageId: number) {
      const rows = await db
        .select({ personId: persons.personId, personName: persons.personName, organName: sql<string>`coalesce(${organs.name}, '')`, readAt: messageRecipients.readAt, smsStatus: messageRecipients.smsStatus, smsAt: messageRecipients.smsAt })
        .from(messageRecipients)
        .innerJoin(persons, eq(persons.personId, messageRecipients.personId))
        .leftJoin(organs, eq(organs.id, persons.organId))
        .where(eq(messageRecipients.messageId, messageId))
        .orderBy(asc(messageRecipients.readAt), asc(persons.personId));
      return rows.map((r) => ({ ...r, readAt: isoOrNull(r.readAt), smsAt: isoOrNull(r.smsAt) }));
    },

    /** A learner's messages (not deleted), newest first. */
    async myMessages(personId: number, unreadOnly: boolean, q: PageQuery, messageId?: number) {
      const where = and(
        eq(messageRecipients.personId, personId),
        isNull(classMessages.deletedAt),
        unreadOnly ? isNull(messageRecipients.readAt) : undefined,
        messageId === undefined ? undefined : eq(messageRecipients.messageId, messageId),
      );
      const rows = await db
        .select({
          id: classMessages.id,
          // A message from the college itself has no class and no sender.
          className: sql<string>`coalesce(${teacherClasses.name}, '')`,
          senderName: sql<string>`coalesce(${persons.personName}, '学院')`,
          title: classMessages.title,
          // A reminder's recipient reads their own text.
          content: sql<string>`coalesce(${messageRecipients.content}, ${classMessages.content})`,
          link: classMessages.link,
          sentAt: classMessages.sentAt,
          readAt: messageRecipients.readAt,
          total: totalOver(),
        })
        .from(messageRecipients)
        .innerJoin(classMessages, eq(classMessages.id, messageRecipients.messageId))
        .leftJoin(teacherClasses, eq(teacherClasses.id, classMessages.classId))
        .leftJoin(persons, eq(persons.personId, classMessages.senderId))
        .where(where)
        .orderBy(desc(classMessages.sentAt), desc(classMessages.id))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      return pageFrom(q, rows, ({ total: _t, sentAt, readAt, ...r }) => ({ ...r, sentAt: iso(sentAt), readAt: isoOrNull(readAt) }), async () =>
        (await db.select({ n: sql<number>`count(*)::int` }).from(messageRecipients).innerJoin(classMessages, eq(classMessages.id, messageRecipients.messageId)).where(where))[0]?.n ?? 0,
      );
    },
  };
}
export type Reports = ReturnType<typeof makeReports>;
