/**
 * Demo learning records, so the classroom, statistics, course cards and certificates are meaningful
 * on a fresh start: learners enrolled in this year's annual training and in open special topics, with
 * completed and half-studied courses, and learners who completed trainings and hold their 结业证书.
 * Every credited interval has its session and report row, as live learning would leave them, so "why"
 * can be answered for seeded hours too.
 *
 * Every certificate is earned, never written: its holder's ledger meets the install's completion rule
 * (the required hours from completed plan courses, and every 结业考试 passed by an attempt), and the
 * real rule (learning's completeInstall, which issues through the certificate module) completes the
 * enrolment and issues it at the moment the last of them happened. Nobody studies a plan's course
 * after meeting its rule, so a certificate's hours are the hours the topic page and the class
 * statistics show. 13900010020…13900010099 have no learning record at all.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@portal/contract';
import type { Db } from '../db/client.ts';
import { DEMO_SHORT_TOPIC } from './seed-content.ts';
import {
  auditLog,
  certificates,
  courseCompletions,
  courseResources,
  courses,
  enrolments,
  examAnswers,
  examAttempts,
  examQuestions,
  exams,
  installs,
  persons,
  planCourses,
  plans,
  progressReports,
  questions,
  resourceProgress,
  studySessions,
  trainingYears,
} from '../db/schema/index.ts';
import { chinaYear, makeLearning } from '../modules/learning/service.ts';
import { requiredSecondsOf } from '../modules/catalog/requiredSeconds.ts';
import { issueCertificates } from '../modules/certificate/service.ts';
import { gradePaper } from '../modules/exam/grade.ts';
import { startOfDayIn } from '@portal/contract/calendar';

const RATIO = 0.95;
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The demo classes of this year's annual training began this many days before the seed (seed-teaching.ts). */
export const ANNUAL_CLASS_DAYS_AGO = 240;
/** Learners without any learning record (tests and first-time walkthroughs use them). */
export const isClean = (mobile: string) => mobile >= '13900010020' && mobile < '13900010100';
/** The holder of the demo's revoked certificate (法治政府建设专题培训, earned and later revoked by the college). */
export const REVOKED_HOLDER = '13900010015';
const REVOKED_INSTALL = '法治政府建设专题培训';
const REVOKE_REASON = '经核查，所在单位报送的学时记录有误，予以撤销';

/** One learner's record as the seed builds it, before it is written. */
interface Story {
  personId: number;
  enrolled: Map<number, Date>;
  completed: Map<number, Date>;
  started: Map<number, Date>;
}

