/**
 * The learning core: owns enrolments, study sessions, resource and course progress, course
 * completions and the report ledger (schema/learning.ts). A progress report is credited by the pure
 * rule in credit.ts in one statement guarded on its locked study session, and is acknowledged only
 * after that statement commits.
 */
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { canUsePermissionModules, collegeMonth, collegeYear, learning as L, MSG, UC_CODE, type catalog } from '@portal/contract';

type ResourceKind = catalog.ResourceKind;
import { preparedRunner, type Db } from '../../db/client.ts';
import { categories, courseResources, courses, installs, personCourses, planCourses, plans, trainingYears } from '../../db/schema/catalog.ts';
import { courseCompletions, enrolments, resourceProgress, studySessions } from '../../db/schema/learning.ts';
import { HttpError, Refusal } from '../../http/errors.ts';
import type { Caller, SessionCheck } from '../../http/auth.ts';
import { iso, isoOrNull, offsetOf, pageFrom, totalOver, type Page, type PageQuery } from '../../lib/listing.ts';
import { CREDIT_TOLERANCE_SECONDS, decideCredit, type ResourceProgressState } from './credit.ts';
import { courseCardBase } from '../catalog/service.ts';
import { requiredSecondsOf } from '../catalog/requiredSeconds.ts';
import { completionExamsOf, completionExamsPassed } from '../exam/completion.ts';
import { batched, batchedCalls } from '../../lib/batch.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { CompletedInstall } from '../certificate/service.ts';

export interface LearningOptions {
  /** Share of a video's length that completes it (PRODUCT.md: default 95 %). */
  completionRatio: number;
  idleMinutes: number;
}

const LEARNING_MSG = {
  notMine: '该课程不在您的学习范围内，请先报名相关专题培训',
  resourceMissing: '课程章节不存在',
  resourceHidden: '该章节已停用，请学习课程中的其他章节',
  sessionMissing: '学习记录已失效，请刷新页面后继续学习',
  installMissing: '培训不存在',
  applyClosed: '不在报名时间内，无法报名',
  full: '报名人数已满',
  alreadyApplied: '您已报名该培训，无需重复报名',
  notApplied: '您尚未报名该培训',
  cannotCancelCounted: '该培训已有学习学时计入，不能取消报名',
  cannotCancelCompleted: '该培训已完成，不能取消报名',
  busy: '学习记录提交繁忙，请稍后重试',
} as const;
export { LEARNING_MSG };

/** The year of an instant on the college's calendar. */
export const chinaYear = (d: Date) => collegeYear(d);

type ResourceRow = typeof courseResources.$inferSelect;
/** Chapters in use: a hidden (停用) one keeps its records but leaves the course and its progress. */
export const inUse = isNull(courseResources.hiddenAt);


/** What a report's position means for a chapter (credit.ts), and the media length that bounds it. */
function mediaOf(r: Pick<ResourceRow, 'kind' | 'durationSeconds' | 'liveStart' | 'liveEnd'>, attendance: boolean): Pick<ResourceProgressState, 'positions' | 'lengthSeconds'> {
  if (r.kind === 'pdf') return { positions: 'pages', lengthSeconds: 0 };
  if (r.kind === 'video') return { positions: 'media', lengthSeconds: r.durationSeconds ?? 0 };
  if (attendance) return { positions: 'none', lengthSeconds: 0 };
  // The replay of a live lesson is as long as the lesson.
  const lesson = r.liveStart && r.liveEnd ? Math.ceil((r.liveEnd.getTime() - r.liveStart.getTime()) / 1000) : 0;
  return { positions: 'media', lengthSeconds: r.durationSeconds ?? lesson };
}

/** Live attendance (a session opened before the lesson ended) earns only while the lesson is on. */
const isAttendance = (r: Pick<ResourceRow, 'kind' | 'liveEnd'>, openedAt: number) => r.kind === 'live' && r.liveEnd !== null && openedAt <= r.liveEnd.getTime();

function ruleOf(kind: ResourceKind, required: number, ratio: number, attendance: boolean): string {
  const mins = Math.floor(required / 60);
  const secs = required % 60;
  const need = `${mins}分${secs ? `${secs}秒` : '钟'}`;
  const common = '页面切换到后台时暂停计时；同一时间只有一个学习页面计时；长时间无操作将暂停学习。';
  if (kind === 'video') return `视频累计有效观看时长达到视频时长的${Math.round(ratio * 100)}%（${need}）即完成本章节。倍速播放按实际时间计时，未完成前不能拖动到未观看的部分。${common}`;
  if (kind === 'pdf') return `课件累计阅读满${need}即完成本章节。${common}`;
  const total = `直播与回放的有效观看时长合计达到课时的${Math.round(ratio * 100)}%（${need}）即完成本章节。`;
  if (attendance) return `直播开始前不计时，直播期间观看按实际时间计时，直播结束后停止计时；错过或未看完的部分可在直播结束后观看回放补足。${total}${common}`;
  return `观看回放按实际播放时长计时，倍速播放不多计时，未完成前不能拖动到未观看的部分。${total}${common}`;
}

/** The advisory-lock class under which a learner's study sessions are opened (with the person id as the second key). */
const STUDY_START_LOCK = 0x5354;

export interface LearningDeps {
  /** Called in the transaction that completed these installs for the person (the certificate module issues their certificates). */
  installsCompleted(tx: Db, personId: number, completed: CompletedInstall[], at: Date): Promise<void>;
  /** The person's certificate of the install (the certificate module's), for the topic's path; without it none is known (tools that never show a path). */
  certificateOf?(personId: number, installId: number): Promise<L.TopicPath['certificate']>;
  /** The auth module's rule of a session that can still call, in SQL (AuthContext.sessionValidSql): reports whose caller came from memory are written only where it holds. Without it a report must come with no SessionCheck. */
  sessionValidSql?(sessionId: string, personId: string, now: string): string;
}

/**
 * The one next step on a topic's way to its certificate: join it; earn the hours (the first course
 * not completed, required ones first); pass its 结业考试; print the certificate. A revoked
 * certificate leaves nothing to do here.
 */
export function pathOf(
  install: Pick<L.MyInstall, 'enrolment' | 'earnedHours' | 'requiredHours'>,
  courses: { id: number; title: string; completedAt: unknown }[],
  exams: { id: number; title: string; passed: boolean }[],
  certificate: L.TopicPath['certificate'],
): L.TopicPath {
  const hoursMet = install.earnedHours >= install.requiredHours;
  const exam = exams.find((e) => !e.passed) ?? exams.at(-1) ?? null;
  const open = courses.find((c) => !c.completedAt);
  const next: L.TopicPath['next'] = certificate
    ? certificate.revoked
      ? 'none'
      : 'certificate'
    : install.enrolment === null || install.enrolment === 'cancelled'
      ? 'join'
      : !hoursMet
        ? 'study'
        : exam && !exam.passed
          ? 'exam'
          : 'none';
  return {
    coursesDone: courses.filter((c) => c.completedAt).length,
    coursesTotal: courses.length,
    hoursMet,
    exam,
    certificate,
    next,
    nextCourse: next === 'study' && open ? { id: open.id, title: open.title } : null,
  };
}

