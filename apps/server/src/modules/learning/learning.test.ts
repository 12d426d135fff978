import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { learning as L, MSG } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { categories, courseResources, courses, enrolments, installs, persons, planCourses, plans, progressReports, sessions, studySessions, trainingYears } from '../../db/schema/index.ts';
import { LEARNING_MSG, makeLearning } from './service.ts';
import type { Caller } from '../../http/auth.ts';
import { CREDIT_TOLERANCE_SECONDS } from './credit.ts';

let t: TestApp;
const day = 86_400_000;
let fx: { install: number; fullInstall: number; closedInstall: number; course: number; video: number; pdf: number; offlineVideo: number; electiveCourse: number; electiveVideo: number };

/** Fixtures of their own, so the tests do not depend on the demo content. */
async function fixtures() {
  const now = Date.now();
  const [year] = await t.db.insert(trainingYears).values({ year: 2099, name: '2099年度' }).returning();
  const [cat] = await t.db.insert(categories).values({ name: '测试分类' }).returning();
  const mkInstall = async (title: string, over: Partial<typeof installs.$inferInsert> = {}) =>
    (await t.db.insert(installs).values({ yearId: year!.id, title, kind: 'special', applyStart: new Date(now - day), applyEnd: new Date(now + day), startAt: new Date(now - day), endAt: new Date(now + 30 * day), requiredHours: 2, ...over }).returning())[0]!.id;
  const install = await mkInstall('测试专题');
  const fullInstall = await mkInstall('满员专题', { capacity: 1 });
  const closedInstall = await mkInstall('已截止专题', { applyEnd: new Date(now - 1000) });
  const mkCourse = async (title: string, hours: number, status: 'published' | 'offline' = 'published') =>
    (await t.db.insert(courses).values({ title, lecturer: '讲师', categoryId: cat!.id, creditHours: hours, status }).returning())[0]!.id;
  const course = await mkCourse('测试课程', 2, 'offline');
  const [video] = await t.db.insert(courseResources).values({ courseId: course, sort: 1, title: '第一讲', kind: 'video', durationSeconds: 60, mediaUrl: '/media/v.mp4' }).returning();
  const [pdf] = await t.db.insert(courseResources).values({ courseId: course, sort: 2, title: '讲义', kind: 'pdf', pages: 3, minReadSeconds: 30, mediaUrl: '/media/a.pdf' }).returning();
  const [plan] = await t.db.insert(plans).values({ installId: install, title: '必修计划', requiredHours: 2 }).returning();
  await t.db.insert(planCourses).values({ planId: plan!.id, courseId: course, required: true });
  const offline = await mkCourse('其他班级课程', 1, 'offline');
  const [offlineVideo] = await t.db.insert(courseResources).values({ courseId: offline, title: '班级专享', kind: 'video', durationSeconds: 60, mediaUrl: '/media/v.mp4' }).returning();
  const electiveCourse = await mkCourse('公开选修课', 1);
  const [electiveVideo] = await t.db.insert(courseResources).values({ courseId: electiveCourse, title: '选修一讲', kind: 'video', durationSeconds: 20, mediaUrl: '/media/v.mp4' }).returning();
  return { install, fullInstall, closedInstall, course, video: video!.id, pdf: pdf!.id, offlineVideo: offlineVideo!.id, electiveCourse, electiveVideo: electiveVideo!.id };
}

beforeAll(async () => {
  t = await createTestApp();
  fx = await fixtures();
});
afterAll(() => t.close());

type Obj<T> = { res: boolean; resMsg: string; obj: T };
const obj = <T>(r: { json: unknown }) => r.json as Obj<T>;

async function open(token: string, resourceId: number) {
  const r = obj<L.StudySession>(await t.call(L.findStudyResourceTime, { token, query: { resourceId } }));
  if (!r.res) throw new Error(r.resMsg);
  return r.obj;
}
/**
 * Moves a study session's start `seconds` into the past, as if the learner had been studying that
 * long. `allowance()` is the most the wall-clock rule may have credited by the moment it is asked:
 * the backdated seconds, the real seconds since, the tolerance (a slow machine must not fail a
 * bound that assumed the test takes no time).
 */
async function age(sessionId: string, seconds: number) {
  const at = Date.now();
  const earlier = sql`date_trunc('milliseconds', now() - make_interval(secs => ${seconds}))`;
  await t.db.update(studySessions).set({ startedAt: earlier, creditFrom: earlier }).where(eq(studySessions.id, Number(sessionId)));
  return { allowance: () => seconds + Math.ceil((Date.now() - at) / 1000) + CREDIT_TOLERANCE_SECONDS };
}
const report = (token: string, sessionId: string, playedSeconds: number, position: number, reportId: string = randomUUID()) =>
  t.call(L.updateStudyResourceTime, { token, body: { reportId, sessionId, position, playedSeconds, clientTime: new Date().toISOString(), event: 'tick' } }).then((r) => obj<L.ReportResult>(r));

