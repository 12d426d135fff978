/**
 * 课程管理 through its API, as a script talking to it would: who may call it (training and system
 * administrators only), a course created as a draft with its chapters and invisible until published,
 * publish and unpublish as a learner's course list sees them, a save on an older version refused, the
 * studied-chapter rule (a chapter a learner opened cannot be deleted nor change kind, only hidden, and
 * the learner's record stays), granted credit unchanged when the hours change, bad input changing
 * nothing, the cover checked by content, the export, and every change audited with before and after.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { admin as A, adminCourses as X, catalog as K, learning as L, urlOf, type CallDef } from '@portal/contract';
import { createTestApp, DEMO_ADMINS, PRODUCT, type TestApp } from '../../test/harness.ts';
import { auditLog, categories, courseCompletions, courseResources, courses, persons, resourceProgress, studySessions } from '../../db/schema/index.ts';

let t: TestApp;
const tokens: Record<'training' | 'system' | 'content' | 'auditor' | 'learner' | 'teacher', string> = {} as never;
type Uc<T> = { code: number; message?: string; data: T };
const uc = <T>(r: { json: unknown }) => r.json as Uc<T>;
const post = (call: CallDef, body: unknown, token = tokens.training) => t.call(call, { token, body });
const ok = async <T>(p: Promise<{ json: unknown }>): Promise<T> => {
  const r = uc<T>(await p);
  if (r.code !== 0) throw new Error(`${r.code} ${r.message}`);
  return r.data;
};
let categoryId: number;
const LEARNER = '13800000005';

const hour = 3_600_000;
/** The live lesson lasts exactly 90 minutes in every call (a save that asks less time of a studied chapter completes it, see below). */
const chapters = (now = Date.now()) => [
  { kind: 'video', title: '第一讲 数据要素的基本概念', mediaUrl: '/media/demo/lecture-1.mp4', durationSeconds: 1800 },
  { kind: 'pdf', title: '第二讲 数据安全法规汇编（文字课件）', mediaUrl: '/media/demo/courseware-1.pdf', pages: 12, minReadSeconds: 600 },
  { kind: 'live', title: '专题直播 数据治理答疑', liveStart: new Date(now + 24 * hour).toISOString(), liveEnd: new Date(now + 25.5 * hour).toISOString(), streamUrl: '/media/demo/live.m3u8' },
];
const courseBody = (over: Record<string, unknown> = {}) => ({
  title: '数据要素市场化配置改革专题',
  lecturer: '周明远',
  lecturerTitle: '省发展改革委研究室主任',
  categoryId,
  creditHours: 2,
  coverUrl: '',
  description: '本课程讲授数据要素市场化配置改革的政策背景、制度框架与地方实践。',
  chapters: chapters(),
  ...over,
});

/** The learner's catalogue search, by the course's title. */
async function learnerSees(title: string) {
  const r = await t.call(K.findCourseByPage, { token: tokens.learner, query: { keyword: title, pageSize: 50 } });
  return ((r.json.obj as { list: { title: string }[] }).list ?? []).some((c) => c.title === title);
}
const lastAudit = async (id: number) => (await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'adminCourses'), eq(auditLog.target, `course:${id}`))).orderBy(desc(auditLog.id)).limit(1))[0];

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['training', 'system', 'content', 'auditor'] as const) tokens[role] = await t.adminLogin(DEMO_ADMINS[role]);
  tokens.learner = await t.login(LEARNER);
  tokens.teacher = await t.login('13800000004', 'Teach@2026');
  categoryId = (await t.db.select({ id: categories.id }).from(categories).limit(1))[0]!.id;
}, 120_000);
afterAll(async () => t.close());

describe('rights', () => {
  it('a learner, a teacher, the content administrator and the auditor are refused; the system administrator may', async () => {
    for (const who of ['learner', 'teacher'] as const) expect((await post(X.adminCourseSave, courseBody(), tokens[who])).status).toBe(401);
    for (const who of ['content', 'auditor'] as const) {
      expect((await post(X.adminCourseSave, courseBody(), tokens[who])).status).toBe(403);
      expect((await t.call(X.adminCourseList, { token: tokens[who] })).status).toBe(403);
    }
    expect(await t.db.$count(courses, eq(courses.title, courseBody().title))).toBe(0);
    const list = await ok<{ total: number }>(t.call(X.adminCourseList, { token: tokens.system, query: { keyword: '习近平' } }));
    expect(list.total).toBeGreaterThan(0);
  });
});

