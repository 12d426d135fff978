import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { catalog, MSG, responseSchema, urlOf, type CallData, type CallDef } from '@portal/contract';
import { createTestApp, PRODUCT, type TestApp } from '../../test/harness.ts';
import { courses, exams, personCourses, persons } from '../../db/schema/index.ts';

let t: TestApp;
let learner: string;
let trainee: string;
let traineeWithExams: string;
beforeAll(async () => {
  t = await createTestApp();
  [learner, trainee, traineeWithExams] = await Promise.all([t.login('13800000001'), t.login('13800000002'), t.login('13800000003')]);
});
afterAll(() => t.close());

type Query = Record<string, string | number>;

async function ok<C extends CallDef>(call: C, query?: Query, token?: string): Promise<CallData<C>> {
  const r = await t.call(call, { query, token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.res, JSON.stringify(r.json)).toBe(true);
  return (responseSchema(call).parse(r.json) as { obj: unknown }).obj as CallData<C>;
}

const thisYear = () => new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
async function yearId(year = thisYear()) {
  return (await ok(catalog.findYearList)).find((y) => y.year === year)!.id;
}

describe('paging bounds of every paged catalogue list', () => {
  const paged = async (): Promise<{ call: CallDef; extra: Query; token?: string }[]> => {
    const installs = await ok(catalog.findInstallByYear, { yearId: await yearId() });
    const plans = await ok(catalog.findPlanByInstall, { installId: installs.list[0]!.id });
    return [
      { call: catalog.findInstallByYear, extra: { yearId: await yearId() } },
      { call: catalog.findCourseByPlan, extra: { planId: plans[0]!.id } },
      { call: catalog.findNewCourseByPage, extra: {} },
      { call: catalog.findCourseTopByPage, extra: {} },
      { call: catalog.findCourseByPage, extra: {} },
      { call: catalog.findExamOnlineByPage, extra: {} },
      { call: catalog.findColumnByPage, extra: {}, token: learner },
    ];
  };

  it('pageSize 101 and pageNum 0 are 400s naming the field; a page past the end is empty with the total', async () => {
    for (const { call, extra, token } of await paged()) {
      const big = await t.call(call, { query: { ...extra, pageNum: 1, pageSize: 101 }, token });
      expect(big.status, call.name).toBe(400);
      expect(big.json, call.name).toMatchObject({ res: false, resMsg: '每页最多100条', field: 'pageSize' });
      const zero = await t.call(call, { query: { ...extra, pageNum: 0 }, token });
      expect(zero.json, call.name).toMatchObject({ resMsg: '页码从1开始', field: 'pageNum' });
      const first = (await ok(call, { ...extra, pageNum: 1, pageSize: 100 }, token)) as { total: number; list: unknown[] };
      expect(first.total, call.name).toBeGreaterThan(0);
      const past = (await ok(call, { ...extra, pageNum: 999, pageSize: 10 }, token)) as { total: number; list: unknown[] };
      expect(past, call.name).toMatchObject({ list: [], total: first.total, pageNum: 999, pageSize: 10 });
    }
  });
});

describe('year → install → plan → course', () => {
  it('lists the previous and the current year, newest first', async () => {
    const years = await ok(catalog.findYearList);
    expect(years.map((y) => y.year)).toEqual([thisYear(), thisYear() - 1]);
    expect(years[0]!.name).toBe(`${thisYear()}年度`);
  });

  it('lists installs of every kind in each year, by start, with states from their dates', async () => {
    for (const year of [thisYear(), thisYear() - 1]) {
      const page = await ok(catalog.findInstallByYear, { yearId: await yearId(year), pageSize: 100 });
      expect(new Set(page.list.map((i) => i.kind))).toEqual(new Set(['annual', 'special', 'class']));
      const starts = page.list.map((i) => Date.parse(i.startAt));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      for (const i of page.list) {
        const now = Date.now();
        const expected = now < Date.parse(i.startAt) ? 'upcoming' : now <= Date.parse(i.endAt) ? 'open' : 'ended';
        expect(i.state).toBe(expected);
        expect(i.planCount).toBeGreaterThan(0);
      }
    }
    const current = await ok(catalog.findInstallByYear, { yearId: await yearId(), pageSize: 100 });
    expect(current.list.some((i) => i.state === 'open' && i.kind === 'special')).toBe(true);
    expect(current.list.some((i) => i.state === 'upcoming')).toBe(true);
    const specials = await ok(catalog.findInstallByYear, { yearId: await yearId(), kind: 'special' });
    expect(specials.list.every((i) => i.kind === 'special')).toBe(true);
    expect(specials.total).toBe(current.list.filter((i) => i.kind === 'special').length);
  });

  it('an unknown year is a 404, a wrong kind or a missing year a 400', async () => {
    const missing = await t.call(catalog.findInstallByYear, { query: { yearId: 99999 } });
    expect(missing.status).toBe(404);
    expect(missing.json.resMsg).toBe(MSG.notFound);
    expect((await t.call(catalog.findInstallByYear, { query: { yearId: await yearId(), kind: 'party' } })).json).toMatchObject({ field: 'kind', resMsg: '培训类型不正确' });
    expect((await t.call(catalog.findInstallByYear)).json).toMatchObject({ field: 'yearId' });
  });

  it('lists the plans of an install with their counts and hours; the courses of a plan, required first', async () => {
    const annual = (await ok(catalog.findInstallByYear, { yearId: await yearId(), kind: 'annual' })).list[0]!;
    const plans = await ok(catalog.findPlanByInstall, { installId: annual.id });
    expect(plans.map((p) => p.title)).toEqual(['公需科目', '专业科目']);
    const plan = plans[0]!;
    expect(plan.requiredCount).toBeGreaterThan(0);
    expect(plan.electiveCount).toBeGreaterThan(0);
    const page = await ok(catalog.findCourseByPlan, { planId: plan.id, pageSize: 100 });
    expect(page.total).toBe(plan.requiredCount + plan.electiveCount);
    const firstElective = page.list.findIndex((c) => !c.required);
    expect(page.list.slice(0, firstElective).every((c) => c.required)).toBe(true);
    expect(page.list.slice(firstElective).every((c) => !c.required)).toBe(true);
    expect(page.list.reduce((s, c) => s + c.creditHours, 0)).toBeCloseTo(plan.totalHours, 5);
    const electives = await ok(catalog.findCourseByPlan, { planId: plan.id, required: 'false' });
    expect(electives.total).toBe(plan.electiveCount);
    expect(electives.list.every((c) => !c.required)).toBe(true);
    expect((await t.call(catalog.findPlanByInstall, { query: { installId: 99999 } })).status).toBe(404);
    expect((await t.call(catalog.findCourseByPlan, { query: { planId: 99999 } })).status).toBe(404);
    expect((await t.call(catalog.findCourseByPlan, { query: { planId: plan.id, required: 'yes' } })).json.field).toBe('required');
  });
});

describe('course lists', () => {
  it('newest and most popular courses, with cards a visitor sees', async () => {
    const fresh = await ok(catalog.findNewCourseByPage, { pageSize: 20 });
    expect(fresh.total).toBeGreaterThanOrEqual(60);
    const times = fresh.list.map((c) => Date.parse(c.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(fresh.list.every((c) => c.added === false && c.progress === null && c.coverUrl.startsWith('/media/covers/'))).toBe(true);
    expect(fresh.list.every((c) => c.creditHours >= 0.5 && c.creditHours <= 3)).toBe(true);
    const top = await ok(catalog.findCourseTopByPage, { pageSize: 20 });
    const pop = top.list.map((c) => c.popularity);
    expect(pop).toEqual([...pop].sort((a, b) => b - a));
  });

  it("a learner's cards say which courses are theirs; caching is private then", async () => {
    const [me] = await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, '13800000001'));
    const mine = new Set((await t.db.select({ c: personCourses.courseId }).from(personCourses).where(eq(personCourses.personId, me!.id))).map((r) => r.c));
    expect(mine.size).toBeGreaterThan(0);
    const page = await ok(catalog.findNewCourseByPage, { pageSize: 100 }, learner);
    expect(page.list.filter((c) => c.added).map((c) => c.id).sort()).toEqual([...mine].sort());
    const url = `${urlOf(catalog.findNewCourseByPage, PRODUCT)}?pageSize=5`;
    const visitor = await t.app.inject({ method: 'POST', url });
    expect(visitor.headers['cache-control']).toBe('public, max-age=60');
    expect(visitor.headers.vary).toMatch(/Authorization/i);
    const personal = await t.app.inject({ method: 'POST', url, headers: { authorization: learner } });
    expect(personal.headers['cache-control']).toBe('private, no-store');
  });

  it('a bad token on a call with optional login is a 401, not an anonymous answer', async () => {
    const r = await t.call(catalog.findNewCourseByPage, { token: 'x'.repeat(43) });
    expect(r.status).toBe(401);
  });
});

describe('the /course catalogue', () => {
  it('searches titles and lecturers literally', async () => {
    const hits = await ok(catalog.findCourseByPage, { keyword: '数字', pageSize: 100 });
    expect(hits.total).toBeGreaterThanOrEqual(3);
    expect(hits.list.every((c) => c.title.includes('数字') || c.lecturer.includes('数字'))).toBe(true);
    const byLecturer = await ok(catalog.findCourseByPage, { keyword: '王建华', pageSize: 100 });
    expect(byLecturer.total).toBeGreaterThan(0);
    expect(byLecturer.list.every((c) => c.lecturer === '王建华')).toBe(true);
    expect((await ok(catalog.findCourseByPage, { keyword: '_' })).total).toBe(0);
    expect((await ok(catalog.findCourseByPage, { keyword: "' or 1=1 --" })).total).toBe(0);
  });

  it('a top category includes its sub-categories; a sub-category only itself', async () => {
    const tree = await ok(catalog.findCourseCategory);
    expect(tree.length).toBeGreaterThanOrEqual(3);
    const all = (await ok(catalog.findCourseByPage)).total;
    expect(tree.reduce((s, c) => s + c.courseCount, 0)).toBe(all);
    expect(tree.reduce((s, c) => s + c.children.length, 0) + tree.length).toBeGreaterThanOrEqual(12);
    const top = tree.find((c) => c.name === '数字素养')!;
    expect(top.courseCount).toBe(top.children.reduce((s, c) => s + c.courseCount, 0));
    const page = await ok(catalog.findCourseByPage, { categoryId: top.id, pageSize: 100 });
    expect(page.total).toBe(top.courseCount);
    expect(new Set(page.list.map((c) => c.categoryId))).toEqual(new Set(top.children.map((c) => c.id)));
    const leaf = top.children[0]!;
    const leafPage = await ok(catalog.findCourseByPage, { categoryId: leaf.id, pageSize: 100 });
    expect(leafPage.total).toBe(leaf.courseCount);
    expect(leafPage.list.every((c) => c.categoryId === leaf.id && c.categoryName === leaf.name)).toBe(true);
    expect((await ok(catalog.findCourseByPage, { categoryId: 99999 })).total).toBe(0);
    expect((await t.call(catalog.findCourseByPage, { query: { categoryId: 'x' } })).json).toMatchObject({ field: 'categoryId', resMsg: '分类编号必须是数字' });
  });

  it('sorts newest or most popular; page 2 continues page 1', async () => {
    const p1 = await ok(catalog.findCourseByPage, { sort: 'popular', pageNum: 1, pageSize: 12 });
    const p2 = await ok(catalog.findCourseByPage, { sort: 'popular', pageNum: 2, pageSize: 12 });
    const pop = [...p1.list, ...p2.list].map((c) => c.popularity);
    expect(pop).toEqual([...pop].sort((a, b) => b - a));
    expect(new Set([...p1.list, ...p2.list].map((c) => c.id)).size).toBe(24);
    const fresh = await ok(catalog.findCourseByPage, { sort: 'new', pageSize: 12 });
    const times = fresh.list.map((c) => Date.parse(c.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await t.call(catalog.findCourseByPage, { query: { sort: 'random' } })).json).toMatchObject({ field: 'sort', resMsg: '排序方式不正确' });
  });

  it('an offline course leaves the catalogue and its detail', async () => {
    const { list } = await ok(catalog.findCourseByPage, { pageSize: 1 });
    const id = list[0]!.id;
    await t.db.update(courses).set({ status: 'offline' }).where(eq(courses.id, id));
    expect((await ok(catalog.findCourseByPage, { pageSize: 100 })).list.some((c) => c.id === id)).toBe(false);
    expect((await t.call(catalog.findCourseById, { query: { id } })).status).toBe(404);
    await t.db.update(courses).set({ status: 'published' }).where(eq(courses.id, id));
  });

  it('training-class accounts are refused with the no-permission message; visitors and learners browse', async () => {
    for (const token of [trainee, traineeWithExams]) {
      for (const call of [catalog.findCourseByPage, catalog.guessYouLike]) {
        const r = await t.call(call, { token });
        expect(r.status).toBe(200);
        expect(r.json).toMatchObject({ res: false, resMsg: MSG.noPermission, obj: null });
      }
    }
    expect((await ok(catalog.findCourseByPage)).total).toBeGreaterThan(0);
    expect((await ok(catalog.findCourseByPage, {}, learner)).total).toBeGreaterThan(0);
  });

  it('one course: its chapters in order, no media addresses before login', async () => {
    const withLive = await t.db.execute(sql`select course_id as id from course_resources where kind = 'live' limit 1`);
    const id = Number((withLive as unknown as { rows: { id: number }[] }).rows[0]!.id);
    const course = await ok(catalog.findCourseById, { id });
    expect(course.description.length).toBeGreaterThan(20);
    expect(course.resources.length).toBeGreaterThanOrEqual(2);
    const live = course.resources.find((r) => r.kind === 'live')!;
    expect(live.liveStart).not.toBeNull();
    expect(live.pages).toBeNull();
    for (const r of course.resources.filter((x) => x.kind === 'video')) expect(r.durationSeconds).toBeGreaterThan(0);
    for (const r of course.resources.filter((x) => x.kind === 'pdf')) expect(r.pages! * r.minReadSeconds!).toBeGreaterThan(0);
    expect(JSON.stringify(course)).not.toMatch(/\.mp4|\.m3u8|\.pdf/);
    expect((await t.call(catalog.findCourseById, { query: { id: 99999 } })).status).toBe(404);
    expect((await t.call(catalog.findCourseById, { query: { id: -1 } })).status).toBe(400);
  });
});

describe('guess you like', () => {
  it('a visitor gets popular courses; a learner popular ones not yet theirs, their categories first', async () => {
    const visitor = await ok(catalog.guessYouLike);
    expect(visitor).toHaveLength(6);
    const top = await ok(catalog.findCourseTopByPage, { pageSize: 6 });
    expect(visitor.map((c) => c.id)).toEqual(top.list.map((c) => c.id));
    const mine = await ok(catalog.guessYouLike, { size: 20 }, learner);
    expect(mine).toHaveLength(20);
    expect(mine.every((c) => !c.added)).toBe(true);
    const [me] = await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, '13800000001'));
    const myCategories = await t.db
      .selectDistinct({ id: courses.categoryId })
      .from(personCourses)
      .innerJoin(courses, eq(courses.id, personCourses.courseId))
      .where(eq(personCourses.personId, me!.id));
    const inMine = mine.map((c) => myCategories.some((x) => x.id === c.categoryId));
    expect(inMine[0]).toBe(true);
    expect(inMine.indexOf(false) === -1 || inMine.slice(inMine.indexOf(false)).every((x) => !x)).toBe(true);
    expect((await t.call(catalog.guessYouLike, { query: { size: 21 } })).json).toMatchObject({ field: 'size', resMsg: '最多20条' });
  });
});

