/**
 * The teacher's class area: owns the teaching tables (classes, teachers, members, class plan,
 * messages and their recipients). Who may do what is decided in one place, `access`: a teacher
 * (person type 4) of the class named by the call. Cross-module reads go through the read-only
 * reports module; a member's details and password are changed by the modules that own them (person,
 * uc). Every teacher action, refused or done, is written to the audit log.
 */
import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { UC_CODE, teacher as T } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { classCourses, classMembers, teacherClasses } from '../../db/schema/teaching.ts';
import type { Caller } from '../../http/auth.ts';
import { Refusal } from '../../http/errors.ts';
import { chinaDate, type XlsxExport } from '../../http/xlsx.ts';
import { randomPassword } from '../../lib/crypto.ts';
import { noticeCountsSince, sendNoticesWithinCap, type SmsSender } from '../../integrations/sms.ts';
import { allRows, iso, type PageQuery } from '../../lib/listing.ts';
import { startOfDayIn } from '@portal/contract/calendar';
import type { Platform } from '../platform/service.ts';
import type { Uc } from '../uc/service.ts';
import type { PersonService } from '../person/service.ts';
import type { CertificateService } from '../certificate/service.ts';
import { deleteClassMessage, liveClassMessage, markRead, markTexted, postMessage, recipientsOf, recordSms } from '../inbox/service.ts';
import { studyRuleOf, type ClassRow, type Reports } from '../reports/service.ts';

/**
 * Writes one learner a message from the college itself (no class, no sender), shown in 我的消息 with
 * a link to the page it is about; other modules call this in their own transaction (a certificate's
 * issue), so the message exists exactly when what it announces does.
 */
/** A class notice as an SMS: the class, the title, the text and the teacher who sends it. */
export const noticeSmsText = (className: string, title: string, content: string, teacherName: string) => `【${className}】${title}：${content}（${teacherName}）`;

/** Whether the person is a member of the class (a class's exam is its members'); null when there is no such class. */
export async function classMembership(db: Db, personId: number, classId: number): Promise<{ name: string; member: boolean } | null> {
  const [row] = await db
    .select({ name: teacherClasses.name, member: sql<boolean>`exists (select 1 from ${classMembers} m where m.class_id = ${teacherClasses.id} and m.person_id = ${personId})` })
    .from(teacherClasses)
    .where(eq(teacherClasses.id, classId));
  return row ?? null;
}

export const TEACHER_MSG = {
  notTeacher: '该功能仅对班主任开放',
  notYourClass: '您不是该班级的班主任，无权查看或操作该班级',
  notMember: '所选学员不在本班级',
  messageMissing: '消息不存在或已删除',
  notRecipient: '所选学员不是该消息的接收人',
  nobodyToText: '该消息的接收人都已阅读，无需发送短信',
  courseMissing: '课程不存在或已下线',
  courseInPlan: '该课程已在班级学习计划中',
  courseNotInPlan: '该课程不在班级学习计划中',
  courseStudied: '已有学员学习该课程，不能移出班级学习计划',
  noInstall: '本班级未关联培训项目，没有可打印的结业证书',
  noCertificates: '本班级学员还没有获得结业证书（已撤销的证书不打印）',
} as const;

export interface TeacherDeps {
  db: Db;
  reports: Reports;
  platform: Platform;
  sms: SmsSender;
  uc: Pick<Uc, 'resetPassword'>;
  person: Pick<PersonService, 'updateDetails' | 'sessionPerson'>;
  /** Notices by SMS a day per number (SMS_NOTICE_DAILY_CAP_PER_PHONE); login and password codes have their own cap. */
  noticesPerPhoneDaily: number;
  /** The college's calendar: the SMS daily cap counts from its midnight. */
  timeZone: string;
  certificates: Pick<CertificateService, 'printMany' | 'countPrintable'>;
}

/** The class a call acts on, once `access` has let the caller in. */
export interface ClassAccess {
  teacher: Caller;
  cls: ClassRow;
  ip: string;
}

type Action = 'access' | 'updatePerson' | 'resetPassword' | 'sendMessage' | 'deleteMessage' | 'sendSMS' | 'export' | 'addCourse' | 'removeCourse';

