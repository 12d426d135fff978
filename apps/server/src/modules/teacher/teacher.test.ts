import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, asc, desc, eq, inArray, isNull, like, notLike } from 'drizzle-orm';
import { PASSWORD_PATTERN, person, teacher as T, urlOf, type CallDef } from '@portal/contract';
import { createTestApp, DEMO_PASSWORDS, PRODUCT, type TestApp } from '../../test/harness.ts';
import { auditLog, certificates, classMembers, classTeachers, persons, resourceProgress, smsCodes, smsOutbox, teacherClasses } from '../../db/schema/index.ts';
import { TEACHER_MSG } from './service.ts';
import { certificatesOf } from '../certificate/service.ts';
import { makePlatform } from '../platform/service.ts';
import { makeWorkerPool } from '../../workers/pool.ts';

let t: TestApp;
/** For a certificate service that issues and revokes: it never starts a worker. */
const workers = makeWorkerPool();
let teacher: string;
let otherTeacher: string;
let learner: string;
let first: T.ClassSummary;
let second: T.ClassSummary;
let others: T.ClassSummary;

type Obj<D> = { res: boolean; resMsg: string; obj: D; field?: string };
const obj = <D>(r: { json: unknown }) => r.json as Obj<D>;
/** A call that must succeed: its obj. */
async function ok<D>(c: CallDef, token: string, opts: { query?: Record<string, string | number>; body?: unknown } = {}): Promise<D> {
  const r = obj<D>(await t.call(c, { token, ...opts }));
  if (!r.res) throw new Error(`${c.name}: ${r.resMsg}`);
  return r.obj;
}
const personIdOf = async (mobile: string) => (await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, mobile)))[0]!.id;
const allStudyRows = (token: string, query: Record<string, string | number>) => ok<{ list: T.PersonStudyRow[]; total: number }>(T.findClassPersonStudy, token, { query: { ...query, pageSize: 100 } });

beforeAll(async () => {
  // A cap of 3 notices a day per number, so the cap is reached within the test; codes have their own cap of 3.
  t = await createTestApp({ SMS_NOTICE_DAILY_CAP_PER_PHONE: '3', SMS_DAILY_CAP_PER_PHONE: '3' });
  [teacher, otherTeacher, learner] = await Promise.all([t.login('13800000004', DEMO_PASSWORDS.teacher), t.login('13700000001', DEMO_PASSWORDS.teacher), t.login('13800000001')]);
  const mine = await ok<T.ClassSummary[]>(T.findClass, teacher);
  // The large class of the year (first) and the short class with two teachers (second).
  [first, second] = [...mine].sort((a, b) => b.memberCount - a.memberCount) as [T.ClassSummary, T.ClassSummary];
  [others] = (await ok<T.ClassSummary[]>(T.findClass, otherTeacher)) as [T.ClassSummary];
});
afterAll(() => t.close());

describe('the demo classes', () => {
  it('the demo teacher has two classes; the first holds 13800000001 and about 60 learners in every state', async () => {
    expect(first.memberCount).toBeGreaterThanOrEqual(55);
    expect(second.teachers.length).toBe(2);
    const study = await ok<{ states: { state: T.StudyState; count: number }[]; distribution: { count: number }[]; rule: T.StudyRule }>(T.findClassStudy, teacher, { query: { classId: first.id } });
    for (const s of study.states) expect(s.count, s.state).toBeGreaterThan(0);
    expect(study.distribution.slice(0, -1).reduce((n, d) => n + d.count, 0) + study.distribution.at(-1)!.count).toBe(first.memberCount);
    expect(study.rule.definition).toContain('进度落后');
    const zhang = await ok<{ list: T.PersonStudyRow[] }>(T.findClassPersonStudy, teacher, { query: { classId: first.id, keyword: '张伟' } });
    expect(zhang.list.some((r) => r.personNo === 'S20260001')).toBe(true);
    const info = await ok<{ personName: string; classes: T.ClassSummary[] }>(T.findPersonalInfo, teacher);
    expect(info.personName).toBe('刘建国');
    expect(info.classes.map((c) => c.id).sort()).toEqual([first.id, second.id].sort());
    expect(info.classes.find((c) => c.id === first.id)!.unreadCount).toBeGreaterThan(0);
  });

  it('the other teacher sees only their own class', () => {
    expect(others.id).not.toBe(first.id);
    expect(others.id).not.toBe(second.id);
  });
});

