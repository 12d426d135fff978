/**
 * Reminders: the class area's rights, the fields merged per learner, a preview whose counts
 * are what is then sent, and weekly schedules that run once across two instances and stop by their rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { remind as R, teacher as T, type CallDef } from '@portal/contract';
import { createTestApp, DEMO_PASSWORDS, type TestApp } from '../../test/harness.ts';
import { openTestDatabase } from '../../db/testing.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, classCourses, classMembers, classTeachers, courses, jobs, messageRecipients, persons, remindRuns, remindSchedules, resourceProgress, smsOutbox, teacherClasses, works } from '../../db/schema/index.ts';
import { TEACHER_MSG } from './service.ts';
import { REMIND_JOB, REMIND_MSG } from './remind.ts';

let database: Database;
/** Two server instances on one database. */
let t: TestApp;
let t2: TestApp;
let teacher: string;
let otherTeacher: string;
let first: T.ClassSummary;

type Obj<D> = { res: boolean; resMsg: string; obj: D };
const obj = <D>(r: { json: unknown }) => r.json as Obj<D>;
async function ok<D>(c: CallDef, token: string, opts: { query?: Record<string, string | number>; body?: unknown } = {}): Promise<D> {
  const r = obj<D>(await t.call(c, { token, ...opts }));
  if (!r.res) throw new Error(`${c.name}: ${r.resMsg}`);
  return r.obj;
}
const letter = { title: '学习进度提醒', template: R.DEFAULT_REMIND_TEMPLATE };
type Preview = { recipientCount: number; sms: { count: number; parts: number; capped: number; dailyCap: number } | null; items: R.RemindPreviewItem[] };
const outboxCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(smsOutbox))[0]!.n;

beforeAll(async () => {
  database = await openTestDatabase();
  const env = { SMS_NOTICE_DAILY_CAP_PER_PHONE: '3' };
  t = await createTestApp(env, {}, { database, seed: true });
  t2 = await createTestApp(env, {}, { database, seed: false });
  [teacher, otherTeacher] = await Promise.all([t.login('13800000004', DEMO_PASSWORDS.teacher), t.login('13700000001', DEMO_PASSWORDS.teacher)]);
  [first] = (await ok<T.ClassSummary[]>(T.findClass, teacher)).sort((a, b) => b.memberCount - a.memberCount) as [T.ClassSummary];
});
afterAll(async () => {
  await t2.app.close();
  await t.close();
});

describe('the wall between classes', () => {
  const calls = (classId: number): [CallDef, { query?: Record<string, string | number>; body?: unknown }][] => [
    [R.previewRemind, { body: { classId, audience: 'behind', channel: 'message', ...letter } }],
    [R.sendRemind, { body: { classId, audience: 'all', channel: 'both', ...letter } }],
    [R.findRemindSchedule, { query: { classId } }],
    [R.addRemindSchedule, { body: { classId, channel: 'message', ...letter, weekday: 1, time: '09:00' } }],
    [R.setRemindSchedule, { body: { classId, scheduleId: 1, paused: true } }],
    [R.deleteRemindSchedule, { query: { classId, scheduleId: 1 } }],
    [R.findRemindRun, { query: { classId } }],
  ];

  it("another teacher's class is refused on every reminder call, audited, and nothing is sent or scheduled", async () => {
    const before = await outboxCount();
    for (const [c, input] of calls(first.id)) expect(obj(await t.call(c, { token: otherTeacher, ...input })), c.name).toMatchObject({ res: false, resMsg: TEACHER_MSG.notYourClass });
    expect(await outboxCount()).toBe(before);
    expect(await t.db.select().from(remindSchedules)).toEqual([]);
    expect(await t.db.select().from(remindRuns)).toEqual([]);
    const refused = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'teacher.access'), eq(auditLog.target, `class:${first.id}`), eq(auditLog.outcome, 'failure')));
    expect(refused.length).toBeGreaterThanOrEqual(calls(0).length);
  });

  it('a learner reaches none of them; without a session each is a 401', async () => {
    const learner = await t.login('13800000001');
    for (const [c, input] of calls(first.id)) {
      expect(obj(await t.call(c, { token: learner, ...input })), c.name).toMatchObject({ res: false, resMsg: TEACHER_MSG.notTeacher });
      expect((await t.call(c, input)).status, c.name).toBe(401);
    }
  });

  it('a chosen person who is not a member, or a field that does not exist, is refused with a Chinese sentence and nothing is sent', async () => {
    const outsider = (await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, '13700000001')))[0]!.id;
    const before = await outboxCount();
    const notMember = obj(await t.call(R.sendRemind, { token: teacher, body: { classId: first.id, audience: 'chosen', personIds: [outsider], channel: 'both', ...letter } }));
    expect(notMember).toMatchObject({ res: false, resMsg: TEACHER_MSG.notMember });
    const typo = obj(await t.call(R.previewRemind, { token: teacher, body: { classId: first.id, audience: 'all', channel: 'sms', title: '提醒', template: '{名字}同志，请抓紧学习' } }));
    expect(typo.resMsg).toContain('{名字}不是可用的填充字段');
    const none = obj(await t.call(R.sendRemind, { token: teacher, body: { classId: first.id, audience: 'chosen', channel: 'sms', ...letter } }));
    expect(none).toMatchObject({ res: false, resMsg: REMIND_MSG.chooseLearners });
    expect(await outboxCount()).toBe(before);
    expect(await t.db.select().from(remindRuns)).toEqual([]);
  });
});