describe('a course from draft to the learner', () => {
  it('is created as a draft with its chapters in order, invisible to learners until published, gone again when taken offline', async () => {
    const title = '数据要素市场化配置改革专题（一）';
    const c = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ title })));
    expect(c).toMatchObject({ status: 'draft', version: 0, creditHours: 2, lecturer: '周明远' });
    expect(c.chapters.map((ch) => [ch.kind, ch.title, ch.hidden, ch.learners])).toEqual([
      ['video', '第一讲 数据要素的基本概念', false, 0],
      ['pdf', '第二讲 数据安全法规汇编（文字课件）', false, 0],
      ['live', '专题直播 数据治理答疑', false, 0],
    ]);
    expect(await learnerSees(title)).toBe(false);
    expect((await t.call(K.findCourseById, { token: tokens.learner, query: { id: c.id } })).status).toBe(404);
    expect(await lastAudit(c.id)).toMatchObject({ detail: { action: '新建课程', before: null, after: { title, status: 'draft' } } });

    const published = await ok<X.AdminCourse>(post(X.adminCoursePublish, { id: c.id, version: c.version }));
    expect(published).toMatchObject({ status: 'published', version: 1 });
    expect(await learnerSees(title)).toBe(true);
    const detail = (await t.call(K.findCourseById, { token: tokens.learner, query: { id: c.id } })).json.obj as K.CourseDetail;
    expect(detail.resources.map((r) => r.title)).toEqual(c.chapters.map((ch) => ch.title));
    expect(await lastAudit(c.id)).toMatchObject({ detail: { action: '发布课程', before: { status: 'draft' }, after: { status: 'published' } } });

    const offline = await ok<X.AdminCourse>(post(X.adminCourseUnpublish, { id: c.id, version: published.version }));
    expect(offline.status).toBe('offline');
    expect(await learnerSees(title)).toBe(false);
    expect(uc(await post(X.adminCourseUnpublish, { id: c.id, version: offline.version }))).toMatchObject({ code: 400, message: X.ADMIN_COURSES_MSG.notPublished });
  });

  it('refuses to publish a course with no chapter in use', async () => {
    const c = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ title: '尚无章节的课程', chapters: [] })));
    expect(uc(await post(X.adminCoursePublish, { id: c.id, version: c.version }))).toMatchObject({ message: X.ADMIN_COURSES_MSG.noChapters });
    expect((await ok<X.AdminCourse>(t.call(X.adminCourseGet, { token: tokens.training, query: { id: c.id } }))).status).toBe('draft');
  });

  it('reorders chapters and edits fields; the learner page shows the new order at once', async () => {
    const c = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ title: '基层治理现代化案例研讨' })));
    const p = await ok<X.AdminCourse>(post(X.adminCoursePublish, { id: c.id, version: c.version }));
    const [v, pdf, live] = p.chapters;
    const body = courseBody({ id: c.id, version: p.version, title: '基层治理现代化案例研讨', chapters: [{ ...chapters()[2], id: live!.id }, { ...chapters()[0], id: v!.id, title: '第一讲 “枫桥经验”的新时代内涵' }, { ...chapters()[1], id: pdf!.id }] });
    const e = await ok<X.AdminCourse>(post(X.adminCourseSave, body));
    expect(e.chapters.map((ch) => ch.id)).toEqual([live!.id, v!.id, pdf!.id]);
    const detail = (await t.call(K.findCourseById, { token: tokens.learner, query: { id: c.id } })).json.obj as K.CourseDetail;
    expect(detail.resources.map((r) => r.title)).toEqual(['专题直播 数据治理答疑', '第一讲 “枫桥经验”的新时代内涵', '第二讲 数据安全法规汇编（文字课件）']);
  });
});