describe('the wall between classes', () => {
  /** One valid input for every call that names a class. */
  const calls = (classId: number): [CallDef, { query?: Record<string, string | number>; body?: unknown }][] => [
    [T.findClassStudy, { query: { classId } }],
    [T.findClassPersonStudy, { query: { classId } }],
    [T.findClassCourseStudy, { query: { classId } }],
    [T.findAddressList, { query: { classId } }],
    [T.updatePerson, { body: { classId, personId: 1, personName: '张伟', gender: 0, nationName: '汉族', positionLevelId: 3 } }],
    [T.resetPassword, { body: { classId, personId: 1 } }],
    [T.findMessage, { query: { classId } }],
    [T.findMessageRecipients, { query: { classId, messageId: 1 } }],
    [T.sendMessage, { body: { classId, title: '通知', content: '内容' } }],
    [T.deleteMessage, { query: { classId, messageId: 1 } }],
    [T.sendSMS, { body: { classId, messageId: 1 } }],
    [T.findClassPlan, { query: { classId } }],
    [T.findClassCourse, { query: { classId } }],
    [T.addPersonCourse, { body: { classId, courseId: 1, required: true } }],
    [T.deleteClassCourse, { query: { classId, courseId: 1 } }],
  ];

  it("another teacher's class is refused on every call, with a Chinese sentence, and audited", async () => {
    for (const [c, input] of calls(first.id)) {
      const r = obj(await t.call(c, { token: otherTeacher, ...input }));
      expect(r, c.name).toMatchObject({ res: false, resMsg: TEACHER_MSG.notYourClass });
    }
    const otherId = await personIdOf('13700000001');
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.personId, otherId), eq(auditLog.event, 'teacher.access')));
    expect(audited.length).toBeGreaterThanOrEqual(calls(0).length);
    expect(audited[0]).toMatchObject({ outcome: 'failure', target: `class:${first.id}` });
  });

  it('the exports of another class are refused too, and no file goes out', async () => {
    const x = await t.app.inject({ method: 'POST', url: `${urlOf(T.exportClassPersonStudy, PRODUCT)}?classId=${first.id}`, headers: { authorization: otherTeacher } });
    expect(x.headers['content-type']).not.toContain('spreadsheet');
    expect(x.json()).toMatchObject({ message: TEACHER_MSG.notYourClass });
    const d = await t.app.inject({ method: 'GET', url: `${urlOf(T.directoriesExport, PRODUCT)}?classId=${first.id}`, headers: { authorization: otherTeacher } });
    expect(d.headers['content-type']).not.toContain('spreadsheet');
  });

  it('a learner reaches no teacher call, even with a class id of a class they are in', async () => {
    for (const [c, input] of [...calls(first.id), [T.findClass, {}], [T.findPersonalInfo, {}]] as ReturnType<typeof calls>) {
      const r = obj(await t.call(c, { token: learner, ...input }));
      expect(r, c.name).toMatchObject({ res: false, resMsg: TEACHER_MSG.notTeacher });
    }
  });

  it('without a session every teacher call is a 401', async () => {
    for (const [c, input] of calls(first.id)) expect((await t.call(c, input)).status, c.name).toBe(401);
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const bad = await t.call(T.findClassStudy, { token: teacher, query: { classId: 'abc' } });
    expect(bad.status).toBe(400);
    expect(obj(bad)).toMatchObject({ res: false, resMsg: '班级编号必须是数字', field: 'classId' });
    const sort = await t.call(T.findClassPersonStudy, { token: teacher, query: { classId: first.id, sort: 'drop table' } });
    expect(obj(sort)).toMatchObject({ resMsg: '排序方式不正确' });
    const long = await t.call(T.sendMessage, { token: teacher, body: { classId: first.id, title: '通知', content: '字'.repeat(501) } });
    expect(obj(long)).toMatchObject({ resMsg: '消息内容不能超过500个字符' });
    const unknown = obj(await t.call(T.findClassStudy, { token: teacher, query: { classId: 999999 } }));
    expect(unknown).toMatchObject({ res: false, resMsg: TEACHER_MSG.notYourClass });
  });
});