describe('addPersonCourse', () => {
  it('needs a login', async () => {
    const r = await t.call(catalog.addPersonCourse, { query: { courseId: 1 } });
    expect(r.status).toBe(401);
    expect(r.json.resMsg).toBe(MSG.sessionExpired);
  });

  it('adds a course once; adding it again changes nothing', async () => {
    const [me] = await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, '13800000005'));
    const token = await t.login('13800000005');
    const { list } = await ok(catalog.findCourseByPage, { pageSize: 1 }, token);
    const course = list[0]!;
    expect(course.added).toBe(false);
    const first = await t.call(catalog.addPersonCourse, { query: { courseId: course.id }, token });
    expect(first.json).toMatchObject({ res: true, resMsg: '已加入我的课程', obj: { courseId: course.id, alreadyAdded: false } });
    const again = await t.call(catalog.addPersonCourse, { query: { courseId: course.id }, token });
    expect(again.json).toMatchObject({ res: true, resMsg: '该课程已在我的课程中', obj: { courseId: course.id, alreadyAdded: true } });
    expect((again.json.obj as { addedAt: string }).addedAt).toBe((first.json.obj as { addedAt: string }).addedAt);
    const rows = await t.db.select().from(personCourses).where(and(eq(personCourses.personId, me!.id), eq(personCourses.courseId, course.id)));
    expect(rows).toHaveLength(1);
    expect((await ok(catalog.findCourseById, { id: course.id }, token)).added).toBe(true);
  });

  it('an unknown course is a 404, a malformed id a 400', async () => {
    expect((await t.call(catalog.addPersonCourse, { query: { courseId: 99999 }, token: learner })).status).toBe(404);
    expect((await t.call(catalog.addPersonCourse, { query: { courseId: 'abc' }, token: learner })).json).toMatchObject({ field: 'courseId' });
  });

  it('training-class accounts are refused and nothing is added', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(personCourses);
    for (const token of [trainee, traineeWithExams]) {
      const r = await t.call(catalog.addPersonCourse, { query: { courseId: 1 }, token });
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ res: false, resMsg: MSG.noPermission });
    }
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(personCourses)).toEqual(before);
  });
});