export function makeLearning(db: Db, opts: LearningOptions, deps: LearningDeps) {
  const { completionRatio: ratio } = opts;
  const prepared = preparedRunner(db);
  // Without the auth module's rule, a report whose caller came from memory is never written as such: it is verified and decided again.
  const sessionValid = deps.sessionValidSql ?? (() => 'false');

  /** Courses in the plans of installs the person is enrolled in (not cancelled). */
  const enrolledCourseIds = (personId: number) =>
    db
      .select({ courseId: planCourses.courseId })
      .from(planCourses)
      .innerJoin(plans, eq(plans.id, planCourses.planId))
      .innerJoin(enrolments, and(eq(enrolments.installId, plans.installId), eq(enrolments.personId, personId), ne(enrolments.status, 'cancelled')));

  async function isMine(personId: number, courseId: number): Promise<boolean> {
    const [row] = await db.execute<{ mine: boolean }>(sql`select (
        exists (select 1 from ${personCourses} where ${personCourses.personId} = ${personId} and ${personCourses.courseId} = ${courseId})
        or exists (select 1 from ${planCourses} pc join ${plans} p on p.id = pc.plan_id
                   join ${enrolments} e on e.install_id = p.install_id and e.person_id = ${personId} and e.status <> 'cancelled'
                   where pc.course_id = ${courseId})
      ) as mine`).then((r) => (r as unknown as { rows: { mine: boolean }[] }).rows);
    return Boolean(row?.mine);
  }

  function toProgress(p: typeof resourceProgress.$inferSelect, required: number): L.ResourceProgress {
    return { resourceId: p.resourceId, learnedSeconds: p.learnedSeconds, requiredSeconds: required, maxPosition: p.maxPosition, lastPosition: p.lastPosition, completedAt: isoOrNull(p.completedAt) };
  }

  /**
   * Completes the course when all its chapters in use are complete (a hidden one no longer counts);
   * the hours of the course at this moment count for the year and stay as granted (ADR 0033).
   */
  async function completeCourseIfDone(tx: Db, personId: number, courseId: number, now: Date): Promise<Date | null> {
    const [left] = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${courseResources} r
        left join ${resourceProgress} p on p.resource_id = r.id and p.person_id = ${personId}
        where r.course_id = ${courseId} and r.hidden_at is null and p.completed_at is null`).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    if ((left?.n ?? 1) > 0) return null;
    const [course] = await tx.select({ hours: courses.creditHours }).from(courses).where(eq(courses.id, courseId));
    await tx.insert(courseCompletions).values({ personId, courseId, completedAt: now, year: chinaYear(now), hours: course?.hours ?? 0 }).onConflictDoNothing();
    const [c] = await tx.select({ at: courseCompletions.completedAt }).from(courseCompletions).where(and(eq(courseCompletions.personId, personId), eq(courseCompletions.courseId, courseId)));
    await completeInstalls(tx, personId, sql`e.install_id in (select p.install_id from ${plans} p join ${planCourses} pc on pc.plan_id = p.id where pc.course_id = ${courseId})`, now);
    return c?.at ?? now;
  }

  /**
   * The installs (among `which`) whose completion rule the person now meets become completed: the
   * required hours earned by completed courses of their plans, and every exam that decides their
   * completion passed (the exam module's condition).
   */
  async function completeInstalls(tx: Db, personId: number, which: SQL, now: Date) {
    const earned = sql`(select coalesce(sum(cc.hours), 0) from ${courseCompletions} cc
          where cc.person_id = ${personId} and cc.course_id in (
            select pc2.course_id from ${planCourses} pc2 join ${plans} p2 on p2.id = pc2.plan_id where p2.install_id = e.install_id))`;
    // The row lock of the update makes a concurrent completion of the same enrolment, on any
    // instance, wait and then find it completed: only one transaction returns it.
    const completed = await tx
      .execute<{ install_id: number; hours: string | number }>(
        sql`update ${enrolments} e set status = 'completed', completed_at = ${now}
      where e.person_id = ${personId} and e.status in ('applied', 'approved') and ${which}
        and ${completionExamsPassed(personId, sql`e.install_id`)}
        and (select i.required_hours from ${installs} i where i.id = e.install_id) <= ${earned}
      returning e.install_id, ${earned} as hours`,
      )
      .then((r) => (r as unknown as { rows: { install_id: number; hours: string | number }[] }).rows);
    if (completed.length > 0) await deps.installsCompleted(tx, personId, completed.map((c) => ({ installId: Number(c.install_id), hours: Number(c.hours) })), now);
  }

  type StateRow = {
    started_at: string | Date; credit_from: string | Date; credit_until: string | Date | null; debt_seconds: number;
    superseded_at: string | Date | null; credited_seconds: number; course_id: number; resource_id: number;
    learned_seconds: number; max_position: number; last_position: number; completed_at: string | Date | null;
    kind: ResourceKind; duration_seconds: number | null; min_read_seconds: number | null; live_start: string | Date | null; live_end: string | Date | null;
    duplicate: boolean; course_completed_at: string | Date | null; k: string;
  };
  /** A report on its way to the ledger, with the state it was read with (or kept from the session's previous report). */
  type Pending = { personId: number; sessionId: number; rep: L.ProgressReport; state: ReportState; authSession: number | null };
  /** What one report did, in the order the reports of its batch were decided; null when it was not applied and must be decided again. */
  type Applied = { credit: number; seekRefused: boolean; completesNow: boolean; duplicate: boolean; active: boolean; at: Date; progress: L.ResourceProgress; after: ReportState };
  /** A batch that PostgreSQL rolled back whole and that is written again chapter by chapter: a report id already counted, or a deadlock with another server's batch. */
  const writtenAgain = (e: unknown) => [(e as { code?: string }).code, (e as { cause?: { code?: string } }).cause?.code].some((c) => c === '23505' || c === '40P01');
  const ms = (d: Date | null) => d?.getTime() ?? null;

  /** The batch's one statement (applyMany); named by its text, which carries the session rule of this instance's auth module. */
  const APPLY_SQL = `with c as (select * from json_to_recordset($1::json)
               as c(person_id int, resource_id int, auth bigint[], expected int, credit int, max_position int, last_position int, completed_at timestamptz)),
         sv as (select * from json_to_recordset($2::json) as sv(session_id bigint, person_id int, resource_id int, credit int, expect_active bool)),
         r as (select * from json_to_recordset($3::json)
               as r(report_id uuid, person_id int, session_id bigint, resource_id int, client_time text, event text, position int, played int, credit int, seek_refused bool, clipped bool)),
         p as (
           update resource_progress rp set learned_seconds = rp.learned_seconds + c.credit, max_position = greatest(rp.max_position, c.max_position),
                  last_position = c.last_position, completed_at = coalesce(rp.completed_at, c.completed_at), updated_at = $4
             from c where rp.person_id = c.person_id and rp.resource_id = c.resource_id and rp.learned_seconds = c.expected
                  and not exists (select 1 from unnest(c.auth) au(id) where not ${sessionValid('au.id', 'c.person_id', '$4')})
                  and not exists (select 1 from sv where sv.person_id = c.person_id and sv.resource_id = c.resource_id and not exists (
                      select 1 from study_sessions a
                       where a.id = sv.session_id and (not sv.expect_active or a.superseded_at is null)
                         and (sv.credit = 0 or a.credited_seconds + a.debt_seconds + sv.credit <=
                              greatest(0, floor(extract(epoch from least($4, coalesce(a.superseded_at, $4), coalesce(a.credit_until, $4)) - a.credit_from)))
                              + case when a.superseded_at is null and $4 >= a.credit_from and (a.credit_until is null or $4 <= a.credit_until)
                                     then ${CREDIT_TOLERANCE_SECONDS} else 0 end)
                       for update))
           returning rp.person_id, rp.resource_id),
         s as (
           update study_sessions ss set credited_seconds = ss.credited_seconds + sv.credit, last_report_at = $4
             from sv join p on p.person_id = sv.person_id and p.resource_id = sv.resource_id where ss.id = sv.session_id returning ss.id),
         ins as (
           insert into progress_reports (report_id, person_id, session_id, resource_id, received_at, client_time, event, position, played_seconds, credited_seconds, seek_refused, clipped)
           select r.report_id, r.person_id, r.session_id, r.resource_id, $4, r.client_time, r.event, r.position, r.played, r.credit, r.seek_refused, r.clipped
             from r join p on p.person_id = r.person_id and p.resource_id = r.resource_id
           returning report_id)
         select p.person_id || ':' || p.resource_id as k from p`;
  const APPLY_NAME = `learning_report_apply_${sha256(APPLY_SQL).slice(0, 12)}`;

  /**
   * Decides and applies the reports of one event-loop turn in one statement, as a serial run would:
   * the reports of one chapter are decided one after the other, each on the chapter and session
   * state the previous one left (credit.ts), so a burst of one learner's reports — several tabs,
   * sessions, a backup replayed — is written at once instead of one report per round. The statement
   * then updates each chapter once (with the sum of its reports, only if its learned seconds are still
   * what the decisions started from, and only while the login sessions of its reports whose caller
   * came from memory can still call: ADR 0048), each study session once and inserts every ledger row. The
   * chapter's update first locks each of its sessions in the batch and checks the session's credit
   * against its bound there (the SQL twin of credit.ts's sessionAllowance): under that lock a newer
   * session's start, which supersedes the session and carries its excess forward, waits for the
   * reports or sees them, so no second of the learner's time is spent twice across sessions and
   * servers. A chapter that is not in the answer was not applied (it moved on, a session's bound or
   * state changed) and its reports are decided again. A report id already in the ledger aborts the
   * statement, and so does a deadlock with another server's batch. Then each chapter is applied on its
   * own, so only the chapter that fails again has its reports decided again.
   */
  async function applyMany(items: Pending[]): Promise<(Applied | null)[]> {
    const now = new Date();
    const at = now.getTime();
    // The reports of one chapter, in arrival order, from the freshest state any of them was read with
    // (learned seconds, credited seconds and a session's supersession only ever grow).
    type Group = { personId: number; resourceId: number; items: number[]; base: ReportState; auth: Set<number> };
    const groups = new Map<string, Group>();
    const sessions = new Map<number, ReportState>();
    const firstOfId = new Map<string, number>();
    const dupOf = new Map<number, number>();
    items.forEach((it, i) => {
      const seen = firstOfId.get(it.rep.reportId);
      if (seen !== undefined) return dupOf.set(i, seen);
      firstOfId.set(it.rep.reportId, i);
      const key = `${it.personId}:${it.state.resourceId}`;
      const g = groups.get(key);
      if (!g) groups.set(key, { personId: it.personId, resourceId: it.state.resourceId, items: [i], base: it.state, auth: new Set(it.authSession === null ? [] : [it.authSession]) });
      else {
        g.items.push(i);
        if (it.authSession !== null) g.auth.add(it.authSession);
        const b = g.base.p;
        const p = it.state.p;
        if (p.learnedSeconds > b.learnedSeconds || (p.completedAt && !b.completedAt)) g.base = it.state;
      }
      const s = sessions.get(it.sessionId);
      if (!s || it.state.creditedSeconds > s.creditedSeconds || (it.state.supersededAt && !s.supersededAt)) sessions.set(it.sessionId, it.state);
    });

    type Decided = { credit: number; seekRefused: boolean; completesNow: boolean; active: boolean; progress: L.ResourceProgress; after: ReportState; row: Record<string, unknown> };
    const decided = new Map<number, Decided>();
    const chapters: Record<string, unknown>[] = [];
    const sessionRows = new Map<number, { session_id: number; person_id: number; resource_id: number; credit: number; expect_active: boolean }>();
    for (const g of groups.values()) {
      let p = g.base.p;
      const credited = new Map<number, number>();
      const chain = (sessionId: number) => {
        const s = sessions.get(sessionId)!;
        return { ...s, creditedSeconds: s.creditedSeconds + (credited.get(sessionId) ?? 0) };
      };
      for (const i of g.items) {
        const { sessionId, rep, state } = items[i]!;
        const s = chain(sessionId);
        const required = requiredSecondsOf(state.r, ratio);
        const media = mediaOf(state.r, s.creditUntil !== null);
        const d = decideCredit(
          at,
          { creditFrom: s.creditFrom.getTime(), creditUntil: ms(s.creditUntil), supersededAt: ms(s.supersededAt), debtSeconds: s.debtSeconds, creditedSeconds: s.creditedSeconds },
          { requiredSeconds: required, ...media, learnedSeconds: p.learnedSeconds, maxPosition: p.maxPosition, completed: p.completedAt !== null },
          rep,
        );
        const lastPosition = Math.floor(d.seekRefused ? d.maxPosition : Math.min(rep.position, media.lengthSeconds || rep.position));
        p = { ...p, learnedSeconds: p.learnedSeconds + d.credit, maxPosition: d.maxPosition, lastPosition, completedAt: d.completesNow ? now : p.completedAt, updatedAt: now };
        credited.set(sessionId, (credited.get(sessionId) ?? 0) + d.credit);
        const active = s.supersededAt === null;
        const row = sessionRows.get(sessionId) ?? { session_id: sessionId, person_id: g.personId, resource_id: g.resourceId, credit: 0, expect_active: active };
        row.credit += d.credit;
        sessionRows.set(sessionId, row);
        decided.set(i, {
          credit: d.credit,
          seekRefused: d.seekRefused,
          completesNow: d.completesNow,
          active,
          progress: toProgress(p, required),
          after: { ...s, creditedSeconds: s.creditedSeconds + d.credit, p, duplicate: false },
          row: { report_id: rep.reportId, person_id: g.personId, session_id: sessionId, resource_id: g.resourceId, client_time: rep.clientTime, event: rep.event, position: Math.floor(rep.position), played: Math.floor(rep.playedSeconds), credit: d.credit, seek_refused: d.seekRefused, clipped: d.clipped },
        });
      }
      chapters.push({ person_id: g.personId, resource_id: g.resourceId, auth: [...g.auth], expected: g.base.p.learnedSeconds, credit: p.learnedSeconds - g.base.p.learnedSeconds, max_position: p.maxPosition, last_position: p.lastPosition, completed_at: p.completedAt?.toISOString() ?? null });
    }

    const write = async (list: Group[]): Promise<Set<string>> => {
      const keys = new Set(list.map((g) => `${g.personId}:${g.resourceId}`));
      const chosen = chapters.filter((c) => keys.has(`${c.person_id as number}:${c.resource_id as number}`));
      const rows = await prepared<{ k: string }>(
        APPLY_NAME,
        APPLY_SQL,
        [
          JSON.stringify(chosen),
          JSON.stringify([...sessionRows.values()].filter((s) => keys.has(`${s.person_id}:${s.resource_id}`))),
          JSON.stringify(list.flatMap((g) => g.items.map((i) => decided.get(i)!.row))),
          now,
        ],
      );
      return new Set(rows.map((r) => r.k));
    };

    const all = [...groups.values()];
    let applied: Set<string>;
    try {
      applied = await write(all);
    } catch (e) {
      if (!writtenAgain(e)) throw e;
      // A report id already counted (through another server since it was read), or the batch was a
      // deadlock's victim (another server's batch locked a learner's session and chapter rows the other
      // way round): each chapter on its own. A chapter that fails again is decided again.
      applied = new Set();
      for (const g of all) {
        try {
          for (const k of await write([g])) applied.add(k);
        } catch (err) {
          if (!writtenAgain(err)) throw err;
        }
      }
    }

    const out: (Applied | null)[] = items.map((it, i) => {
      if (dupOf.has(i)) return null;
      if (!applied.has(`${it.personId}:${it.state.resourceId}`)) return null;
      const d = decided.get(i)!;
      return { credit: d.credit, seekRefused: d.seekRefused, completesNow: d.completesNow, duplicate: false, active: d.active, at: now, progress: d.progress, after: d.after };
    });
    // The same report id twice in one turn: the second is the replay of the first, as a serial run would find it.
    for (const [i, first] of dupOf) {
      const f = out[first];
      if (f) out[i] = { ...f, credit: 0, seekRefused: false, completesNow: false, duplicate: true };
    }
    return out;
  }
  // One statement in flight per instance: reports arriving meanwhile make the next batch larger (ADR 0028).
  const applyReport = batchedCalls(applyMany, 500, 1);

  /** The states of the reports of one event-loop turn, in one query, keyed `session:person:report`. */
  const readStates = batched(async (keys: string[]) => {
    const parts = keys.map((k) => k.split(':'));
    const rows = await prepared<StateRow>(
      'learning_report_states',
      `select v.k, s.started_at, s.credit_from, s.credit_until, s.debt_seconds, s.superseded_at, s.credited_seconds, s.course_id, s.resource_id,
              p.learned_seconds, p.max_position, p.last_position, p.completed_at,
              r.kind, r.duration_seconds, r.min_read_seconds, r.live_start, r.live_end,
              exists (select 1 from progress_reports pr where pr.report_id = v.rid) as duplicate,
              (select cc.completed_at from course_completions cc where cc.person_id = v.pid and cc.course_id = s.course_id) as course_completed_at
         from unnest($1::text[], $2::bigint[], $3::int[], $4::uuid[]) as v(k, sid, pid, rid)
         join study_sessions s on s.id = v.sid and s.person_id = v.pid
         join resource_progress p on p.person_id = s.person_id and p.resource_id = s.resource_id
         join course_resources r on r.id = s.resource_id`,
      [keys, parts.map((p) => p[0]), parts.map((p) => p[1]), parts.map((p) => p[2])],
    );
    return new Map(rows.map((r) => [r.k, r]));
  });

  /** What a report needs to be decided; null when the session is not the caller's. */
  async function readReportState(personId: number, sessionId: number, reportId: string) {
    const row = await readStates(`${sessionId}:${personId}:${reportId}`);
    if (!row) return null;
    const date = (v: string | Date | null) => (v === null ? null : new Date(v));
    let courseCompletedAt = date(row.course_completed_at);
    const p = { personId, resourceId: row.resource_id, courseId: row.course_id, learnedSeconds: row.learned_seconds, maxPosition: row.max_position, lastPosition: row.last_position, completedAt: date(row.completed_at), updatedAt: new Date() };
    // A course whose last chapter completed but whose completion was not recorded (a crash in between) is completed now.
    if (p.completedAt && !courseCompletedAt) courseCompletedAt = await db.transaction((tx) => completeCourseIfDone(tx, personId, row.course_id, p.completedAt ?? new Date()));
    return {
      startedAt: new Date(row.started_at),
      creditFrom: new Date(row.credit_from),
      creditUntil: date(row.credit_until),
      debtSeconds: row.debt_seconds,
      supersededAt: date(row.superseded_at),
      creditedSeconds: row.credited_seconds,
      courseId: row.course_id,
      resourceId: row.resource_id,
      p,
      r: { kind: row.kind, durationSeconds: row.duration_seconds, minReadSeconds: row.min_read_seconds, liveStart: date(row.live_start), liveEnd: date(row.live_end) },
      duplicate: Boolean(row.duplicate),
      courseCompletedAt,
    };
  }

  type ReportState = NonNullable<Awaited<ReturnType<typeof readReportState>>>;
  /**
   * The state of a counting session after its last accepted report, so that the next report of the
   * same session needs no read. It is this process's view only: the write is guarded by the chapter's
   * learned seconds and by the session still being the counting one (and the furthest point only
   * grows), so a stale entry (a report through another server, a newer session) loses the write and
   * the report is read and decided again. An entry is used for HOT_TTL_MS after its read, which bounds how long a change
   * to a resource (its length) can go unseen by a session already under way.
   */
  const hot = new Map<number, { personId: number; readAt: number; state: ReportState }>();
  const HOT_MAX = 50_000;
  const HOT_TTL_MS = 5 * 60_000;
  function hotState(personId: number, sessionId: number) {
    const e = hot.get(sessionId);
    if (!e || e.personId !== personId) return null;
    if (Date.now() - e.readAt > HOT_TTL_MS) {
      hot.delete(sessionId);
      return null;
    }
    return e;
  }
  function keepHot(personId: number, sessionId: number, state: ReportState, readAt: number) {
    hot.delete(sessionId);
    // Only sessions still counting toward an unfinished chapter: the rest read every time.
    if (state.supersededAt !== null || state.p.completedAt !== null || state.courseCompletedAt !== null) return;
    hot.set(sessionId, { personId, readAt, state });
    if (hot.size > HOT_MAX) hot.delete(hot.keys().next().value!);
  }

  return {
    ratio,
    /** Whether a course is one of the person's own (added, or in an install they are enrolled in). */
    isMine,

    /**
     * Completes, now, what a course's save made complete (the course job of app.ts): a chapter whose
     * required time was lowered (a shorter video, fewer minutes of reading, a shorter live lesson) for
     * every learner who has already studied the new requirement, then the course for every learner who
     * meets its rule, because of those chapters or because a chapter was hidden or removed. Otherwise
     * the completion and its hours (and a topic's completion, its certificate) would wait for a progress
     * report that such a learner has no time left to make. Each learner's course in a transaction of
     * their own (completeCourseIfDone, which a report may run at the same moment: the completion is
     * inserted once; a report never clears a chapter's completion); answers how many courses were completed.
     */
    async completeWhereDone(courseId: number, at = new Date()): Promise<number> {
      const chapters = await db
        .select({ id: courseResources.id, kind: courseResources.kind, durationSeconds: courseResources.durationSeconds, minReadSeconds: courseResources.minReadSeconds, liveStart: courseResources.liveStart, liveEnd: courseResources.liveEnd })
        .from(courseResources)
        .where(and(eq(courseResources.courseId, courseId), isNull(courseResources.hiddenAt)));
      for (const r of chapters) {
        await db
          .update(resourceProgress)
          .set({ completedAt: at, updatedAt: at })
          .where(and(eq(resourceProgress.resourceId, r.id), isNull(resourceProgress.completedAt), sql`${resourceProgress.learnedSeconds} >= ${requiredSecondsOf(r, ratio)}`));
      }
      const rows = await db
        .execute<{ person_id: number }>(
          sql`select distinct rp.person_id from ${resourceProgress} rp
               where rp.course_id = ${courseId}
                 and not exists (select 1 from ${courseCompletions} cc where cc.person_id = rp.person_id and cc.course_id = ${courseId})
                 and exists (select 1 from ${courseResources} r where r.course_id = ${courseId} and r.hidden_at is null)
                 and not exists (select 1 from ${courseResources} r
                                   left join ${resourceProgress} p on p.resource_id = r.id and p.person_id = rp.person_id
                                  where r.course_id = ${courseId} and r.hidden_at is null and p.completed_at is null)`,
        )
        .then((r) => (r as unknown as { rows: { person_id: number }[] }).rows);
      let completed = 0;
      for (const { person_id: personId } of rows) if (await db.transaction((tx) => completeCourseIfDone(tx, personId, courseId, at))) completed++;
      return completed;
    },

    /**
     * The install completes now if the person meets its rule: a passed exam may complete it (called by
     * the exam module inside its transaction), and the demo seed replays its ledger through this, at
     * the moment its learners met the rule.
     */
    completeInstall(tx: Db, personId: number, installId: number, at = new Date()) {
      return completeInstalls(tx, personId, sql`e.install_id = ${installId}`, at);
    },

    /**
     * The college puts a person on a topic (a member added to the topic's class): enrolled as approved,
     * no application window or places asked; an enrolment they had keeps its state, a cancelled one
     * is enrolled again.
     */
    async enrolByCollege(tx: Db, personId: number, installId: number) {
      await tx
        .insert(enrolments)
        .values({ personId, installId, status: 'approved' })
        .onConflictDoUpdate({ target: [enrolments.personId, enrolments.installId], set: { status: 'approved', appliedAt: new Date(), cancelledAt: null }, setWhere: eq(enrolments.status, 'cancelled') });
    },

    /**
     * A topic deleted by mistake takes its applications with it: the catalogue deletes a topic only
     * when no one is enrolled, so what is left are cancelled applications, which nothing else refers to.
     */
    async dropApplications(tx: Db, installId: number) {
      await tx.delete(enrolments).where(eq(enrolments.installId, installId));
    },

    /**
     * A completion that no longer holds (the exam pass it needed became a fail on re-grading): the
     * enrolment is in progress again, so passing later completes it (and issues the certificate) anew.
     */
    async reopenInstall(tx: Db, personId: number, installId: number) {
      await tx
        .update(enrolments)
        .set({ status: 'applied', completedAt: null })
        .where(and(eq(enrolments.personId, personId), eq(enrolments.installId, installId), eq(enrolments.status, 'completed')));
    },

    /** Completion percent per course, for course cards (the catalogue's progress reader). */
    async courseProgress(personId: number, courseIds: number[]): Promise<Map<number, number>> {
      if (courseIds.length === 0) return new Map();
      const rows = await db
        .select({ courseId: courseResources.courseId, kind: courseResources.kind, durationSeconds: courseResources.durationSeconds, minReadSeconds: courseResources.minReadSeconds, liveStart: courseResources.liveStart, liveEnd: courseResources.liveEnd, learned: resourceProgress.learnedSeconds, done: resourceProgress.completedAt })
        .from(courseResources)
        .leftJoin(resourceProgress, and(eq(resourceProgress.resourceId, courseResources.id), eq(resourceProgress.personId, personId)))
        .where(and(inArray(courseResources.courseId, courseIds), inUse));
      const acc = new Map<number, { need: number; got: number }>();
      for (const r of rows) {
        const need = requiredSecondsOf(r, ratio);
        const a = acc.get(r.courseId) ?? { need: 0, got: 0 };
        a.need += need;
        a.got += r.done ? need : Math.min(need, r.learned ?? 0);
        acc.set(r.courseId, a);
      }
      return new Map([...acc].filter(([, a]) => a.got > 0).map(([id, a]) => [id, Math.min(100, Math.floor((a.got / a.need) * 100))]));
    },

    async startSession(caller: Caller, resourceId: number): Promise<L.StudySession> {
      const [res] = await db
        .select({ r: courseResources, course: { id: courses.id, title: courses.title, creditHours: courses.creditHours, status: courses.status } })
        .from(courseResources)
        .innerJoin(courses, eq(courses.id, courseResources.courseId))
        .where(eq(courseResources.id, resourceId))
        .limit(1);
      if (!res) throw new Refusal(LEARNING_MSG.resourceMissing, UC_CODE.invalid);
      if (res.r.hiddenAt) throw new Refusal(LEARNING_MSG.resourceHidden, UC_CODE.invalid);
      if (!(await isMine(caller.personId, res.course.id))) {
        // A published course opened from the catalogue becomes one of the learner's own courses.
        if (res.course.status !== 'published' || !canUsePermissionModules(caller)) throw new Refusal(LEARNING_MSG.notMine, UC_CODE.forbidden);
        await db.insert(personCourses).values({ personId: caller.personId, courseId: res.course.id }).onConflictDoNothing();
      }
      const required = requiredSecondsOf(res.r, ratio);
      // The learner's earlier sessions stop counting: forget what this process kept of them.
      for (const [id, e] of hot) if (e.personId === caller.personId) hot.delete(id);
      const attendance = isAttendance(res.r, Date.now());
      const { session, progress, completedAt } = await db.transaction(async (tx) => {
        // One start at a time per learner (on every server): two starts at once must not both count.
        await tx.execute(sql`select pg_advisory_xact_lock(${STUDY_START_LOCK}, ${caller.personId})`);
        // The sessions that counted until now stop counting; what they were credited ahead of the wall
        // clock (at most the tolerance) becomes the new session's debt. Locking their rows waits for
        // a report being applied to them, so its credit is seen here. Times are whole milliseconds,
        // as the rule in credit.ts sees them.
        const ahead = await tx.execute<{ excess: number }>(sql`update ${studySessions} set superseded_at = date_trunc('milliseconds', now())
            where person_id = ${caller.personId} and superseded_at is null
            returning greatest(0, credited_seconds + debt_seconds
              - greatest(0, floor(extract(epoch from least(superseded_at, coalesce(credit_until, superseded_at)) - credit_from))))::int as excess`);
        // Under the rule a session is never more than the tolerance ahead; the cap keeps a session of older data from owing more.
        const debt = Math.min(CREDIT_TOLERANCE_SECONDS, (ahead as unknown as { rows: { excess: number }[] }).rows.reduce((sum, r) => sum + Number(r.excess), 0));
        const [s] = await tx
          .insert(studySessions)
          .values({
            personId: caller.personId,
            resourceId,
            courseId: res.course.id,
            creditFrom: attendance && res.r.liveStart ? sql`greatest(date_trunc('milliseconds', now()), ${res.r.liveStart})` : sql`date_trunc('milliseconds', now())`,
            creditUntil: attendance ? res.r.liveEnd : null,
            debtSeconds: debt,
          })
          .returning();
        const firstTime = await tx.select({ n: sql<number>`1` }).from(resourceProgress).where(and(eq(resourceProgress.personId, caller.personId), eq(resourceProgress.courseId, res.course.id))).limit(1);
        if (firstTime.length === 0) await tx.update(courses).set({ popularity: sql`${courses.popularity} + 1` }).where(eq(courses.id, res.course.id));
        await tx.insert(resourceProgress).values({ personId: caller.personId, resourceId, courseId: res.course.id }).onConflictDoNothing();
        const [p] = await tx.select().from(resourceProgress).where(and(eq(resourceProgress.personId, caller.personId), eq(resourceProgress.resourceId, resourceId)));
        const [c] = await tx.select({ at: courseCompletions.completedAt }).from(courseCompletions).where(and(eq(courseCompletions.personId, caller.personId), eq(courseCompletions.courseId, res.course.id)));
        return { session: s!, progress: p!, completedAt: c?.at ?? null };
      });
      const r = res.r;
      return {
        sessionId: String(session.id),
        resource: {
          id: r.id,
          courseId: r.courseId,
          title: r.title,
          kind: r.kind,
          durationSeconds: r.durationSeconds,
          mediaUrl: r.mediaUrl,
          pages: r.pages,
          minReadSeconds: r.minReadSeconds,
          liveStart: isoOrNull(r.liveStart),
          liveEnd: isoOrNull(r.liveEnd),
          streamUrl: r.streamUrl,
          replayUrl: r.replayUrl,
        },
        progress: toProgress(progress, required),
        course: { id: res.course.id, title: res.course.title, creditHours: res.course.creditHours, completedAt: isoOrNull(completedAt) },
        rule: ruleOf(r.kind, required, ratio, attendance),
        creditUntil: isoOrNull(session.creditUntil),
        idleMinutes: opts.idleMinutes,
        reportIntervalSeconds: L.PROGRESS_REPORT_INTERVAL_SECONDS,
      };
    },

    /**
     * One progress report: one read (skipped when this process kept the session's state from its
     * previous report), then the reports of the turn are decided by the rule (credit.ts) and written
     * together (applyMany) — one or two round trips, because heartbeats are the hottest path of the
     * portal. The write applies only if the chapter's learned seconds are still what the decisions
     * started from: every report of a chapter touches that one row, so reports through other servers
     * are serialised by it and a report that lost the race reads again. The report rows are inserted
     * by the same statement; a replayed report id violates their primary key and aborts the
     * statement, so a report is counted once. The statement commits before the answer: an
     * acknowledged report is durable. With a SessionCheck (the caller came from memory, ADR 0048) the
     * statement writes only while the login session can still call; anything else is answered only
     * after the session was read again (401 when it ended).
     */
    async report(caller: Caller, rep: L.ProgressReport, check: SessionCheck | null = null): Promise<L.ReportResult> {
      const sessionId = Number(rep.sessionId);
      let authSession = check?.sessionId ?? null;
      const verified = async () => {
        if (authSession === null) return;
        await check!.verify();
        authSession = null;
      };
      for (let attempt = 0; attempt < 8; attempt++) {
        // The first attempt may start from the state the previous report left; a retry always reads.
        const cached = attempt === 0 ? hotState(caller.personId, sessionId) : null;
        const readAt = cached?.readAt ?? Date.now();
        const state = cached?.state ?? (await readReportState(caller.personId, sessionId, rep.reportId));
        if (!state || state.duplicate) await verified();
        if (!state) throw new Refusal(LEARNING_MSG.sessionMissing, UC_CODE.invalid);
        const required = requiredSecondsOf(state.r, ratio);
        if (state.duplicate) return { reportId: rep.reportId, credited: 0, duplicate: true, active: state.supersededAt === null, seekRefused: false, progress: toProgress(state.p, required), courseCompletedAt: isoOrNull(state.courseCompletedAt) };
        const done = await applyReport({ personId: caller.personId, sessionId, rep, state, authSession });
        // Lost the race for the chapter row, the session stopped counting or its bound moved (a newer
        // session, another server), the login session ended, or the id was already counted: read
        // again (the login session too) and decide again.
        if (done === null) {
          hot.delete(sessionId);
          await verified();
          continue;
        }
        if (done.duplicate) {
          await verified();
          return { reportId: rep.reportId, credited: 0, duplicate: true, active: done.active, seekRefused: false, progress: done.progress, courseCompletedAt: isoOrNull(done.after.courseCompletedAt) };
        }
        const courseCompletedAt = done.completesNow ? await db.transaction((tx) => completeCourseIfDone(tx, caller.personId, state.courseId, done.at)) : done.after.courseCompletedAt;
        keepHot(caller.personId, sessionId, { ...done.after, courseCompletedAt }, readAt);
        return { reportId: rep.reportId, credited: done.credit, duplicate: false, active: done.active, seekRefused: done.seekRefused, progress: done.progress, courseCompletedAt: isoOrNull(courseCompletedAt) };
      }
      // Not a refusal of the report: the client keeps it and sends it again.
      throw new HttpError(503, LEARNING_MSG.busy);
    },

    async courseProgressDetail(caller: Caller, courseId: number) {
      const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
      if (!course) return null;
      const rows = await db
        .select({ r: courseResources, p: resourceProgress })
        .from(courseResources)
        .leftJoin(resourceProgress, and(eq(resourceProgress.resourceId, courseResources.id), eq(resourceProgress.personId, caller.personId)))
        .where(and(eq(courseResources.courseId, courseId), inUse))
        .orderBy(asc(courseResources.sort), asc(courseResources.id));
      const [c] = await db.select({ at: courseCompletions.completedAt }).from(courseCompletions).where(and(eq(courseCompletions.personId, caller.personId), eq(courseCompletions.courseId, courseId)));
      return {
        courseId,
        mine: await isMine(caller.personId, courseId),
        completedAt: isoOrNull(c?.at ?? null),
        resources: rows.map(({ r, p }) => {
          const required = requiredSecondsOf(r, ratio);
          return p ? toProgress(p, required) : { resourceId: r.id, learnedSeconds: 0, requiredSeconds: required, maxPosition: 0, lastPosition: 0, completedAt: null };
        }),
      };
    },

    // ---- installs ------------------------------------------------------------------------------

    async installsFor(caller: Caller, where: ReturnType<typeof sql> | undefined, q: PageQuery, order: 'start' | 'recent'): Promise<Page<L.MyInstall>> {
      const rows = await db
        .select({
          i: installs,
          enrolment: enrolments.status,
          appliedAt: enrolments.appliedAt,
          planCount: sql<number>`(select count(*) from ${plans} where ${plans.installId} = ${installs.id})`.mapWith(Number),
          applicantCount: sql<number>`(select count(*) from ${enrolments} e2 where e2.install_id = ${installs.id} and e2.status <> 'cancelled')`.mapWith(Number),
          earnedHours: sql<number>`(select coalesce(sum(cc.hours), 0) from ${courseCompletions} cc where cc.person_id = ${caller.personId}
              and cc.course_id in (select pc.course_id from ${planCourses} pc join ${plans} p on p.id = pc.plan_id where p.install_id = ${installs.id}))`.mapWith(Number),
          total: totalOver(),
        })
        .from(installs)
        .leftJoin(enrolments, and(eq(enrolments.installId, installs.id), eq(enrolments.personId, caller.personId)))
        .where(where)
        .orderBy(...(order === 'start' ? [asc(installs.startAt), asc(installs.id)] : [desc(installs.startAt), desc(installs.id)]))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      const now = Date.now();
      return pageFrom(q, rows, (r) => toMyInstall(r, now), async () => 0);
    },

    /** Special training topics by state (specialTraining). */
    specialInstalls(caller: Caller, state: 'upcoming' | 'open' | 'ended', q: PageQuery): Promise<Page<L.MyInstall>> {
      const when = {
        upcoming: sql`${installs.startAt} > now()`,
        open: sql`${installs.startAt} <= now() and ${installs.endAt} >= now()`,
        ended: sql`${installs.endAt} < now()`,
      }[state];
      return this.installsFor(caller, sql`${installs.kind} = 'special' and ${when}`, q, state === 'ended' ? 'recent' : 'start');
    },

    /** The installs I applied to, in progress or finished (ended, or completed by me) (ongoingTopic). */
    myInstalls(caller: Caller, finished: boolean, q: PageQuery): Promise<Page<L.MyInstall>> {
      const mine = sql`exists (select 1 from ${enrolments} e where e.install_id = ${installs.id} and e.person_id = ${caller.personId} and e.status <> 'cancelled')`;
      const over = sql`(${installs.endAt} < now() or exists (select 1 from ${enrolments} e where e.install_id = ${installs.id} and e.person_id = ${caller.personId} and e.status = 'completed'))`;
      return this.installsFor(caller, finished ? sql`${mine} and ${over}` : sql`${mine} and not ${over}`, q, 'recent');
    },

    async install(caller: Caller, installId: number): Promise<L.MyInstall | null> {
      const page = await this.installsFor(caller, sql`${installs.id} = ${installId}`, { pageNum: 1, pageSize: 1 }, 'start');
      return page.list[0] ?? null;
    },

    async apply(caller: Caller, installId: number): Promise<L.MyInstall> {
      await db.transaction(async (tx) => {
        const [i] = await tx.select().from(installs).where(eq(installs.id, installId)).for('update');
        if (!i) throw new Refusal(LEARNING_MSG.installMissing, UC_CODE.invalid);
        if (i.kind !== 'annual' && !canUsePermissionModules(caller)) throw new Refusal(MSG.noPermission, UC_CODE.forbidden);
        const now = Date.now();
        if (now < i.applyStart.getTime() || now > i.applyEnd.getTime()) throw new Refusal(LEARNING_MSG.applyClosed);
        const [mine] = await tx.select().from(enrolments).where(and(eq(enrolments.personId, caller.personId), eq(enrolments.installId, installId)));
        if (mine && mine.status !== 'cancelled') throw new Refusal(LEARNING_MSG.alreadyApplied);
        if (i.capacity > 0) {
          const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(enrolments).where(and(eq(enrolments.installId, installId), ne(enrolments.status, 'cancelled')));
          if ((n?.n ?? 0) >= i.capacity) throw new Refusal(LEARNING_MSG.full);
        }
        await tx
          .insert(enrolments)
          .values({ personId: caller.personId, installId, status: 'applied' })
          .onConflictDoUpdate({ target: [enrolments.personId, enrolments.installId], set: { status: 'applied', appliedAt: new Date(), cancelledAt: null } });
      });
      return (await this.install(caller, installId))!;
    },

    async cancel(caller: Caller, installId: number): Promise<L.MyInstall> {
      const [mine] = await db.select().from(enrolments).where(and(eq(enrolments.personId, caller.personId), eq(enrolments.installId, installId)));
      if (!mine || mine.status === 'cancelled') throw new Refusal(LEARNING_MSG.notApplied);
      if (mine.status === 'completed') throw new Refusal(LEARNING_MSG.cannotCancelCompleted);
      const current = await this.install(caller, installId);
      if ((current?.earnedHours ?? 0) > 0) throw new Refusal(LEARNING_MSG.cannotCancelCounted);
      await db.update(enrolments).set({ status: 'cancelled', cancelledAt: new Date() }).where(and(eq(enrolments.personId, caller.personId), eq(enrolments.installId, installId)));
      return (await this.install(caller, installId))!;
    },

    async installDetail(caller: Caller, installId: number): Promise<L.InstallDetail | null> {
      const install = await this.install(caller, installId);
      if (!install) return null;
      const planRows = await db.select().from(plans).where(eq(plans.installId, installId)).orderBy(asc(plans.sort), asc(plans.id));
      const courseRows = await db
        .select({
          planId: planCourses.planId,
          required: planCourses.required,
          ...courseCardBase,
          added: sql<boolean>`exists (select 1 from ${personCourses} pc where pc.person_id = ${caller.personId} and pc.course_id = ${courses.id})`,
          completedAt: courseCompletions.completedAt,
          grantedHours: courseCompletions.hours,
        })
        .from(planCourses)
        .innerJoin(courses, eq(courses.id, planCourses.courseId))
        .innerJoin(categories, eq(categories.id, courses.categoryId))
        .leftJoin(courseCompletions, and(eq(courseCompletions.courseId, courses.id), eq(courseCompletions.personId, caller.personId)))
        .where(inArray(planCourses.planId, planRows.length ? planRows.map((p) => p.id) : [-1]))
        .orderBy(desc(planCourses.required), asc(planCourses.sort), asc(courses.id));
      const ids = [...new Set(courseRows.map((c) => c.id))];
      const percent = await this.courseProgress(caller.personId, ids);
      const seconds = await this.courseSeconds(caller.personId, ids);
      const [exams, certificate] = await Promise.all([completionExamsOf(db, caller.personId, installId), deps.certificateOf?.(caller.personId, installId) ?? null]);
      return {
        install,
        path: pathOf(
          install,
          ids.map((id) => courseRows.find((c) => c.id === id)!),
          exams,
          certificate,
        ),
        plans: planRows.map((p) => {
          const cs = courseRows.filter((c) => c.planId === p.id);
          return {
            id: p.id,
            title: p.title,
            description: p.description,
            requiredHours: p.requiredHours,
            // The hours each completion granted, not the course's hours today (ADR 0033).
            earnedHours: cs.reduce((s, c) => s + (c.grantedHours ?? 0), 0),
            courses: cs.map(({ planId: _p, publishedAt, completedAt, grantedHours: _g, ...c }) => ({
              ...c,
              added: Boolean(c.added),
              publishedAt: iso(publishedAt),
              completedAt: isoOrNull(completedAt),
              progress: completedAt ? 100 : (percent.get(c.id) ?? 0),
              learnedSeconds: seconds.get(c.id)?.learned ?? 0,
              requiredSeconds: seconds.get(c.id)?.required ?? 0,
            })),
          };
        }),
      };
    },

    /** Learned and required seconds per course, over all its resources. */
    async courseSeconds(personId: number, courseIds: number[]): Promise<Map<number, { learned: number; required: number }>> {
      if (courseIds.length === 0) return new Map();
      const rows = await db
        .select({ courseId: courseResources.courseId, kind: courseResources.kind, durationSeconds: courseResources.durationSeconds, minReadSeconds: courseResources.minReadSeconds, liveStart: courseResources.liveStart, liveEnd: courseResources.liveEnd, learned: resourceProgress.learnedSeconds })
        .from(courseResources)
        .leftJoin(resourceProgress, and(eq(resourceProgress.resourceId, courseResources.id), eq(resourceProgress.personId, personId)))
        .where(and(inArray(courseResources.courseId, courseIds), inUse));
      const out = new Map<number, { learned: number; required: number }>();
      for (const r of rows) {
        const a = out.get(r.courseId) ?? { learned: 0, required: 0 };
        const need = requiredSecondsOf(r, ratio);
        a.required += need;
        a.learned += Math.min(need, r.learned ?? 0);
        out.set(r.courseId, a);
      }
      return out;
    },

    // ---- classroom -----------------------------------------------------------------------------

    async learningCourses(caller: Caller, q: PageQuery & { completed: boolean }): Promise<Page<L.LearningCourseItem>> {
      const started = sql`${courses.id} in (select rp.course_id from ${resourceProgress} rp where rp.person_id = ${caller.personId})`;
      const done = sql`${courseCompletions.completedAt} is not null`;
      const lastStudied = sql`(select max(rp.updated_at) from ${resourceProgress} rp where rp.person_id = ${caller.personId} and rp.course_id = ${courses.id})`;
      const rows = await db
        .select({
          ...courseCardBase,
          completedAt: courseCompletions.completedAt,
          earnedHours: courseCompletions.hours,
          lastStudiedAt: sql<Date | null>`${lastStudied}`.mapWith((v) => (v ? new Date(v) : null)),
          total: totalOver(),
        })
        .from(courses)
        .innerJoin(categories, eq(categories.id, courses.categoryId))
        .leftJoin(courseCompletions, and(eq(courseCompletions.courseId, courses.id), eq(courseCompletions.personId, caller.personId)))
        .where(q.completed ? done : sql`${started} and not (${done})`)
        .orderBy(q.completed ? desc(courseCompletions.completedAt) : desc(lastStudied), desc(courses.id))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      const ids = rows.map((r) => r.id);
      const seconds = await this.courseSeconds(caller.personId, ids);
      return pageFrom(
        q,
        rows,
        ({ total: _t, publishedAt, completedAt, lastStudiedAt, earnedHours, ...r }) => {
          const s = seconds.get(r.id) ?? { learned: 0, required: 0 };
          return {
            ...r,
            publishedAt: iso(publishedAt),
            added: true,
            progress: completedAt ? 100 : s.required ? Math.floor((s.learned / s.required) * 100) : 0,
            learnedSeconds: s.learned,
            requiredSeconds: s.required,
            lastStudiedAt: isoOrNull(lastStudiedAt),
            completedAt: isoOrNull(completedAt),
            earnedHours: earnedHours ?? 0,
          };
        },
        async () => 0,
      );
    },

    async yearStatistics(caller: Caller, year: number): Promise<L.YearStatistics> {
      const [req] = await db
        .select({ hours: sql<number>`coalesce(sum(${installs.requiredHours}), 0)`.mapWith(Number) })
        .from(enrolments)
        .innerJoin(installs, eq(installs.id, enrolments.installId))
        .innerJoin(trainingYears, eq(trainingYears.id, installs.yearId))
        .where(and(eq(enrolments.personId, caller.personId), ne(enrolments.status, 'cancelled'), eq(trainingYears.year, year)));
      const requiredCourses = enrolledCourseIds(caller.personId).where(eq(planCourses.required, true));
      const rows = await db
        .select({
          hours: courseCompletions.hours,
          completedAt: courseCompletions.completedAt,
          category: sql<string>`coalesce((select parent.name from ${categories} parent where parent.id = ${categories.parentId}), ${categories.name})`,
          required: sql<boolean>`${courseCompletions.courseId} in (${requiredCourses})`,
        })
        .from(courseCompletions)
        .innerJoin(courses, eq(courses.id, courseCompletions.courseId))
        .innerJoin(categories, eq(categories.id, courses.categoryId))
        .where(and(eq(courseCompletions.personId, caller.personId), eq(courseCompletions.year, year)));
      const sum = (xs: { hours: number }[]) => Math.round(xs.reduce((s, x) => s + x.hours, 0) * 10) / 10;
      const byCategory = new Map<string, number>();
      const byMonth = new Map<number, number>();
      for (const r of rows) {
        byCategory.set(r.category, (byCategory.get(r.category) ?? 0) + r.hours);
        const month = collegeMonth(r.completedAt);
        byMonth.set(month, (byMonth.get(month) ?? 0) + r.hours);
      }
      return {
        year,
        requiredHours: req?.hours ?? 0,
        earnedHours: sum(rows),
        earnedRequiredHours: sum(rows.filter((r) => r.required)),
        earnedElectiveHours: sum(rows.filter((r) => !r.required)),
        completedCourses: rows.length,
        byCategory: [...byCategory].map(([category, hours]) => ({ category, hours: Math.round(hours * 10) / 10 })).sort((a, b) => b.hours - a.hours),
        byMonth: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, hours: Math.round((byMonth.get(i + 1) ?? 0) * 10) / 10 })),
      };
    },

    async history(caller: Caller) {
      const rows = await db.execute<{ year: number; required_hours: string; earned_hours: string; completed_courses: number }>(sql`
        with years as (
          select distinct y.year from ${enrolments} e join ${installs} i on i.id = e.install_id join ${trainingYears} y on y.id = i.year_id
            where e.person_id = ${caller.personId} and e.status <> 'cancelled'
          union select distinct year from ${courseCompletions} where person_id = ${caller.personId})
        select years.year,
          (select coalesce(sum(i.required_hours), 0) from ${enrolments} e join ${installs} i on i.id = e.install_id join ${trainingYears} y on y.id = i.year_id
             where e.person_id = ${caller.personId} and e.status <> 'cancelled' and y.year = years.year) as required_hours,
          (select coalesce(sum(hours), 0) from ${courseCompletions} where person_id = ${caller.personId} and year = years.year) as earned_hours,
          (select count(*)::int from ${courseCompletions} where person_id = ${caller.personId} and year = years.year) as completed_courses
        from years order by years.year desc`);
      return (rows as unknown as { rows: { year: number; required_hours: string; earned_hours: string; completed_courses: number }[] }).rows.map((r) => ({
        year: Number(r.year),
        requiredHours: Number(r.required_hours),
        earnedHours: Number(r.earned_hours),
        completedCourses: Number(r.completed_courses),
      }));
    },

    async completionsForExport(caller: Caller) {
      return db
        .select({ year: courseCompletions.year, title: courses.title, lecturer: courses.lecturer, category: categories.name, hours: courseCompletions.hours, completedAt: courseCompletions.completedAt })
        .from(courseCompletions)
        .innerJoin(courses, eq(courses.id, courseCompletions.courseId))
        .innerJoin(categories, eq(categories.id, courses.categoryId))
        .where(eq(courseCompletions.personId, caller.personId))
        .orderBy(desc(courseCompletions.year), asc(courseCompletions.completedAt));
    },
  };
}
export type LearningService = ReturnType<typeof makeLearning>;

type InstallRow = { i: typeof installs.$inferSelect; enrolment: L.MyInstall['enrolment']; appliedAt: Date | null; planCount: number; applicantCount: number; earnedHours: number };
function toMyInstall(r: InstallRow, now: number): L.MyInstall {
  const { i } = r;
  return {
    id: i.id,
    yearId: i.yearId,
    title: i.title,
    kind: i.kind,
    coverUrl: i.coverUrl,
    description: i.description,
    organizer: i.organizer,
    applyStart: iso(i.applyStart),
    applyEnd: iso(i.applyEnd),
    startAt: iso(i.startAt),
    endAt: iso(i.endAt),
    capacity: i.capacity,
    requiredHours: i.requiredHours,
    state: now < i.startAt.getTime() ? 'upcoming' : now <= i.endAt.getTime() ? 'open' : 'ended',
    applyOpen: now >= i.applyStart.getTime() && now <= i.applyEnd.getTime(),
    planCount: r.planCount,
    enrolment: r.enrolment,
    appliedAt: isoOrNull(r.appliedAt),
    earnedHours: Math.round(r.earnedHours * 10) / 10,
    applicantCount: r.applicantCount,
  };
}