export function makeTeacher({ db, reports, platform, sms, uc, person, noticesPerPhoneDaily, timeZone, certificates }: TeacherDeps) {
  const audit = (a: { teacher: Caller; ip: string }, action: Action, classId: number | null, outcome: 'success' | 'failure', detail: Record<string, unknown> = {}) =>
    platform.audit({ personId: a.teacher.personId, ip: a.ip, event: `teacher.${action}`, target: classId === null ? '' : `class:${classId}`, outcome, detail });

  /** Refuses (and audits) whoever is not a teacher. */
  async function asTeacher(caller: Caller, ip: string, what: string): Promise<Caller> {
    if (caller.personType !== 4) {
      await audit({ teacher: caller, ip }, 'access', null, 'failure', { call: what, reason: 'notTeacher' });
      throw new Refusal(TEACHER_MSG.notTeacher, UC_CODE.forbidden);
    }
    return caller;
  }

  /** Refuses (and audits) a refusal inside a class the teacher may act on. */
  async function refuse(a: ClassAccess, action: Action, message: string, detail: Record<string, unknown>): Promise<never> {
    await audit(a, action, a.cls.id, 'failure', { ...detail, reason: message });
    throw new Refusal(message);
  }

  /** The members among `personIds`, all of them members, or the refusal. */
  async function chosenMembers(a: ClassAccess, action: Action, personIds: number[]) {
    const unique = [...new Set(personIds)];
    const rows = await reports.members(a.cls.id, unique);
    if (rows.length !== unique.length) await refuse(a, action, TEACHER_MSG.notMember, { personIds: unique.filter((id) => !rows.some((r) => r.personId === id)) });
    return rows;
  }

  async function summaries(teacher: Caller, classes: ClassRow[]): Promise<T.ClassSummary[]> {
    const facts = await reports.classFacts(
      classes.map((c) => c.id),
      teacher.personId,
    );
    const out: T.ClassSummary[] = [];
    for (const cls of classes) {
      const rule = studyRuleOf(cls);
      const rows = await reports.allMemberStudy(cls, rule);
      out.push(summaryOf(cls, rows, facts.get(cls.id)));
    }
    return out;
  }

  function summaryOf(cls: ClassRow, rows: T.PersonStudyRow[], f: { teachers: string[]; installTitle: string | null; unread: number } | undefined): T.ClassSummary {
    const completion = rows.length === 0 || cls.requiredHours <= 0 ? 0 : rows.reduce((s, r) => s + Math.min(1, r.totalHours / cls.requiredHours), 0) / rows.length;
    return {
      id: cls.id,
      name: cls.name,
      installTitle: f?.installTitle ?? null,
      startAt: iso(cls.startAt),
      endAt: iso(cls.endAt),
      requiredHours: cls.requiredHours,
      memberCount: rows.length,
      averageCompletion: Math.round(completion * 1000) / 10,
      behindCount: rows.filter((r) => r.state === 'behind' || r.state === 'notStarted').length,
      unreadCount: f?.unread ?? 0,
      teachers: f?.teachers ?? [],
    };
  }

  /** Sends each recipient their text by SMS within the daily cap, and records each delivery state. */
  async function textRecipients(a: ClassAccess, messageId: number, people: { personId: number; mobile: string; text: string }[]) {
    const states = await sendNoticesWithinCap(db, sms, { perPhone: noticesPerPhoneDaily, since: startOfDayIn(timeZone) }, people);
    const outcome = { sent: 0, failed: 0, capped: 0 };
    for (const [i, p] of people.entries()) {
      const { status, error } = states[i]!;
      outcome[status]++;
      await recordSms(db, messageId, p.personId, { status, error });
    }
    await markTexted(db, messageId);
    await audit(a, 'sendSMS', a.cls.id, outcome.sent > 0 || people.length === 0 ? 'success' : 'failure', { messageId, personIds: people.map((p) => p.personId), ...outcome });
    return outcome;
  }

  const smsText = (a: ClassAccess, m: { title: string; content: string }) => noticeSmsText(a.cls.name, m.title, m.content, a.teacher.personName);

  async function liveMessage(a: ClassAccess, messageId: number) {
    const m = await liveClassMessage(db, a.cls.id, messageId);
    return m ?? (await refuse(a, 'sendSMS', TEACHER_MSG.messageMissing, { messageId }));
  }

  return {
    asTeacher,

    /**
     * The one access check of every call that names a class: the caller is a teacher, and a teacher
     * of that class. A refusal is audited with the class asked for.
     */
    async access(caller: Caller, classId: number, ip: string, what: string): Promise<ClassAccess> {
      const teacher = await asTeacher(caller, ip, what);
      const cls = await reports.classOfTeacher(teacher.personId, classId);
      if (!cls) {
        await audit({ teacher, ip }, 'access', classId, 'failure', { call: what, reason: 'notYourClass' });
        throw new Refusal(TEACHER_MSG.notYourClass, UC_CODE.forbidden);
      }
      return { teacher, cls, ip };
    },

    async personalInfo(teacher: Caller) {
      const profile = await person.sessionPerson(teacher.personId);
      return {
        personName: teacher.personName,
        personNo: profile?.personNo ?? '',
        mobile: teacher.mobile,
        organName: teacher.organName,
        positionLevelName: profile?.positionLevelName ?? '',
        classes: await summaries(teacher, await reports.classesOf(teacher.personId)),
      };
    },

    async myClasses(teacher: Caller) {
      return summaries(teacher, await reports.classesOf(teacher.personId));
    },

    async classStudy(a: ClassAccess) {
      const rule = studyRuleOf(a.cls);
      const rows = await reports.allMemberStudy(a.cls, rule);
      const facts = await reports.classFacts([a.cls.id], a.teacher.personId);
      const required = a.cls.requiredHours;
      const bands = [0, 0.2, 0.4, 0.6, 0.8].map((lo, i) => ({ lo: lo * required, hi: (lo + 0.2) * required, label: `${Math.round(lo * required * 10) / 10}–${Math.round((lo + 0.2) * required * 10) / 10}学时`, i }));
      const distribution = [
        ...bands.map((b) => ({ label: b.label, count: rows.filter((r) => r.totalHours >= b.lo && r.totalHours < b.hi).length })),
        { label: `${required}学时及以上`, count: rows.filter((r) => r.totalHours >= required).length },
      ];
      const units = new Map<string, { members: number; hours: number; behind: number }>();
      for (const r of rows) {
        const u = units.get(r.organName) ?? { members: 0, hours: 0, behind: 0 };
        u.members++;
        u.hours += r.totalHours;
        if (r.state === 'behind' || r.state === 'notStarted') u.behind++;
        units.set(r.organName, u);
      }
      const sum = (f: (r: T.PersonStudyRow) => number) => Math.round(rows.reduce((s, r) => s + f(r), 0) * 10) / 10;
      return {
        cls: summaryOf(a.cls, rows, facts.get(a.cls.id)),
        rule,
        completionRate: rows.length === 0 ? 0 : Math.round((rows.filter((r) => r.totalHours >= required).length / rows.length) * 1000) / 10,
        states: T.STUDY_STATES.map((state) => ({ state, count: rows.filter((r) => r.state === state).length })),
        distribution,
        requiredHours: sum((r) => r.requiredHours),
        electiveHours: sum((r) => r.electiveHours),
        byUnit: [...units]
          .map(([organName, u]) => ({ organName, members: u.members, averageHours: Math.round((u.hours / u.members) * 10) / 10, behind: u.behind }))
          .sort((x, y) => y.behind - x.behind || y.members - x.members),
        certificates: a.cls.installId === null ? 0 : await certificates.countPrintable(rows.map((r) => r.personId), a.cls.installId),
      };
    },

    /** The per-learner list of the screen: one page of the filter. */
    async personStudy(a: ClassAccess, f: Omit<T.PersonStudyFilter, 'classId'>, q: PageQuery) {
      const rule = studyRuleOf(a.cls);
      return { ...(await reports.personStudyPage(a.cls, rule, f, q)), rule };
    },

    /** The same list, every row of the same filter, as the screen shows its columns. */
    async personStudyExport(a: ClassAccess, f: Omit<T.PersonStudyFilter, 'classId'>): Promise<XlsxExport<T.PersonStudyRow>> {
      const rule = studyRuleOf(a.cls);
      await audit(a, 'export', a.cls.id, 'success', { file: 'classPersonStudy', filter: f });
      const date = chinaDate();
      return {
        fileName: `${a.cls.name}-学员学习统计-${date}`,
        asciiName: `class-${a.cls.id}-study-${date}`,
        sheetName: '学员学习统计',
        title: `${a.cls.name} 学员学习统计（导出日期：${date}；应完成${rule.requiredHours}学时，截至今天应完成${rule.expectedHours}学时）`,
        columns: [
          { header: '学号', width: 14, kind: 'text', value: (r) => r.personNo },
          { header: '姓名', width: 10, kind: 'text', value: (r) => r.personName },
          { header: '工作单位', width: 28, kind: 'text', value: (r) => r.organName },
          { header: '手机号码', width: 14, kind: 'text', value: (r) => r.mobile },
          { header: '必修学时', width: 10, kind: 'number', value: (r) => r.requiredHours },
          { header: '选修学时', width: 10, kind: 'number', value: (r) => r.electiveHours },
          { header: '总学时', width: 10, kind: 'number', value: (r) => r.totalHours },
          { header: '完成课程数', width: 12, kind: 'number', value: (r) => r.completedCourses },
          { header: '最近学习时间', width: 18, kind: 'datetime', value: (r) => (r.lastStudyAt ? new Date(r.lastStudyAt) : null) },
          { header: '学习状态', width: 10, kind: 'text', value: (r) => T.STUDY_STATE_LABELS[r.state] },
          { header: '考试成绩', width: 18, kind: 'text', value: (r) => T.examResultText(r) },
        ],
        rows: await reports.personStudyAll(a.cls, rule, f),
      };
    },

    courseStudy: (a: ClassAccess) => reports.courseStudy(a.cls),

    /**
     * The certificates the class's members hold for the class's training arrangement, one page each
     * in one PDF, streamed as it is drawn; revoked ones are left out. Printed by the certificate
     * module, which owns them.
     */
    async certificatesPdf(a: ClassAccess): Promise<{ fileName: string; asciiName: string; pdf: Readable }> {
      if (a.cls.installId === null) return refuse(a, 'export', TEACHER_MSG.noInstall, { file: 'certificates' });
      const members = await reports.members(a.cls.id, []);
      const printed = await certificates.printMany(
        members.map((m) => m.personId),
        a.cls.installId,
        `${a.cls.name} 结业证书`,
      );
      if (!printed) return refuse(a, 'export', TEACHER_MSG.noCertificates, { file: 'certificates' });
      try {
        await audit(a, 'export', a.cls.id, 'success', { file: 'certificates', count: printed.count });
      } catch (err) {
        // Not sent, so nobody reads it: the worker drops it.
        printed.pdf.destroy();
        throw err;
      }
      const date = chinaDate();
      return { fileName: `${a.cls.name}-结业证书-${date}.pdf`, asciiName: `class-${a.cls.id}-certificates-${date}.pdf`, pdf: printed.pdf };
    },

    roster: (a: ClassAccess, keyword: string | undefined, q: PageQuery) => reports.roster(a.cls.id, { keyword }, q),

    /** The address list with full mobiles: the class's own teacher's directory. */
    async directoryExport(a: ClassAccess, keyword: string | undefined): Promise<XlsxExport<T.MemberItem>> {
      await audit(a, 'export', a.cls.id, 'success', { file: 'directories', keyword: keyword ?? null });
      const date = chinaDate();
      return {
        fileName: `${a.cls.name}-通讯录-${date}`,
        asciiName: `class-${a.cls.id}-directory-${date}`,
        sheetName: '通讯录',
        title: `${a.cls.name} 通讯录（导出日期：${date}）`,
        columns: [
          { header: '学号', width: 14, kind: 'text', value: (r) => r.personNo },
          { header: '姓名', width: 10, kind: 'text', value: (r) => r.personName },
          { header: '性别', width: 6, kind: 'text', value: (r) => (r.gender === 0 ? '男' : '女') },
          { header: '民族', width: 8, kind: 'text', value: (r) => r.nationName },
          { header: '职级', width: 14, kind: 'text', value: (r) => r.positionLevelName },
          { header: '工作单位', width: 28, kind: 'text', value: (r) => r.organName },
          { header: '手机号码', width: 14, kind: 'text', value: (r) => r.mobile },
          { header: '加入班级时间', width: 14, kind: 'date', value: (r) => new Date(r.joinedAt) },
        ],
        rows: allRows((q) => reports.roster(a.cls.id, { keyword }, q)),
      };
    },

    async updatePerson(a: ClassAccess, body: { personId: number; personName: string; gender: number; nationName: string; positionLevelId: number }) {
      await chosenMembers(a, 'updatePerson', [body.personId]);
      const { personId, ...details } = body;
      await person.updateDetails(personId, details);
      await audit(a, 'updatePerson', a.cls.id, 'success', { personIds: [personId], details });
      const page = await reports.roster(a.cls.id, { personId }, { pageNum: 1, pageSize: 1 });
      return page.list[0]!;
    },

    /**
     * A new random password (it satisfies the rule), every session of the member ended. By SMS when
     * asked and the SMS goes out; otherwise, or when it fails, answered once to the teacher.
     */
    async resetPassword(a: ClassAccess, body: { personId: number; bySms: boolean }) {
      const [member] = await chosenMembers(a, 'resetPassword', [body.personId]);
      const password = randomPassword();
      await uc.resetPassword(member!.personId, password);
      // By SMS within the number's daily cap; when it cannot go out the teacher is given the password instead.
      let smsSent = false;
      const capped = body.bySms && ((await noticeCountsSince(db, [member!.mobile], startOfDayIn(timeZone))).get(member!.mobile) ?? 0) >= noticesPerPhoneDaily;
      if (body.bySms && !capped) {
        try {
          await sms.sendNotice(member!.mobile, `您的干部网络学院登录密码已由班主任重置为 ${password} ，请登录后及时修改密码。`, '您的干部网络学院登录密码已由班主任重置（新密码不记录）');
          smsSent = true;
        } catch (e) {
          smsSent = false;
          await audit(a, 'resetPassword', a.cls.id, 'failure', { personIds: [member!.personId], reason: 'smsFailed', error: (e as Error).message });
        }
      }
      await audit(a, 'resetPassword', a.cls.id, 'success', { personIds: [member!.personId], bySms: body.bySms, smsSent, smsCapped: capped });
      return { password: smsSent ? null : password, smsSent };
    },

    messages: (a: ClassAccess, keyword: string | undefined, q: PageQuery) => reports.messages(a.cls.id, keyword, q),

    async messageRecipients(a: ClassAccess, messageId: number) {
      const page = await reports.messages(a.cls.id, undefined, { pageNum: 1, pageSize: 1 }, messageId);
      const message = page.list[0] ?? (await refuse(a, 'access', TEACHER_MSG.messageMissing, { messageId }));
      return { message, recipients: await reports.recipients(messageId) };
    },

    async sendMessage(a: ClassAccess, body: { personIds: number[]; title: string; content: string; sms: boolean }) {
      const people = body.personIds.length ? await chosenMembers(a, 'sendMessage', body.personIds) : await reports.members(a.cls.id, []);
      const messageId = await postMessage(db, { classId: a.cls.id, senderId: a.teacher.personId, title: body.title, content: body.content }, people);
      await audit(a, 'sendMessage', a.cls.id, 'success', { messageId, personIds: people.map((p) => p.personId), sms: body.sms });
      const text = smsText(a, body);
      const smsOutcome = body.sms ? await textRecipients(a, messageId, people.map((p) => ({ ...p, text }))) : null;
      return { messageId, recipientCount: people.length, sms: smsOutcome };
    },

    async deleteMessage(a: ClassAccess, messageId: number) {
      if (!(await deleteClassMessage(db, a.cls.id, messageId))) await refuse(a, 'deleteMessage', TEACHER_MSG.messageMissing, { messageId });
      await audit(a, 'deleteMessage', a.cls.id, 'success', { messageId });
      return null;
    },

    /** The message by SMS to the chosen recipients, or to every recipient who has not read it. */
    async sendSms(a: ClassAccess, body: { messageId: number; personIds: number[] }) {
      const m = await liveMessage(a, body.messageId);
      const recipients = await recipientsOf(db, m.id, body.personIds);
      if (body.personIds.length && recipients.length !== new Set(body.personIds).size) await refuse(a, 'sendSMS', TEACHER_MSG.notRecipient, { messageId: m.id, personIds: body.personIds });
      const targets = body.personIds.length ? recipients : recipients.filter((r) => r.readAt === null);
      if (targets.length === 0) await refuse(a, 'sendSMS', TEACHER_MSG.nobodyToText, { messageId: m.id });
      const people = await reports.members(
        a.cls.id,
        targets.map((r) => r.personId),
      );
      // A reminder's recipient is texted their own text, not the template.
      const own = new Map(targets.map((r) => [r.personId, r.content ?? m.content]));
      return textRecipients(
        a,
        m.id,
        people.map((p) => ({ ...p, text: smsText(a, { title: m.title, content: own.get(p.personId)! }) })),
      );
    },

    async classPlan(a: ClassAccess) {
      const [summary] = await summaries(a.teacher, [a.cls]);
      const plan = await reports.courseStudy(a.cls);
      const of = (required: boolean) => plan.filter((c) => c.required === required);
      const hours = (cs: typeof plan) => Math.round(cs.reduce((s, c) => s + c.creditHours, 0) * 10) / 10;
      return {
        cls: summary!,
        requiredCourses: of(true).length,
        electiveCourses: of(false).length,
        requiredCourseHours: hours(of(true)),
        electiveCourseHours: hours(of(false)),
      };
    },

    classCourses: (a: ClassAccess, keyword: string | undefined, q: PageQuery) => reports.classCourses(a.cls.id, keyword, q),

    async addCourse(a: ClassAccess, body: { courseId: number; required: boolean }) {
      const course = (await reports.publishedCourse(body.courseId)) ?? (await refuse(a, 'addCourse', TEACHER_MSG.courseMissing, { courseId: body.courseId }));
      const rows = await db.insert(classCourses).values({ classId: a.cls.id, courseId: course.courseId, required: body.required, addedBy: a.teacher.personId }).onConflictDoNothing().returning();
      const row = rows[0] ?? (await refuse(a, 'addCourse', TEACHER_MSG.courseInPlan, { courseId: course.courseId }));
      await audit(a, 'addCourse', a.cls.id, 'success', { courseId: course.courseId, required: body.required });
      return { ...course, required: row.required, addedAt: iso(row.addedAt), started: 0 };
    },

    async removeCourse(a: ClassAccess, courseId: number) {
      if (await reports.studiedInClass(a.cls.id, courseId)) await refuse(a, 'removeCourse', TEACHER_MSG.courseStudied, { courseId });
      const rows = await db
        .delete(classCourses)
        .where(and(eq(classCourses.classId, a.cls.id), eq(classCourses.courseId, courseId)))
        .returning({ courseId: classCourses.courseId });
      if (rows.length === 0) await refuse(a, 'removeCourse', TEACHER_MSG.courseNotInPlan, { courseId });
      await audit(a, 'removeCourse', a.cls.id, 'success', { courseId });
      return null;
    },

    // ---- the learner's side ----

    myMessages: (caller: Caller, unreadOnly: boolean, q: PageQuery) => reports.myMessages(caller.personId, unreadOnly, q),

    async readMessage(caller: Caller, messageId: number) {
      await markRead(db, caller.personId, messageId);
      const page = await reports.myMessages(caller.personId, false, { pageNum: 1, pageSize: 1 }, messageId);
      const message = page.list[0];
      if (!message) throw new Refusal(TEACHER_MSG.messageMissing);
      return message;
    },

    async unreadCount(caller: Caller) {
      return (await reports.myMessages(caller.personId, true, { pageNum: 1, pageSize: 1 })).total;
    },
  };
}
export type TeacherService = ReturnType<typeof makeTeacher>;
