import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { person, teacher as T, urlOf } from '@portal/contract';
import { createTestApp, DEMO_PASSWORDS, PRODUCT, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let teacher: string;
let classId: number;
const LEARNERS = 2000;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await t.login('13800000004', DEMO_PASSWORDS.teacher);
  const run = async (q: string) => ((await t.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows;
  // 2,000 learners with 0 to 3 completed courses each, in one class of the demo teacher.
  await run(`insert into persons (person_no, person_name, mobile, organ_id)
    select 'X' || lpad(g::text, 6, '0'), '导出学员' || g, '165' || lpad(g::text, 8, '0'), (select min(id) from organs) from generate_series(1, ${LEARNERS}) g`);
  await run(`insert into course_completions (person_id, course_id, completed_at, year, hours)
    select p.person_id, c.id, now() - interval '1 day', extract(year from now())::int, c.credit_hours
    from persons p cross join lateral (select id, credit_hours from courses order by id limit (p.person_id % 4)) c where p.person_no like 'X%'`);
  await run(`insert into teacher_classes (name, start_at, end_at, required_hours) values ('两千人导出班', now() - interval '100 days', now() + interval '100 days', 10)`);
  classId = Number((await run(`select max(id) as id from teacher_classes`))[0]!.id);
  await run(`insert into class_teachers (class_id, person_id) select ${classId}, person_id from persons where mobile = '13800000004'`);
  await run(`insert into class_members (class_id, person_id) select ${classId}, person_id from persons where person_no like 'X%'`);
});
afterAll(() => t.close());

describe('the export of a 2,000-learner class on the embedded database', () => {
  it('computes the statistics a slice of 200 learners per statement, answers other calls meanwhile, and writes the rows in the screen order', async () => {
    // The embedded database runs one statement at a time on the event loop: what one statement
    // computes is how long every other call may wait. Each statement of the export is recorded.
    const dialect = new PgDialect();
    const statements: { sql: string; params: unknown[] }[] = [];
    const execute = t.db.execute.bind(t.db);
    const spy = vi.spyOn(t.db, 'execute').mockImplementation((q) => {
      statements.push(dialect.sqlToQuery(q as SQL));
      return execute(q);
    });
    let done = false;
    const exported = t.app.inject({ method: 'POST', url: `${urlOf(T.exportClassPersonStudy, PRODUCT)}?classId=${classId}&sort=hoursDesc`, headers: { authorization: teacher } }).then((r) => {
      done = true;
      return r;
    });
    let answered = 0;
    while (!done) {
      const cheap = await t.call(person.getSessionPerson, { token: teacher });
      expect(cheap.status).toBe(200);
      if (!done) answered++;
    }
    const r = await exported;
    spy.mockRestore();
    expect(r.statusCode).toBe(200);
    expect(answered).toBeGreaterThan(0);
    // Every statement that computes learners' hours (the lateral joins) names at most 200 of them.
    const computing = statements.filter((s) => s.sql.includes('left join lateral'));
    expect(computing.length).toBeGreaterThanOrEqual(LEARNERS / 200);
    for (const s of computing) {
      const members = s.params.find(Array.isArray) as unknown[] | undefined;
      expect(members?.length ?? Infinity).toBeLessThanOrEqual(200);
    }

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount - 2).toBe(LEARNERS);
    const hours = Array.from({ length: LEARNERS }, (_, i) => Number(sheet.getRow(i + 3).getCell(7).value));
    expect(hours).toEqual([...hours].sort((a, b) => b - a));
    // The screen's first page, in the same order.
    const screen = (await t.call(T.findClassPersonStudy, { token: teacher, query: { classId, sort: 'hoursDesc', pageSize: 50 } })).json as { obj: { list: T.PersonStudyRow[] } };
    expect(screen.obj.list.map((x) => x.personNo)).toEqual(Array.from({ length: 50 }, (_, i) => String(sheet.getRow(i + 3).getCell(1).value)));
  });
});
