import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { categories, classMembers, courseCompletions, courseResources, courses, persons, resourceProgress, teacherClasses } from '../../db/schema/index.ts';
import { makeReports, studyRuleOf } from './service.ts';

const DAY = 86_400_000;

describe('the rule of "behind schedule" (studyRuleOf)', () => {
  const now = Date.UTC(2026, 5, 1);
  const cls = { startAt: new Date(now - 50 * DAY), endAt: new Date(now + 50 * DAY), requiredHours: 10 };
  it('expects the share of the requirement that the share of the period gone by asks for', () => {
    const rule = studyRuleOf(cls, now);
    expect(rule).toMatchObject({ requiredHours: 10, elapsedShare: 0.5, expectedHours: 5 });
    expect(rule.definition).toContain('应完成5学时');
    expect(rule.definition).toContain('达到6学时');
  });
  it('expects nothing before the period and everything after it', () => {
    expect(studyRuleOf(cls, now - 60 * DAY).expectedHours).toBe(0);
    expect(studyRuleOf(cls, now + 60 * DAY)).toMatchObject({ elapsedShare: 1, expectedHours: 10 });
  });
});

describe("a member's state at the rule's boundaries", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('never started, behind, on track and ahead, counted from completions inside the period only', async () => {
    const now = Date.now();
    const [cls] = await t.db.insert(teacherClasses).values({ name: '边界测试班', startAt: new Date(now - 50 * DAY), endAt: new Date(now + 50 * DAY), requiredHours: 10 }).returning();
    const [cat] = await t.db.insert(categories).values({ name: '边界测试' }).returning();
    const course = async (hours: number) => {
      const [c] = await t.db.insert(courses).values({ title: `${hours}学时课程`, lecturer: '讲师', categoryId: cat!.id, creditHours: hours }).returning();
      const [r] = await t.db.insert(courseResources).values({ courseId: c!.id, title: '第一讲', kind: 'video', durationSeconds: 60 }).returning();
      return { id: c!.id, resourceId: r!.id };
    };
    const [h4, h1half, h6, h3] = [await course(4), await course(1.5), await course(6), await course(3)];
    const mobiles = ['13900010090', '13900010091', '13900010092', '13900010093', '13900010094'];
    const ids = await Promise.all(mobiles.map(async (m) => (await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, m)))[0]!.id));
    await t.db.insert(classMembers).values(ids.map((personId) => ({ classId: cls!.id, personId })));
    const done = async (personId: number, c: { id: number; resourceId: number }, daysAgo: number) => {
      const at = new Date(now - daysAgo * DAY);
      await t.db.insert(resourceProgress).values({ personId, resourceId: c.resourceId, courseId: c.id, learnedSeconds: 60, completedAt: at, updatedAt: at });
      await t.db.insert(courseCompletions).values({ personId, courseId: c.id, completedAt: at, year: new Date(at).getUTCFullYear(), hours: (await t.db.select({ h: courses.creditHours }).from(courses).where(eq(courses.id, c.id)))[0]!.h });
    };
    const [never, behind, onTrack, ahead, before] = ids as [number, number, number, number, number];
    await done(behind, h4, 10); // 4 < 5
    await done(onTrack, h4, 10);
    await done(onTrack, h1half, 5); // 5.5: at or above 5, below 6
    await done(ahead, h6, 3); // 6 ≥ 6
    await done(before, h3, 60); // before the period: counts nothing, and no study inside it either
    const reports = makeReports(t.db, { completionRatio: 0.95 });
    const rule = studyRuleOf(cls!);
    const rows = await reports.allMemberStudy(cls!, rule);
    const state = (id: number) => rows.find((r) => r.personId === id)!;
    expect(state(never)).toMatchObject({ state: 'notStarted', totalHours: 0, lastStudyAt: null });
    expect(state(behind)).toMatchObject({ state: 'behind', totalHours: 4, completedCourses: 1 });
    expect(state(onTrack)).toMatchObject({ state: 'onTrack', totalHours: 5.5, completedCourses: 2 });
    expect(state(ahead)).toMatchObject({ state: 'ahead', totalHours: 6 });
    expect(state(before)).toMatchObject({ state: 'notStarted', totalHours: 0 });
    // The screen's filter gives the same states page by page.
    const behindPage = await reports.personStudyPage(cls!, rule, { state: 'behind', sort: 'hoursAsc' }, { pageNum: 1, pageSize: 10 });
    expect(behindPage.list.map((r) => r.personId)).toEqual([behind]);
  });
});
