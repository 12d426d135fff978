/**
 * The demo tells one story: every certificate in it is earned by the learning and the 结业考试 its
 * ledger shows, and every page that shows the same figure shows the same value (the learner's
 * certificate list, the topic page, the class statistics); the learners docs/demo-data.md promises a clean
 * start have no record at all; each plan offers the hours it asks for, and a class asks for no more
 * than its required courses carry. Walks a freshly seeded demo through the real calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { learning as L, teacher as T, type CallDef } from '@portal/contract';
import { createTestApp, DEMO_PASSWORDS, type TestApp } from '../test/harness.ts';
import {
  certificates,
  classCourses,
  classMembers,
  classTeachers,
  courseCompletions,
  courseResources,
  courses,
  enrolments,
  examAttempts,
  exams,
  installs,
  persons,
  planCourses,
  plans,
  progressReports,
  resourceProgress,
  studySessions,
  teacherClasses,
} from '../db/schema/index.ts';
import { isClean, REVOKED_HOLDER } from './seed-learning.ts';
import { demoCertificateNo } from './seed-content.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Obj<D> = { res: boolean; resMsg: string; obj: D };
async function ok<D>(c: CallDef, token: string, query?: Record<string, string | number>): Promise<D> {
  const r = (await t.call(c, { token, ...(query ? { query } : {}) })).json as Obj<D>;
  if (!r.res) throw new Error(`${c.name}: ${r.resMsg}`);
  return r.obj;
}
const rows = <R>(r: unknown) => (r as { rows: R[] }).rows;

/** Hours of the person's completed courses in the install's plans: what the completion rule counts. */
const ledgerHours = async (personId: number, installId: number) =>
  Number(
    rows<{ h: string | number }>(
      await t.db.execute(sql`select coalesce(sum(cc.hours), 0) as h from ${courseCompletions} cc where cc.person_id = ${personId}
        and cc.course_id in (select pc.course_id from ${planCourses} pc join ${plans} p on p.id = pc.plan_id where p.install_id = ${installId})`),
    )[0]!.h,
  );

