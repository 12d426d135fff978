/**
 * Reminders that say what each learner lacks, part of the teacher's class area: owns
 * remind_schedules and remind_runs, and writes its 站内消息 into the class's messages (this module's
 * tables) with each recipient's own text. What a learner lacks is read through the owners: hours and
 * state and courses through the read-only reports module, homework through the work service.
 *
 * The preview and the sending are one computation (`plan`), so the counts a teacher sees are the
 * ones sent. A schedule's runs are jobs of the one jobs queue (kind `remind.schedule`, key
 * `remind-schedule:<id>`); a run claims its due time with one conditional UPDATE of `next_run_at`,
 * so a job run twice (two instances, a retry after a crash) sends once. Every send, every schedule
 * change and every run is audited (events teacher.remind*).
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { remind as R, teacher as T } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { remindRuns, remindSchedules } from '../../db/schema/remind.ts';
import { Refusal } from '../../http/errors.ts';
import { noticeCountsSince, sendNoticesWithinCap, takeNoticeCap, type SmsSender } from '../../integrations/sms.ts';
import { nextWeekly, startOfDayIn } from '@portal/contract/calendar';
import { iso, isoOrNull } from '../../lib/listing.ts';
import { postMessage, recordSms } from '../inbox/service.ts';
import type { Jobs } from '../jobs/service.ts';
import type { Platform } from '../platform/service.ts';
import { studyRuleOf, type ClassRow, type Reports } from '../reports/service.ts';
import { mergeTemplate, unknownFields } from './remindText.ts';
import { noticeSmsText, TEACHER_MSG, type ClassAccess } from './service.ts';

export const REMIND_MSG = {
  unknownField: (names: string[]) => `提醒内容中的${names.map((n) => `{${n}}`).join('、')}不是可用的填充字段，可用字段：${R.REMIND_FIELD_NAMES.map((n) => `{${n}}`).join('')}`,
  chooseLearners: '请选择要提醒的学员',
  nobody: '没有需要提醒的学员',
  classEnded: '班级学习期已结束，不能再设置定时提醒',
  noRunBeforeEnd: '班级学习期结束前已没有这个时间，请选择更早的星期或时间',
  scheduleMissing: '提醒计划不存在或已删除',
  scheduleEnded: '提醒计划已结束，不能恢复；如需继续提醒请新建计划',
} as const;

export const REMIND_JOB = 'remind.schedule';
const jobKey = (scheduleId: number) => `remind-schedule:${scheduleId}`;
/** How many runs the record shows: a weekly schedule of a year is 52. */
const RUNS_SHOWN = 50;

export interface RemindDeps {
  db: Db;
  reports: Reports;
  platform: Platform;
  sms: SmsSender;
  jobs: Jobs;
  /** The class's homework and practice reports each member has not handed in (the work module's). */
  notHandedIn: (classId: number, personIds: number[]) => Promise<Map<number, { title: string; dueAt: Date }[]>>;
  noticesPerPhoneDaily: number;
  timeZone: string;
}

/** Who sends: a teacher's call, or the teacher who created a schedule when it runs. */
interface Sender {
  personId: number;
  personName: string;
  ip: string;
}

type Audience = { audience: 'behind' } | { audience: 'all' } | { audience: 'chosen'; personIds: number[] };
type Letter = { channel: R.RemindChannel; title: string; template: string };
type ScheduleRow = typeof remindSchedules.$inferSelect;
type RunOutcome = (typeof R.RUN_OUTCOMES)[number];

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const isBehind = (s: T.StudyState) => s === 'behind' || s === 'notStarted';