describe('per-learner statistics and their export', () => {
  it('filters, sorts and pages; each learner has an exam result; mobiles are masked', async () => {
    const behind = await allStudyRows(teacher, { classId: first.id, state: 'behind', sort: 'hoursDesc' });
    expect(behind.total).toBeGreaterThan(0);
    expect(behind.list.every((r) => r.state === 'behind')).toBe(true);
    const hours = behind.list.map((r) => r.totalHours);
    expect(hours).toEqual([...hours].sort((a, b) => b - a));
    expect(behind.list.every((r) => /^\d{3}\*{4}\d{4}$/.test(r.mobile))).toBe(true);
    expect(behind.list.every((r) => Math.abs(r.requiredHours + r.electiveHours - r.totalHours) < 0.05)).toBe(true);
    const page2 = await ok<{ list: T.PersonStudyRow[]; total: number }>(T.findClassPersonStudy, teacher, { query: { classId: first.id, pageNum: 2, pageSize: 10 } });
    expect(page2.list).toHaveLength(10);
    expect(page2.total).toBe(first.memberCount);
    expect(page2.list.every((r) => T.CLASS_EXAM_STATES.includes(r.examState) && (r.examBestScore === null) === (r.examState === 'none' || r.examState === 'notTaken'))).toBe(true);
  });

  it('the export holds exactly the rows and columns of the screen for the same filter, typed', async () => {
    const filter = { classId: first.id, state: 'behind', sort: 'hoursDesc' };
    const screen = await allStudyRows(teacher, filter);
    const res = await t.app.inject({ method: 'POST', url: `${urlOf(T.exportClassPersonStudy, PRODUCT)}?${new URLSearchParams(Object.entries(filter).map(([k, v]) => [k, String(v)]))}`, headers: { authorization: teacher } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="class-\d+-study-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toContain(`${first.name}-学员学习统计`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(String(sheet.getRow(1).getCell(1).value)).toContain(first.name);
    expect(String(sheet.getRow(1).getCell(1).value)).toMatch(/导出日期：\d{4}-\d{2}-\d{2}/);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['学号', '姓名', '工作单位', '手机号码', '必修学时', '选修学时', '总学时', '完成课程数', '最近学习时间', '学习状态', '考试成绩']);
    expect(sheet.rowCount - 2).toBe(screen.total);
    screen.list.forEach((r, i) => {
      const v = sheet.getRow(i + 3).values as unknown[];
      expect(v.slice(1, 9), r.personNo).toEqual([r.personNo, r.personName, r.organName, r.mobile, r.requiredHours, r.electiveHours, r.totalHours, r.completedCourses]);
      if (r.lastStudyAt) {
        expect(v[9]).toBeInstanceOf(Date);
        // Written in China time, as the screen shows it.
        expect((v[9] as Date).getTime() - new Date(r.lastStudyAt).getTime()).toBe(8 * 3_600_000);
      }
      expect(v.slice(10)).toEqual([T.STUDY_STATE_LABELS[r.state], T.examResultText(r)]);
    });
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.event, 'teacher.export'));
    expect(audited.some((a) => a.target === `class:${first.id}` && a.outcome === 'success')).toBe(true);
  });

  it("the address list and its export show full mobiles to the class's own teacher", async () => {
    const roster = await ok<{ list: T.MemberItem[]; total: number }>(T.findAddressList, teacher, { query: { classId: first.id, keyword: '13800000001' } });
    expect(roster.list.map((m) => m.mobile)).toEqual(['13800000001']);
    const res = await t.app.inject({ method: 'GET', url: `${urlOf(T.directoriesExport, PRODUCT)}?classId=${first.id}`, headers: { authorization: teacher } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount - 2).toBe(first.memberCount);
    const mobiles = sheet.getColumn(7).values.slice(3) as string[];
    expect(mobiles).toContain('13800000001');
    expect(mobiles.every((m) => /^\d{11}$/.test(m))).toBe(true);
    expect(sheet.getRow(3).getCell(8).value).toBeInstanceOf(Date);
  });

  it('per course of the class plan: started, completed, average progress', async () => {
    const courses = await ok<{ courseId: number; started: number; completed: number; averageProgress: number }[]>(T.findClassCourseStudy, teacher, { query: { classId: first.id } });
    expect(courses.length).toBeGreaterThan(0);
    expect(courses.some((c) => c.started > 0)).toBe(true);
    for (const c of courses) {
      expect(c.completed).toBeLessThanOrEqual(first.memberCount);
      expect(c.averageProgress).toBeGreaterThanOrEqual(0);
      expect(c.averageProgress).toBeLessThanOrEqual(100);
    }
  });
});

