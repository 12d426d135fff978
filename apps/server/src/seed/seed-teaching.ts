/**
 * Demo classes (PRODUCT.md section 8): the demo teacher 13800000004 teaches two classes,
 * the first with 13800000001 and about 60 learners of 13900010100…13900010199 in every state (ahead,
 * on track, behind, never started: chosen from the learning records seed-learning.ts left, whose
 * hours are read, never written, here), with messages read and unread; another teacher
 * (13700000001) has a class of their own, so the wall between classes can be seen and tested.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { classCourses, classMembers, classMessages, classTeachers, courses, installs, messageRecipients, persons, planCourses, plans, teacherClasses, trainingYears } from '../db/schema/index.ts';
import { makeReports, studyRuleOf } from '../modules/reports/service.ts';
import { chinaYear } from '../modules/learning/service.ts';
import { ANNUAL_CLASS_DAYS_AGO } from './seed-learning.ts';

const DAY = 86_400_000;
/** How many learners of each state the first class keeps (about 60 with 13800000001). */
const WANTED = { notStarted: 12, behind: 20, onTrack: 14, ahead: 14 } as const;

export async function seedTeaching(db: Db, rnd: () => number) {
  const now = Date.now();
  const year = chinaYear(new Date(now));
  const people = await db.select({ personId: persons.personId, mobile: persons.mobile }).from(persons).orderBy(asc(persons.personId));
  const idOf = (mobile: string) => people.find((p) => p.mobile === mobile)?.personId;
  const teacher = idOf('13800000004');
  const coTeacher = idOf('13700000002');
  const otherTeacher = idOf('13700000001');
  const featured = idOf('13800000001');
  if (!teacher || !coTeacher || !otherTeacher || !featured) return;
  const inRange = (from: string, to: string) => people.filter((p) => p.mobile >= from && p.mobile <= to).map((p) => p.personId);
  const candidates = inRange('13900010100', '13900010199');

  const thisYear = await db
    .select({ id: installs.id, kind: installs.kind, title: installs.title })
    .from(installs)
    .innerJoin(trainingYears, eq(trainingYears.id, installs.yearId))
    .where(eq(trainingYears.year, year))
    .orderBy(asc(installs.id));
  const annual = thisYear.find((i) => i.kind === 'annual');
  const classInstall = thisYear.find((i) => i.kind === 'class');
  const planOf = async (installId: number | undefined) =>
    installId === undefined
      ? []
      : db
          .select({ courseId: planCourses.courseId, required: planCourses.required })
          .from(planCourses)
          .innerJoin(plans, eq(plans.id, planCourses.planId))
          .where(eq(plans.installId, installId))
          .orderBy(asc(plans.sort), asc(planCourses.sort));

  const [first, second, other] = await db
    .insert(teacherClasses)
    .values([
      { name: `${year}年度处级干部网络专题学习一班`, installId: annual?.id ?? null, startAt: new Date(now - ANNUAL_CLASS_DAYS_AGO * DAY), endAt: new Date(now + 60 * DAY), requiredHours: 10 },
      { name: `${classInstall?.title ?? `全省县处级干部进修班（${year}年）`}线上学习班`, installId: classInstall?.id ?? null, startAt: new Date(now - 10 * DAY), endAt: new Date(now + 30 * DAY), requiredHours: 6 },
      { name: `${year}年度乡科级干部网络专题学习班`, installId: annual?.id ?? null, startAt: new Date(now - ANNUAL_CLASS_DAYS_AGO * DAY), endAt: new Date(now + 60 * DAY), requiredHours: 10 },
    ])
    .returning();
  if (!first || !second || !other) return;
  await db.insert(classTeachers).values([
    { classId: first.id, personId: teacher },
    { classId: second.id, personId: teacher },
    { classId: second.id, personId: coTeacher },
    { classId: other.id, personId: otherTeacher },
  ]);

  const hoursOf = new Map((await db.select({ id: courses.id, h: courses.creditHours }).from(courses)).map((c) => [c.id, c.h]));
  const annualPlan = (await planOf(annual?.id)).slice(0, 12);
  const classPlan = await planOf(classInstall?.id);
  // Each plan was drawn up a few days before its class began.
  const planRows = (cls: { id: number; startAt: Date }, rows: { courseId: number; required: boolean }[], addedBy: number) =>
    rows.map((r) => ({ classId: cls.id, courseId: r.courseId, required: r.required, addedBy, addedAt: new Date(cls.startAt.getTime() - 5 * DAY) }));
  const allPlans = [...planRows(first, annualPlan, teacher), ...planRows(second, classPlan, teacher), ...planRows(other, annualPlan.slice(0, 8), otherTeacher)];
  if (allPlans.length) await db.insert(classCourses).values(allPlans);
  // A class asks for no more hours than its required courses carry: completing them completes the class.
  const requiredCourseHours = (classId: number) => allPlans.filter((r) => r.classId === classId && r.required).reduce((n, r) => n + (hoursOf.get(r.courseId) ?? 0), 0);
  for (const cls of [second, other]) {
    const capped = Math.min(cls.requiredHours, requiredCourseHours(cls.id));
    if (capped !== cls.requiredHours) await db.update(teacherClasses).set({ requiredHours: capped }).where(eq(teacherClasses.id, cls.id));
  }

  // The first class: every candidate joins, their states are read, and about 60 in every state stay.
  const joined = (classId: number, ids: number[], daysAgo: number) => ids.map((personId) => ({ classId, personId, joinedAt: new Date(now - daysAgo * DAY) }));
  await db.insert(classMembers).values(joined(first.id, [featured, ...candidates], 245));
  const reports = makeReports(db, { completionRatio: 0.95 });
  // The requirement is set where the learners' hours fall, so that the states spread however the seed landed.
  const started = (await reports.allMemberStudy(first, studyRuleOf(first, now))).filter((r) => r.totalHours > 0).map((r) => r.totalHours).sort((x, y) => x - y);
  const median = started[Math.floor(started.length / 2)] ?? 4;
  const requiredHours = Math.min(requiredCourseHours(first.id), Math.max(4, Math.round(median / studyRuleOf(first, now).elapsedShare)));
  await db.update(teacherClasses).set({ requiredHours }).where(eq(teacherClasses.id, first.id));
  const firstClass = { ...first, requiredHours };
  const rows = await reports.allMemberStudy(firstClass, studyRuleOf(firstClass, now));
  const keep = new Set<number>([featured]);
  for (const [state, n] of Object.entries(WANTED)) {
    for (const r of rows.filter((x) => x.state === state && x.personId !== featured).slice(0, n)) keep.add(r.personId);
  }
  // However the states fell, the class has about 60 learners.
  for (const r of rows) if (keep.size < 61) keep.add(r.personId);
  const dropped = candidates.filter((id) => !keep.has(id));
  if (dropped.length) await db.delete(classMembers).where(and(eq(classMembers.classId, first.id), inArray(classMembers.personId, dropped)));
  await db.insert(classMembers).values(joined(second.id, dropped.slice(0, 24), 12));
  await db.insert(classMembers).values(joined(other.id, [idOf('13800000005'), ...inRange('13900010000', '13900010019')].filter((id): id is number => id !== undefined), 245));

  const members = [...keep];
  const stateOf = new Map(rows.map((r) => [r.personId, r.state]));
  const lagging = members.filter((id) => stateOf.get(id) === 'behind' || stateOf.get(id) === 'notStarted');
  type Spec = { classId: number; senderId: number; title: string; content: string; daysAgo: number; to: number[]; readShare: number; sms?: boolean; unreadFor?: number[] };
  const specs: Spec[] = [
    {
      classId: first.id,
      senderId: teacher,
      title: '关于开展年度网络专题学习的通知',
      content: '各位学员：本班年度网络专题学习已经开始，请登录干部网络学院，按照班级学习计划完成必修课程，并根据工作需要选学选修课程。学习中遇到问题，请在工作日联系班主任。',
      daysAgo: 230,
      to: members,
      readShare: 0.95,
    },
    {
      classId: first.id,
      senderId: teacher,
      title: '第三季度学习情况通报',
      content: '截至9月底，本班多数学员已完成过半学时，但仍有部分学员尚未开始学习。请大家合理安排时间，确保年底前完成规定学时。',
      daysAgo: 55,
      to: members,
      readShare: 0.8,
    },
    {
      classId: first.id,
      senderId: teacher,
      title: '请尽快补齐学习进度',
      content: '经系统统计，您目前的学习进度落后于班级计划。距学习期结束已不足两个月，请尽快登录学习，按时完成规定学时，以免影响年度考核。',
      daysAgo: 3,
      to: lagging,
      readShare: 0.3,
      sms: true,
    },
    {
      classId: first.id,
      senderId: teacher,
      title: '关于参加12月集中面授的通知',
      content: '本班定于12月中旬在省委党校开展为期两天的集中面授，具体时间和报到安排另行通知，请各位学员提前协调好工作。',
      daysAgo: 1,
      to: members,
      readShare: 0.4,
      unreadFor: [featured],
    },
    {
      classId: second.id,
      senderId: coTeacher,
      title: '开班须知',
      content: '欢迎参加全省县处级干部进修班。线上学习期间请每天登录学习不少于1小时，完成班级学习计划中的全部必修课程。',
      daysAgo: 9,
      to: dropped.slice(0, 24),
      readShare: 0.7,
    },
    {
      classId: other.id,
      senderId: otherTeacher,
      title: '年度学习安排',
      content: '本年度网络专题学习须在学习期内完成规定学时，请大家按照班级学习计划有序学习。',
      daysAgo: 200,
      to: inRange('13900010000', '13900010019'),
      readShare: 0.9,
    },
  ];
  for (const s of specs) {
    const sentAt = new Date(now - s.daysAgo * DAY);
    const [m] = await db.insert(classMessages).values({ classId: s.classId, senderId: s.senderId, title: s.title, content: s.content, sms: s.sms ?? false, sentAt }).returning({ id: classMessages.id });
    if (!m || s.to.length === 0) continue;
    await db.insert(messageRecipients).values(
      s.to.map((personId) => {
        const read = !s.unreadFor?.includes(personId) && rnd() < s.readShare;
        return {
          messageId: m.id,
          personId,
          // Read within three days of sending, never in the future.
          readAt: read ? new Date(Math.min(now - 60_000, sentAt.getTime() + 600_000 + Math.floor(rnd() * 3 * DAY))) : null,
          smsStatus: s.sms ? ('sent' as const) : null,
          smsAt: s.sms ? sentAt : null,
        };
      }),
    );
  }
}