/** `db` is the seed's transaction; `root` the database it runs on, which the learning service is built on (it runs the rule in `db`). */
export async function seedLearning(db: Db, rnd: () => number, root: Db) {
  const now = Date.now();
  const year = chinaYear(new Date(now));
  const between = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const shuffled = <T>(xs: readonly T[]) => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  const sample = <T>(xs: readonly T[], n: number) => shuffled(xs).slice(0, n);

  const allInstalls = await db
    .select({ id: installs.id, kind: installs.kind, title: installs.title, applyStart: installs.applyStart, applyEnd: installs.applyEnd, startAt: installs.startAt, endAt: installs.endAt, requiredHours: installs.requiredHours, year: trainingYears.year })
    .from(installs)
    .innerJoin(trainingYears, eq(trainingYears.id, installs.yearId))
    .orderBy(asc(installs.id));
  type Install = (typeof allInstalls)[number];
  const annual = allInstalls.find((i) => i.kind === 'annual' && i.year === year);
  const lastAnnual = allInstalls.find((i) => i.kind === 'annual' && i.year === year - 1);
  if (!annual || !lastAnnual) return;
  // The short topic stays untouched by the demo's learners: whoever tries it starts from nothing.
  const openSpecials = allInstalls.filter((i) => i.kind === 'special' && i.title !== DEMO_SHORT_TOPIC.title && i.startAt.getTime() <= now && now <= i.endAt.getTime());

  const planRows = await db.select({ installId: plans.installId, courseId: planCourses.courseId }).from(planCourses).innerJoin(plans, eq(plans.id, planCourses.planId)).orderBy(asc(plans.sort), asc(planCourses.sort));
  const coursesOf = (installId: number) => planRows.filter((p) => p.installId === installId).map((p) => p.courseId);
  const installsOfCourse = (courseId: number) => [...new Set(planRows.filter((p) => p.courseId === courseId).map((p) => p.installId))];
  const resources = await db.select().from(courseResources).orderBy(asc(courseResources.sort), asc(courseResources.id));
  const hoursOf = new Map((await db.select({ id: courses.id, h: courses.creditHours }).from(courses)).map((c) => [c.id, c.h]));
  const deciding = await db.select().from(exams).where(and(eq(exams.decidesCompletion, true), isNotNull(exams.installId))).orderBy(asc(exams.id));

  const learners = await db
    .select({ personId: persons.personId, mobile: persons.mobile })
    .from(persons)
    .where(and(eq(persons.personType, 1), eq(persons.createuser, 'admin')))
    .orderBy(asc(persons.personId));
  const byMobile = (m: string) => learners.find((l) => l.mobile === m);
  const featured = byMobile('13800000001');
  const revokedHolder = byMobile(REVOKED_HOLDER);
  // Certificates go to the numbered learners outside the clean range.
  const pool = learners.filter((l) => l.mobile.startsWith('1390001') && !isClean(l.mobile));

  const stories = new Map<number, Story>();
  const storyOf = (personId: number) => {
    let s = stories.get(personId);
    if (!s) stories.set(personId, (s = { personId, enrolled: new Map(), completed: new Map(), started: new Map() }));
    return s;
  };
  const earned = (s: Story, installId: number) => coursesOf(installId).reduce((n, c) => n + (s.completed.has(c) ? hoursOf.get(c)! : 0), 0);
  const met = (s: Story, i: Install) => earned(s, i.id) >= i.requiredHours;
  const installById = new Map(allInstalls.map((i) => [i.id, i]));
  /** Enrols the person, at a moment of the apply window not after `by`. */
  const enrol = (s: Story, i: Install, by: number) => {
    if (s.enrolled.has(i.id)) return;
    const from = i.applyStart.getTime();
    const to = Math.max(from, Math.min(i.applyEnd.getTime(), by, now));
    s.enrolled.set(i.id, new Date(from + rnd() * (to - from)));
  };
  /**
   * Completes a course at `at`, unless an install the person is enrolled in is already met (a course
   * more would show more hours than its certificate) or would be met by it without being `meant`.
   */
  const complete = (s: Story, courseId: number, at: Date, meant: number | null) => {
    if (s.completed.has(courseId) || s.started.has(courseId)) return false;
    for (const id of installsOfCourse(courseId)) {
      const i = installById.get(id)!;
      if (!s.enrolled.has(id)) continue;
      if (met(s, i) || (id !== meant && earned(s, id) + hoursOf.get(courseId)! >= i.requiredHours)) return false;
    }
    s.completed.set(courseId, at);
    return true;
  };

  // ---- those who complete a training: plan courses until its hours are met, and its 结业考试 passed ----
  type Passed = { examId: number; personId: number; at: Date };
  const passes: Passed[] = [];
  const completions: { personId: number; install: Install; at: Date }[] = [];
  /** The person completes the install's courses from `from`, the last at `cross`, then passes its 结业考试 (if any). */
  const earn = (personId: number, i: Install, from: number, cross: number) => {
    const s = storyOf(personId);
    enrol(s, i, from);
    const chosen: number[] = [];
    for (const c of shuffled(coursesOf(i.id))) {
      if (met(s, i)) break;
      if (complete(s, c, new Date(cross), i.id)) chosen.push(c);
    }
    if (!met(s, i)) throw new Error(`demo seed: ${i.title} offers fewer hours than it asks for`);
    // Spread over the period, in the order studied; the last one meets the hours.
    const times = chosen.slice(0, -1).map(() => from + rnd() * (cross - from)).sort((a, b) => a - b);
    chosen.slice(0, -1).forEach((c, k) => s.completed.set(c, new Date(times[k]!)));
    let at = cross;
    for (const x of deciding.filter((e) => e.installId === i.id)) {
      const pass = Math.min(x.endAt.getTime() - HOUR, Math.max(x.startAt.getTime() + HOUR, cross + between(0.1, 6) * DAY), now - 60_000);
      passes.push({ examId: x.id, personId, at: new Date(pass) });
      at = Math.max(at, pass);
    }
    completions.push({ personId, install: i, at: new Date(at) });
  };

  // Each of them completes one training: a course counts toward every plan that has it, so one who
  // had completed another training would carry its courses over, or study them again past its certificate.
  const used = new Set<number>(revokedHolder ? [revokedHolder.personId] : []);
  const draw = (n: number) => {
    const got = sample(pool.filter((p) => !used.has(p.personId)), n);
    for (const p of got) used.add(p.personId);
    return got;
  };

  // This year's annual training: earned since its classes began (they count the same hours); these
  // learners study nothing else this year. Two of them finish today.
  const annualEarners = draw(20);
  const annualFrom = Math.max(annual.startAt.getTime(), now - ANNUAL_CLASS_DAYS_AGO * DAY) + DAY;
  const today = Math.max(startOfDayIn(DEFAULT_TIME_ZONE, now).getTime(), now - 2 * HOUR);
  annualEarners.forEach((p, k) => earn(p.personId, annual, annualFrom, k < 2 ? today + rnd() * (now - 60_000 - today) : between(annualFrom + 0.4 * (now - annualFrom), now - DAY)));

  // Last year's trainings: 张伟 (13800000001) completed the annual one on 18 November.
  if (featured) earn(featured.personId, lastAnnual, lastAnnual.startAt.getTime() + 60 * DAY, Date.UTC(year - 1, 10, 18, 2));
  for (const p of draw(30)) earn(p.personId, lastAnnual, lastAnnual.startAt.getTime() + 30 * DAY, between(lastAnnual.startAt.getTime() + 120 * DAY, lastAnnual.endAt.getTime() - 10 * DAY));
  for (const i of allInstalls.filter((x) => x.year === year - 1 && x.kind !== 'annual')) {
    const span = i.endAt.getTime() - i.startAt.getTime();
    const who = draw(Math.floor(between(6, 11)));
    if (i.title === REVOKED_INSTALL && revokedHolder) who.push(revokedHolder);
    for (const p of who) earn(p.personId, i, i.startAt.getTime(), between(i.startAt.getTime() + 0.4 * span, i.endAt.getTime() - DAY));
  }
  // This year's ended topic with its 结业考试 (passed in the exam's window).
  for (const i of allInstalls.filter((x) => x.year === year && x.kind === 'special' && x.endAt.getTime() < now)) {
    const exam = deciding.find((x) => x.installId === i.id);
    const last = Math.min(i.endAt.getTime(), exam ? exam.endAt.getTime() - 7 * DAY : i.endAt.getTime()) - DAY;
    for (const p of draw(10)) earn(p.personId, i, i.startAt.getTime(), between(i.startAt.getTime() + 0.4 * (last - i.startAt.getTime()), last));
  }
  const taken = new Set(annualEarners.map((p) => p.personId));

  // ---- everyone else who studies this year: the annual training and some open topics, half done ----
  for (const learner of learners) {
    if (isClean(learner.mobile) || taken.has(learner.personId)) continue;
    const isFeatured = learner === featured;
    if (!isFeatured && rnd() < 0.3) continue;
    const s = storyOf(learner.personId);
    const mine = [annual, ...(isFeatured ? openSpecials.slice(0, 2) : openSpecials.filter(() => rnd() < 0.25))];
    for (const i of mine) enrol(s, i, now);
    const courseIds = [...new Set(mine.flatMap((i) => coursesOf(i.id)))];
    const completeCount = isFeatured ? 3 : Math.floor(rnd() * Math.min(8, courseIds.length));
    // The featured learner keeps the open topics' courses unstarted beyond the first, so there is always something to study.
    let done = 0;
    let k = 0;
    for (; k < courseIds.length && done < completeCount; k++) {
      const finishedAt = new Date(now - Math.floor(rnd() * Math.min(300, (now - Date.UTC(year, 0, 2)) / DAY)) * DAY - Math.floor(rnd() * DAY));
      if (complete(s, courseIds[k]!, finishedAt, null)) done++;
    }
    const next = courseIds.slice(k).find((c) => !s.completed.has(c));
    if (next !== undefined && (isFeatured || rnd() < 0.6)) s.started.set(next, new Date(now - Math.floor(rnd() * 20) * DAY - Math.floor(rnd() * DAY)));
  }

  // ---- the ledger: chapters, sessions and reports of every completed and started course ----
  const enrolRows: (typeof enrolments.$inferInsert)[] = [];
  const progressRows: (typeof resourceProgress.$inferInsert)[] = [];
  const completionRows: (typeof courseCompletions.$inferInsert)[] = [];
  const sessionRows: { personId: number; resourceId: number; courseId: number; startedAt: Date; credited: number }[] = [];
  for (const s of stories.values()) {
    for (const [installId, appliedAt] of s.enrolled) enrolRows.push({ personId: s.personId, installId, status: 'applied', appliedAt });
    const studied = [...[...s.completed].map(([c, at]) => ({ courseId: c, at, done: true })), ...[...s.started].map(([c, at]) => ({ courseId: c, at, done: false }))];
    for (const { courseId, at: finishedAt, done } of studied) {
      const chapters = resources.filter((r) => r.courseId === courseId);
      chapters.forEach((r, idx) => {
        const required = requiredSecondsOf(r, RATIO);
        const learned = done ? required : idx === 0 ? Math.floor(required * 0.4) : 0;
        if (learned === 0) return;
        const at = new Date(finishedAt.getTime() - (chapters.length - 1 - idx) * HOUR);
        progressRows.push({ personId: s.personId, resourceId: r.id, courseId, learnedSeconds: learned, maxPosition: r.kind === 'video' ? Math.min(r.durationSeconds ?? 0, learned) : 0, lastPosition: r.kind === 'video' ? Math.min(r.durationSeconds ?? 0, learned) : 0, completedAt: done ? at : null, updatedAt: at });
        sessionRows.push({ personId: s.personId, resourceId: r.id, courseId, startedAt: new Date(at.getTime() - learned * 1000), credited: learned });
      });
      if (done && chapters.length > 0) completionRows.push({ personId: s.personId, courseId, completedAt: finishedAt, year: chinaYear(finishedAt), hours: hoursOf.get(courseId) ?? 0 });
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
  await seedPassedAttempts(db, passes, rnd);

  // ---- the completion rule, replayed in the order it was met: it completes and issues ----
  // 张伟's certificate is issued first, so that its number is ZS<last year>000001 (demoCertificateNo).
  const learning = makeLearning(root, { completionRatio: RATIO, idleMinutes: 30 }, { installsCompleted: (tx, personId, done, at) => issueCertificates(tx, DEFAULT_TIME_ZONE, personId, done, at) });
  const ordered = completions.sort((a, b) => Number(b.personId === featured?.personId && b.install === lastAnnual) - Number(a.personId === featured?.personId && a.install === lastAnnual) || a.at.getTime() - b.at.getTime());
  for (const c of ordered) await learning.completeInstall(db, c.personId, c.install.id, c.at);

  // The college later revoked one of them: the public check shows it revoked, with the date; its holder sees why.
  const lawTopic = allInstalls.find((i) => i.title === REVOKED_INSTALL);
  if (revokedHolder && lawTopic) {
    const [revoked] = await db
      .update(certificates)
      .set({ revokedAt: new Date(now - 30 * DAY), revokeReason: REVOKE_REASON })
      .where(and(eq(certificates.personId, revokedHolder.personId), eq(certificates.installId, lawTopic.id)))
      .returning({ certNo: certificates.certNo, revokedAt: certificates.revokedAt });
    if (revoked) await db.insert(auditLog).values({ at: revoked.revokedAt!, ip: 'command:seed', event: 'certificateRevoke', target: revoked.certNo, outcome: 'success', detail: { reason: REVOKE_REASON } });
  }

  // Popularity counts the learners of each course.
  const started = [...new Set(progressRows.map((p) => p.courseId))];
  if (started.length) {
    await db.execute(sql`update ${courses} c set popularity = c.popularity + sub.n
      from (select course_id, count(distinct person_id)::int as n from ${resourceProgress} group by course_id) sub
      where sub.course_id = c.id and c.id in (${sql.join(started.map((id) => sql`${id}`), sql`, `)})`);
  }
}

/**
 * Passed attempts of 结业考试 with a fixed paper: the paper in the exam's order, answered rightly but
 * for one question now and then, graded by the exam module's own rule and submitted at `at`.
 */
async function seedPassedAttempts(db: Db, passes: { examId: number; personId: number; at: Date }[], rnd: () => number) {
  if (passes.length === 0) return;
  const examIds = [...new Set(passes.map((p) => p.examId))];
  for (const examId of examIds) {
    const [exam] = await db.select().from(exams).where(eq(exams.id, examId));
    const fixed = await db
      .select({ questionId: examQuestions.questionId, score: examQuestions.score, type: questions.type, options: questions.options, answer: questions.answer })
      .from(examQuestions)
      .innerJoin(questions, eq(questions.id, examQuestions.questionId))
      .where(eq(examQuestions.examId, examId))
      .orderBy(asc(examQuestions.sort));
    if (!exam || exam.selection !== 'fixed' || fixed.length === 0) throw new Error(`demo seed: the 结业考试 ${exam?.title ?? examId} has no fixed paper to pass`);
    const paper = fixed.map((q) => ({ questionId: q.questionId, type: q.type, score: Number(q.score), optionKeys: q.options.map((_, i) => String.fromCharCode(65 + i)) }));
    const known = new Map(fixed.map((q) => [q.questionId, { type: q.type, answer: q.answer }]));
    const wrong = (q: (typeof fixed)[number]) => (q.type === 'judge' ? [q.answer[0] === 'T' ? 'F' : 'T'] : q.type === 'fill' ? ['不记得了'] : [String.fromCharCode(65 + ((q.answer[0]!.charCodeAt(0) - 64) % q.options.length))]);
    for (const p of passes.filter((x) => x.examId === examId)) {
      const answers = new Map(fixed.map((q) => [q.questionId, rnd() < 0.15 ? wrong(q) : q.answer]));
      let graded = gradePaper(paper, known, answers, exam.partialCredit);
      // A pass it is: whoever fell short answered the paper again rightly.
      if (graded.score < exam.passScore) {
        for (const q of fixed) answers.set(q.questionId, q.answer);
        graded = gradePaper(paper, known, answers, exam.partialCredit);
      }
      const startedAt = new Date(p.at.getTime() - Math.floor(exam.durationMinutes * (0.4 + 0.5 * rnd())) * 60_000);
      const [a] = await db
        .insert(examAttempts)
        .values({ examId, personId: p.personId, attemptNo: 1, startedAt, deadline: new Date(startedAt.getTime() + exam.durationMinutes * 60_000), submittedAt: p.at, submitMode: 'manual', score: graded.score, passed: true, paper })
        .returning({ id: examAttempts.id });
      await db.insert(examAnswers).values(fixed.map((q, seq) => ({ attemptId: a!.id, questionId: q.questionId, answer: answers.get(q.questionId)!, seq: seq + 1, savedAt: new Date(startedAt.getTime() + (seq + 1) * 60_000) })));
    }
  }
}