describe("a member's details and password", () => {
  it('updatePerson changes the fields a class manager may change, validated, audited', async () => {
    const [member] = (await ok<{ list: T.MemberItem[] }>(T.findAddressList, teacher, { query: { classId: first.id, keyword: '13900010' } })).list;
    const body = { classId: first.id, personId: member!.personId, personName: '欧阳晓东', gender: 1, nationName: '蒙古族', positionLevelId: 4 };
    const updated = await ok<T.MemberItem>(T.updatePerson, teacher, { body });
    expect(updated).toMatchObject({ personName: '欧阳晓东', gender: 1, nationName: '蒙古族', positionLevelId: 4, positionLevelName: '二级主任科员', mobile: member!.mobile });
    const bad = await t.call(T.updatePerson, { token: teacher, body: { ...body, personName: '<script>' } });
    expect(bad.status).toBe(400);
    expect(obj(bad).resMsg).toBe('姓名只能包含汉字、字母和间隔号，至少2个字');
    const outsider = await personIdOf('13900010005');
    expect(obj(await t.call(T.updatePerson, { token: teacher, body: { ...body, personId: outsider } }))).toMatchObject({ res: false, resMsg: TEACHER_MSG.notMember });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.event, 'teacher.updatePerson')).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ outcome: 'failure', target: `class:${first.id}` });
  });

  it("resetPassword gives a new password satisfying the rule, ends the member's sessions, and the new password logs in", async () => {
    const member = await personIdOf('13800000001');
    const old = await t.login('13800000001');
    const r = await ok<{ password: string | null; smsSent: boolean }>(T.resetPassword, teacher, { body: { classId: first.id, personId: member } });
    expect(r.smsSent).toBe(false);
    expect(r.password).toMatch(PASSWORD_PATTERN);
    expect((await t.call(person.getSessionPerson, { token: old })).status).toBe(401);
    expect((await t.call(person.getSessionPerson, { token: learner })).status).toBe(401);
    await expect(t.login('13800000001')).rejects.toThrow();
    learner = await t.login('13800000001', r.password!);
    expect(obj<{ personName: string }>(await t.call(person.getSessionPerson, { token: learner })).obj.personName).toBe('张伟');
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.event, 'teacher.resetPassword')).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ outcome: 'success', target: `class:${first.id}`, detail: { personIds: [member] } });
    expect(JSON.stringify(row)).not.toContain(r.password!);
  });

  it('by SMS the password goes to the member and is not answered to the teacher', async () => {
    const [member] = (await ok<{ list: T.MemberItem[] }>(T.findAddressList, teacher, { query: { classId: second.id } })).list;
    const r = await ok<{ password: string | null; smsSent: boolean }>(T.resetPassword, teacher, { body: { classId: second.id, personId: member!.personId, bySms: true } });
    expect(r).toEqual({ password: null, smsSent: true });
    const [sms] = await t.db.select().from(smsOutbox).where(and(eq(smsOutbox.phone, member!.mobile), like(smsOutbox.content, '%重置%'))).orderBy(desc(smsOutbox.id)).limit(1);
    const sent = /重置为 (\S+) ，/.exec(sms!.content)![1]!;
    expect(sent).toMatch(PASSWORD_PATTERN);
    await t.login(member!.mobile, sent);
  });
});

