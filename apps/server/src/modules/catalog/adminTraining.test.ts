/**
 * 培训管理 through its API, as the training administrator and as those it must refuse: years, a topic
 * with its application rules, a plan with catalogue courses, a class with a teacher and members; what a
 * learner sees at once; refusals that change nothing; versions that keep two administrators from
 * saving over each other; taking a member out of a class keeping their learning record; the audit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, desc, eq } from 'drizzle-orm';
import { adminTraining as T, learning as L, teacher as TE, UC_CODE, urlOf } from '@portal/contract';
import { createTestApp, DEMO_ADMINS, DEMO_PASSWORDS, PRODUCT, type TestApp } from '../../test/harness.ts';
import { auditLog, classMembers, courseCompletions, courses, enrolments, persons, resourceProgress, courseResources } from '../../db/schema/index.ts';

let t: TestApp;
let admin: string;
const day = 86_400_000;
type Uc<T> = { code: number; message?: string; data: T };
const uc = <D>(r: { json: unknown }) => r.json as Uc<D>;
type Obj<D> = { res: boolean; resMsg: string; obj: D };
const obj = <D>(r: { json: unknown }) => r.json as Obj<D>;
const ok = async <D>(p: Promise<{ json: unknown }>): Promise<D> => {
  const r = uc<D>(await p);
  if (r.code !== 0) throw new Error(`${r.code} ${r.message}`);
  return r.data;
};
const post = (call: Parameters<TestApp['call']>[0], body: unknown, token = admin) => t.call(call, { token, body });
const personId = async (mobile: string) => (await t.db.select().from(persons).where(eq(persons.mobile, mobile)))[0]!.personId;

const topicBody = (yearId: number, over: Partial<T.TopicInput> = {}) => ({
  yearId,
  title: '学习贯彻党的二十届四中全会精神专题培训',
  kind: 'special' as const,
  organizer: '省委组织部',
  description: '围绕全会精神开展专题学习，完成必修课程并通过结业测试后颁发结业证书。',
  applyStart: new Date(Date.now() - day).toISOString(),
  applyEnd: new Date(Date.now() + 20 * day).toISOString(),
  startAt: new Date(Date.now() - day).toISOString(),
  endAt: new Date(Date.now() + 60 * day).toISOString(),
  capacity: 0,
  requiredHours: 2,
  ...over,
});

let yearId: number;
let topic: T.AdminTopicDetail;
let courseId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminLogin(DEMO_ADMINS.training);
  const year = await ok<T.AdminYear>(post(T.adminYearSave, { year: 2095, name: '2095年度' }));
  yearId = year.id;
  const [course] = await t.db.select().from(courses).where(eq(courses.status, 'published')).limit(1);
  courseId = course!.id;
}, 120_000);
afterAll(async () => t.close());

describe('who may use it', () => {
  it('refuses a learner, a teacher, the content administrator and the auditor; lets the system administrator in', async () => {
    const learner = await t.login('13900010030');
    const teacher = await t.login('13800000004', DEMO_PASSWORDS.teacher);
    const content = await t.adminLogin(DEMO_ADMINS.content);
    const auditor = await t.adminLogin(DEMO_ADMINS.auditor);
    const system = await t.adminLogin(DEMO_ADMINS.system);
    const before = (await t.db.select().from(auditLog).where(eq(auditLog.event, 'adminTraining'))).length;
    for (const token of [learner, teacher]) {
      expect((await t.call(T.adminTopicList, { token })).status).toBe(401);
      expect((await post(T.adminTopicSave, topicBody(yearId, { title: '越权新建的项目' }), token)).status).toBe(401);
      expect((await post(T.adminTopicDelete, { id: 1, version: 0 }, token)).status).toBe(401);
      expect((await post(T.adminClassDelete, { id: 1, version: 0 }, token)).status).toBe(401);
    }
    for (const token of [content, auditor]) {
      const r = await t.call(T.adminTopicList, { token });
      expect(r.status).toBe(403);
      expect(r.json.message).toBe('您没有进行此操作的权限');
      expect((await post(T.adminTopicSave, topicBody(yearId, { title: '越权新建的项目' }), token)).status).toBe(403);
      expect((await post(T.adminClassPersonAdd, { classId: 1, personId: 1, role: 'member' }, token)).status).toBe(403);
      expect((await post(T.adminTopicDelete, { id: 1, version: 0 }, token)).status).toBe(403);
      expect((await post(T.adminClassDelete, { id: 1, version: 0 }, token)).status).toBe(403);
      for (const call of [T.adminTopicExport, T.adminClassExport]) expect((await t.app.inject({ method: 'GET', url: urlOf(call, PRODUCT), headers: { authorization: token } })).statusCode).toBe(403);
    }
    expect((await t.db.select().from(auditLog).where(eq(auditLog.event, 'adminTraining'))).length).toBe(before);
    const page = await ok<{ total: number }>(t.call(T.adminTopicList, { token: system }));
    expect(page.total).toBeGreaterThan(0);
  });
});

describe('a topic with its plan, set up in the area, seen by the learner at once', () => {
  it('creates a topic, a plan, adds a catalogue course; the learner finds it open, applies, and sees the plan', async () => {
    topic = await ok<T.AdminTopicDetail>(post(T.adminTopicSave, topicBody(yearId)));
    expect(topic).toMatchObject({ year: 2095, kind: 'special', planCount: 0, applicantCount: 0, version: 0, coverUrl: '/media/covers/install-special.webp' });
    topic = await ok<T.AdminTopicDetail>(post(T.adminPlanSave, { installId: topic.id, title: '专题必修', description: '完成必修课程', requiredHours: 2, sort: 1 }));
    const plan = topic.plans[0]!;
    expect(plan).toMatchObject({ title: '专题必修', version: 1, courses: [] });
    expect(uc(await post(T.adminPlanSave, { installId: topic.id, title: '专题必修', requiredHours: 1 })).message).toBe(T.TRAINING_MSG.planTitleTaken);
    topic = await ok<T.AdminTopicDetail>(post(T.adminPlanCourseAdd, { planId: plan.id, courseId, required: true }));
    expect(topic.plans[0]!.courses).toMatchObject([{ courseId, required: true, studied: 0 }]);
    expect(uc(await post(T.adminPlanCourseAdd, { planId: plan.id, courseId, required: false })).message).toBe(T.TRAINING_MSG.courseInPlan);

    const learner = await t.login('13900010031');
    const open = obj<{ list: L.MyInstall[] }>(await t.call(L.findSpecialInstallByPage, { token: learner, query: { state: 'open', pageSize: 100 } }));
    expect(open.obj.list.find((i) => i.id === topic.id)).toMatchObject({ title: topicBody(yearId).title, applyOpen: true, planCount: 1 });
    expect(obj(await t.call(L.installApply, { token: learner, query: { installId: topic.id } })).res).toBe(true);
    const detail = obj<L.InstallDetail>(await t.call(L.findCoursePlan, { token: learner, query: { installId: topic.id } }));
    expect(detail.obj.plans.map((p) => p.title)).toEqual(['专题必修']);
    expect(detail.obj.plans[0]!.courses.map((c) => c.id)).toEqual([courseId]);
  });

  it('a change of the topic shows on the learner’s next page; a stale version is refused and changes nothing', async () => {
    const renamed = await ok<T.AdminTopicDetail>(post(T.adminTopicSave, { ...topicBody(yearId), title: '学习贯彻全会精神专题培训（第二期）', id: topic.id, version: topic.version }));
    expect(renamed.version).toBe(topic.version + 1);
    const learner = await t.login('13900010031');
    const detail = obj<L.InstallDetail>(await t.call(L.findCoursePlan, { token: learner, query: { installId: topic.id } }));
    expect(detail.obj.install.title).toBe('学习贯彻全会精神专题培训（第二期）');
    const stale = uc(await post(T.adminTopicSave, { ...topicBody(yearId), title: '另一位管理员的旧稿', id: topic.id, version: topic.version }));
    expect(stale.code).toBe(409);
    expect(stale.message).toBe('该内容已被其他管理员修改，请刷新后再编辑');
    expect((await ok<T.AdminTopicDetail>(t.call(T.adminTopicGet, { token: admin, query: { id: topic.id } }))).title).toBe('学习贯彻全会精神专题培训（第二期）');
    topic = renamed;
  });

  it('keeps the application rules: windows in order, places not below applicants, hours fixed once started', async () => {
    const base = { ...topicBody(yearId), title: topic.title, id: topic.id, version: topic.version };
    const refusals: [Record<string, unknown>, string][] = [
      [{ applyEnd: new Date(Date.now() - 2 * day).toISOString() }, T.TRAINING_MSG.applyEndBeforeStart],
      [{ endAt: new Date(Date.now() - 2 * day).toISOString() }, T.TRAINING_MSG.endBeforeStart],
      [{ requiredHours: 6 }, '要求学时不能再修改'],
    ];
    for (const [change, message] of refusals) expect(uc(await post(T.adminTopicSave, { ...base, ...change })).message).toContain(message);
    expect(uc(await post(T.adminTopicSave, { ...base, requiredHours: 2.3 })).message).toBe('学时须为0.5的整数倍');
    // One applicant: one place is enough, a full topic refuses the next learner.
    const full = await ok<T.AdminTopicDetail>(post(T.adminTopicSave, { ...base, capacity: 1 }));
    expect(full.applicantCount).toBe(1);
    const other = await t.login('13900010032');
    expect(obj(await t.call(L.installApply, { token: other, query: { installId: topic.id } })).resMsg).toBe('报名人数已满');
    topic = await ok<T.AdminTopicDetail>(post(T.adminTopicSave, { ...base, capacity: 0, version: full.version }));
    expect(topic.version).toBe(full.version + 1);
  });

  it('a course an enrolled learner has studied stays in the plan; an untouched one leaves', async () => {
    const learnerId = await personId('13900010031');
    const [resource] = await t.db.select().from(courseResources).where(eq(courseResources.courseId, courseId)).limit(1);
    await t.db.insert(resourceProgress).values({ personId: learnerId, resourceId: resource!.id, courseId, learnedSeconds: 120 });
    const plan = topic.plans[0]!;
    expect(uc(await post(T.adminPlanCourseRemove, { planId: plan.id, courseId })).message).toBe(T.TRAINING_MSG.courseStudied(1));
    const [another] = await t.db.select().from(courses).where(and(eq(courses.status, 'published'))).limit(2).offset(1);
    await ok(post(T.adminPlanCourseAdd, { planId: plan.id, courseId: another!.id, required: false }));
    topic = await ok<T.AdminTopicDetail>(post(T.adminPlanCourseRemove, { planId: plan.id, courseId: another!.id }));
    expect(topic.plans[0]!.courses.map((c) => c.courseId)).toEqual([courseId]);
    expect(uc(await post(T.adminPlanDelete, { id: plan.id, version: topic.plans[0]!.version })).message).toBe(T.TRAINING_MSG.planNotEmpty);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'adminTraining'), eq(auditLog.target, `plan:${plan.id}`))).orderBy(auditLog.id);
    expect(entry!.detail).toMatchObject({ action: '新建学习计划', before: { plans: [] }, after: { plans: [{ title: '专题必修' }] } });
  });
});

describe('a class with its teacher and members', () => {
  let cls: T.AdminClassDetail;

  it('creates a class of the topic, adds a teacher and a member found by searching; the teacher sees the class', async () => {
    cls = await ok<T.AdminClassDetail>(
      post(T.adminClassSave, { name: '2095年度全会精神专题学习一班', installId: topic.id, startAt: new Date(Date.now() - day).toISOString(), endAt: new Date(Date.now() + 60 * day).toISOString(), requiredHours: 2 }),
    );
    expect(cls).toMatchObject({ installTitle: topic.title, memberCount: 0, teacherList: [] });
    const found = await ok<T.AdminClassPerson[]>(t.call(T.adminTrainingPeople, { token: admin, query: { text: '13700000001', teachers: 'true' } }));
    expect(found).toHaveLength(1);
    expect(found[0]!.mobile).toBe('137****0001');
    const learnerId = await personId('13900010031');
    expect(uc(await post(T.adminClassPersonAdd, { classId: cls.id, personId: learnerId, role: 'teacher' })).message).toBe(T.TRAINING_MSG.notTeacher);
    cls = await ok<T.AdminClassDetail>(post(T.adminClassPersonAdd, { classId: cls.id, personId: found[0]!.personId, role: 'teacher' }));
    cls = await ok<T.AdminClassDetail>(post(T.adminClassPersonAdd, { classId: cls.id, personId: learnerId, role: 'member' }));
    expect(cls).toMatchObject({ memberCount: 1, teacherList: [{ personId: found[0]!.personId }] });
    expect(uc(await post(T.adminClassPersonAdd, { classId: cls.id, personId: learnerId, role: 'member' })).message).toBe(T.TRAINING_MSG.alreadyIn('学员'));
    // A member of the topic's class is on the topic at once, without applying.
    const assigned = await personId('13900010033');
    await ok(post(T.adminClassPersonAdd, { classId: cls.id, personId: assigned, role: 'member' }));
    const mine = obj<{ list: L.MyInstall[] }>(await t.call(L.findMyInstallList, { token: await t.login('13900010033'), query: { pageSize: 100 } }));
    expect(mine.obj.list.find((i) => i.id === topic.id)).toMatchObject({ enrolment: 'approved' });
    cls = await ok<T.AdminClassDetail>(post(T.adminClassPersonRemove, { classId: cls.id, personId: assigned, role: 'member' }));
    const teacher = await t.login('13700000001', DEMO_PASSWORDS.teacher);
    const classes = obj<TE.ClassSummary[]>(await t.call(TE.findClass, { token: teacher }));
    expect(classes.obj.find((c) => c.id === cls.id)).toMatchObject({ name: '2095年度全会精神专题学习一班', memberCount: 1 });
  });

  it('taking a member out keeps their learning record; the teacher no longer counts them', async () => {
    const learnerId = await personId('13900010031');
    await t.db.insert(courseCompletions).values({ personId: learnerId, courseId, year: new Date().getFullYear(), hours: 2 });
    const members = await ok<{ list: T.AdminClassMember[] }>(t.call(T.adminClassMembers, { token: admin, query: { classId: cls.id } }));
    expect(members.list).toMatchObject([{ personId: learnerId, earnedHours: 2 }]);
    const file = await t.app.inject({ method: 'GET', url: `${urlOf(T.adminClassMembersExport, PRODUCT)}?classId=${cls.id}`, headers: { authorization: admin } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    cls = await ok<T.AdminClassDetail>(post(T.adminClassPersonRemove, { classId: cls.id, personId: learnerId, role: 'member' }));
    expect(cls.memberCount).toBe(0);
    expect(await t.db.select().from(classMembers).where(eq(classMembers.classId, cls.id))).toHaveLength(0);
    expect(await t.db.select().from(courseCompletions).where(and(eq(courseCompletions.personId, learnerId), eq(courseCompletions.courseId, courseId)))).toHaveLength(1);
    expect(await t.db.select().from(resourceProgress).where(and(eq(resourceProgress.personId, learnerId), eq(resourceProgress.courseId, courseId)))).toHaveLength(1);
    const [enrolment] = await t.db.select().from(enrolments).where(and(eq(enrolments.personId, learnerId), eq(enrolments.installId, topic.id)));
    expect(enrolment!.status).not.toBe('cancelled');
    // The learner still sees the topic with the hours earned.
    const learner = await t.login('13900010031');
    const detail = obj<L.InstallDetail>(await t.call(L.findCoursePlan, { token: learner, query: { installId: topic.id } }));
    expect(detail.obj.install.earnedHours).toBe(2);
    const teacher = await t.login('13700000001', DEMO_PASSWORDS.teacher);
    expect(obj<TE.ClassSummary[]>(await t.call(TE.findClass, { token: teacher })).obj.find((c) => c.id === cls.id)!.memberCount).toBe(0);
    expect(uc(await post(T.adminClassPersonRemove, { classId: cls.id, personId: learnerId, role: 'member' })).message).toBe(T.TRAINING_MSG.notIn('学员'));
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'adminTraining'), eq(auditLog.target, `class:${cls.id}`), eq(auditLog.outcome, 'success'))).orderBy(auditLog.id).offset(5);
    expect(entry!.detail).toMatchObject({ action: '移出班级学员', before: { personId: learnerId, role: '学员' }, after: null });
  });

  it('a class is changed naming its version; bad input changes nothing', async () => {
    const body = { name: '2095年度全会精神专题学习一班（调整）', installId: topic.id, startAt: cls.startAt, endAt: cls.endAt, requiredHours: 3, id: cls.id, version: cls.version };
    const changed = await ok<T.AdminClassDetail>(post(T.adminClassSave, body));
    expect(changed).toMatchObject({ requiredHours: 3, version: cls.version + 1 });
    expect(uc(await post(T.adminClassSave, { ...body, name: '旧稿' })).code).toBe(409);
    const bad = uc(await post(T.adminClassSave, { ...body, version: changed.version, endAt: new Date(Date.now() - 10 * day).toISOString() }));
    expect(bad.message).toBe(T.TRAINING_MSG.endBeforeStart);
    expect(uc(await post(T.adminClassSave, { ...body, version: changed.version, installId: 999_999 })).message).toBe(T.TRAINING_MSG.topicMissing);
    expect(uc(await post(T.adminClassSave, { ...body, name: '' })).code).toBe(UC_CODE.invalid);
    expect((await ok<T.AdminClassDetail>(t.call(T.adminClassGet, { token: admin, query: { id: cls.id } }))).name).toBe('2095年度全会精神专题学习一班（调整）');
  });

  it('a class made by mistake is deleted with its teacher; one with members is refused, naming them; audited', async () => {
    const period = { installId: topic.id, startAt: new Date(Date.now() - day).toISOString(), endAt: new Date(Date.now() + 60 * day).toISOString(), requiredHours: 2 };
    let made = await ok<T.AdminClassDetail>(post(T.adminClassSave, { name: '误建的班级', ...period }));
    const [teacher] = await ok<T.AdminClassPerson[]>(t.call(T.adminTrainingPeople, { token: admin, query: { text: '13700000001', teachers: 'true' } }));
    made = await ok<T.AdminClassDetail>(post(T.adminClassPersonAdd, { classId: made.id, personId: teacher!.personId, role: 'teacher' }));
    expect(uc(await post(T.adminClassDelete, { id: made.id, version: made.version + 1 })).code).toBe(409);
    expect(await ok<{ id: number }>(post(T.adminClassDelete, { id: made.id, version: made.version }))).toEqual({ id: made.id });
    expect(uc(await t.call(T.adminClassGet, { token: admin, query: { id: made.id } })).code).toBe(404);
    const classes = obj<TE.ClassSummary[]>(await t.call(TE.findClass, { token: await t.login('13700000001', DEMO_PASSWORDS.teacher) }));
    expect(classes.obj.some((c) => c.id === made.id)).toBe(false);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.target, `class:${made.id}`)).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.detail).toMatchObject({ action: '删除班级', before: { name: '误建的班级' }, after: null });

    // A member holds the class; taken out again, the class may go.
    const learnerId = await personId('13900010031');
    let busy = await ok<T.AdminClassDetail>(post(T.adminClassSave, { name: '有学员的班级', ...period }));
    busy = await ok<T.AdminClassDetail>(post(T.adminClassPersonAdd, { classId: busy.id, personId: learnerId, role: 'member' }));
    expect(uc(await post(T.adminClassDelete, { id: busy.id, version: busy.version })).message).toBe(T.TRAINING_MSG.classInUse('有1名学员'));
    expect(await ok<T.AdminClassDetail>(t.call(T.adminClassGet, { token: admin, query: { id: busy.id } }))).toEqual(busy);
    busy = await ok<T.AdminClassDetail>(post(T.adminClassPersonRemove, { classId: busy.id, personId: learnerId, role: 'member' }));
    expect(await ok<{ id: number }>(post(T.adminClassDelete, { id: busy.id, version: busy.version }))).toEqual({ id: busy.id });
  });
});

describe('deleting a topic', () => {
  it('a topic made by mistake goes with its plans and a cancelled application; the learner no longer finds it; audited', async () => {
    let made = await ok<T.AdminTopicDetail>(post(T.adminTopicSave, topicBody(yearId, { title: '误建的专题培训项目' })));
    made = await ok<T.AdminTopicDetail>(post(T.adminPlanSave, { installId: made.id, title: '专题必修', requiredHours: 1 }));
    made = await ok<T.AdminTopicDetail>(post(T.adminPlanCourseAdd, { planId: made.plans[0]!.id, courseId, required: true }));
    const learner = await t.login('13900010035');
    expect(obj(await t.call(L.installApply, { token: learner, query: { installId: made.id } })).res).toBe(true);
    const refused = uc(await post(T.adminTopicDelete, { id: made.id, version: made.version }));
    expect(refused.message).toBe(T.TRAINING_MSG.topicInUse('已有1人报名'));
    expect(obj(await t.call(L.installCancel, { token: learner, query: { installId: made.id } })).res).toBe(true);
    // Another administrator's change since it was read: 409, nothing deleted.
    const stale = uc(await post(T.adminTopicDelete, { id: made.id, version: made.version + 1 }));
    expect(stale.code).toBe(409);
    expect((await ok<T.AdminTopicDetail>(t.call(T.adminTopicGet, { token: admin, query: { id: made.id } }))).plans).toHaveLength(1);

    expect(await ok<{ id: number }>(post(T.adminTopicDelete, { id: made.id, version: made.version }))).toEqual({ id: made.id });
    expect(uc(await t.call(T.adminTopicGet, { token: admin, query: { id: made.id } })).code).toBe(404);
    expect(await t.db.$count(enrolments, eq(enrolments.installId, made.id))).toBe(0);
    const open = obj<{ list: L.MyInstall[] }>(await t.call(L.findSpecialInstallByPage, { token: learner, query: { pageSize: 100 } }));
    expect(open.obj.list.some((i) => i.id === made.id)).toBe(false);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.target, `install:${made.id}`), eq(auditLog.outcome, 'success'))).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.detail).toMatchObject({ action: '删除培训项目', before: { title: '误建的专题培训项目' }, after: null });
    // Gone is gone: a second delete is told so.
    expect(uc(await post(T.adminTopicDelete, { id: made.id, version: made.version })).message).toBe(T.TRAINING_MSG.topicMissing);
  });

  it('a topic in use is refused, naming what holds it, and changes nothing', async () => {
    const current = await ok<T.AdminTopicDetail>(t.call(T.adminTopicGet, { token: admin, query: { id: topic.id } }));
    const refused = uc(await post(T.adminTopicDelete, { id: current.id, version: current.version }));
    expect(refused.message).toMatch(/^该项目已有\d+人报名、下设1个班级，不能删除/);
    expect(await ok<T.AdminTopicDetail>(t.call(T.adminTopicGet, { token: admin, query: { id: topic.id } }))).toEqual(current);
  });
});

describe('导出 of the topics and the classes', () => {
  /** The file's rows under its title and header rows, as text. */
  const fileRows = async (call: typeof T.adminTopicExport | typeof T.adminClassExport, q: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: `${urlOf(call, PRODUCT)}?${new URLSearchParams(q)}`, headers: { authorization: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    return { header: (sheet.getRow(2).values as unknown[]).slice(1), rows: sheet.getRows(3, sheet.rowCount - 2)?.map((r) => (r.values as unknown[]).slice(1)) ?? [] };
  };

  it('hold the rows of the screen with the same filter, and are audited', async () => {
    const q = { yearId: String(yearId), kind: 'special' };
    const page = await ok<{ list: T.AdminTopicItem[]; total: number }>(t.call(T.adminTopicList, { token: admin, query: { ...q, pageSize: 100 } }));
    expect(page.total).toBeGreaterThan(0);
    const topics = await fileRows(T.adminTopicExport, q);
    expect(topics.header.slice(0, 4)).toEqual(['项目编号', '年度', '项目名称', '项目类型']);
    expect(topics.rows.map((r) => r[2])).toEqual(page.list.map((i) => i.title));
    expect(topics.rows.every((r) => r[3] === '专题培训')).toBe(true);

    const withClasses = page.list.find((i) => i.classCount > 0)!;
    const classes = await ok<{ list: T.AdminClassItem[]; total: number }>(t.call(T.adminClassList, { token: admin, query: { installId: withClasses.id, pageSize: 100 } }));
    expect(classes.list.length).toBe(withClasses.classCount);
    const file = await fileRows(T.adminClassExport, { installId: String(withClasses.id) });
    expect(file.rows.map((r) => [r[1], r[7]])).toEqual(classes.list.map((c) => [c.name, c.memberCount]));
    const everything = await ok<{ total: number }>(t.call(T.adminClassList, { token: admin, query: { pageSize: 1 } }));
    expect((await fileRows(T.adminClassExport, {})).rows).toHaveLength(everything.total);

    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'adminTraining'), eq(auditLog.outcome, 'success')));
    expect(entries.map((e) => e.target)).toEqual(expect.arrayContaining(['topics:export', 'classes:export']));
  });

  it('refuse a filter that is not one, with the field named', async () => {
    const r = await t.app.inject({ method: 'GET', url: `${urlOf(T.adminTopicExport, PRODUCT)}?kind=weekly`, headers: { authorization: admin } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ message: '项目类型不正确' });
  });
});

describe('years', () => {
  it('a year exists once; a rename is audited with before and after', async () => {
    expect(uc(await post(T.adminYearSave, { year: 2095, name: '重复的年度' })).message).toBe(T.TRAINING_MSG.yearTaken(2095));
    const renamed = await ok<T.AdminYear>(post(T.adminYearSave, { id: yearId, year: 2095, name: '2095年度干部教育培训' }));
    expect(renamed).toMatchObject({ name: '2095年度干部教育培训', topicCount: 1 });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'adminTraining'), eq(auditLog.target, `year:${yearId}`))).orderBy(auditLog.id).offset(1);
    expect(entry!.detail).toMatchObject({ action: '修改培训年度', before: { name: '2095年度' }, after: { name: '2095年度干部教育培训' } });
    const options = await ok<{ years: T.AdminYear[] }>(t.call(T.adminTrainingOptions, { token: admin }));
    expect(options.years.find((y) => y.id === yearId)!.name).toBe('2095年度干部教育培训');
  });
});