describe('applying to a training arrangement', () => {
  it('applies, refuses a second application, a closed window and a full install; cancels before learning counts', async () => {
    const a = await t.login('13900010020');
    const applied = obj<L.MyInstall>(await t.call(L.installApply, { token: a, query: { installId: fx.install } }));
    expect(applied.obj).toMatchObject({ enrolment: 'applied', applicantCount: 1 });
    expect(obj(await t.call(L.installApply, { token: a, query: { installId: fx.install } }))).toMatchObject({ res: false, resMsg: LEARNING_MSG.alreadyApplied });
    expect(obj(await t.call(L.installApply, { token: a, query: { installId: fx.closedInstall } }))).toMatchObject({ res: false, resMsg: LEARNING_MSG.applyClosed });
    expect(obj(await t.call(L.installApply, { token: a, query: { installId: fx.fullInstall } })).res).toBe(true);
    const b = await t.login('13900010021');
    expect(obj(await t.call(L.installApply, { token: b, query: { installId: fx.fullInstall } }))).toMatchObject({ res: false, resMsg: LEARNING_MSG.full });
    const cancelled = obj<L.MyInstall>(await t.call(L.installCancel, { token: a, query: { installId: fx.fullInstall } }));
    expect(cancelled.obj.enrolment).toBe('cancelled');
    expect(obj(await t.call(L.installApply, { token: b, query: { installId: fx.fullInstall } })).res).toBe(true);
    expect(obj(await t.call(L.installCancel, { token: a, query: { installId: fx.fullInstall } }))).toMatchObject({ res: false, resMsg: LEARNING_MSG.notApplied });
  });

  it('refuses training-class accounts on special topics and callers without a session', async () => {
    const trainee = await t.login('13800000002');
    expect(obj(await t.call(L.installApply, { token: trainee, query: { installId: fx.install } }))).toMatchObject({ res: false, resMsg: MSG.noPermission });
    expect(obj(await t.call(L.findSpecialInstallByPage, { token: trainee, query: {} }))).toMatchObject({ res: false, resMsg: MSG.noPermission });
    expect((await t.call(L.installApply, { query: { installId: fx.install } })).status).toBe(401);
  });
});