describe('messages', () => {
  it('a message to chosen members reaches them (badge, list), and the teacher sees when each read it', async () => {
    const me = await personIdOf('13800000001');
    const before = await ok<number>(T.findUnreadMessageCount, learner);
    const sent = await ok<{ messageId: number; recipientCount: number; sms: null }>(T.sendMessage, teacher, { body: { classId: first.id, personIds: [me], title: '学习提醒', content: '请于本周内完成必修课程学习。' } });
    expect(sent).toMatchObject({ recipientCount: 1, sms: null });
    expect(await ok<number>(T.findUnreadMessageCount, learner)).toBe(before + 1);
    const mine = await ok<{ list: { id: number; readAt: string | null; className: string; senderName: string }[] }>(T.findMyMessage, learner, { query: { unread: 'true' } });
    expect(mine.list[0]).toMatchObject({ id: sent.messageId, readAt: null, className: first.name, senderName: '刘建国' });
    const read = await ok<{ readAt: string }>(T.readMessage, learner, { query: { messageId: sent.messageId } });
    expect(read.readAt).not.toBeNull();
    expect(await ok<number>(T.findUnreadMessageCount, learner)).toBe(before);
    const who = await ok<{ message: T.SentMessage; recipients: { personId: number; readAt: string | null }[] }>(T.findMessageRecipients, teacher, { query: { classId: first.id, messageId: sent.messageId } });
    expect(who.message).toMatchObject({ recipientCount: 1, readCount: 1 });
    expect(who.recipients).toEqual([expect.objectContaining({ personId: me, readAt: read.readAt })]);
    // Reading it again keeps the first reading time.
    expect((await ok<{ readAt: string }>(T.readMessage, learner, { query: { messageId: sent.messageId } })).readAt).toBe(read.readAt);
  });

  it('a learner cannot read a message not sent to them', async () => {
    const other = await t.login('13800000005');
    const [m] = (await ok<{ list: T.SentMessage[] }>(T.findMessage, teacher, { query: { classId: first.id } })).list;
    expect(obj(await t.call(T.readMessage, { token: other, query: { messageId: m!.id } }))).toMatchObject({ res: false, resMsg: TEACHER_MSG.messageMissing });
  });

  it('to the whole class with SMS: each delivery state logged, the daily cap respected', async () => {
    const sent = await ok<{ messageId: number; recipientCount: number; sms: { sent: number; failed: number; capped: number } }>(T.sendMessage, teacher, {
      body: { classId: second.id, title: '开班提醒', content: '线上学习已开始，请尽快登录学习。', sms: true },
    });
    expect(sent.recipientCount).toBe(second.memberCount);
    expect(sent.sms.sent + sent.sms.capped).toBe(second.memberCount);
    const outbox = await t.db.select().from(smsOutbox).where(like(smsOutbox.content, '%开班提醒%'));
    expect(outbox).toHaveLength(sent.sms.sent);
    // Again and again to the unread: the cap of 3 notices a day per number stops them all.
    const rounds: { sent: number; capped: number }[] = [];
    for (let i = 0; i < 3; i++) rounds.push(await ok<{ sent: number; capped: number }>(T.sendSMS, teacher, { body: { classId: second.id, messageId: sent.messageId } }));
    expect(rounds[0]!.sent).toBeGreaterThan(0);
    expect(rounds[2]).toMatchObject({ sent: 0, capped: second.memberCount });
    const perPhone = await t.db.select({ phone: smsOutbox.phone }).from(smsOutbox).where(notLike(smsOutbox.content, '您的验证码为%'));
    const counts = new Map<string, number>();
    for (const r of perPhone) counts.set(r.phone, (counts.get(r.phone) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBe(3);
    const who = await ok<{ recipients: { smsStatus: string | null }[] }>(T.findMessageRecipients, teacher, { query: { classId: second.id, messageId: sent.messageId } });
    expect(who.recipients.every((r) => r.smsStatus === 'capped')).toBe(true);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.event, 'teacher.sendSMS'));
    expect(audited.length).toBeGreaterThanOrEqual(3);
  });

  it('notices and codes have caps of their own: codes take nothing from the notices, and after ten notices the learner still gets a login code', async () => {
    // 13800000001 is in the first class; ten notices to them alone (their cap here is 3; another app allows ten).
    const tens = await createTestApp({ SMS_NOTICE_DAILY_CAP_PER_PHONE: '10', SMS_DAILY_CAP_PER_PHONE: '3' });
    try {
      const me = (await tens.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, '13800000001')))[0]!.id;
      const itsTeacher = await tens.login('13800000004', DEMO_PASSWORDS.teacher);
      const send = async (n: number) => {
        const r = obj<{ sms: { sent: number; capped: number } }>(await tens.call(T.sendMessage, { token: itsTeacher, body: { classId: first.id, personIds: [me], title: `通知${n}`, content: '请按时学习。', sms: true } }));
        return r.obj.sms;
      };
      // Three codes first (each one's row dropped, so the next may follow at once): they take nothing from the notices.
      for (let i = 0; i < 3; i++) {
        await tens.smsCode('13800000001');
        await tens.db.delete(smsCodes).where(eq(smsCodes.phone, '13800000001'));
      }
      for (let n = 1; n <= 10; n++) expect(await send(n), `notice ${n}`).toEqual({ sent: 1, failed: 0, capped: 0 });
      expect(await send(11)).toEqual({ sent: 0, failed: 0, capped: 1 });
      // Ten notices (and three codes) in the outbox today, the learner still receives a login code.
      const { id, code } = await tens.smsCode('13800000001');
      expect(id).toBeTruthy();
      expect(code).toMatch(/^\d{6}$/);
    } finally {
      await tens.close();
    }
    // A second app of its own (seeded): slower than one call.
  }, 120_000);

  it('refuses a recipient outside the class, and a deleted message is gone for everyone', async () => {
    const outsider = await personIdOf('13900010005');
    expect(obj(await t.call(T.sendMessage, { token: teacher, body: { classId: first.id, personIds: [outsider], title: '通知', content: '内容' } }))).toMatchObject({ res: false, resMsg: TEACHER_MSG.notMember });
    const me = await personIdOf('13800000001');
    const sent = await ok<{ messageId: number }>(T.sendMessage, teacher, { body: { classId: first.id, personIds: [me], title: '将被删除', content: '误发消息' } });
    await ok(T.deleteMessage, teacher, { query: { classId: first.id, messageId: sent.messageId } });
    const mine = await ok<{ list: { id: number }[] }>(T.findMyMessage, learner, { query: { pageSize: 100 } });
    expect(mine.list.some((m) => m.id === sent.messageId)).toBe(false);
    expect(obj(await t.call(T.deleteMessage, { token: teacher, query: { classId: first.id, messageId: sent.messageId } }))).toMatchObject({ res: false, resMsg: TEACHER_MSG.messageMissing });
    // A message of one class cannot be reached through another class of the same teacher.
    const [m] = (await ok<{ list: T.SentMessage[] }>(T.findMessage, teacher, { query: { classId: first.id } })).list;
    expect(obj(await t.call(T.sendSMS, { token: teacher, body: { classId: second.id, messageId: m!.id } }))).toMatchObject({ res: false, resMsg: TEACHER_MSG.messageMissing });
  });
});