describe('the demo', () => {
  it('every certificate is earned by its holder’s ledger and 结业考试, and shows the hours the learner’s pages show', { timeout: 300_000 }, async () => {
    const all = await t.db
      .select({ c: certificates, mobile: persons.mobile, required: installs.requiredHours })
      .from(certificates)
      .innerJoin(persons, eq(persons.personId, certificates.personId))
      .innerJoin(installs, eq(installs.id, certificates.installId))
      .orderBy(asc(certificates.id));
    expect(all.length).toBeGreaterThan(50);
    expect(all[0]).toMatchObject({ mobile: '13800000001', c: { certNo: demoCertificateNo() } });
    const revoked = all.filter((r) => r.c.revokedAt);
    expect(revoked.map((r) => r.mobile)).toEqual([REVOKED_HOLDER]);

    const deciding = await t.db.select().from(exams).where(and(eq(exams.decidesCompletion, true), isNotNull(exams.installId)));
    const tokens = new Map<string, string>();
    for (const { c, mobile, required } of all) {
      const why = `${c.certNo} (${mobile})`;
      // The ledger: the hours the rule counts meet the requirement and are the certificate's; none came after it.
      const hours = await ledgerHours(c.personId, c.installId);
      expect(hours, why).toBeGreaterThanOrEqual(required);
      expect(c.hours, why).toBe(hours);
      const late = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(courseCompletions)
        .where(and(eq(courseCompletions.personId, c.personId), sql`${courseCompletions.completedAt} > ${c.issuedAt}`, sql`${courseCompletions.courseId} in (select pc.course_id from ${planCourses} pc join ${plans} p on p.id = pc.plan_id where p.install_id = ${c.installId})`));
      expect(late[0]!.n, why).toBe(0);
      // Every 结业考试 of the install passed by an attempt submitted before the certificate.
      for (const x of deciding.filter((e) => e.installId === c.installId)) {
        const passed = await t.db.select().from(examAttempts).where(and(eq(examAttempts.examId, x.id), eq(examAttempts.personId, c.personId), eq(examAttempts.passed, true)));
        expect(passed.length, `${why} ${x.title}`).toBe(1);
        expect(passed[0]!.score!, why).toBeGreaterThanOrEqual(x.passScore);
        expect(passed[0]!.submittedAt!.getTime(), why).toBeLessThanOrEqual(c.issuedAt.getTime());
      }
      // The enrolment was completed when the certificate was issued.
      const [e] = await t.db.select().from(enrolments).where(and(eq(enrolments.personId, c.personId), eq(enrolments.installId, c.installId)));
      expect(e, why).toMatchObject({ status: 'completed', completedAt: c.issuedAt });

      // The learner's pages: the certificate list and the topic page show the same hours.
      const token = tokens.get(mobile) ?? (await t.login(mobile));
      tokens.set(mobile, token);
      const mine = await ok<L.MyCertificate[]>(L.certificate, token);
      expect(mine.find((m) => m.certNo === c.certNo), why).toMatchObject({ hours: c.hours, installId: c.installId, revokedAt: c.revokedAt ? c.revokedAt.toISOString() : null });
      const topic = await ok<L.InstallDetail>(L.findCoursePlan, token, { installId: c.installId });
      expect(topic.install, why).toMatchObject({ earnedHours: c.hours, enrolment: 'completed' });
      expect(topic.plans.reduce((n, p) => n + p.earnedHours, 0), why).toBeCloseTo(c.hours, 5);
    }
    // Each course completion of a holder: every chapter completed by then, by the seconds its reports credited.
    const unbacked = rows<{ person_id: number; course_id: number }>(
      await t.db.execute(sql`select cc.person_id, cc.course_id from ${courseCompletions} cc join ${courseResources} r on r.course_id = cc.course_id
        left join ${resourceProgress} rp on rp.resource_id = r.id and rp.person_id = cc.person_id
        where cc.person_id in (select person_id from ${certificates})
          and (rp.completed_at is null or rp.completed_at > cc.completed_at
               or rp.learned_seconds <> (select coalesce(sum(pr.credited_seconds), 0) from ${progressReports} pr where pr.person_id = cc.person_id and pr.resource_id = r.id))`),
    );
    expect(unbacked).toEqual([]);
    // No one completed an install without its certificate.
    const [uncertified] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(enrolments)
      .where(and(eq(enrolments.status, 'completed'), sql`not exists (select 1 from ${certificates} c where c.person_id = ${enrolments.personId} and c.install_id = ${enrolments.installId})`));
    expect(uncertified!.n).toBe(0);
  });

  it('the class statistics show each member’s certificate hours and the exam attempts behind them', { timeout: 120_000 }, async () => {
    const classes = await t.db.select().from(teacherClasses).orderBy(asc(teacherClasses.id));
    expect(classes.length).toBeGreaterThan(0);
    let compared = 0;
    for (const cls of classes) {
      const [aTeacher] = await t.db.select({ mobile: persons.mobile }).from(classTeachers).innerJoin(persons, eq(persons.personId, classTeachers.personId)).where(eq(classTeachers.classId, cls.id)).limit(1);
      const token = await t.login(aTeacher!.mobile, DEMO_PASSWORDS.teacher);
      const list: T.PersonStudyRow[] = [];
      for (let pageNum = 1; ; pageNum++) {
        const page = await ok<{ list: T.PersonStudyRow[]; total: number }>(T.findClassPersonStudy, token, { classId: cls.id, pageNum, pageSize: 100 });
        list.push(...page.list);
        if (list.length >= page.total) break;
      }
      const held = cls.installId === null ? [] : await t.db.select().from(certificates).where(and(eq(certificates.installId, cls.installId), inArray(certificates.personId, list.map((r) => r.personId))));
      const classExams = cls.installId === null ? [] : await t.db.select().from(exams).where(eq(exams.installId, cls.installId));
      for (const r of list) {
        const cert = held.find((c) => c.personId === r.personId);
        if (cert) {
          expect(r.totalHours, `${cls.name}: ${r.personName}`).toBe(cert.hours);
          compared++;
        }
        // 已参加/未参加 as the attempts have it; a certificate whose install has a 结业考试 shows it passed.
        const attempts = classExams.length === 0 ? [] : await t.db.select().from(examAttempts).where(and(eq(examAttempts.personId, r.personId), inArray(examAttempts.examId, classExams.map((x) => x.id)), isNotNull(examAttempts.submittedAt)));
        const expected = classExams.length === 0 ? 'none' : attempts.length === 0 ? 'notTaken' : attempts.some((a) => a.passed) ? 'passed' : 'failed';
        expect(r.examState, `${cls.name}: ${r.personName}`).toBe(expected);
        if (cert && classExams.some((x) => x.decidesCompletion)) expect(r.examState).toBe('passed');
      }
    }
    // The demo's classes do hold certificates of their trainings.
    expect(compared).toBeGreaterThan(0);
  });

  it('the learners promised a clean start have no learning record, no enrolment and no certificate', async () => {
    const clean = (await t.db.select({ personId: persons.personId, mobile: persons.mobile }).from(persons)).filter((p) => isClean(p.mobile)).map((p) => p.personId);
    expect(clean).toHaveLength(80);
    for (const table of [enrolments, resourceProgress, courseCompletions, studySessions, progressReports, examAttempts, certificates, classMembers] as const) {
      const [n] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(inArray(table.personId, clean));
      expect(n!.n).toBe(0);
    }
  });

  it('every plan offers the hours it asks for; a class asks for no more than its required courses carry, as its page says', async () => {
    const planTotals = rows<{ title: string; required: string | number; offered: string | number }>(
      await t.db.execute(sql`select p.title, p.required_hours as required, sum(c.credit_hours) as offered
        from ${plans} p join ${planCourses} pc on pc.plan_id = p.id join ${courses} c on c.id = pc.course_id group by p.id`),
    );
    for (const p of planTotals) expect(Number(p.offered), p.title).toBeGreaterThanOrEqual(Number(p.required));
    const installTotals = rows<{ title: string; required: string | number; offered: string | number }>(
      await t.db.execute(sql`select i.title, i.required_hours as required, (select coalesce(sum(c.credit_hours), 0) from ${planCourses} pc join ${plans} p on p.id = pc.plan_id join ${courses} c on c.id = pc.course_id where p.install_id = i.id) as offered from ${installs} i`),
    );
    for (const i of installTotals) expect(Number(i.offered), i.title).toBeGreaterThanOrEqual(Number(i.required));

    const token = await t.login('13800000004', DEMO_PASSWORDS.teacher);
    const mine = await ok<T.ClassSummary[]>(T.findClass, token);
    expect(mine.length).toBeGreaterThan(0);
    for (const cls of mine) {
      const plan = await ok<{ cls: T.ClassSummary; requiredCourses: number; requiredCourseHours: number; electiveCourses: number; electiveCourseHours: number }>(T.findClassPlan, token, { classId: cls.id });
      const courseRows = await t.db.select({ required: classCourses.required, hours: courses.creditHours }).from(classCourses).innerJoin(courses, eq(courses.id, classCourses.courseId)).where(eq(classCourses.classId, cls.id));
      const of = (required: boolean) => courseRows.filter((c) => c.required === required);
      expect(plan).toMatchObject({
        requiredCourses: of(true).length,
        requiredCourseHours: of(true).reduce((n, c) => n + c.hours, 0),
        electiveCourses: of(false).length,
        electiveCourseHours: of(false).reduce((n, c) => n + c.hours, 0),
      });
      expect(plan.cls.requiredHours, cls.name).toBeLessThanOrEqual(plan.requiredCourseHours);
      expect(plan.cls.requiredHours).toBe(cls.requiredHours);
    }
  });
});