describe('studying and the credit rules', () => {
  let token: string;
  beforeAll(async () => {
    token = await t.login('13900010030');
    await t.call(L.installApply, { token, query: { installId: fx.install } });
  });

  it('refuses a resource of a course that is not mine (a class course I am not in)', async () => {
    const r = obj(await t.call(L.findStudyResourceTime, { token, query: { resourceId: fx.offlineVideo } }));
    expect(r).toMatchObject({ res: false, resMsg: LEARNING_MSG.notMine });
  });

  it('opens a session with the rule, the resume position and what is still needed', async () => {
    const s = await open(token, fx.video);
    expect(s.resource).toMatchObject({ kind: 'video', durationSeconds: 60, mediaUrl: '/media/v.mp4' });
    expect(s.progress).toMatchObject({ learnedSeconds: 0, requiredSeconds: 57, lastPosition: 0 });
    expect(s.rule).toContain('95%');
    expect(s.idleMinutes).toBe(20);
  });

  it('never credits forged seconds beyond the wall clock since the session began', async () => {
    const s = await open(token, fx.video);
    const aged = await age(s.sessionId, 10);
    const r = await report(token, s.sessionId, 50, 10);
    expect(r.obj.credited).toBeGreaterThanOrEqual(10);
    expect(r.obj.credited).toBeLessThanOrEqual(aged.allowance());
    expect(r.obj.credited).toBeLessThan(50);
    const row = await t.db.select().from(progressReports).where(eq(progressReports.reportId, r.obj.reportId));
    expect(row[0]).toMatchObject({ playedSeconds: 50, clipped: true });
  });

  it('a replayed report id is accepted once: the second time changes nothing', async () => {
    const s = await open(token, fx.video);
    await age(s.sessionId, 20);
    const id = randomUUID();
    const first = await report(token, s.sessionId, 5, 15, id);
    const again = await report(token, s.sessionId, 5, 15, id);
    expect(first.obj).toMatchObject({ credited: 5, duplicate: false });
    expect(again.obj).toMatchObject({ credited: 0, duplicate: true });
    expect(again.obj.progress.learnedSeconds).toBe(first.obj.progress.learnedSeconds);
  });

  it('refuses to move the furthest point past what was watched (seek ahead); seeking back is free', async () => {
    const s = await open(token, fx.video);
    await age(s.sessionId, 30);
    const before = s.progress.maxPosition;
    const ahead = await report(token, s.sessionId, 2, 58);
    expect(ahead.obj.seekRefused).toBe(true);
    expect(ahead.obj.progress.maxPosition).toBeLessThanOrEqual(before + 2 + 5);
    const back = await report(token, s.sessionId, 2, 1);
    expect(back.obj.seekRefused).toBe(false);
    expect(back.obj.progress.lastPosition).toBe(1);
  });

  it('only one study session counts: the older tab is told learning continues elsewhere', async () => {
    const first = await open(token, fx.pdf);
    const aged = await age(first.sessionId, 8);
    const second = await open(token, fx.pdf);
    const late = await report(token, first.sessionId, 30, 0);
    expect(late.obj.active).toBe(false);
    expect(late.obj.credited).toBeLessThanOrEqual(aged.allowance());
    const onSecond = await report(token, second.sessionId, 1, 0);
    expect(onSecond.obj.active).toBe(true);
  });

  it('parallel reports of one session never spend the same seconds; the ledger, session and chapter agree', async () => {
    const learner = await t.login('13900010033');
    await t.call(L.installApply, { token: learner, query: { installId: fx.install } });
    await t.db.update(courseResources).set({ durationSeconds: 6000 }).where(eq(courseResources.id, fx.video));
    const s = await open(learner, fx.video);
    const aged = await age(s.sessionId, 20);
    const sameId = randomUUID();
    const results = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => report(learner, s.sessionId, 5, (i + 1) * 5)),
      report(learner, s.sessionId, 5, 5, sameId),
      report(learner, s.sessionId, 5, 5, sameId),
    ]);
    await t.db.update(courseResources).set({ durationSeconds: 60 }).where(eq(courseResources.id, fx.video));
    expect(results.filter((r) => !r.res)).toEqual([]);
    const credited = results.reduce((sum, r) => sum + r.obj.credited, 0);
    expect(credited).toBeLessThanOrEqual(aged.allowance());
    expect(credited).toBeLessThan(14 * 5);
    expect(results.filter((r) => r.obj.reportId === sameId && r.obj.duplicate)).toHaveLength(1);
    const ledger = await t.db.execute(sql`select coalesce(sum(credited_seconds), 0)::int as s from progress_reports where session_id = ${Number(s.sessionId)}`);
    const rows = (ledger as unknown as { rows: { s: number }[] }).rows;
    const [session] = await t.db.select().from(studySessions).where(eq(studySessions.id, Number(s.sessionId)));
    expect(rows[0]!.s).toBe(credited);
    expect(session!.creditedSeconds).toBe(credited);
  });

  it('accepts a fractional position as a player reports it (never a 500)', async () => {
    const s = await open(token, fx.video);
    await age(s.sessionId, 10);
    const r = await report(token, s.sessionId, 6, 6.049);
    expect(r.res).toBe(true);
    expect(Number.isInteger(r.obj.progress.lastPosition)).toBe(true);
  });

  it("refuses another learner's session, and an unknown session", async () => {
    const s = await open(token, fx.pdf);
    const other = await t.login('13900010031');
    expect((await report(other, s.sessionId, 5, 0))).toMatchObject({ res: false, resMsg: LEARNING_MSG.sessionMissing });
    expect((await report(token, '999999999', 5, 0))).toMatchObject({ res: false, resMsg: LEARNING_MSG.sessionMissing });
    const bad = await t.call(L.updateStudyResourceTime, { token, body: { reportId: 'x', sessionId: s.sessionId, position: 1, playedSeconds: 1, clientTime: '', event: 'tick' } });
    expect(bad.status).toBe(400);
  });

  it('a report through another server is neither lost nor doubled by what this server kept of the session', async () => {
    const learner = await t.login('13900010034');
    await t.call(L.installApply, { token: learner, query: { installId: fx.install } });
    const [who] = await t.db.select({ personId: persons.personId }).from(persons).where(eq(persons.mobile, '13900010034'));
    const caller = { personId: who!.personId } as Caller;
    const other = makeLearning(t.db, { completionRatio: t.config.COMPLETION_RATIO, idleMinutes: t.config.IDLE_MINUTES }, { installsCompleted: async () => undefined });
    await t.db.update(courseResources).set({ durationSeconds: 600 }).where(eq(courseResources.id, fx.video));
    try {
      const s = await open(learner, fx.video);
      const aged = await age(s.sessionId, 25);
      const tick = (position: number) => ({ reportId: randomUUID(), sessionId: s.sessionId, position, playedSeconds: 15, clientTime: new Date().toISOString(), event: 'tick' as const });
      expect((await report(learner, s.sessionId, 15, 15)).obj.credited).toBe(15);
      expect((await other.report(caller, tick(30))).credited).toBe(15);
      // This server kept "15 credited" from its own last report; deciding on that would credit 15 more
      // than the wall clock allows. Its write must notice the other server's and decide again.
      const third = await report(learner, s.sessionId, 15, 45);
      const [session] = await t.db.select().from(studySessions).where(eq(studySessions.id, Number(s.sessionId)));
      expect(session!.creditedSeconds).toBe(30 + third.obj.credited);
      expect(session!.creditedSeconds).toBeLessThanOrEqual(aged.allowance());
      expect(third.obj.progress.learnedSeconds).toBe(session!.creditedSeconds);

      // A newer session opened through the other server: this server's next report on the old one stops counting.
      await other.startSession(caller, fx.video);
      const late = await report(learner, s.sessionId, 10, 40);
      expect(late.obj.active).toBe(false);
    } finally {
      await t.db.update(courseResources).set({ durationSeconds: 60 }).where(eq(courseResources.id, fx.video));
    }
  });

  it('a 5-minute network drop loses nothing: the queued reports replay in order and count in full', async () => {
    const learner = await t.login('13900010032');
    await t.call(L.installApply, { token: learner, query: { installId: fx.install } });
    const s = await open(learner, fx.video);
    await t.db.update(courseResources).set({ durationSeconds: 600 }).where(eq(courseResources.id, fx.video));
    await age(s.sessionId, 305);
    const reports = Array.from({ length: 10 }, (_, i) => ({ reportId: randomUUID(), sessionId: s.sessionId, position: (i + 1) * 30, playedSeconds: 30, clientTime: new Date().toISOString(), event: 'tick' as const }));
    const r = obj<L.ReportResult[]>(await t.call(L.backup, { token: learner, body: { reports } }));
    await t.db.update(courseResources).set({ durationSeconds: 60 }).where(eq(courseResources.id, fx.video));
    expect(r.obj.map((x) => x.credited)).toEqual(Array(10).fill(30));
    expect(r.obj.at(-1)!.progress).toMatchObject({ learnedSeconds: 300, maxPosition: 300 });
    const again = obj<L.ReportResult[]>(await t.call(L.backup, { token: learner, body: { reports } }));
    expect(again.obj.every((x) => x.duplicate && x.credited === 0)).toBe(true);
  });
});

