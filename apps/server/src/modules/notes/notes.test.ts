import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { and, eq, isNull, notExists } from 'drizzle-orm';
import { learning as L, MSG, notes as N, urlOf } from '@portal/contract';
import { createTestApp, PRODUCT, type TestApp } from '../../test/harness.ts';
import { courseAppraisals, courseCriticisms, courseResources, courses } from '../../db/schema/index.ts';
import { forbiddenWordIn, NOTES_MSG } from './service.ts';
import { LEARNING_MSG } from '../learning/service.ts';

let t: TestApp;
type Obj<T> = { res: boolean; resMsg: string; obj: T };
const obj = <T>(r: { json: unknown }) => r.json as Obj<T>;

let a: string;
let b: string;
let outsider: string;
let video: { id: number; courseId: number; durationSeconds: number };
let pdf: { id: number; courseId: number; pages: number };
/** Enough for the tests of one learner in a minute; the flood test writes one more than this. */
const PER_MINUTE = 20;

beforeAll(async () => {
  t = await createTestApp({ CRITICISM_PER_MINUTE: String(PER_MINUTE), FORBIDDEN_WORDS: '赌博,违禁词' });
  const [v] = await t.db
    .select({ id: courseResources.id, courseId: courseResources.courseId, durationSeconds: courseResources.durationSeconds })
    .from(courseResources)
    .innerJoin(courses, eq(courses.id, courseResources.courseId))
    // A course nobody has rated yet: the appraisal test counts its stars from nothing (the demo's
    // learners rate the courses they completed).
    .where(and(eq(courseResources.kind, 'video'), eq(courses.status, 'published'), notExists(t.db.select().from(courseAppraisals).where(eq(courseAppraisals.courseId, courses.id)))))
    .limit(1);
  const [p] = await t.db
    .select({ id: courseResources.id, courseId: courseResources.courseId, pages: courseResources.pages })
    .from(courseResources)
    .innerJoin(courses, eq(courses.id, courseResources.courseId))
    .where(and(eq(courseResources.kind, 'pdf'), eq(courses.status, 'published')))
    .limit(1);
  video = { id: v!.id, courseId: v!.courseId, durationSeconds: v!.durationSeconds! };
  pdf = { id: p!.id, courseId: p!.courseId, pages: p!.pages! };
  [a, b, outsider] = await Promise.all([t.login('13900010060'), t.login('13900010061'), t.login('13900010062')]);
  // Opening a chapter makes its course the learner's own (the outsider never opens one).
  for (const token of [a, b]) {
    for (const resourceId of [video.id, pdf.id]) expect(obj(await t.call(L.findStudyResourceTime, { token, query: { resourceId } })).res).toBe(true);
  }
}, 120_000);
afterAll(() => t.close());

const addNote = async (token: string, body: Record<string, unknown>) => obj<N.Note>(await t.call(N.addNote, { token, body }));
const page = async (token: string, query: Record<string, string | number> = {}) => obj<{ list: N.Note[]; total: number }>(await t.call(N.findNoteByPage, { token, query }));

