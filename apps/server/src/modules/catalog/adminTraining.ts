/**
 * 培训管理's years, topics (installs) and plans in the administration area: the catalogue's own
 * tables (training_years, installs, plans, plan_courses), written here one record at a time as the
 * imports write them in bulk (modules/import plans.ts). The classes of a topic are the teacher
 * module's (teacher/adminClasses.ts); the learning ledger (enrolments, resource_progress) and what
 * hangs on a topic elsewhere (classes, exams, assignments, certificates) are only read, to count and to
 * refuse; the cancelled applications of a topic deleted by mistake are dropped by the learning core.
 *
 * - Every change is audited with before and after (recordChange, event adminTraining); a topic or plan
 *   is changed under its row lock naming the version read, so two administrators never save over
 *   each other (the imports raise the same versions when they change a row).
 * - A topic's required hours are part of its issuing rule, fixed once it starts (ADR 0024); a course
 *   an enrolled learner has studied stays in its plan.
 * - Learners read these tables on every request; `changed` forgets this instance's rendered pages.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { adminTraining as T } from '@portal/contract';
import type { z } from 'zod';
import { type Db, type Tx, type Q, one } from '../../db/client.ts';
import { categories, courses, installs, planCourses, plans, trainingYears } from '../../db/schema/catalog.ts';
import { certificates } from '../../db/schema/certificate.ts';
import { exams } from '../../db/schema/exam.ts';
import { enrolments } from '../../db/schema/learning.ts';
import { classMembers, teacherClasses } from '../../db/schema/teaching.ts';
import { works } from '../../db/schema/work.ts';
import { Refusal, stale } from '../../http/errors.ts';
import { chinaDate, type XlsxExport } from '../../http/xlsx.ts';
import { dateIn } from '@portal/contract/calendar';
import { allRows, containsPattern, offsetOf, pageOf, iso } from '../../lib/listing.ts';
import type { Platform } from '../platform/service.ts';
import { changeRecorded, recordChange } from '../admin/service.ts';
import type { Who } from '../../http/auth.ts';

type Paging = { pageNum: number; pageSize: number };
type TopicSave = z.infer<typeof T.adminTopicSave.body>;
type PlanSave = z.infer<typeof T.adminPlanSave.body>;

export interface AdminTrainingDeps {
  db: Db;
  platform: Platform;
  timeZone: string;
  /** Something learners see changed: forget this instance's rendered pages. */
  changed(): void;
  /** The learning core drops a topic's applications (only cancelled ones are left when it is deleted; same transaction). */
  dropApplications(tx: Tx, installId: number): Promise<void>;
}

const EVENT = 'adminTraining';
/** The one row a plain select answers. */