describe('the class plan', () => {
  it('adds a course, refuses it twice, removes it while unstudied, and keeps a studied one', async () => {
    const plan = await ok<{ requiredCourses: number; electiveCourses: number }>(T.findClassPlan, teacher, { query: { classId: first.id } });
    const courses = await ok<{ list: { courseId: number; started: number }[]; total: number }>(T.findClassCourse, teacher, { query: { classId: first.id, pageSize: 100 } });
    expect(courses.total).toBe(plan.requiredCourses + plan.electiveCourses);
    const inPlan = new Set(courses.list.map((c) => c.courseId));
    // A course outside the plan that no member has studied (one they studied could not be removed again).
    const studiedIds = new Set((await t.db.select({ courseId: resourceProgress.courseId }).from(resourceProgress).innerJoin(classMembers, and(eq(classMembers.personId, resourceProgress.personId), eq(classMembers.classId, first.id)))).map((r) => r.courseId));
    let courseId = 1;
    while (inPlan.has(courseId) || studiedIds.has(courseId)) courseId++;
    const added = await ok<{ courseId: number; required: boolean; started: number }>(T.addPersonCourse, teacher, { body: { classId: first.id, courseId, required: false } });
    expect(added).toMatchObject({ courseId, required: false });
    expect(obj(await t.call(T.addPersonCourse, { token: teacher, body: { classId: first.id, courseId, required: true } }))).toMatchObject({ res: false, resMsg: TEACHER_MSG.courseInPlan });
    expect(obj(await t.call(T.addPersonCourse, { token: teacher, body: { classId: first.id, courseId: 999999, required: true } }))).toMatchObject({ res: false, resMsg: TEACHER_MSG.courseMissing });
    const studied = courses.list.find((c) => c.started > 0)!;
    expect(obj(await t.call(T.deleteClassCourse, { token: teacher, query: { classId: first.id, courseId: studied.courseId } }))).toMatchObject({ res: false, resMsg: TEACHER_MSG.courseStudied });
    await ok(T.deleteClassCourse, teacher, { query: { classId: first.id, courseId } });
    expect(obj(await t.call(T.deleteClassCourse, { token: teacher, query: { classId: first.id, courseId } }))).toMatchObject({ res: false, resMsg: TEACHER_MSG.courseNotInPlan });
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.event, 'teacher.addCourse'));
    expect(audited.some((a) => a.outcome === 'success' && (a.detail as { courseId: number }).courseId === courseId)).toBe(true);
  });
});