describe('completing a course: the ledger, the classroom and the year', () => {
  it('completes the course when all chapters are complete; hours count for the year and the install', async () => {
    const token = await t.login('13900010040');
    await t.call(L.installApply, { token, query: { installId: fx.install } });
    const v = await open(token, fx.video);
    await age(v.sessionId, 70);
    const done = await report(token, v.sessionId, 60, 60);
    expect(done.obj.progress.completedAt).not.toBeNull();
    expect(done.obj.courseCompletedAt).toBeNull();

    const ongoing = obj<{ list: L.LearningCourseItem[] }>(await t.call(L.findLearningCourse, { token, query: { completed: 'false' } }));
    expect(ongoing.obj.list.map((c) => c.id)).toContain(fx.course);

    const p = await open(token, fx.pdf);
    await age(p.sessionId, 40);
    const finished = await report(token, p.sessionId, 35, 0);
    expect(finished.obj.courseCompletedAt).not.toBeNull();
    const after = await report(token, p.sessionId, 5, 0);
    expect(after.obj.credited).toBe(0);

    const qualified = obj<{ list: L.LearningCourseItem[] }>(await t.call(L.findLearningCourse, { token, query: { completed: 'true' } }));
    expect(qualified.obj.list[0]).toMatchObject({ id: fx.course, earnedHours: 2, progress: 100 });
    const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    const stats = obj<L.YearStatistics>(await t.call(L.findCreditHours, { token, query: { year } }));
    expect(stats.obj).toMatchObject({ earnedHours: 2, earnedRequiredHours: 2, earnedElectiveHours: 0, completedCourses: 1 });
    expect(stats.obj.byMonth.reduce((s, m) => s + m.hours, 0)).toBe(2);

    const detail = obj<L.InstallDetail>(await t.call(L.findCoursePlan, { token, query: { installId: fx.install } }));
    expect(detail.obj.install).toMatchObject({ earnedHours: 2, enrolment: 'completed' });
    expect(detail.obj.plans[0]!.courses[0]).toMatchObject({ id: fx.course, progress: 100 });
    const [e] = await t.db.select().from(enrolments).where(and(eq(enrolments.installId, fx.install), sql`${enrolments.completedAt} is not null`));
    expect(e).toBeTruthy();
    expect(obj(await t.call(L.installCancel, { token, query: { installId: fx.install } }))).toMatchObject({ res: false, resMsg: LEARNING_MSG.cannotCancelCompleted });

    const history = obj<{ year: number; earnedHours: number }[]>(await t.call(L.findLearningHistory, { token }));
    expect(history.obj.find((h) => h.year === year)?.earnedHours).toBe(2);
    const xlsx = await t.app.inject({ method: 'GET', url: L.exportLearningHistory.path, headers: { authorization: token } });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('a published course opened from the catalogue becomes my own (elective) course', async () => {
    const token = await t.login('13900010041');
    const s = await open(token, fx.electiveVideo);
    await age(s.sessionId, 30);
    const r = await report(token, s.sessionId, 20, 20);
    expect(r.obj.courseCompletedAt).not.toBeNull();
    const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    const stats = obj<L.YearStatistics>(await t.call(L.findCreditHours, { token, query: { year } }));
    expect(stats.obj).toMatchObject({ earnedHours: 1, earnedElectiveHours: 1, earnedRequiredHours: 0 });
    const progress = obj<{ mine: boolean }>(await t.call(L.findProgress, { token, query: { courseId: fx.electiveCourse } }));
    expect(progress.obj.mine).toBe(true);
  });
});

/**
 * The attacker's tests of PRODUCT.md section 5's per-person bound: over any interval, one learner is
 * credited at most the interval's length plus one tolerance, however many sessions, tabs, devices and
 * servers the reports come through; and the honest cases beside them stay whole.
 */
describe('credit is bounded per person, not per study session', () => {
  const min = 60_000;
  let px: { course: number; video: number; upcoming: number; onAir: number; ended: number };
  beforeAll(async () => {
    const now = Date.now();
    const [cat] = await t.db.insert(categories).values({ name: '计时规则测试' }).returning();
    const [course] = await t.db.insert(courses).values({ title: '计时规则测试课程', lecturer: '讲师', categoryId: cat!.id, creditHours: 1, status: 'published' }).returning();
    const add = async (v: Partial<typeof courseResources.$inferInsert>) =>
      (await t.db.insert(courseResources).values({ courseId: course!.id, title: '章节', kind: 'video', ...v }).returning())[0]!.id;
    px = {
      course: course!.id,
      video: await add({ durationSeconds: 6000, mediaUrl: '/media/v.mp4' }),
      upcoming: await add({ kind: 'live', liveStart: new Date(now + 10 * min), liveEnd: new Date(now + 70 * min), streamUrl: '/live/a.m3u8', replayUrl: '/media/r.mp4' }),
      onAir: await add({ kind: 'live', liveStart: new Date(now - 5 * min), liveEnd: new Date(now + 55 * min), streamUrl: '/live/b.m3u8', replayUrl: '/media/r.mp4' }),
      ended: await add({ kind: 'live', liveStart: new Date(now - 120 * min), liveEnd: new Date(now - 60 * min), streamUrl: '/live/c.m3u8', replayUrl: '/media/r.mp4' }),
    };
  });

  /** Seconds since `since`, rounded up, plus the one tolerance: the most one person may have been credited. */
  const bound = (since: number) => Math.ceil((Date.now() - since) / 1000) + CREDIT_TOLERANCE_SECONDS;
  const ledgerOf = async (token: string) => {
    const who = await t.call(L.findProgress, { token, query: { courseId: px.course } }).then((r) => obj<{ resources: L.ResourceProgress[] }>(r));
    return who.obj.resources.reduce((sum, r) => sum + r.learnedSeconds, 0);
  };

  it('opening a chapter again and again and claiming a few seconds each time earns no more than the clock', async () => {
    const learner = await t.login('13900010050');
    const since = Date.now();
    let credited = 0;
    for (let i = 0; i < 15; i++) {
      const s = await open(learner, px.video);
      credited += (await report(learner, s.sessionId, 30, 0)).obj.credited;
    }
    expect(credited).toBeLessThanOrEqual(bound(since));
    expect(await ledgerOf(learner)).toBe(credited);
  });

  it('sessions opened in parallel: one counts, and together they earn no more than the clock', async () => {
    const learner = await t.login('13900010051');
    const since = Date.now();
    const sessions = await Promise.all(Array.from({ length: 6 }, () => open(learner, px.video)));
    const [who] = await t.db.select({ personId: persons.personId }).from(persons).where(eq(persons.mobile, '13900010051'));
    const counting = await t.db.select().from(studySessions).where(and(eq(studySessions.personId, who!.personId), sql`${studySessions.supersededAt} is null`));
    expect(counting).toHaveLength(1);
    const results = await Promise.all(sessions.map((s) => report(learner, s.sessionId, 30, 0)));
    expect(results.every((r) => r.res)).toBe(true);
    const credited = results.reduce((sum, r) => sum + r.obj.credited, 0);
    expect(credited).toBeLessThanOrEqual(bound(since));
    expect(await ledgerOf(learner)).toBe(credited);
  });

  it('two server instances on one database: sessions opened and reported through both earn no more than the clock', async () => {
    const learner = await t.login('13900010052');
    const [who] = await t.db.select({ personId: persons.personId }).from(persons).where(eq(persons.mobile, '13900010052'));
    const caller = { personId: who!.personId } as Caller;
    const servers = [makeLearning(t.db, { completionRatio: t.config.COMPLETION_RATIO, idleMinutes: t.config.IDLE_MINUTES }, { installsCompleted: async () => undefined }), makeLearning(t.db, { completionRatio: t.config.COMPLETION_RATIO, idleMinutes: t.config.IDLE_MINUTES }, { installsCompleted: async () => undefined })];
    const since = Date.now();
    let credited = 0;
    for (let i = 0; i < 10; i++) {
      const s = await servers[i % 2]!.startSession(caller, px.video);
      const tick = () => ({ reportId: randomUUID(), sessionId: s.sessionId, position: 0, playedSeconds: 20, clientTime: new Date().toISOString(), event: 'tick' as const });
      const both = await Promise.all([servers[0]!.report(caller, tick()), servers[1]!.report(caller, tick())]);
      credited += both.reduce((sum, r) => sum + r.credited, 0);
    }
    expect(credited).toBeLessThanOrEqual(bound(since));
    expect(await ledgerOf(learner)).toBe(credited);
  });

  it('late reports of an earlier session (backup after the network returned) count in full after a newer session began', async () => {
    const learner = await t.login('13900010053');
    const first = await open(learner, px.video);
    await age(first.sessionId, 300);
    // The learner moved on (another chapter, another tab) while the first session's reports were still on the device.
    const second = await open(learner, px.video);
    const queued = Array.from({ length: 10 }, (_, i) => ({ reportId: randomUUID(), sessionId: first.sessionId, position: (i + 1) * 30, playedSeconds: 30, clientTime: new Date().toISOString(), event: 'tick' as const }));
    const replayed = obj<L.ReportResult[]>(await t.call(L.backup, { token: learner, body: { reports: queued } }));
    expect(replayed.obj.map((r) => r.credited)).toEqual(Array(10).fill(30));
    expect(replayed.obj.every((r) => !r.active)).toBe(true);
    // The newer session owes nothing for it: the earlier one stayed within its own wall clock.
    await age(second.sessionId, 20);
    expect((await report(learner, second.sessionId, 20, 320)).obj.credited).toBe(20);
    expect(await ledgerOf(learner)).toBe(320);
  });

  it('moving from one chapter to the next loses nothing: the last report of the old chapter arrives after the new one opened', async () => {
    const learner = await t.login('13900010054');
    const first = await open(learner, px.video);
    await age(first.sessionId, 45);
    const next = await open(learner, px.ended);
    const last = await report(learner, first.sessionId, 45, 45);
    expect(last.obj.credited).toBe(45);
    await age(next.sessionId, 10);
    expect((await report(learner, next.sessionId, 10, 10)).obj.credited).toBe(10);
  });

  it('reports that claim no played time never move the furthest point', async () => {
    const learner = await t.login('13900010055');
    const s = await open(learner, px.video);
    await age(s.sessionId, 600);
    expect((await report(learner, s.sessionId, 30, 30)).obj.progress.maxPosition).toBe(30);
    let last: L.ReportResult | undefined;
    for (let i = 1; i <= 10; i++) last = (await report(learner, s.sessionId, 0, 30 + i * 5)).obj;
    expect(last!.progress.maxPosition).toBe(30);
    expect(last!.seekRefused).toBe(true);
  });

  it('a live lesson earns nothing before it starts, counts while it is on, and its replay counts like a video', async () => {
    const learner = await t.login('13900010056');
    const early = await open(learner, px.upcoming);
    expect(early.rule).toContain('直播开始前不计时');
    await age(early.sessionId, 120);
    // Backdating the session does not move the lesson: the credit window opens at the lesson's start.
    await t.db.update(studySessions).set({ creditFrom: new Date(Date.now() + 10 * min) }).where(eq(studySessions.id, Number(early.sessionId)));
    expect((await report(learner, early.sessionId, 60, 60)).obj.credited).toBe(0);

    const live = await open(learner, px.onAir);
    const [row] = await t.db.select().from(studySessions).where(eq(studySessions.id, Number(live.sessionId)));
    expect(row!.creditUntil?.getTime()).toBe((await t.db.select().from(courseResources).where(eq(courseResources.id, px.onAir)))[0]!.liveEnd!.getTime());
    await age(live.sessionId, 30);
    const attended = await report(learner, live.sessionId, 30, 4000);
    expect(attended.obj).toMatchObject({ credited: 30, seekRefused: false });
    expect(attended.obj.progress.maxPosition).toBe(0);
    // A lesson that ended 40 s after the session began: nothing after its end counts.
    const ending = await open(learner, px.onAir);
    await t.db.update(studySessions).set({ creditFrom: sql`date_trunc('milliseconds', now() - interval '100 seconds')`, creditUntil: sql`now() - interval '60 seconds'` }).where(eq(studySessions.id, Number(ending.sessionId)));
    expect((await report(learner, ending.sessionId, 100, 4100)).obj.credited).toBe(40);

    const replay = await open(learner, px.ended);
    expect(replay.rule).toContain('回放');
    await age(replay.sessionId, 40);
    expect((await report(learner, replay.sessionId, 40, 40)).obj).toMatchObject({ credited: 40, seekRefused: false });
    const skipped = await report(learner, replay.sessionId, 0, 2000);
    expect(skipped.obj.seekRefused).toBe(true);
    expect(skipped.obj.progress.maxPosition).toBe(40);
  });
});

/**
 * The attacker's test of the batched write: a burst of one learner's reports — two tabs on one
 * chapter, a third session on another, every report sent twice, one aimed at another learner's
 * session — arriving in one turn, through the routes. The ledger must hold exactly what the same
 * reports give when sent one at a time: each id once, each session within its window, the chapters,
 * sessions and ledger in agreement.
 */
describe('the reports of one turn are applied together exactly as a serial run applies them', () => {
  let chapters: { a: number; b: number };
  beforeAll(async () => {
    const [cat] = await t.db.insert(categories).values({ name: '批量上报测试' }).returning();
    const [course] = await t.db.insert(courses).values({ title: '批量上报测试课程', lecturer: '讲师', categoryId: cat!.id, creditHours: 1, status: 'published' }).returning();
    const add = async () => (await t.db.insert(courseResources).values({ courseId: course!.id, title: '章节', kind: 'video', durationSeconds: 6000, mediaUrl: '/media/v.mp4' }).returning())[0]!.id;
    chapters = { a: await add(), b: await add() };
  });

  /**
   * Chapter A opened in two tabs one after the other (windows of 100 s and 60 s, both superseded by
   * now), then chapter B (a window that closed after 50 s, as a live lesson's does). The windows are
   * in the past, so what each session may earn does not depend on how long the test takes.
   */
  async function learnerWithThreeSessions(mobile: string) {
    const token = await t.login(mobile);
    const tabA1 = await open(token, chapters.a);
    const tabA2 = await open(token, chapters.a);
    const onB = await open(token, chapters.b);
    const base = Date.now();
    const window = async (s: L.StudySession, from: number, superseded: number | null, until: number | null = null) =>
      t.db
        .update(studySessions)
        .set({ creditFrom: new Date(base - from * 1000), startedAt: new Date(base - from * 1000), supersededAt: superseded === null ? null : new Date(base - superseded * 1000), creditUntil: until === null ? null : new Date(base - until * 1000), debtSeconds: 0 })
        .where(eq(studySessions.id, Number(s.sessionId)));
    await window(tabA1, 300, 200);
    await window(tabA2, 200, 140);
    await window(onB, 140, null, 90);
    return { token, sessions: [tabA1, tabA2, onB].map((s) => s.sessionId) };
  }

  /** Each session claims more than its window: 6 × 30 s, 4 × 30 s and 5 × 20 s, interleaved. */
  const burstOf = (sessions: string[]) => {
    const claims = [
      { sessionId: sessions[0]!, n: 6, played: 30 },
      { sessionId: sessions[1]!, n: 4, played: 30 },
      { sessionId: sessions[2]!, n: 5, played: 20 },
    ];
    const out: { sessionId: string; played: number; reportId: string }[] = [];
    for (let i = 0; i < 6; i++) for (const c of claims) if (i < c.n) out.push({ sessionId: c.sessionId, played: c.played, reportId: randomUUID() });
    return out;
  };

  const ledgerOf = async (sessions: string[]) => {
    const ids = sessions.map(Number);
    const rows = await t.db.select().from(studySessions).where(sql`${studySessions.id} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    const ledger = (await t.db.execute(sql`select session_id, count(*)::int as n, coalesce(sum(credited_seconds), 0)::int as s, count(distinct received_at)::int as statements
        from progress_reports where session_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) group by session_id`)) as unknown as { rows: { session_id: string | number; n: number; s: number; statements: number }[] };
    const byId = new Map(ledger.rows.map((r) => [Number(r.session_id), r]));
    return ids.map((id) => ({ session: rows.find((r) => r.id === id)!.creditedSeconds, ledger: byId.get(id)?.s ?? 0, reports: byId.get(id)?.n ?? 0, statements: byId.get(id)?.statements ?? 0 }));
  };
  const chapterSeconds = async (token: string) => {
    const r = obj<{ resources: L.ResourceProgress[] }>(await t.call(L.findProgress, { token, query: { courseId: (await t.db.select().from(courseResources).where(eq(courseResources.id, chapters.a)))[0]!.courseId } }));
    return Object.fromEntries(r.obj.resources.map((x) => [x.resourceId === chapters.a ? 'a' : 'b', x.learnedSeconds]));
  };

  it('a burst from three sessions, every report sent twice, gives the serial ledger and counts each id once', async () => {
    // The serial run: one report at a time, each duplicate right after its original.
    const serial = await learnerWithThreeSessions('13900010057');
    let serialCredited = 0;
    for (const r of burstOf(serial.sessions)) {
      for (let k = 0; k < 2; k++) {
        const answer = await report(serial.token, r.sessionId, r.played, 0, r.reportId);
        expect(answer.res).toBe(true);
        serialCredited += answer.obj.credited;
      }
    }
    const serialLedger = await ledgerOf(serial.sessions);
    expect(serialLedger.map((s) => s.session)).toEqual([100, 60, 50]);

    // The burst: all of it in one turn, plus a report aimed at the serial learner's session.
    const burster = await learnerWithThreeSessions('13900010058');
    const burst = burstOf(burster.sessions);
    const answers = await Promise.all([
      ...burst.flatMap((r) => [report(burster.token, r.sessionId, r.played, 0, r.reportId), report(burster.token, r.sessionId, r.played, 0, r.reportId)]),
      report(burster.token, serial.sessions[2]!, 20, 0),
    ]);
    const foreign = answers.pop()!;
    expect(foreign).toMatchObject({ res: false, resMsg: LEARNING_MSG.sessionMissing });
    expect(answers.filter((a) => !a.res)).toEqual([]);
    // Each id once: one of its two answers is the original, the other the duplicate.
    for (const r of burst) {
      const mine = answers.filter((a) => a.obj.reportId === r.reportId);
      expect(mine.map((a) => a.obj.duplicate).sort()).toEqual([false, true]);
      expect(mine.find((a) => a.obj.duplicate)!.obj.credited).toBe(0);
    }
    const credited = answers.reduce((sum, a) => sum + a.obj.credited, 0);
    const ledger = await ledgerOf(burster.sessions);
    expect(ledger.map(({ session, ledger: l, reports }) => ({ session, ledger: l, reports }))).toEqual(serialLedger.map(({ session, ledger: l, reports }) => ({ session, ledger: l, reports })));
    expect(ledger.map((s) => s.session)).toEqual(ledger.map((s) => s.ledger));
    expect(credited).toBe(serialCredited);
    expect(await chapterSeconds(burster.token)).toEqual(await chapterSeconds(serial.token));
    expect(await chapterSeconds(burster.token)).toEqual({ a: 160, b: 50 });
    // The burst was written together: each statement stamps its reports with one time, and each
    // session's reports carry one (a report at a time, or a wave per report of a chapter, would carry many).
    expect(ledger.map((s) => s.statements)).toEqual([1, 1, 1]);

    // Replayed once more, all at once: nothing is added.
    const replays = await Promise.all(burst.map((r) => report(burster.token, r.sessionId, r.played, 0, r.reportId)));
    expect(replays.every((a) => a.res && a.obj.duplicate && a.obj.credited === 0)).toBe(true);
    expect(await ledgerOf(burster.sessions)).toEqual(ledger);
  });

  it("a batch chosen as a deadlock's victim (another server's batch locked the same rows the other way round) is written chapter by chapter: nothing lost, nothing doubled", async () => {
    const learners = await Promise.all(
      ['13900010061', '13900010062'].map(async (mobile) => {
        const token = await t.login(mobile);
        const s = await open(token, chapters.a);
        await age(s.sessionId, 600);
        return { token, sessionId: s.sessionId };
      }),
    );
    // PostgreSQL aborts the batch's statement once, as it aborts a deadlock's victim (40P01); the statements after it pass.
    await t.db.execute(sql.raw(`create sequence learning_fault_seq`));
    await t.db.execute(
      sql.raw(`create function learning_fault() returns trigger language plpgsql as $$
        begin if nextval('learning_fault_seq') = 1 then raise exception 'deadlock detected' using errcode = '40P01'; end if; return null; end $$`),
    );
    await t.db.execute(sql.raw(`create trigger learning_fault before insert on progress_reports for each statement execute function learning_fault()`));
    try {
      const answers = await Promise.all(learners.map((l) => report(l.token, l.sessionId, 30, 30)));
      expect(answers.map((a) => [a.res, a.obj.credited])).toEqual([
        [true, 30],
        [true, 30],
      ]);
      // The batch failed once, then each chapter went on its own: three statements in all.
      const fired = (await t.db.execute(sql.raw(`select last_value::int as n from learning_fault_seq`))) as unknown as { rows: { n: number }[] };
      expect(fired.rows[0]!.n).toBe(3);
      const ledger = await ledgerOf(learners.map((l) => l.sessionId));
      expect(ledger.map(({ session, ledger: l, reports }) => ({ session, ledger: l, reports }))).toEqual([
        { session: 30, ledger: 30, reports: 1 },
        { session: 30, ledger: 30, reports: 1 },
      ]);
    } finally {
      await t.db.execute(sql.raw(`drop trigger learning_fault on progress_reports`));
      await t.db.execute(sql.raw(`drop function learning_fault()`));
      await t.db.execute(sql.raw(`drop sequence learning_fault_seq`));
    }
  });
});

/**
 * The report call takes a learner's caller from this instance's memory for up to a minute (ADR 0048);
 * its own statement checks the login session. An attacker's view: keep reporting with a token that
 * was logged out, expired or whose person was locked — through an instance that still remembers it.
 */
describe('a login session that ended is refused at the next report, though the instance remembers the caller', () => {
  let n = 0;
  async function remembered(mobile: string) {
    const [course] = await t.db.insert(courses).values({ title: `会话校验课程${++n}`, lecturer: '讲师', categoryId: (await t.db.select().from(categories).limit(1))[0]!.id, creditHours: 1 }).returning();
    const [video] = await t.db.insert(courseResources).values({ courseId: course!.id, title: '长视频', kind: 'video', durationSeconds: 6000, mediaUrl: '/media/v.mp4' }).returning();
    const token = await t.login(mobile);
    const s = await open(token, video!.id);
    await age(s.sessionId, 600);
    // Accepted, and the caller is now remembered by this instance.
    expect((await report(token, s.sessionId, 30, 30)).obj.credited).toBe(30);
    const ledger = async () => (await t.db.select().from(progressReports).where(eq(progressReports.sessionId, Number(s.sessionId)))).length;
    return { token, sessionId: s.sessionId, ledger, hash: createHash('sha256').update(token).digest('hex') };
  }
  const raw = (token: string, sessionId: string, reportId: string = randomUUID(), position = 60) =>
    t.call(L.updateStudyResourceTime, { token, body: { reportId, sessionId, position, playedSeconds: 30, clientTime: new Date().toISOString(), event: 'tick' } });

  it('logged out elsewhere (another instance revoked the session): 401, and nothing is written', async () => {
    const r = await remembered('13900010071');
    expect((await report(r.token, r.sessionId, 30, 60)).obj.credited).toBe(30);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, r.hash));
    const before = await r.ledger();
    const refused = await raw(r.token, r.sessionId);
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ resMsg: MSG.sessionExpired });
    expect(await r.ledger()).toBe(before);
  });

  it('the person locked, or the session expired: 401, nothing written', async () => {
    const locked = await remembered('13900010072');
    await t.db.update(persons).set({ status: 'disabled' }).where(eq(persons.mobile, '13900010072'));
    const before = await locked.ledger();
    expect((await raw(locked.token, locked.sessionId)).status).toBe(401);
    expect(await locked.ledger()).toBe(before);
    await t.db.update(persons).set({ status: 'active' }).where(eq(persons.mobile, '13900010072'));

    const expired = await remembered('13900010073');
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, expired.hash));
    const before2 = await expired.ledger();
    expect((await raw(expired.token, expired.sessionId)).status).toBe(401);
    expect(await expired.ledger()).toBe(before2);
  });

  it('after the session ended, a replayed report id, a backup and broken input each get 401 first, not the answers a session would get', async () => {
    // Each from a caller still remembered: the first 401 makes the instance forget the session.
    const end = (r: { hash: string }) => t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, r.hash));
    const r = await remembered('13900010074');
    const id = randomUUID();
    expect((await raw(r.token, r.sessionId, id)).status).toBe(200);
    await end(r);
    expect((await raw(r.token, r.sessionId, id)).status).toBe(401);
    const b = await remembered('13900010077');
    await end(b);
    const backup = await t.call(L.backup, { token: b.token, body: { reports: [{ reportId: randomUUID(), sessionId: b.sessionId, position: 90, playedSeconds: 30, clientTime: new Date().toISOString(), event: 'tick' }] } });
    expect(backup.status).toBe(401);
    const c = await remembered('13900010078');
    await end(c);
    // Broken input: 401, not the input's rules (as for a session read afresh).
    expect((await t.call(L.updateStudyResourceTime, { token: c.token, body: { reportId: 'not-a-uuid', sessionId: c.sessionId } })).status).toBe(401);
    // Another learner's study session with my remembered caller: refused as before (not mine), nothing written.
    const other = await remembered('13900010075');
    const mine = await remembered('13900010076');
    const before = await other.ledger();
    const cross = obj(await raw(mine.token, other.sessionId));
    expect(cross).toMatchObject({ res: false, resMsg: LEARNING_MSG.sessionMissing });
    expect(await other.ledger()).toBe(before);
  });
});