describe('notes', () => {
  it('keeps a note anchored to a video position and a PDF page, with the course and chapter named', async () => {
    const r = await addNote(a, { resourceId: video.id, anchor: 12, title: '第一条', content: '要点一\n要点二' });
    expect(r.res).toBe(true);
    expect(r.obj).toMatchObject({ courseId: video.courseId, resourceId: video.id, resourceKind: 'video', anchor: 12, title: '第一条', content: '要点一\n要点二' });
    expect(r.obj.courseTitle).not.toBe('');
    const p = await addNote(a, { resourceId: pdf.id, anchor: 1, title: '文档笔记', content: '第一页' });
    expect(p.obj).toMatchObject({ resourceKind: 'pdf', anchor: 1 });
    const whole = await addNote(a, { resourceId: video.id, title: '整课', content: '没有位置' });
    expect(whole.obj.anchor).toBeNull();
  });

  it('lists only my notes, of one course and by text, grouped by course in lesson order', async () => {
    await addNote(b, { resourceId: video.id, anchor: 3, title: 'B的笔记', content: '别人的' });
    const mine = await page(a, { pageSize: 100 });
    expect(mine.obj.list.every((n) => n.title !== 'B的笔记')).toBe(true);
    expect(mine.obj.total).toBe(3);
    const courseIds = mine.obj.list.map((n) => n.courseId);
    expect(courseIds).toEqual([...courseIds].sort((x, y) => courseIds.indexOf(x) - courseIds.indexOf(y)));
    const ofVideo = await page(a, { courseId: video.courseId });
    const videoNotes = ofVideo.obj.list.filter((n) => n.resourceId === video.id);
    expect(videoNotes.map((n) => n.anchor)).toEqual([null, 12]);
    const found = await page(a, { keyword: '要点二' });
    expect(found.obj.list.map((n) => n.title)).toEqual(['第一条']);
    expect((await page(a, { keyword: '100%' })).obj.total).toBe(0);
    const courses = obj<{ courseId: number; count: number }[]>(await t.call(N.findNoteCourses, { token: a }));
    expect(courses.obj.reduce((s, c) => s + c.count, 0)).toBe(3);
    expect((await page(a, { pageNum: 5, pageSize: 1 })).obj).toMatchObject({ list: [], total: 3 });
  });

  it("refuses another learner's note as missing: read, change and delete", async () => {
    const [note] = (await page(b)).obj.list;
    const id = note!.id;
    expect(obj(await t.call(N.findNoteById, { token: a, query: { noteId: id } }))).toMatchObject({ res: false, resMsg: NOTES_MSG.noteMissing });
    expect(obj(await t.call(N.updateNote, { token: a, body: { noteId: id, resourceId: video.id, anchor: 1, title: '改', content: '改' } }))).toMatchObject({ res: false, resMsg: NOTES_MSG.noteMissing });
    expect(obj(await t.call(N.deleteNote, { token: a, body: { noteId: id } }))).toMatchObject({ res: false, resMsg: NOTES_MSG.noteMissing });
    expect(obj<N.Note>(await t.call(N.findNoteById, { token: b, query: { noteId: id } })).obj.title).toBe('B的笔记');
  });

  it('changes and deletes my own note', async () => {
    const created = (await addNote(a, { resourceId: video.id, anchor: 5, title: '待改', content: '旧' })).obj;
    const changed = obj<N.Note>(await t.call(N.updateNote, { token: a, body: { noteId: created.id, resourceId: pdf.id, anchor: 2, title: '已改', content: '新' } }));
    expect(changed.obj).toMatchObject({ id: created.id, resourceId: pdf.id, courseId: pdf.courseId, anchor: 2, title: '已改', content: '新' });
    expect(Date.parse(changed.obj.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    expect(obj(await t.call(N.deleteNote, { token: a, body: { noteId: created.id } })).res).toBe(true);
    expect(obj(await t.call(N.findNoteById, { token: a, query: { noteId: created.id } })).resMsg).toBe(NOTES_MSG.noteMissing);
  });

  it('refuses a chapter that is not mine, missing, or an anchor beyond the chapter', async () => {
    expect(await addNote(outsider, { resourceId: video.id, anchor: 1, title: '标题', content: '内容' })).toMatchObject({ res: false, resMsg: LEARNING_MSG.notMine });
    expect(await addNote(a, { resourceId: 99_999_999, title: '标题', content: '内容' })).toMatchObject({ res: false, resMsg: NOTES_MSG.resourceMissing });
    expect(await addNote(a, { resourceId: video.id, anchor: video.durationSeconds + 1, title: '标题', content: '内容' })).toMatchObject({ res: false, resMsg: NOTES_MSG.positionBeyond });
    expect(await addNote(a, { resourceId: pdf.id, anchor: pdf.pages + 1, title: '标题', content: '内容' })).toMatchObject({ res: false, resMsg: NOTES_MSG.pageBeyond });
    expect(await addNote(a, { resourceId: pdf.id, anchor: 0, title: '标题', content: '内容' })).toMatchObject({ res: false, resMsg: NOTES_MSG.pageBeyond });
  });

  it('refuses bad input with the field and a Chinese message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ resourceId: video.id, title: '', content: '内容' }, '请填写笔记标题'],
      [{ resourceId: video.id, title: '   ', content: '内容' }, '请填写笔记标题'],
      [{ resourceId: video.id, title: 'x'.repeat(N.NOTE_LIMITS.title + 1), content: '内容' }, `笔记标题不能超过${N.NOTE_LIMITS.title}个字`],
      [{ resourceId: video.id, title: '标题', content: '长'.repeat(N.NOTE_LIMITS.content + 1) }, `笔记内容不能超过${N.NOTE_LIMITS.content}个字`],
      [{ resourceId: video.id, anchor: -1, title: '标题', content: '内容' }, '笔记位置不能为负数'],
      [{ resourceId: video.id, anchor: 1.5, title: '标题', content: '内容' }, '笔记位置必须是整数'],
      [{ resourceId: 'abc', title: '标题', content: '内容' }, '课程章节编号必须是数字'],
    ];
    for (const [body, message] of cases) {
      const r = await t.call(N.addNote, { token: a, body });
      expect(r.status, message).toBe(400);
      expect(r.json.resMsg).toBe(message);
    }
    expect((await t.call(N.findNoteByPage, {})).status).toBe(401);
  });
});