describe("the class's certificates in one PDF", () => {
  const pdfOf = (classId: number, token: string) => t.app.inject({ method: 'GET', url: `${urlOf(T.classCertificatesPdf, PRODUCT)}?classId=${classId}`, headers: { authorization: token } });
  async function pdfPages(bytes: Uint8Array) {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: bytes }).promise;
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      pages.push(content.items.map((x) => ('str' in x ? x.str : '')).join(''));
    }
    return pages;
  }
  /** The class's valid certificates for its arrangement, as the database has them, in the order of 学号. */
  async function expected(classId: number, installId: number) {
    return t.db
      .select({ certNo: certificates.certNo, personName: persons.personName })
      .from(certificates)
      .innerJoin(classMembers, and(eq(classMembers.personId, certificates.personId), eq(classMembers.classId, classId)))
      .innerJoin(persons, eq(persons.personId, certificates.personId))
      .where(and(eq(certificates.installId, installId), isNull(certificates.revokedAt)))
      .orderBy(asc(persons.personNo), asc(certificates.id));
  }

  it("prints one page for each certificate the members hold for the class's arrangement; a revoked one is left out", async () => {
    const [cls] = await t.db.select().from(teacherClasses).where(eq(teacherClasses.id, first.id));
    const installId = cls!.installId!;
    const svc = certificatesOf(t.config, t.db, makePlatform(t.db), workers);
    // Two members without a certificate complete the arrangement now, so the class surely has some.
    const members = await t.db.select({ personId: classMembers.personId }).from(classMembers).where(eq(classMembers.classId, first.id)).orderBy(asc(classMembers.personId));
    const holders = new Set((await t.db.select({ personId: certificates.personId }).from(certificates).where(eq(certificates.installId, installId))).map((r) => r.personId));
    const fresh = members.filter((m) => !holders.has(m.personId)).slice(0, 2);
    expect(fresh).toHaveLength(2);
    for (const m of fresh) await t.db.transaction((tx) => svc.issue(tx, m.personId, [{ installId, hours: 50 }], new Date()));
    // And one of them is revoked.
    const [revoked] = await t.db.select({ certNo: certificates.certNo }).from(certificates).where(and(eq(certificates.personId, fresh[0]!.personId), eq(certificates.installId, installId)));
    await svc.revoke(revoked!.certNo, '学时记录有误', { personId: null, ip: 'command:test' });

    const want = await expected(first.id, installId);
    expect(want.length).toBeGreaterThanOrEqual(1);
    const res = await pdfOf(first.id, teacher);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`class-${first.id}-certificates-`);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(`${first.name}-结业证书-`);
    const pages = await pdfPages(new Uint8Array(res.rawPayload));
    expect(pages).toHaveLength(want.length);
    // The overview says beforehand how many the print holds.
    expect((await ok<{ certificates: number }>(T.findClassStudy, teacher, { query: { classId: first.id } })).certificates).toBe(want.length);
    want.forEach((w, i) => {
      expect(pages[i]).toContain(w.certNo);
      expect(pages[i]).toContain(`${w.personName}同志`);
    });
    expect(pages.join('')).not.toContain(revoked!.certNo);
    // Certificates of people outside the class, or of another arrangement, are not printed.
    const all = await t.db.select({ certNo: certificates.certNo }).from(certificates).where(isNull(certificates.revokedAt));
    expect(pages.length).toBeLessThan(all.length);
    const teacherId = await personIdOf('13800000004');
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.personId, teacherId), eq(auditLog.event, 'teacher.export'))).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ outcome: 'success', target: `class:${first.id}`, detail: { file: 'certificates', count: want.length } });
  });

  it('another teacher, a learner of the class and a visitor get no file', async () => {
    const other = await pdfOf(first.id, otherTeacher);
    expect(other.headers['content-type']).not.toContain('pdf');
    expect(other.json()).toMatchObject({ message: TEACHER_MSG.notYourClass });
    const member = await pdfOf(first.id, learner);
    expect(member.headers['content-type']).not.toContain('pdf');
    expect(member.json()).toMatchObject({ message: TEACHER_MSG.notTeacher });
    expect((await t.app.inject({ method: 'GET', url: `${urlOf(T.classCertificatesPdf, PRODUCT)}?classId=${first.id}` })).statusCode).toBe(401);
  });

  it('a class without an arrangement, or without a valid certificate, is answered with a sentence, not an empty file', async () => {
    const teacherId = await personIdOf('13800000004');
    const [bare] = await t.db.insert(teacherClasses).values({ name: '机关党务干部线上读书班', installId: null, startAt: new Date(Date.now() - 86_400_000), endAt: new Date(Date.now() + 86_400_000), requiredHours: 4 }).returning();
    await t.db.insert(classTeachers).values({ classId: bare!.id, personId: teacherId });
    expect((await pdfOf(bare!.id, teacher)).json()).toMatchObject({ message: TEACHER_MSG.noInstall });
    expect((await ok<{ certificates: number }>(T.findClassStudy, teacher, { query: { classId: bare!.id } })).certificates).toBe(0);
    // The same arrangement as the first class, with one member whose certificate (if any) is revoked.
    const [cls] = await t.db.select().from(teacherClasses).where(eq(teacherClasses.id, first.id));
    const [empty] = await t.db.insert(teacherClasses).values({ name: '年度网络专题学习补学班', installId: cls!.installId, startAt: cls!.startAt, endAt: cls!.endAt, requiredHours: 4 }).returning();
    await t.db.insert(classTeachers).values({ classId: empty!.id, personId: teacherId });
    const withoutCert = await t.db
      .select({ personId: classMembers.personId })
      .from(classMembers)
      .where(eq(classMembers.classId, first.id))
      .then(async (ms) => {
        const held = new Set((await t.db.select({ p: certificates.personId }).from(certificates).where(and(eq(certificates.installId, cls!.installId!), inArray(certificates.personId, ms.map((m) => m.personId)), isNull(certificates.revokedAt)))).map((r) => r.p));
        return ms.find((m) => !held.has(m.personId))!;
      });
    await t.db.insert(classMembers).values({ classId: empty!.id, personId: withoutCert.personId });
    const none = await pdfOf(empty!.id, teacher);
    expect(none.headers['content-type']).not.toContain('pdf');
    expect(none.json()).toMatchObject({ message: TEACHER_MSG.noCertificates });
    expect((await ok<{ certificates: number }>(T.findClassStudy, teacher, { query: { classId: empty!.id } })).certificates).toBe(0);
  });
});