describe('learning columns', () => {
  it('need a login, are refused to training-class accounts, and list courses and articles', async () => {
    expect((await t.call(catalog.findColumnByPage)).status).toBe(401);
    expect((await t.call(catalog.findColumnByPage, { token: trainee })).json).toMatchObject({ res: false, resMsg: MSG.noPermission });
    const page = await ok(catalog.findColumnByPage, {}, learner);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const first = page.list[0]!;
    const col = await ok(catalog.findColumnById, { id: first.id }, learner);
    expect(col.courses).toHaveLength(first.courseCount);
    expect(col.articles).toHaveLength(first.articleCount);
    expect(col.articles[0]!.body.length).toBeGreaterThan(20);
    expect((await t.call(catalog.findColumnById, { query: { id: first.id }, token: trainee })).json.resMsg).toBe(MSG.noPermission);
    expect((await t.call(catalog.findColumnById, { query: { id: 99999 }, token: learner })).status).toBe(404);
  });
});

describe('open exams', () => {
  it('lists exams not yet over, open ones first, with their state', async () => {
    const page = await ok(catalog.findExamOnlineByPage, { pageSize: 100 });
    const [notOver] = await t.db.select({ n: sql<number>`count(*)::int` }).from(exams).where(sql`${exams.endAt} > now()`);
    expect(page.total).toBe(notOver!.n);
    expect(page.list.every((e) => Date.parse(e.endAt) > Date.now())).toBe(true);
    const states = page.list.map((e) => e.state);
    expect(states).toContain('open');
    expect(states).toContain('upcoming');
    expect(states.indexOf('upcoming')).toBeGreaterThan(states.lastIndexOf('open'));
    expect(page.list.some((e) => e.installTitle === '')).toBe(true);
  });
});

describe('the contract documents every catalogue call', () => {
  it('serves them in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, unknown> };
    for (const call of Object.values(catalog as Record<string, unknown>).filter((v): v is CallDef => typeof v === 'object' && v !== null && 'path' in v && 'method' in v)) {
      expect(doc.paths[call.path], call.name).toBeDefined();
    }
  });
});