export function makeReminders({ db, reports, platform, sms, jobs, notHandedIn, noticesPerPhoneDaily, timeZone }: RemindDeps) {
  const audit = (who: Sender, event: string, classId: number, outcome: 'success' | 'failure', detail: Record<string, unknown>) =>
    platform.audit({ personId: who.personId, ip: who.ip, event: `teacher.${event}`, target: `class:${classId}`, outcome, detail });
  const senderOf = (a: ClassAccess): Sender => ({ personId: a.teacher.personId, personName: a.teacher.personName, ip: a.ip });

  async function refuse(a: ClassAccess, event: string, message: string, detail: Record<string, unknown> = {}): Promise<never> {
    await audit(senderOf(a), event, a.cls.id, 'failure', { ...detail, reason: message });
    throw new Refusal(message);
  }

  /**
   * Each recipient with their merged message and SMS, and what the SMS take of the daily cap: the
   * preview's answer, and exactly what `deliver` sends. Refuses an unknown field or a chosen person
   * who is not a member (`refusal` says how, with the audit event of the caller).
   */
  async function plan(cls: ClassRow, sender: Sender, who: Audience, letter: Letter, refusal: (message: string, detail: Record<string, unknown>) => Promise<never>) {
    const unknown = unknownFields(letter.template);
    if (unknown.length) await refusal(REMIND_MSG.unknownField(unknown), { unknown });
    const rows = await reports.allMemberStudy(cls, studyRuleOf(cls));
    let chosen = rows;
    if (who.audience === 'behind') chosen = rows.filter((r) => isBehind(r.state));
    if (who.audience === 'chosen') {
      const ids = new Set(who.personIds);
      if (ids.size === 0) await refusal(REMIND_MSG.chooseLearners, {});
      chosen = rows.filter((r) => ids.has(r.personId));
      if (chosen.length !== ids.size) await refusal(TEACHER_MSG.notMember, { personIds: [...ids].filter((id) => !rows.some((r) => r.personId === id)) });
    }
    const ids = chosen.map((r) => r.personId);
    const [courses, works] = await Promise.all([reports.requiredNotStarted(cls.id, ids), notHandedIn(cls.id, ids)]);
    const texting = letter.channel !== 'message';
    const today = texting ? await noticeCountsSince(db, chosen.map((r) => r.fullMobile), startOfDayIn(timeZone)) : new Map<string, number>();
    // Counted as the sending counts, so two learners sharing a number are capped as they will be.
    const counts = new Map(today);
    const items = chosen.map((r) => {
      const content = mergeTemplate(letter.template, { personName: r.personName, className: cls.name, totalHours: r.totalHours, requiredHours: cls.requiredHours, endAt: cls.endAt, notStarted: courses.get(r.personId) ?? [], notHandedIn: works.get(r.personId) ?? [] }, timeZone);
      const smsToday = today.get(r.fullMobile) ?? 0;
      const capped = texting && !takeNoticeCap(counts, r.fullMobile, noticesPerPhoneDaily);
      const text = texting ? noticeSmsText(cls.name, letter.title, content, sender.personName) : null;
      return {
        mobile: r.fullMobile,
        view: { personId: r.personId, personName: r.personName, organName: r.organName, state: r.state, content, sms: text, smsParts: text && !capped ? R.smsParts(text) : 0, smsToday, smsCapped: capped } satisfies R.RemindPreviewItem,
      };
    });
    const views = items.map((i) => i.view);
    return {
      items,
      preview: {
        recipientCount: items.length,
        sms: texting
          ? { count: views.filter((v) => !v.smsCapped).length, parts: views.reduce((n, v) => n + v.smsParts, 0), capped: views.filter((v) => v.smsCapped).length, dailyCap: noticesPerPhoneDaily }
          : null,
        items: views,
      },
    };
  }

  /** Sends what `plan` computed and records the run; the 站内消息 is one class message, each recipient their own text. */
  async function deliver(cls: ClassRow, sender: Sender, letter: Letter, items: Awaited<ReturnType<typeof plan>>['items'], scheduleId: number | null) {
    const inbox = letter.channel !== 'sms';
    const texting = letter.channel !== 'message';
    let messageId: number | null = null;
    if (inbox) {
      messageId = await db.transaction((tx) =>
        postMessage(
          tx,
          { classId: cls.id, senderId: sender.personId, title: letter.title, content: letter.template, sms: texting },
          items.map((i) => ({ personId: i.view.personId, content: i.view.content })),
        ),
      );
    }
    const states = texting ? await sendNoticesWithinCap(db, sms, { perPhone: noticesPerPhoneDaily, since: startOfDayIn(timeZone) }, items.map((i) => ({ mobile: i.mobile, text: i.view.sms! }))) : [];
    const outcome = { sent: 0, failed: 0, capped: 0 };
    for (const [n, s] of states.entries()) {
      outcome[s.status]++;
      if (messageId !== null) await recordSms(db, messageId, items[n]!.view.personId, s);
    }
    const recipients = items.map((i, n) => ({ personId: i.view.personId, sms: states[n]?.status ?? null }));
    const [run] = await db.insert(remindRuns).values({ classId: cls.id, scheduleId, senderId: sender.personId, title: letter.title, channel: letter.channel, outcome: 'sent', messageId, recipients }).returning({ id: remindRuns.id });
    const smsOutcome = texting ? outcome : null;
    await audit(sender, scheduleId === null ? 'remind' : 'remindRun', cls.id, 'success', { runId: run!.id, scheduleId, messageId, channel: letter.channel, personIds: recipients.map((r) => r.personId), sms: smsOutcome });
    return { runId: run!.id, messageId, recipientCount: items.length, sms: smsOutcome };
  }

  async function liveSchedule(a: ClassAccess, scheduleId: number, event: string) {
    const [s] = await db
      .select()
      .from(remindSchedules)
      .where(and(eq(remindSchedules.id, scheduleId), eq(remindSchedules.classId, a.cls.id), isNull(remindSchedules.deletedAt)));
    return s ?? (await refuse(a, event, REMIND_MSG.scheduleMissing, { scheduleId }));
  }

  async function scheduleViews(classId: number, scheduleId?: number): Promise<R.RemindSchedule[]> {
    const rows = await db
      .select()
      .from(remindSchedules)
      .where(and(eq(remindSchedules.classId, classId), isNull(remindSchedules.deletedAt), scheduleId === undefined ? undefined : eq(remindSchedules.id, scheduleId)))
      .orderBy(desc(remindSchedules.createdAt), desc(remindSchedules.id));
    if (rows.length === 0) return [];
    const counts = await db
      .select({ id: remindRuns.scheduleId, n: sql<number>`count(*)::int` })
      .from(remindRuns)
      .where(inArray(remindRuns.scheduleId, rows.map((s) => s.id)))
      .groupBy(remindRuns.scheduleId);
    const names = await reports.personNames(rows.map((s) => s.createdBy));
    return rows.map((s) => ({
      id: s.id,
      title: s.title,
      template: s.template,
      channel: s.channel,
      weekday: s.weekday,
      time: timeOf(s.minuteOfDay),
      state: s.state,
      endReason: s.endReason,
      nextRunAt: s.state === 'active' ? isoOrNull(s.nextRunAt) : null,
      createdBy: names.get(s.createdBy) ?? '',
      createdAt: iso(s.createdAt),
      runs: counts.find((c) => c.id === s.id)?.n ?? 0,
    }));
  }

  /** The next run of a schedule within the class period, or null when there is none before its end. */
  const nextRunOf = (s: Pick<ScheduleRow, 'weekday' | 'minuteOfDay'>, cls: ClassRow, after = Date.now()) => {
    const next = nextWeekly(timeZone, s.weekday, s.minuteOfDay, Math.max(after, cls.startAt.getTime() - 1));
    return next < cls.endAt ? next : null;
  };

  /**
   * One run of a schedule due at `due`: claims it (the conditional UPDATE moves next_run_at on, or
   * ends the schedule), then sends to those behind. Claimed once: a second job for the same due time
   * finds next_run_at moved and does nothing.
   */
  async function runSchedule(scheduleId: number, due: string) {
    const [s] = await db.select().from(remindSchedules).where(eq(remindSchedules.id, scheduleId));
    if (!s || s.deletedAt || s.state !== 'active' || s.nextRunAt?.toISOString() !== due) return { skipped: true };
    const names = await reports.personNames([s.createdBy]);
    const sender: Sender = { personId: s.createdBy, personName: names.get(s.createdBy) ?? '', ip: '' };
    const cls = await reports.classOfTeacher(s.createdBy, s.classId);
    const letter: Letter = { channel: s.channel, title: s.title, template: s.template };
    let stop: Exclude<RunOutcome, 'sent'> | null = null;
    let planned: Awaited<ReturnType<typeof plan>> | null = null;
    if (!cls) stop = 'notTeacher';
    else if (Date.now() >= cls.endAt.getTime()) stop = 'classEnded';
    else {
      planned = await plan(cls, sender, { audience: 'behind' }, letter, async (message) => {
        throw new Error(message);
      });
      if (planned.items.length === 0) stop = 'nobodyBehind';
    }
    // The next after this run's own time, also when the run comes early or late.
    const next = stop || !cls ? null : nextRunOf(s, cls, Math.max(Date.now(), s.nextRunAt!.getTime()));
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx
        .update(remindSchedules)
        .set(next ? { nextRunAt: next } : { state: 'ended', endReason: stop ?? 'classEnded', nextRunAt: null })
        .where(and(eq(remindSchedules.id, s.id), eq(remindSchedules.state, 'active'), isNull(remindSchedules.deletedAt), eq(remindSchedules.nextRunAt, s.nextRunAt!)))
        .returning({ id: remindSchedules.id });
      if (rows.length && next) await jobs.enqueue(tx, { kind: REMIND_JOB, key: jobKey(s.id), payload: { scheduleId: s.id, due: next.toISOString() }, runAt: next });
      return rows.length > 0;
    });
    if (!claimed) return { skipped: true };
    if (stop || !planned || !cls) {
      await db.insert(remindRuns).values({ classId: s.classId, scheduleId: s.id, senderId: s.createdBy, title: s.title, channel: s.channel, outcome: stop ?? 'classEnded' });
      await audit(sender, 'remindRun', s.classId, 'success', { scheduleId: s.id, ended: stop });
      return { ended: stop };
    }
    return deliver(cls, sender, letter, planned.items, s.id);
  }

  jobs.register(REMIND_JOB, async (ctx) => {
    const { scheduleId, due } = ctx.payload as { scheduleId: number; due: string };
    return runSchedule(scheduleId, due);
  });

  return {
    async preview(a: ClassAccess, body: Omit<R.RemindBody, 'classId'>) {
      return (await plan(a.cls, senderOf(a), body, body, (m, d) => refuse(a, 'remind', m, d))).preview;
    },

    async send(a: ClassAccess, body: Omit<R.RemindBody, 'classId'>) {
      const sender = senderOf(a);
      const planned = await plan(a.cls, sender, body, body, (m, d) => refuse(a, 'remind', m, d));
      if (planned.items.length === 0) await refuse(a, 'remind', REMIND_MSG.nobody, { audience: body.audience });
      return deliver(a.cls, sender, body, planned.items, null);
    },

    schedules: (a: ClassAccess) => scheduleViews(a.cls.id),

    async addSchedule(a: ClassAccess, body: { channel: R.RemindChannel; title: string; template: string; weekday: number; time: string }) {
      const unknown = unknownFields(body.template);
      if (unknown.length) await refuse(a, 'remindSchedule', REMIND_MSG.unknownField(unknown), { unknown });
      if (Date.now() >= a.cls.endAt.getTime()) await refuse(a, 'remindSchedule', REMIND_MSG.classEnded);
      const minuteOfDay = minutesOf(body.time);
      const next = nextRunOf({ weekday: body.weekday, minuteOfDay }, a.cls) ?? (await refuse(a, 'remindSchedule', REMIND_MSG.noRunBeforeEnd, { weekday: body.weekday, time: body.time }));
      const id = await db.transaction(async (tx) => {
        const [s] = await tx
          .insert(remindSchedules)
          .values({ classId: a.cls.id, createdBy: a.teacher.personId, title: body.title, template: body.template, channel: body.channel, weekday: body.weekday, minuteOfDay, nextRunAt: next })
          .returning({ id: remindSchedules.id });
        await jobs.enqueue(tx, { kind: REMIND_JOB, key: jobKey(s!.id), payload: { scheduleId: s!.id, due: next.toISOString() }, runAt: next });
        return s!.id;
      });
      await audit(senderOf(a), 'remindSchedule', a.cls.id, 'success', { scheduleId: id, action: 'add', ...body, nextRunAt: next.toISOString() });
      return (await scheduleViews(a.cls.id, id))[0]!;
    },

    async setSchedule(a: ClassAccess, body: { scheduleId: number; paused: boolean }) {
      const s = await liveSchedule(a, body.scheduleId, 'remindSchedule');
      if (s.state === 'ended') await refuse(a, 'remindSchedule', REMIND_MSG.scheduleEnded, { scheduleId: s.id });
      const next = body.paused ? null : nextRunOf(s, a.cls);
      await db.transaction(async (tx) => {
        // The waiting job goes with the pause; a resume enqueues the next run afresh.
        await jobs.cancel(tx, jobKey(s.id));
        if (body.paused) await tx.update(remindSchedules).set({ state: 'paused' }).where(eq(remindSchedules.id, s.id));
        else if (!next) await tx.update(remindSchedules).set({ state: 'ended', endReason: 'classEnded', nextRunAt: null }).where(eq(remindSchedules.id, s.id));
        else {
          await tx.update(remindSchedules).set({ state: 'active', nextRunAt: next }).where(eq(remindSchedules.id, s.id));
          await jobs.enqueue(tx, { kind: REMIND_JOB, key: jobKey(s.id), payload: { scheduleId: s.id, due: next.toISOString() }, runAt: next });
        }
      });
      await audit(senderOf(a), 'remindSchedule', a.cls.id, 'success', { scheduleId: s.id, action: body.paused ? 'pause' : 'resume', nextRunAt: next?.toISOString() ?? null });
      return (await scheduleViews(a.cls.id, s.id))[0]!;
    },

    async deleteSchedule(a: ClassAccess, scheduleId: number) {
      const s = await liveSchedule(a, scheduleId, 'remindSchedule');
      await db.transaction(async (tx) => {
        await jobs.cancel(tx, jobKey(s.id));
        await tx.update(remindSchedules).set({ deletedAt: new Date() }).where(eq(remindSchedules.id, s.id));
      });
      await audit(senderOf(a), 'remindSchedule', a.cls.id, 'success', { scheduleId: s.id, action: 'delete' });
      return null;
    },

    /** The runs of the class (or of one schedule), newest first: who was reminded, who read it, the SMS states. */
    async runs(a: ClassAccess, scheduleId: number | undefined): Promise<R.RemindRun[]> {
      const rows = await db
        .select()
        .from(remindRuns)
        .where(and(eq(remindRuns.classId, a.cls.id), scheduleId === undefined ? undefined : eq(remindRuns.scheduleId, scheduleId)))
        .orderBy(desc(remindRuns.ranAt), desc(remindRuns.id))
        .limit(RUNS_SHOWN);
      const names = await reports.personNames(rows.flatMap((r) => [r.senderId, ...r.recipients.map((p) => p.personId)]));
      const out: R.RemindRun[] = [];
      for (const r of rows) {
        const read = r.messageId === null ? new Map<number, string | null>() : new Map((await reports.recipients(r.messageId)).map((p) => [p.personId, p.readAt]));
        const recipients = r.recipients.map((p) => ({ personId: p.personId, personName: names.get(p.personId) ?? '', readAt: read.get(p.personId) ?? null, smsStatus: p.sms }));
        const texted = r.channel !== 'message' && r.outcome === 'sent';
        out.push({
          id: r.id,
          scheduleId: r.scheduleId,
          title: r.title,
          channel: r.channel,
          outcome: r.outcome,
          ranAt: iso(r.ranAt),
          senderName: names.get(r.senderId) ?? '',
          recipientCount: recipients.length,
          readCount: recipients.filter((p) => p.readAt !== null).length,
          messageId: r.messageId,
          sms: texted ? { sent: recipients.filter((p) => p.smsStatus === 'sent').length, failed: recipients.filter((p) => p.smsStatus === 'failed').length, capped: recipients.filter((p) => p.smsStatus === 'capped').length } : null,
          recipients,
        });
      }
      return out;
    },
  };
}
export type RemindService = ReturnType<typeof makeReminders>;