describe('export', () => {
  it('gives my notes of a course as a Word document with the Chinese text, in lesson order, without other learners\' notes', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${urlOf(N.exportNotes, PRODUCT)}?courseId=${video.courseId}`, headers: { authorization: a } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('学习笔记-'));
    const xml = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['word/document.xml']!);
    expect(xml).toContain('学习笔记：');
    expect(xml).toContain('0:12\u3000第一条');
    expect(xml).toContain('要点二');
    expect(xml.indexOf('整课')).toBeLessThan(xml.indexOf('第一条'));
    expect(xml).not.toContain('B的笔记');
  });

  it('refuses a missing course and a visitor', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${urlOf(N.exportNotes, PRODUCT)}?courseId=99999999`, headers: { authorization: a } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${urlOf(N.exportNotes, PRODUCT)}?courseId=${video.courseId}` })).statusCode).toBe(401);
  });
});

describe('appraisal', () => {
  it('rates one of my courses once, changeably, and shows the average and count', async () => {
    const first = obj<N.Appraisal>(await t.call(N.addCourseAppraise, { token: a, body: { courseId: video.courseId, stars: 5, text: '很好' } }));
    expect(first.obj).toMatchObject({ average: 5, count: 1, mine: { stars: 5, text: '很好' } });
    const second = obj<N.Appraisal>(await t.call(N.addCourseAppraise, { token: b, body: { courseId: video.courseId, stars: 2 } }));
    expect(second.obj).toMatchObject({ average: 3.5, count: 2, mine: { stars: 2, text: '' } });
    const changed = obj<N.Appraisal>(await t.call(N.addCourseAppraise, { token: a, body: { courseId: video.courseId, stars: 3, text: '一般' } }));
    expect(changed.obj).toMatchObject({ average: 2.5, count: 2, mine: { stars: 3 } });
    const seen = obj<N.Appraisal>(await t.call(N.findCourseAppraise, { token: outsider, query: { courseId: video.courseId } }));
    expect(seen.obj).toMatchObject({ average: 2.5, count: 2, mine: null });
    const withdrawn = obj<N.Appraisal>(await t.call(N.deleteCourseAppraise, { token: b, body: { courseId: video.courseId } }));
    expect(withdrawn.obj).toMatchObject({ average: 3, count: 1, mine: null });
  });

  it('refuses a course not mine, a missing one, stars out of range and a forbidden word', async () => {
    expect(obj(await t.call(N.addCourseAppraise, { token: outsider, body: { courseId: video.courseId, stars: 4 } }))).toMatchObject({ res: false, resMsg: LEARNING_MSG.notMine });
    expect(obj(await t.call(N.findCourseAppraise, { token: a, query: { courseId: 99_999_999 } }))).toMatchObject({ res: false, resMsg: NOTES_MSG.courseMissing });
    for (const stars of [0, 6, 2.5]) {
      const r = await t.call(N.addCourseAppraise, { token: a, body: { courseId: video.courseId, stars } });
      expect(r.status).toBe(400);
    }
    expect(obj(await t.call(N.addCourseAppraise, { token: a, body: { courseId: video.courseId, stars: 4, text: '这里有赌博' } }))).toMatchObject({ res: false, resMsg: NOTES_MSG.forbiddenWord('赌博') });
  });
});

describe('comments', () => {
  const comments = async (token: string, courseId = pdf.courseId) => obj<{ list: N.Criticism[]; total: number }>(await t.call(N.findCourseCriticismByPage, { token, query: { courseId } })).obj;
  const add = async (token: string, body: Record<string, unknown>) => obj<N.CriticismReply>(await t.call(N.addCourseCriticism, { token, body: { courseId: pdf.courseId, ...body } }));

  it('posts a comment and a reply one level deep, newest comment first, as text', async () => {
    const c = await add(a, { content: '<b>讲得好</b>' });
    expect(c.obj).toMatchObject({ mine: true, deleted: false, content: '<b>讲得好</b>', editedAt: null });
    const r = await add(b, { parentId: c.obj.id, content: '同意' });
    expect(r.res).toBe(true);
    expect(await add(a, { parentId: r.obj.id, content: '回复的回复' })).toMatchObject({ res: false, resMsg: NOTES_MSG.replyToReply });
    const later = await add(b, { content: '第二条评论' });
    const list = await comments(a);
    expect(list.list.map((x) => x.id).slice(0, 2)).toEqual([later.obj.id, c.obj.id]);
    const thread = list.list.find((x) => x.id === c.obj.id)!;
    expect(thread.replies).toEqual([expect.objectContaining({ id: r.obj.id, content: '同意', mine: false })]);
    expect(thread.author).toContain('*');
  });

  it("changes only my own comment; another learner's is refused", async () => {
    const c = await add(a, { content: '原文' });
    expect(obj(await t.call(N.updateCourseCriticism, { token: b, body: { criticismId: c.obj.id, content: '篡改' } }))).toMatchObject({ res: false, resMsg: NOTES_MSG.notYours });
    expect(obj(await t.call(N.deleteCourseCriticism, { token: b, body: { criticismId: c.obj.id } }))).toMatchObject({ res: false, resMsg: NOTES_MSG.notYours });
    const changed = obj<N.CriticismReply>(await t.call(N.updateCourseCriticism, { token: a, body: { criticismId: c.obj.id, content: '修改后' } }));
    expect(changed.obj).toMatchObject({ content: '修改后' });
    expect(changed.obj.editedAt).not.toBeNull();
  });

  it('keeps a deleted comment with replies as 已删除, and removes it with its last reply', async () => {
    const c = await add(a, { content: '将被删除' });
    const r = await add(b, { parentId: c.obj.id, content: '回复还在' });
    expect(obj(await t.call(N.deleteCourseCriticism, { token: a, body: { criticismId: c.obj.id } })).obj).toEqual({ criticismId: c.obj.id, kept: true });
    const thread = (await comments(b)).list.find((x) => x.id === c.obj.id)!;
    expect(thread).toMatchObject({ deleted: true, content: N.DELETED_CRITICISM, replies: [expect.objectContaining({ content: '回复还在' })] });
    expect(JSON.stringify(thread)).not.toContain('将被删除');
    expect(obj(await t.call(N.updateCourseCriticism, { token: a, body: { criticismId: c.obj.id, content: '复活' } }))).toMatchObject({ res: false, resMsg: NOTES_MSG.criticismMissing });
    expect(await add(a, { parentId: c.obj.id, content: '回复已删除的评论' })).toMatchObject({ res: false, resMsg: NOTES_MSG.criticismMissing });
    expect(obj(await t.call(N.deleteCourseCriticism, { token: b, body: { criticismId: r.obj.id } })).obj).toEqual({ criticismId: r.obj.id, kept: false });
    expect((await comments(a)).list.some((x) => x.id === c.obj.id)).toBe(false);
    const alone = await add(a, { content: '没有回复' });
    expect(obj(await t.call(N.deleteCourseCriticism, { token: a, body: { criticismId: alone.obj.id } })).obj).toEqual({ criticismId: alone.obj.id, kept: false });
  });

  it('refuses a forbidden word (also spaced out), a course not mine, empty and overlong text', async () => {
    expect(await add(a, { content: '违 禁 词' })).toMatchObject({ res: false, resMsg: NOTES_MSG.forbiddenWord('违禁词') });
    expect(forbiddenWordIn('ABC赌\u3000博', ['赌博'])).toBe('赌博');
    expect(forbiddenWordIn('正常内容', ['赌博'])).toBeNull();
    expect(await add(outsider, { content: '你好' })).toMatchObject({ res: false, resMsg: LEARNING_MSG.notMine });
    expect((await t.call(N.addCourseCriticism, { token: a, body: { courseId: pdf.courseId, content: '  ' } })).json.resMsg).toBe('请填写评论内容');
    expect((await t.call(N.addCourseCriticism, { token: a, body: { courseId: pdf.courseId, content: 'x'.repeat(N.CRITICISM_MAX + 1) } })).json.resMsg).toBe(`评论内容不能超过${N.CRITICISM_MAX}个字`);
    expect(obj(await t.call(N.findCourseCriticismByPage, { token: a, query: { courseId: 99_999_999 } })).resMsg).toBe(NOTES_MSG.courseMissing);
  });

  it('stops a flood: a few comments a minute per person, others unaffected', async () => {
    const flooder = await t.login('13900010063');
    expect(obj(await t.call(L.findStudyResourceTime, { token: flooder, query: { resourceId: video.id } })).res).toBe(true);
    const results = [];
    for (let i = 0; i < PER_MINUTE + 1; i++) results.push(obj(await t.call(N.addCourseCriticism, { token: flooder, body: { courseId: video.courseId, content: `刷屏${i}` } })));
    expect(results.slice(0, PER_MINUTE).every((r) => r.res)).toBe(true);
    expect(results[PER_MINUTE]).toMatchObject({ res: false, resMsg: MSG.rateLimited });
    const others = await add(b, { content: '我不受影响' });
    expect(others.res).toBe(true);
    const stored = await t.db.select().from(courseCriticisms).where(isNull(courseCriticisms.parentId));
    expect(stored.filter((s) => s.content.startsWith('刷屏'))).toHaveLength(PER_MINUTE);
  });
});
