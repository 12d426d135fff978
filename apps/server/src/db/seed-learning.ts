/**
 * Demo learning records, so the classroom, statistics and course cards are meaningful on a fresh
 * start: learners enrolled in this year's annual training and in open special topics, with completed
 * and half-studied courses. Every credited interval has its session and report row, as live learning
 * would leave them, so "why" can be answered for seeded hours too.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { DEMO_SHORT_TOPIC } from './seed-content.ts';
import { courseCompletions, courseResources, courses, enrolments, installs, persons, planCourses, plans, progressReports, resourceProgress, studySessions, trainingYears } from './schema/index.ts';
import { chinaYear, requiredSecondsOf } from '../modules/learning/service.ts';

const RATIO = 0.95;
const DAY = 86_400_000;

export async function seedLearning(db: Db, rnd: () => number) {
  const now = Date.now();
  const year = chinaYear(new Date(now));
  const allInstalls = await db.select({ id: installs.id, kind: installs.kind, applyStart: installs.applyStart, applyEnd: installs.applyEnd, startAt: installs.startAt, endAt: installs.endAt, requiredHours: installs.requiredHours, year: trainingYears.year }).from(installs).innerJoin(trainingYears, eq(trainingYears.id, installs.yearId)).orderBy(asc(installs.id));
  const annual = allInstalls.find((i) => i.kind === 'annual' && i.year === year);
  // The short topic stays untouched by the demo's learners: whoever tries it starts from nothing.
  const shortTopic = (await db.select({ id: installs.id }).from(installs).where(eq(installs.title, DEMO_SHORT_TOPIC.title)))[0]?.id;
  const openSpecials = allInstalls.filter((i) => i.kind === 'special' && i.id !== shortTopic && i.startAt.getTime() <= now && now <= i.endAt.getTime());
  if (!annual) return;

  const planRows = await db.select({ installId: plans.installId, courseId: planCourses.courseId, required: planCourses.required }).from(planCourses).innerJoin(plans, eq(plans.id, planCourses.planId)).orderBy(asc(plans.sort), asc(planCourses.sort));
  const coursesOf = (installId: number) => planRows.filter((p) => p.installId === installId);
  const resources = await db.select().from(courseResources).orderBy(asc(courseResources.sort), asc(courseResources.id));
  const hoursOf = new Map((await db.select({ id: courses.id, h: courses.creditHours }).from(courses)).map((c) => [c.id, c.h]));

  const learners = await db
    .select({ personId: persons.personId, mobile: persons.mobile })
    .from(persons)
    .where(and(eq(persons.personType, 1), eq(persons.createuser, 'admin')))
    .orderBy(asc(persons.personId));

  const enrolRows: (typeof enrolments.$inferInsert)[] = [];
  const progressRows: (typeof resourceProgress.$inferInsert)[] = [];
  const completionRows: (typeof courseCompletions.$inferInsert)[] = [];
  const sessionRows: { personId: number; resourceId: number; courseId: number; startedAt: Date; credited: number }[] = [];

  for (const learner of learners) {
    // 13900010020-13900010099 start with a clean record: tests and first-time walkthroughs use them.
    if (learner.mobile >= '13900010020' && learner.mobile < '13900010100') continue;
    const featured = learner.mobile === '13800000001';
    if (!featured && rnd() < 0.3) continue;
    const mine = [annual, ...(featured ? openSpecials.slice(0, 2) : openSpecials.filter(() => rnd() < 0.25))];
    for (const i of mine) {
      // Somewhere inside the install's apply window, never in the future.
      const from = i.applyStart.getTime();
      const to = Math.min(i.applyEnd.getTime(), now);
      enrolRows.push({ personId: learner.personId, installId: i.id, status: 'applied', appliedAt: new Date(from + rnd() * Math.max(0, to - from)) });
    }

    const courseIds = [...new Set(mine.flatMap((i) => coursesOf(i.id).map((c) => c.courseId)))];
    const completeCount = featured ? 3 : Math.floor(rnd() * Math.min(8, courseIds.length));
    // The featured learner keeps the open topics' courses unstarted beyond the first, so there is always something to study.
    const toComplete = courseIds.slice(0, completeCount);
    const toStart = courseIds.slice(completeCount, completeCount + (featured ? 1 : rnd() < 0.6 ? 1 : 0));
    for (const courseId of [...toComplete, ...toStart]) {
      const done = toComplete.includes(courseId);
      const finishedAt = new Date(now - Math.floor(rnd() * Math.min(300, (now - Date.UTC(year, 0, 2)) / DAY)) * DAY - Math.floor(rnd() * DAY));
      const chapters = resources.filter((r) => r.courseId === courseId);
      chapters.forEach((r, idx) => {
        const required = requiredSecondsOf(r, RATIO);
        const learned = done ? required : idx === 0 ? Math.floor(required * 0.4) : 0;
        if (learned === 0) return;
        const at = new Date(finishedAt.getTime() - (chapters.length - idx) * 3_600_000);
        progressRows.push({ personId: learner.personId, resourceId: r.id, courseId, learnedSeconds: learned, maxPosition: r.kind === 'video' ? Math.min(r.durationSeconds ?? 0, learned) : 0, lastPosition: r.kind === 'video' ? Math.min(r.durationSeconds ?? 0, learned) : 0, completedAt: done ? at : null, updatedAt: at });
        sessionRows.push({ personId: learner.personId, resourceId: r.id, courseId, startedAt: new Date(at.getTime() - learned * 1000), credited: learned });
      });
      if (done && chapters.length > 0) completionRows.push({ personId: learner.personId, courseId, completedAt: finishedAt, year, hours: hoursOf.get(courseId) ?? 0 });
    }
  }

  const chunk = async <T>(rows: T[], size: number, f: (part: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += size) await f(rows.slice(i, i + size));
  };
  await chunk(enrolRows, 500, (part) => db.insert(enrolments).values(part));
  await chunk(progressRows, 500, (part) => db.insert(resourceProgress).values(part));
  await chunk(completionRows, 500, (part) => db.insert(courseCompletions).values(part));
  await chunk(sessionRows, 500, async (part) => {
    const ids = await db
      .insert(studySessions)
      .values(part.map((s) => ({ personId: s.personId, resourceId: s.resourceId, courseId: s.courseId, startedAt: s.startedAt, creditFrom: s.startedAt, supersededAt: new Date(s.startedAt.getTime() + s.credited * 1000), creditedSeconds: s.credited, lastReportAt: new Date(s.startedAt.getTime() + s.credited * 1000) })))
      .returning({ id: studySessions.id });
    await db.insert(progressReports).values(
      part.map((s, i) => ({ reportId: randomUUID(), personId: s.personId, sessionId: ids[i]!.id, resourceId: s.resourceId, receivedAt: new Date(s.startedAt.getTime() + s.credited * 1000), clientTime: new Date(s.startedAt.getTime() + s.credited * 1000).toISOString(), event: 'end', position: 0, playedSeconds: s.credited, creditedSeconds: s.credited })),
    );
  });

  // Installs whose required hours are earned are completed; popularity counts the learners of each course.
  const installIds = allInstalls.map((i) => i.id);
  if (installIds.length) {
    await db.execute(sql`update ${enrolments} e set status = 'completed', completed_at = now()
      where e.install_id in (${sql.join(installIds.map((id) => sql`${id}`), sql`, `)})
        and (select i.required_hours from ${installs} i where i.id = e.install_id) <= (
          select coalesce(sum(cc.hours), 0) from ${courseCompletions} cc where cc.person_id = e.person_id
            and cc.course_id in (select pc.course_id from ${planCourses} pc join ${plans} p on p.id = pc.plan_id where p.install_id = e.install_id))`);
  }
  const started = [...new Set(progressRows.map((p) => p.courseId))];
  if (started.length) {
    await db.execute(sql`update ${courses} c set popularity = c.popularity + sub.n
      from (select course_id, count(distinct person_id)::int as n from ${resourceProgress} group by course_id) sub
      where sub.course_id = c.id and c.id in (${sql.join(started.map((id) => sql`${id}`), sql`, `)})`);
  }
}