describe('optimistic versions', () => {
  it('a save or a publish made on an older version is refused (409) and changes nothing', async () => {
    const c = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ title: '版本校验课程' })));
    const first = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ id: c.id, version: c.version, title: '版本校验课程（甲修改）', chapters: c.chapters.map((ch, i) => ({ ...chapters()[i], id: ch.id })) })));
    expect(first.version).toBe(1);
    const second = uc(await post(X.adminCourseSave, courseBody({ id: c.id, version: c.version, title: '版本校验课程（乙修改）', chapters: [] })));
    expect(second).toMatchObject({ code: 409, message: A.ADMIN_MSG.staleVersion });
    expect(uc(await post(X.adminCoursePublish, { id: c.id, version: c.version }))).toMatchObject({ code: 409 });
    const now = await ok<X.AdminCourse>(t.call(X.adminCourseGet, { token: tokens.training, query: { id: c.id } }));
    expect(now).toMatchObject({ title: '版本校验课程（甲修改）', version: 1, status: 'draft' });
    expect(now.chapters).toHaveLength(3);
  });

  it('bad input is refused in Chinese and changes nothing', async () => {
    const c = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ title: '输入校验课程' })));
    const cases: [Record<string, unknown>, string][] = [
      [{ creditHours: 1.3 }, '学时以0.5为单位'],
      [{ title: ' ' }, '请输入课程名称'],
      [{ categoryId: 999999 }, X.ADMIN_COURSES_MSG.categoryMissing],
      [{ chapters: [{ ...chapters()[2], liveEnd: chapters()[2]!.liveStart }] }, X.ADMIN_COURSES_MSG.liveEnd],
      [{ chapters: [{ ...chapters()[0], mediaUrl: 'javascript:alert(1)' }] }, '视频地址应为以 / 开头的站内路径或 http(s) 地址'],
      [{ coverUrl: 'https://evil.example/x.png' }, '请上传封面图片'],
      [{ chapters: [{ ...chapters()[0], id: 1 }] }, X.ADMIN_COURSES_MSG.chapterMissing],
    ];
    for (const [over, message] of cases) {
      const r = uc(await post(X.adminCourseSave, courseBody({ id: c.id, version: c.version, ...over })));
      expect(r.code, message).not.toBe(0);
      expect(r.message).toContain(message);
    }
    const now = await ok<X.AdminCourse>(t.call(X.adminCourseGet, { token: tokens.training, query: { id: c.id } }));
    expect(now).toMatchObject({ version: 0, title: '输入校验课程', creditHours: 2 });
    expect(now.chapters).toHaveLength(3);
  });
});