export function makeAdminTraining({ db, platform, timeZone, changed, dropApplications }: AdminTrainingDeps) {
  /** The change's audit entry, written in the change's own transaction. */
  const audit = (tx: Tx, who: Who, target: string, action: string, before: unknown, after: unknown) =>
    recordChange(tx, { personId: who.personId, ip: who.ip, event: EVENT, target, action, before, after });

  // ---- years ---------------------------------------------------------------------------------------

  const yearColumns = {
    id: trainingYears.id,
    year: trainingYears.year,
    name: trainingYears.name,
    topicCount: sql<number>`(select count(*)::int from ${installs} i where i.year_id = ${trainingYears.id})`,
  };
  async function yearById(q: Q, id: number): Promise<T.AdminYear> {
    const [y] = await q.select(yearColumns).from(trainingYears).where(eq(trainingYears.id, id));
    if (!y) throw new Refusal(T.TRAINING_MSG.yearMissing);
    return y;
  }

  /** An end before its start is refused with the field's own message. */
  function checkTimes(a: Date, b: Date, message: string) {
    if (b < a) throw new Refusal(message);
  }

  // ---- topics --------------------------------------------------------------------------------------

  const topicColumns = {
    i: installs,
    year: trainingYears.year,
    planCount: sql<number>`(select count(*)::int from ${plans} p where p.install_id = ${installs.id})`,
    applicantCount: sql<number>`(select count(*)::int from ${enrolments} e where e.install_id = ${installs.id} and e.status <> 'cancelled')`,
    classCount: sql<number>`(select count(*)::int from ${teacherClasses} c where c.install_id = ${installs.id})`,
  };
  type TopicRow = { i: typeof installs.$inferSelect; year: number; planCount: number; applicantCount: number; classCount: number };
  const topicItem = ({ i, ...r }: TopicRow): T.AdminTopicItem => ({
    id: i.id,
    code: i.code,
    yearId: i.yearId,
    year: r.year,
    title: i.title,
    kind: i.kind,
    applyStart: iso(i.applyStart),
    applyEnd: iso(i.applyEnd),
    startAt: iso(i.startAt),
    endAt: iso(i.endAt),
    capacity: i.capacity,
    requiredHours: i.requiredHours,
    planCount: r.planCount,
    applicantCount: r.applicantCount,
    classCount: r.classCount,
    version: i.version,
  });

  function topicWhere(f: z.infer<typeof T.topicFilter>): SQL | undefined {
    return and(f.title ? ilike(installs.title, containsPattern(f.title)) : undefined, f.yearId ? eq(installs.yearId, f.yearId) : undefined, f.kind ? eq(installs.kind, f.kind) : undefined);
  }

  async function topicDetail(q: Q, id: number): Promise<T.AdminTopicDetail> {
    const [row] = await q.select(topicColumns).from(installs).innerJoin(trainingYears, eq(trainingYears.id, installs.yearId)).where(eq(installs.id, id));
    if (!row) throw new Refusal(T.TRAINING_MSG.topicMissing, 404);
    const planRows = await q.select().from(plans).where(eq(plans.installId, id)).orderBy(asc(plans.sort), asc(plans.id));
    const courseRows = planRows.length
      ? await q
          .select({
            planId: planCourses.planId,
            courseId: courses.id,
            title: courses.title,
            lecturer: courses.lecturer,
            creditHours: courses.creditHours,
            required: planCourses.required,
            sort: planCourses.sort,
            offline: sql<boolean>`${courses.status} = 'offline'`,
            studied: studiedBy(sql`${courses.id}`, id),
          })
          .from(planCourses)
          .innerJoin(courses, eq(courses.id, planCourses.courseId))
          .where(inArray(planCourses.planId, planRows.map((p) => p.id)))
          .orderBy(desc(planCourses.required), asc(planCourses.sort), asc(courses.id))
      : [];
    const [classRows, examRows] = await Promise.all([
      q
        .select({ id: teacherClasses.id, name: teacherClasses.name, memberCount: sql<number>`(select count(*)::int from ${classMembers} m where m.class_id = ${teacherClasses.id})` })
        .from(teacherClasses)
        .where(eq(teacherClasses.installId, id))
        .orderBy(asc(teacherClasses.id)),
      q.select({ id: exams.id, title: exams.title, status: exams.status, decidesCompletion: exams.decidesCompletion }).from(exams).where(eq(exams.installId, id)).orderBy(asc(exams.startAt), asc(exams.id)),
    ]);
    return {
      ...topicItem(row),
      organizer: row.i.organizer,
      description: row.i.description,
      coverUrl: row.i.coverUrl,
      plans: planRows.map((p) => ({
        id: p.id,
        title: p.title,
        description: p.description,
        requiredHours: p.requiredHours,
        sort: p.sort,
        version: p.version,
        courses: courseRows.filter((c) => c.planId === p.id).map(({ planId: _p, ...c }) => c),
      })),
      classes: classRows,
      exams: examRows,
    };
  }

  /** Learners enrolled in the topic (not cancelled) who have any progress in the course. */
  const studiedBy = (courseId: SQL | number, installId: number) =>
    sql<number>`(select count(distinct rp.person_id)::int from resource_progress rp join ${enrolments} e on e.person_id = rp.person_id
                  where rp.course_id = ${courseId} and e.install_id = ${installId} and e.status <> 'cancelled')`;

  /** What the audit keeps of a topic: its fields and its plans' courses (ids, required). */
  const topicRecord = (d: T.AdminTopicDetail) => {
    const { plans: ps, classes: _c, exams: _e, planCount: _pc, applicantCount: _a, classCount: _cc, ...rest } = d;
    return { ...rest, plans: ps.map((p) => ({ id: p.id, title: p.title, requiredHours: p.requiredHours, courses: p.courses.map((c) => ({ courseId: c.courseId, required: c.required })) })) };
  };

  /** A topic locked for a change of it or its plans. */
  async function lockTopic(tx: Tx, id: number) {
    const [row] = await tx.select().from(installs).where(eq(installs.id, id)).for('update');
    if (!row) throw new Refusal(T.TRAINING_MSG.topicMissing, 404);
    return row;
  }

  async function lockPlan(tx: Tx, id: number, version: number | null) {
    const [p] = await tx.select().from(plans).where(eq(plans.id, id));
    if (!p) throw new Refusal(T.TRAINING_MSG.planMissing, 404);
    await lockTopic(tx, p.installId);
    const [locked] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
    if (!locked) throw new Refusal(T.TRAINING_MSG.planMissing, 404);
    if (version !== null && locked.version !== version) throw stale();
    return locked;
  }

  /** One change of a topic's plans: locked, done, audited with the topic before and after, pages forgotten. */
  async function planChange(who: Who, planId: number, version: number | null, action: string, change: (tx: Tx, plan: typeof plans.$inferSelect) => Promise<void>) {
    const after = await db.transaction(async (tx) => {
      const plan = await lockPlan(tx, planId, version);
      const before = await topicDetail(tx, plan.installId);
      await change(tx, plan);
      const after = await topicDetail(tx, plan.installId);
      await audit(tx, who, `plan:${planId}`, action, topicRecord(before), topicRecord(after));
      return after;
    });
    changed();
    return after;
  }

  const svc = {
    async options() {
      const [years, topics] = await Promise.all([
        db.select(yearColumns).from(trainingYears).orderBy(desc(trainingYears.year)),
        db
          .select({ id: installs.id, title: installs.title, year: trainingYears.year })
          .from(installs)
          .innerJoin(trainingYears, eq(trainingYears.id, installs.yearId))
          .orderBy(desc(installs.startAt), desc(installs.id))
          .limit(500),
      ]);
      return { years, topics };
    },

    async yearSave(who: Who, input: z.infer<typeof T.adminYearSave.body>) {
      const after = await changeRecorded(
        db,
        async (tx) => {
          const [taken] = await tx.select({ id: trainingYears.id }).from(trainingYears).where(eq(trainingYears.year, input.year));
          if (taken && taken.id !== input.id) throw new Refusal(T.TRAINING_MSG.yearTaken(input.year));
          if (input.id === null) {
            const [row] = await tx.insert(trainingYears).values({ year: input.year, name: input.name }).onConflictDoNothing().returning({ id: trainingYears.id });
            if (!row) throw new Refusal(T.TRAINING_MSG.yearTaken(input.year));
            return { id: row.id, before: null };
          }
          const before = await yearById(tx, input.id);
          await tx.update(trainingYears).set({ year: input.year, name: input.name }).where(eq(trainingYears.id, input.id));
          return { id: input.id, before };
        },
        async (tx, { id, before }) => {
          const after = await yearById(tx, id);
          await audit(tx, who, `year:${id}`, before ? '修改培训年度' : '新建培训年度', before, after);
          return after;
        },
      );
      changed();
      return after;
    },

    async topicList(f: z.infer<typeof T.topicFilter> & Paging) {
      const where = topicWhere(f);
      const [rows, [total]] = await Promise.all([
        db
          .select(topicColumns)
          .from(installs)
          .innerJoin(trainingYears, eq(trainingYears.id, installs.yearId))
          .where(where)
          .orderBy(desc(installs.startAt), desc(installs.id))
          .limit(f.pageSize)
          .offset(offsetOf(f)),
        db.select({ n: count() }).from(installs).where(where),
      ]);
      return pageOf(f, rows.map(topicItem), total?.n ?? 0);
    },

    /** The list's own query, page after page: the file holds what the screen pages through. */
    async topicExport(who: Who, f: z.infer<typeof T.topicFilter>): Promise<XlsxExport<T.AdminTopicItem>> {
      await platform.audit({ personId: who.personId, ip: who.ip, event: EVENT, target: 'topics:export', outcome: 'success', detail: { action: '导出培训项目', filter: f } });
      const day = chinaDate();
      return {
        fileName: `培训项目_${day}`,
        asciiName: `topics-${day}.xlsx`,
        sheetName: '培训项目',
        title: `培训项目（导出于 ${day}）`,
        columns: [
          { header: '项目编号', width: 14, kind: 'text', value: (r) => r.code ?? '' },
          { header: '年度', width: 8, kind: 'number', value: (r) => r.year },
          { header: '项目名称', width: 36, kind: 'text', value: (r) => r.title },
          { header: '项目类型', width: 10, kind: 'text', value: (r) => T.TOPIC_KIND_LABELS[r.kind] },
          { header: '报名开始', width: 12, kind: 'date', value: (r) => new Date(r.applyStart) },
          { header: '报名截止', width: 12, kind: 'date', value: (r) => new Date(r.applyEnd) },
          { header: '培训开始', width: 12, kind: 'date', value: (r) => new Date(r.startAt) },
          { header: '培训结束', width: 12, kind: 'date', value: (r) => new Date(r.endAt) },
          { header: '名额', width: 8, kind: 'text', value: (r) => (r.capacity > 0 ? String(r.capacity) : '不限') },
          { header: '要求学时', width: 10, kind: 'number', value: (r) => r.requiredHours },
          { header: '学习计划数', width: 10, kind: 'number', value: (r) => r.planCount },
          { header: '报名人数', width: 10, kind: 'number', value: (r) => r.applicantCount },
          { header: '班级数', width: 8, kind: 'number', value: (r) => r.classCount },
        ],
        rows: allRows((q) => svc.topicList({ ...f, ...q })),
      };
    },

    topicGet: (id: number) => topicDetail(db, id),

    async topicSave(who: Who, input: TopicSave) {
      const { id: givenId, version, ...fields } = input;
      const values = {
        yearId: fields.yearId,
        title: fields.title,
        kind: fields.kind,
        organizer: fields.organizer,
        description: fields.description,
        coverUrl: fields.coverUrl || `/media/covers/install-${fields.kind}.webp`,
        applyStart: new Date(fields.applyStart),
        applyEnd: new Date(fields.applyEnd),
        startAt: new Date(fields.startAt),
        endAt: new Date(fields.endAt),
        capacity: fields.capacity,
        requiredHours: fields.requiredHours,
      };
      checkTimes(values.applyStart, values.applyEnd, T.TRAINING_MSG.applyEndBeforeStart);
      checkTimes(values.startAt, values.endAt, T.TRAINING_MSG.endBeforeStart);
      const after = await changeRecorded(
        db,
        async (tx) => {
          await yearById(tx, fields.yearId);
          if (givenId === null) {
            const [row] = await tx.insert(installs).values(values).returning({ id: installs.id });
            return { id: row!.id, before: null };
          }
          const locked = await lockTopic(tx, givenId);
          if (version === null || locked.version !== version) throw stale();
          const before = await topicDetail(tx, givenId);
          if (fields.capacity > 0 && fields.capacity < before.applicantCount) throw new Refusal(T.TRAINING_MSG.capacityBelowApplicants(before.applicantCount));
          const now = await one<{ now: string }>(tx, sql`select now()::text as now`);
          if (locked.startAt <= new Date(now.now) && Number(locked.requiredHours) !== fields.requiredHours) throw new Refusal(T.TRAINING_MSG.hoursAfterStart(dateIn(timeZone, locked.startAt.getTime())));
          await tx.update(installs).set({ ...values, version: sql`${installs.version} + 1` }).where(eq(installs.id, givenId));
          return { id: givenId, before };
        },
        async (tx, { id, before }) => {
          const after = await topicDetail(tx, id);
          await audit(tx, who, `install:${id}`, before ? '修改培训项目' : '新建培训项目', before && topicRecord(before), topicRecord(after));
          return after;
        },
      );
      changed();
      return after;
    },

    /**
     * A topic created by mistake goes, with its plans (and any cancelled application), while nothing of a
     * learner's record depends on it: nobody enrolled, no class, exam, assignment or certificate.
     */
    async topicDelete(who: Who, input: { id: number; version: number }) {
      await db.transaction(async (tx) => {
        const locked = await lockTopic(tx, input.id);
        if (locked.version !== input.version) throw stale();
        const before = await topicDetail(tx, input.id);
        const held = await one<{ enrolled: number; classes: number; exams: number; works: number; certificates: number }>(
          tx,
          sql`select (select count(*)::int from ${enrolments} where ${enrolments.installId} = ${input.id} and ${enrolments.status} <> 'cancelled') as enrolled,
                     (select count(*)::int from ${teacherClasses} where ${teacherClasses.installId} = ${input.id}) as classes,
                     (select count(*)::int from ${exams} where ${exams.installId} = ${input.id}) as exams,
                     (select count(*)::int from ${works} where ${works.installId} = ${input.id}) as works,
                     (select count(*)::int from ${certificates} where ${certificates.installId} = ${input.id}) as certificates`,
        );
        const what = [
          held.enrolled > 0 ? `已有${held.enrolled}人报名` : '',
          held.classes > 0 ? `下设${held.classes}个班级` : '',
          held.exams > 0 ? `关联${held.exams}场考试` : '',
          held.works > 0 ? `布置了${held.works}项作业` : '',
          held.certificates > 0 ? `已颁发${held.certificates}张证书` : '',
        ].filter(Boolean);
        if (what.length > 0) throw new Refusal(T.TRAINING_MSG.topicInUse(what.join('、')));
        await dropApplications(tx, input.id);
        await tx.delete(planCourses).where(inArray(planCourses.planId, tx.select({ id: plans.id }).from(plans).where(eq(plans.installId, input.id))));
        await tx.delete(plans).where(eq(plans.installId, input.id));
        await tx.delete(installs).where(eq(installs.id, input.id));
        await audit(tx, who, `install:${input.id}`, '删除培训项目', topicRecord(before), null);
      });
      changed();
      return { id: input.id };
    },

    async planSave(who: Who, input: PlanSave) {
      const fields = { title: input.title, description: input.description, requiredHours: input.requiredHours, sort: input.sort };
      const titleTaken = async (tx: Tx, installId: number, except: number | null) => {
        const [same] = await tx.select({ id: plans.id }).from(plans).where(and(eq(plans.installId, installId), eq(plans.title, input.title)));
        if (same && same.id !== except) throw new Refusal(T.TRAINING_MSG.planTitleTaken);
      };
      if (input.id === null) {
        const after = await db.transaction(async (tx) => {
          await lockTopic(tx, input.installId);
          const before = await topicDetail(tx, input.installId);
          await titleTaken(tx, input.installId, null);
          const [row] = await tx.insert(plans).values({ installId: input.installId, ...fields }).returning({ id: plans.id });
          const after = await topicDetail(tx, input.installId);
          await audit(tx, who, `plan:${row!.id}`, '新建学习计划', topicRecord(before), topicRecord(after));
          return after;
        });
        changed();
        return after;
      }
      if (input.version === null) throw stale();
      return planChange(who, input.id, input.version, '修改学习计划', async (tx, plan) => {
        await titleTaken(tx, plan.installId, plan.id);
        await tx.update(plans).set({ ...fields, version: sql`${plans.version} + 1` }).where(eq(plans.id, plan.id));
      });
    },

    planDelete: (who: Who, input: { id: number; version: number }) =>
      planChange(who, input.id, input.version, '删除学习计划', async (tx, plan) => {
        const [n] = await tx.select({ n: count() }).from(planCourses).where(eq(planCourses.planId, plan.id));
        if ((n?.n ?? 0) > 0) throw new Refusal(T.TRAINING_MSG.planNotEmpty);
        await tx.delete(plans).where(eq(plans.id, plan.id));
      }),

    planCourseAdd: (who: Who, input: { planId: number; courseId: number; required: boolean }) =>
      planChange(who, input.planId, null, '计划中加入课程', async (tx, plan) => {
        const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, input.courseId));
        if (!course) throw new Refusal(T.TRAINING_MSG.courseMissing);
        const [last] = await tx.select({ sort: sql<number>`coalesce(max(${planCourses.sort}), 0)::int` }).from(planCourses).where(eq(planCourses.planId, plan.id));
        const [row] = await tx
          .insert(planCourses)
          .values({ planId: plan.id, courseId: input.courseId, required: input.required, sort: (last?.sort ?? 0) + 1 })
          .onConflictDoNothing()
          .returning({ courseId: planCourses.courseId });
        if (!row) throw new Refusal(T.TRAINING_MSG.courseInPlan);
        await tx.update(plans).set({ version: sql`${plans.version} + 1` }).where(eq(plans.id, plan.id));
      }),

    planCourseRemove: (who: Who, input: { planId: number; courseId: number }) =>
      planChange(who, input.planId, null, '从计划中移出课程', async (tx, plan) => {
        const [inPlan] = await tx.select({ courseId: planCourses.courseId }).from(planCourses).where(and(eq(planCourses.planId, plan.id), eq(planCourses.courseId, input.courseId)));
        if (!inPlan) throw new Refusal(T.TRAINING_MSG.courseNotInPlan);
        const { n } = await one<{ n: number }>(tx, sql`select ${studiedBy(input.courseId, plan.installId)} as n`);
        if (n > 0) throw new Refusal(T.TRAINING_MSG.courseStudied(n));
        await tx.delete(planCourses).where(and(eq(planCourses.planId, plan.id), eq(planCourses.courseId, input.courseId)));
        await tx.update(plans).set({ version: sql`${plans.version} + 1` }).where(eq(plans.id, plan.id));
      }),

    async courses(f: { text?: string | undefined } & Paging) {
      const where = f.text ? or(ilike(courses.title, containsPattern(f.text)), ilike(courses.lecturer, containsPattern(f.text))) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: courses.id, title: courses.title, lecturer: courses.lecturer, category: categories.name, creditHours: courses.creditHours, offline: sql<boolean>`${courses.status} = 'offline'` })
          .from(courses)
          .innerJoin(categories, eq(categories.id, courses.categoryId))
          .where(where)
          .orderBy(desc(courses.publishedAt), desc(courses.id))
          .limit(f.pageSize)
          .offset(offsetOf(f)),
        db.select({ n: count() }).from(courses).where(where),
      ]);
      return pageOf(f, rows, total?.n ?? 0);
    },
  };
  return svc;
}
export type AdminTraining = ReturnType<typeof makeAdminTraining>;