describe('a reminder says what each learner lacks', () => {
  let learnerRow: T.PersonStudyRow;
  let workId: number;
  const homework = '结合本单位实际谈基层治理能力提升';

  beforeAll(async () => {
    const behind = await ok<{ list: T.PersonStudyRow[] }>(T.findClassPersonStudy, teacher, { query: { classId: first.id, state: 'behind', pageSize: 100 } });
    learnerRow = behind.list[0]!;
    // A required course of the plan this learner has never opened, and homework due next month.
    const [course] = await t.db
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(
        and(
          eq(courses.status, 'published'),
          sql`${courses.id} not in (select course_id from ${classCourses} where class_id = ${first.id})`,
          sql`not exists (select 1 from ${resourceProgress} rp where rp.course_id = ${courses.id} and rp.person_id = ${learnerRow.personId})`,
        ),
      )
      .limit(1);
    await ok(T.addPersonCourse, teacher, { body: { classId: first.id, courseId: course!.id, required: true } });
    const [w] = await t.db.insert(works).values({ classId: first.id, kind: 'homework', title: homework, requirement: '结合本职工作谈体会，不少于1500字。', dueAt: new Date(Date.now() + 20 * 86_400_000) }).returning();
    workId = w!.id;
  });

  it("merges the learner's name, hours done and missing, the class's last day, the courses not started and the homework not handed in", async () => {
    const p = await ok<Preview>(R.previewRemind, teacher, { body: { classId: first.id, audience: 'chosen', personIds: [learnerRow.personId], channel: 'message', ...letter } });
    expect(p.recipientCount).toBe(1);
    expect(p.sms).toBeNull();
    const [cls] = await t.db.select().from(teacherClasses).where(eq(teacherClasses.id, first.id));
    const lastDay = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(cls!.endAt.getTime() - 1);
    const part = (k: string) => lastDay.find((x) => x.type === k)!.value;
    const missing = Math.round((first.requiredHours - learnerRow.totalHours) * 10) / 10;
    const content = p.items[0]!.content;
    expect(content).toContain(`${learnerRow.personName}同志：您在${first.name}已完成${learnerRow.totalHours}学时，距${first.requiredHours}学时的要求尚差${missing}学时，请在${part('year')}年${part('month')}月${part('day')}日前完成。`);
    // The plan's required courses this learner never opened, the one just added among them, at most three named.
    const notStarted = (
      await t.db
        .select({ title: courses.title })
        .from(classCourses)
        .innerJoin(courses, eq(courses.id, classCourses.courseId))
        .where(and(eq(classCourses.classId, first.id), eq(classCourses.required, true), sql`not exists (select 1 from ${resourceProgress} rp where rp.course_id = ${classCourses.courseId} and rp.person_id = ${learnerRow.personId})`))
        .orderBy(classCourses.addedAt, courses.id)
    ).map((c) => `《${c.title}》`);
    const named = notStarted.length > 3 ? `${notStarted.slice(0, 3).join('、')}等${notStarted.length}门` : notStarted.join('、');
    expect(content).toContain(`尚未开始的必修课程：${named}；`);
    expect(content).toMatch(new RegExp(`${homework}（\\d+月\\d+日截止）`));
    expect(content).not.toMatch(/[{}]/);
  });

  it('a learner who handed the homework in is not reminded of it', async () => {
    const p = await ok<Preview>(R.previewRemind, teacher, { body: { classId: first.id, audience: 'all', channel: 'message', title: '作业提醒', template: '{姓名}：{未交作业}' } });
    expect(p.recipientCount).toBe(first.memberCount);
    expect(p.items.find((i) => i.personId === learnerRow.personId)!.content).toContain(homework);
    await t.db.execute(sql`insert into work_submissions (work_id, person_id, state, version, text, submitted_at) values (${workId}, ${learnerRow.personId}, 'submitted', 1, '心得', now())`);
    const after = await ok<Preview>(R.previewRemind, teacher, { body: { classId: first.id, audience: 'chosen', personIds: [learnerRow.personId], channel: 'message', title: '作业提醒', template: '{姓名}：{未交作业}' } });
    expect(after.items[0]!.content).not.toContain(homework);
  });

  it('the preview counts are what is sent: recipients, SMS, the daily cap; each learner reads their own text', async () => {
    const body = { classId: first.id, audience: 'behind', channel: 'both', ...letter };
    const behind = (await ok<T.ClassSummary[]>(T.findClass, teacher)).find((c) => c.id === first.id)!.behindCount;
    // One learner has already had the day's three notices: the preview says they get none.
    const capped = (await t.db.select({ mobile: persons.mobile }).from(persons).where(eq(persons.personId, learnerRow.personId)))[0]!.mobile;
    await t.db.insert(smsOutbox).values([1, 2, 3].map((n) => ({ phone: capped, content: `【${first.name}】通知${n}`, provider: 'outbox', status: 'sent' as const })));
    const p = await ok<Preview>(R.previewRemind, teacher, { body });
    expect(p.recipientCount).toBe(behind);
    expect(p.items.every((i) => i.state === 'behind' || i.state === 'notStarted')).toBe(true);
    expect(p.sms).toMatchObject({ count: behind - 1, capped: 1, dailyCap: 3 });
    expect(p.sms!.parts).toBe(p.items.reduce((n, i) => n + i.smsParts, 0));
    expect(p.sms!.parts).toBeGreaterThan(p.sms!.count); // the default template is longer than one SMS
    expect(p.items.find((i) => i.personId === learnerRow.personId)).toMatchObject({ smsCapped: true, smsToday: 3, smsParts: 0 });

    const before = await outboxCount();
    const sent = await ok<{ runId: number; messageId: number; recipientCount: number; sms: { sent: number; failed: number; capped: number } }>(R.sendRemind, teacher, { body });
    expect(sent.recipientCount).toBe(p.recipientCount);
    expect(sent.sms).toEqual({ sent: p.sms!.count, failed: 0, capped: p.sms!.capped });
    expect((await outboxCount()) - before).toBe(p.sms!.count);
    const texts = await t.db.select().from(smsOutbox).where(gt(smsOutbox.id, 0)).orderBy(desc(smsOutbox.id)).limit(p.sms!.count);
    expect(new Set(texts.map((x) => x.content))).toEqual(new Set(p.items.filter((i) => !i.smsCapped).map((i) => i.sms)));

    const stored = await t.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, sent.messageId));
    expect(new Map(stored.map((r) => [r.personId, r.content]))).toEqual(new Map(p.items.map((i) => [i.personId, i.content])));
    const learner = await t.login((await t.db.select({ m: persons.mobile }).from(persons).where(eq(persons.personId, learnerRow.personId)))[0]!.m);
    const mine = await ok<{ list: { id: number; content: string }[] }>(T.findMyMessage, learner, { query: { pageNum: 1, pageSize: 5 } });
    expect(mine.list.find((m) => m.id === sent.messageId)!.content).toBe(p.items.find((i) => i.personId === learnerRow.personId)!.content);
    await ok(T.readMessage, learner, { query: { messageId: sent.messageId } });

    // 短信提醒未读学员 in 消息管理 texts each their own text too, never the template.
    const unread = p.items.find((i) => i.personId !== learnerRow.personId)!;
    await ok(T.sendSMS, teacher, { body: { classId: first.id, messageId: sent.messageId, personIds: [unread.personId] } });
    const [again] = await t.db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(1);
    expect(again!.content).toBe(unread.sms);

    const [run] = await ok<R.RemindRun[]>(R.findRemindRun, teacher, { query: { classId: first.id } });
    expect(run).toMatchObject({ id: sent.runId, scheduleId: null, outcome: 'sent', recipientCount: behind, readCount: 1, senderName: '刘建国', sms: sent.sms });
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'teacher.remind'), eq(auditLog.outcome, 'success')));
    expect(audited.at(-1)!.detail).toMatchObject({ runId: sent.runId, channel: 'both', sms: sent.sms });
  });
});