describe('a course in use keeps its learners’ records', () => {
  it('a studied chapter cannot be deleted nor change kind; hidden, it leaves the learner’s page and the record stays', async () => {
    const c = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ title: '新时代廉洁文化建设' })));
    let cur = await ok<X.AdminCourse>(post(X.adminCoursePublish, { id: c.id, version: c.version }));
    const studied = cur.chapters[0]!;
    const opened = await t.call(L.findStudyResourceTime, { token: tokens.learner, query: { resourceId: studied.id } });
    expect((opened.json as { res: boolean }).res).toBe(true);
    cur = await ok<X.AdminCourse>(t.call(X.adminCourseGet, { token: tokens.training, query: { id: c.id } }));
    expect(cur.chapters[0]!.learners).toBe(1);

    const keep = (i: number) => ({ ...chapters()[i]!, id: cur.chapters[i]!.id });
    const without = uc(await post(X.adminCourseSave, courseBody({ id: c.id, version: cur.version, title: '新时代廉洁文化建设', chapters: [keep(1), keep(2)] })));
    expect(without).toMatchObject({ code: 409, message: X.STUDIED_MSG.removed('第一讲 数据要素的基本概念', 1) });
    expect(without.message).toContain('1名学员');
    const kind = uc(await post(X.adminCourseSave, courseBody({ id: c.id, version: cur.version, chapters: [{ ...chapters()[1], id: studied.id }, keep(1), keep(2)] })));
    expect(kind).toMatchObject({ code: 409, message: X.STUDIED_MSG.kind('第一讲 数据要素的基本概念', 1) });
    expect(await t.db.$count(courseResources, eq(courseResources.courseId, c.id))).toBe(3);

    // An unstudied chapter goes; the studied one is hidden.
    const hidden = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ id: c.id, version: cur.version, title: '新时代廉洁文化建设', chapters: [{ ...keep(0), hidden: true }, keep(1)] })));
    expect(hidden.chapters.map((ch) => [ch.title, ch.hidden])).toEqual([
      ['第一讲 数据要素的基本概念', true],
      ['第二讲 数据安全法规汇编（文字课件）', false],
    ]);
    const detail = (await t.call(K.findCourseById, { token: tokens.learner, query: { id: c.id } })).json.obj as K.CourseDetail;
    expect(detail.resources.map((r) => r.title)).toEqual(['第二讲 数据安全法规汇编（文字课件）']);
    const learnerId = (await t.db.select().from(persons).where(eq(persons.mobile, LEARNER)))[0]!.personId;
    expect(await t.db.$count(resourceProgress, and(eq(resourceProgress.personId, learnerId), eq(resourceProgress.resourceId, studied.id)))).toBe(1);
    // The learner's progress in the course counts the chapters in use only.
    const progress = (await t.call(L.findProgress, { token: tokens.learner, query: { courseId: c.id } })).json.obj as { resources: { resourceId: number }[] };
    expect(progress.resources.map((r) => r.resourceId)).toEqual([hidden.chapters[1]!.id]);
    const again = await t.call(L.findStudyResourceTime, { token: tokens.learner, query: { resourceId: studied.id } });
    expect(again.json).toMatchObject({ res: false, resMsg: '该章节已停用，请学习课程中的其他章节' });
    expect(await lastAudit(c.id)).toMatchObject({ detail: { action: '编辑课程', before: { chapters: [{ hidden: false }, {}, {}] }, after: { chapters: [{ hidden: true }, {}] } } });
  });

  it('hiding or removing the one chapter a learner had left completes the course for them at once, with its hours; nobody else', async () => {
    const c = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ title: '基层治理现代化专题', creditHours: 1.5 })));
    const cur = await ok<X.AdminCourse>(post(X.adminCoursePublish, { id: c.id, version: c.version }));
    const [video, pdf, live] = cur.chapters as [X.AdminChapter, X.AdminChapter, X.AdminChapter];
    const [done, halfway] = await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.personType, 1)).orderBy(persons.personId).limit(2);
    // One learner has completed the video and the PDF and only opened the live lesson; another has completed the video only.
    const progress = (personId: number, resourceId: number, completed: boolean) => ({ personId, resourceId, courseId: c.id, learnedSeconds: 600, completedAt: completed ? new Date(Date.now() - hour) : null });
    await t.db.insert(resourceProgress).values([progress(done!.id, video.id, true), progress(done!.id, pdf.id, true), progress(done!.id, live.id, false), progress(halfway!.id, video.id, true)]);
    const grants = () => t.db.select({ personId: courseCompletions.personId, hours: courseCompletions.hours }).from(courseCompletions).where(eq(courseCompletions.courseId, c.id));

    // An edit that hides nothing asks for nothing (the jobs the tests before asked for are run first).
    await t.app.jobs.runDue();
    const same = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ id: c.id, version: cur.version, title: '基层治理现代化专题', creditHours: 1.5, chapters: cur.chapters.map((ch, i) => ({ ...chapters()[i], id: ch.id })) })));
    expect(await t.app.jobs.runDue()).toBe(0);
    // The live lesson is hidden: the first learner now has every chapter in use, the second does not.
    const keep = (i: number, over: Record<string, unknown> = {}) => ({ ...chapters()[i]!, id: cur.chapters[i]!.id, ...over });
    await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ id: c.id, version: same.version, title: '基层治理现代化专题', creditHours: 1.5, chapters: [keep(0), keep(1), keep(2, { hidden: true })] })));
    expect(await grants()).toEqual([]);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(await grants()).toEqual([{ personId: done!.id, hours: 1.5 }]);

    // Removing a chapter nobody studied does the same for the second learner once the PDF goes.
    const now = await ok<X.AdminCourse>(t.call(X.adminCourseGet, { token: tokens.training, query: { id: c.id } }));
    await t.db.delete(resourceProgress).where(and(eq(resourceProgress.courseId, c.id), eq(resourceProgress.resourceId, pdf.id)));
    await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ id: c.id, version: now.version, title: '基层治理现代化专题', creditHours: 1.5, chapters: [keep(0), keep(2, { hidden: true })] })));
    expect(await t.app.jobs.runDue()).toBe(1);
    expect((await grants()).map((g) => g.personId).sort()).toEqual([done!.id, halfway!.id].sort());
  });

  it('a studied chapter asking for less time completes it, and the course, for learners who already studied that long; a longer one asks nothing', async () => {
    const c = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ title: '网络意识形态工作专题', creditHours: 1 })));
    const cur = await ok<X.AdminCourse>(post(X.adminCoursePublish, { id: c.id, version: c.version }));
    const [video, pdf, live] = cur.chapters as [X.AdminChapter, X.AdminChapter, X.AdminChapter];
    const [enough, short] = await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.personType, 1)).orderBy(persons.personId).limit(2);
    // Both have completed the video and the live lesson; of the PDF's 600 s of reading one has read 300 s, the other 200 s.
    const progress = (personId: number, resourceId: number, learnedSeconds: number, completed: boolean) => ({ personId, resourceId, courseId: c.id, learnedSeconds, completedAt: completed ? new Date(Date.now() - hour) : null });
    await t.db.insert(resourceProgress).values([progress(enough!.id, video.id, 1800, true), progress(enough!.id, live.id, 600, true), progress(enough!.id, pdf.id, 300, false), progress(short!.id, video.id, 1800, true), progress(short!.id, live.id, 600, true), progress(short!.id, pdf.id, 200, false)]);
    const keep = (i: number, over: Record<string, unknown> = {}) => ({ ...chapters()[i]!, id: cur.chapters[i]!.id, ...over });
    const grants = () => t.db.select({ personId: courseCompletions.personId, hours: courseCompletions.hours }).from(courseCompletions).where(eq(courseCompletions.courseId, c.id));
    const pdfDone = async () => (await t.db.select({ personId: resourceProgress.personId }).from(resourceProgress).where(and(eq(resourceProgress.resourceId, pdf.id), isNotNull(resourceProgress.completedAt)))).map((r) => r.personId);
    await t.app.jobs.runDue();

    // More reading asked of the PDF: nothing to complete, no job.
    const longer = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ id: c.id, version: cur.version, title: '网络意识形态工作专题', creditHours: 1, chapters: [keep(0), keep(1, { minReadSeconds: 900 }), keep(2)] })));
    expect(await t.app.jobs.runDue()).toBe(0);
    // Five minutes of reading instead of fifteen: the first learner's 300 s are enough, the second's 200 s are not.
    await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ id: c.id, version: longer.version, title: '网络意识形态工作专题', creditHours: 1, chapters: [keep(0), keep(1, { minReadSeconds: 300 }), keep(2)] })));
    expect(await grants()).toEqual([]);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(await pdfDone()).toEqual([enough!.id]);
    expect(await grants()).toEqual([{ personId: enough!.id, hours: 1 }]);
  });

  it('a learner reading when the time asked is lowered keeps the completion the job gave, whatever their next report was decided on', async () => {
    const c = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ title: '保密工作基础知识', creditHours: 1, chapters: [chapters()[1]] })));
    const cur = await ok<X.AdminCourse>(post(X.adminCoursePublish, { id: c.id, version: c.version }));
    const pdf = cur.chapters[0]!;
    const learnerId = (await t.db.select().from(persons).where(eq(persons.mobile, LEARNER)))[0]!.personId;
    const opened = (await t.call(L.findStudyResourceTime, { token: tokens.learner, query: { resourceId: pdf.id } })).json as { obj: { sessionId: string } };
    // Reading for ten minutes already (the session's clock bounds the credit).
    await t.db.update(studySessions).set({ startedAt: new Date(Date.now() - 10 * 60_000), creditFrom: new Date(Date.now() - 10 * 60_000) }).where(eq(studySessions.id, Number(opened.obj.sessionId)));
    const report = (position: number) =>
      t.call(L.updateStudyResourceTime, { token: tokens.learner, body: { reportId: randomUUID(), sessionId: opened.obj.sessionId, position, playedSeconds: 30, clientTime: new Date().toISOString(), event: 'tick' } }).then((r) => r.json as { res: boolean; obj: { credited: number } });
    expect((await report(1)).obj.credited).toBe(30);
    expect((await report(2)).obj.credited).toBe(30);
    const completedAt = async () => (await t.db.select({ at: resourceProgress.completedAt }).from(resourceProgress).where(and(eq(resourceProgress.personId, learnerId), eq(resourceProgress.resourceId, pdf.id))))[0]!.at;
    expect(await completedAt()).toBeNull();

    // A minute of reading is enough now: the job completes the chapter and the course.
    await t.app.jobs.runDue();
    await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ id: c.id, version: cur.version, title: '保密工作基础知识', creditHours: 1, chapters: [{ ...chapters()[1], id: pdf.id, minReadSeconds: 60 }] })));
    expect(await t.app.jobs.runDue()).toBe(1);
    const done = await completedAt();
    expect(done).not.toBeNull();
    // The learner's page had not noticed and reports again (decided on the state its last report left): the chapter stays completed.
    await report(3);
    expect(await completedAt()).toEqual(done);
    expect(await t.db.$count(courseCompletions, and(eq(courseCompletions.personId, learnerId), eq(courseCompletions.courseId, c.id)))).toBe(1);
  });

  it('changing the hours of a course leaves the credit already granted as it was', async () => {
    const c = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ title: '学时变更课程', creditHours: 2 })));
    const learnerId = (await t.db.select().from(persons).where(eq(persons.mobile, LEARNER)))[0]!.personId;
    await t.db.insert(courseCompletions).values({ personId: learnerId, courseId: c.id, year: new Date().getFullYear(), hours: 2 });
    const before = await t.call(L.findCreditHours, { token: tokens.learner });
    const e = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ id: c.id, version: c.version, title: '学时变更课程', creditHours: 3.5, chapters: c.chapters.map((ch, i) => ({ ...chapters()[i], id: ch.id })) })));
    expect(e).toMatchObject({ creditHours: 3.5, completions: 1 });
    const [grant] = await t.db.select().from(courseCompletions).where(and(eq(courseCompletions.personId, learnerId), eq(courseCompletions.courseId, c.id)));
    expect(grant!.hours).toBe(2);
    expect((await t.call(L.findCreditHours, { token: tokens.learner })).json.obj).toEqual(before.json.obj);
  });
});