describe('a weekly schedule of reminders', () => {
  const schedule = (classId: number, extra: Record<string, unknown> = {}) => ok<R.RemindSchedule>(R.addRemindSchedule, teacher, { body: { classId, channel: 'message', ...letter, weekday: 1, time: '09:00', ...extra } });
  /** Brings the schedule's job due now, as if Monday 9:00 had come. */
  const dueNow = (scheduleId: number) => t.db.update(jobs).set({ runAt: new Date(0) }).where(and(eq(jobs.kind, REMIND_JOB), eq(jobs.key, `remind-schedule:${scheduleId}`), eq(jobs.status, 'queued')));
  const runsOf = (scheduleId: number) => t.db.select().from(remindRuns).where(eq(remindRuns.scheduleId, scheduleId)).orderBy(remindRuns.id);

  it('runs on Monday at 9:00 China time; two instances looking at once send it once, and the next Monday is queued', async () => {
    const s = await schedule(first.id);
    const next = new Date(s.nextRunAt!);
    expect(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(next)).toBe('Mon 09:00');
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(await t.app.jobs.runDue()).toBe(0);
    await dueNow(s.id);
    await Promise.all([t.app.jobs.runDue(), t2.app.jobs.runDue()]);
    const runs = await runsOf(s.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.outcome).toBe('sent');
    const behind = (await ok<T.ClassSummary[]>(T.findClass, teacher)).find((c) => c.id === first.id)!.behindCount;
    expect(runs[0]!.recipients).toHaveLength(behind);
    const [after] = await ok<R.RemindSchedule[]>(R.findRemindSchedule, teacher, { query: { classId: first.id } });
    expect(after).toMatchObject({ id: s.id, state: 'active', runs: 1 });
    expect(new Date(after!.nextRunAt!).getTime() - next.getTime()).toBe(7 * 86_400_000);
    const waiting = await t.db.select().from(jobs).where(and(eq(jobs.key, `remind-schedule:${s.id}`), eq(jobs.status, 'queued')));
    expect(waiting).toHaveLength(1);
    // The same due time run again (a retry after a crash) sends nothing more.
    await t.db.insert(jobs).values({ id: crypto.randomUUID(), kind: REMIND_JOB, payload: { scheduleId: s.id, due: next.toISOString() }, runAt: new Date(0) });
    await t2.app.jobs.runDue();
    expect(await runsOf(s.id)).toHaveLength(1);
    const [seen] = await ok<R.RemindRun[]>(R.findRemindRun, teacher, { query: { classId: first.id, scheduleId: s.id } });
    expect(seen).toMatchObject({ scheduleId: s.id, outcome: 'sent', recipientCount: behind, readCount: 0 });
    expect((await t.db.select().from(auditLog).where(eq(auditLog.event, 'teacher.remindRun'))).length).toBe(1);
    await ok(R.deleteRemindSchedule, teacher, { query: { classId: first.id, scheduleId: s.id } });
  });

  it('paused, it sends nothing; resumed, it runs again; deleted, its job is gone and its runs stay', async () => {
    const s = await schedule(first.id, { channel: 'sms' });
    const paused = await ok<R.RemindSchedule>(R.setRemindSchedule, teacher, { body: { classId: first.id, scheduleId: s.id, paused: true } });
    expect(paused).toMatchObject({ state: 'paused', nextRunAt: null });
    await dueNow(s.id);
    await t.app.jobs.runDue();
    expect(await runsOf(s.id)).toHaveLength(0);
    const resumed = await ok<R.RemindSchedule>(R.setRemindSchedule, teacher, { body: { classId: first.id, scheduleId: s.id, paused: false } });
    expect(resumed.state).toBe('active');
    await dueNow(s.id);
    await t.app.jobs.runDue();
    expect((await runsOf(s.id)).map((r) => r.outcome)).toEqual(['sent']);
    await ok(R.deleteRemindSchedule, teacher, { query: { classId: first.id, scheduleId: s.id } });
    expect(await ok<R.RemindSchedule[]>(R.findRemindSchedule, teacher, { query: { classId: first.id } })).toEqual([]);
    expect(await t.db.select().from(jobs).where(and(eq(jobs.key, `remind-schedule:${s.id}`), eq(jobs.status, 'queued')))).toEqual([]);
    expect(await runsOf(s.id)).toHaveLength(1);
    expect(obj(await t.call(R.setRemindSchedule, { token: teacher, body: { classId: first.id, scheduleId: s.id, paused: false } }))).toMatchObject({ res: false, resMsg: REMIND_MSG.scheduleMissing });
  });

  it('stops when nobody is behind, and when the class has ended, each stop a visible run', async () => {
    const teacherId = (await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, '13800000004')))[0]!.id;
    const [cls] = await t.db
      .insert(teacherClasses)
      .values({ name: '2026年第四季度处级干部专题班', startAt: new Date(Date.now() - 30 * 86_400_000), endAt: new Date(Date.now() + 60 * 86_400_000), requiredHours: 20 })
      .returning();
    await t.db.insert(classTeachers).values({ classId: cls!.id, personId: teacherId });
    const empty = await schedule(cls!.id);
    await dueNow(empty.id);
    await t.app.jobs.runDue();
    expect((await runsOf(empty.id)).map((r) => r.outcome)).toEqual(['nobodyBehind']);
    expect((await ok<R.RemindSchedule[]>(R.findRemindSchedule, teacher, { query: { classId: cls!.id } }))[0]).toMatchObject({ state: 'ended', endReason: 'nobodyBehind', nextRunAt: null });

    const [member] = await t.db.select({ personId: classMembers.personId }).from(classMembers).where(eq(classMembers.classId, first.id)).limit(1);
    await t.db.insert(classMembers).values({ classId: cls!.id, personId: member!.personId });
    const ending = await schedule(cls!.id);
    await t.db.update(teacherClasses).set({ endAt: new Date(Date.now() - 1000) }).where(eq(teacherClasses.id, cls!.id));
    await dueNow(ending.id);
    await t.app.jobs.runDue();
    expect((await runsOf(ending.id)).map((r) => r.outcome)).toEqual(['classEnded']);
    const shown = await ok<R.RemindRun[]>(R.findRemindRun, teacher, { query: { classId: cls!.id } });
    expect(shown.map((r) => r.outcome)).toEqual(['classEnded', 'nobodyBehind']);
    expect(await t.db.select().from(jobs).where(and(inArray(jobs.key, [`remind-schedule:${empty.id}`, `remind-schedule:${ending.id}`]), eq(jobs.status, 'queued')))).toEqual([]);
    expect(obj(await t.call(R.setRemindSchedule, { token: teacher, body: { classId: cls!.id, scheduleId: ending.id, paused: false } }))).toMatchObject({ res: false, resMsg: REMIND_MSG.scheduleEnded });
    expect(obj(await t.call(R.addRemindSchedule, { token: teacher, body: { classId: cls!.id, channel: 'message', ...letter, weekday: 1, time: '09:00' } }))).toMatchObject({ res: false, resMsg: REMIND_MSG.classEnded });
  });

  it('bad input is refused by field with a Chinese message', async () => {
    const bad = obj(await t.call(R.addRemindSchedule, { token: teacher, body: { classId: first.id, channel: 'message', ...letter, weekday: 8, time: '9点' } }));
    expect(bad).toMatchObject({ res: false, resMsg: '请选择星期' });
    const time = obj(await t.call(R.addRemindSchedule, { token: teacher, body: { classId: first.id, channel: 'message', ...letter, weekday: 1, time: '25:00' } }));
    expect(time.resMsg).toBe('时间格式应为 时:分，如 09:00');
  });
});