describe('cover and export', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
  async function upload(filename: string, bytes: Buffer) {
    const boundary = '----portalcoursetest';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`);
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(X.adminCourseCover, PRODUCT),
      payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: tokens.training },
    });
    return res.json() as Uc<{ url: string }>;
  }

  it('a cover is checked by its content, not its name, and then names the course', async () => {
    expect(await upload('封面.png', Buffer.from('<script>alert(1)</script>'))).toMatchObject({ code: 400, message: X.ADMIN_COURSES_MSG.coverType });
    const good = await upload('封面.png', PNG);
    expect(good.code).toBe(0);
    expect(good.data.url).toMatch(/^\/uploads\/courses\/\d{6}\/[A-Za-z0-9_-]+\.png$/);
    const c = await ok<X.AdminCourse>(post(X.adminCourseSave, courseBody({ title: '带封面的课程', coverUrl: good.data.url })));
    expect(c.coverUrl).toBe(good.data.url);
  });

  it('exports the same filter the list shows', async () => {
    const list = await ok<{ total: number; list: X.AdminCourseRow[] }>(t.call(X.adminCourseList, { token: tokens.training, query: { keyword: '周明远', status: 'draft', pageSize: 100 } }));
    expect(list.total).toBeGreaterThan(0);
    expect(list.list.every((r) => r.lecturer === '周明远' && r.status === 'draft')).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: `${urlOf(X.adminCourseExport, PRODUCT)}?keyword=${encodeURIComponent('周明远')}&status=draft`, headers: { authorization: tokens.training } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const titles: string[] = [];
    sheet.eachRow((row, n) => n > 2 && titles.push(String(row.getCell(2).value)));
    expect(titles.sort()).toEqual(list.list.map((r) => r.title).sort());
  });
});
