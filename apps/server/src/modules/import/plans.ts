/**
 * Years, installs (培训项目, keyed by project number), their plans (keyed by install and plan name)
 * and the plans' courses (keyed by plan and course code). A year is made when an install names one
 * not there yet. Courses are added to or updated in a plan, never removed by an import.
 */
import { sql } from 'drizzle-orm';
import { arr, countsOf, addCounts, firstOf, rowsOf, ZERO, type Counts } from './engine.ts';
import type { Kind } from './kind.ts';

const INSTALL = '培训项目';
const PLAN = '学习计划';
const COURSE = '计划课程';
const C = {
  code: '项目编号',
  year: '年度',
  title: '项目名称',
  kind: '项目类型',
  organizer: '主办单位',
  description: '项目简介',
  cover: '封面图片',
  applyStart: '报名开始',
  applyEnd: '报名截止',
  start: '培训开始',
  end: '培训结束',
  capacity: '名额',
  hours: '要求学时',
  plan: '计划名称',
  sort: '排序',
  planDescription: '计划说明',
  course: '课程编号',
  required: '课程性质',
} as const;
const KINDS = { 年度培训: 'annual', 专题培训: 'special', 培训班: 'class' } as const;

interface InstallRow {
  row: number;
  code: string;
  year: number;
  title: string;
  kind: string;
  organizer: string;
  description: string;
  cover: string;
  applyStart: Date;
  applyEnd: Date;
  startAt: Date;
  endAt: Date;
  capacity: number;
  hours: number;
}
interface PlanRow {
  row: number;
  install: string;
  title: string;
  hours: number;
  sort: number;
  description: string;
}
interface PlanCourseRow {
  row: number;
  install: string;
  plan: string;
  courseId: number;
  required: boolean;
  sort: number;
}

export const plansKind: Kind<{ installs: InstallRow[]; plans: PlanRow[]; courses: PlanCourseRow[] }> = {
  kind: 'plans',
  title: '培训计划',
  optionalSheets: [PLAN, COURSE],
  sheets: [
    {
      name: INSTALL,
      columns: [
        { header: C.code, required: true, note: '培训管理系统中的项目编号，重复导入以此识别同一项目。', width: 14 },
        { header: C.year, required: true, note: '所属年度，如 2026；年度不存在时自动建立。', width: 8 },
        { header: C.title, required: true, note: '项目全称，不超过60个字。', width: 36 },
        { header: C.kind, required: true, note: '年度培训、专题培训 或 培训班。', width: 10 },
        { header: C.organizer, note: '如 省委组织部。', width: 20 },
        { header: C.description, note: '项目简介，显示在专题培训页。', width: 40 },
        { header: C.cover, note: '封面图片网址（http(s):// 或 /media/ 开头），不填则使用默认封面。', width: 24 },
        { header: C.applyStart, required: true, note: '如 2026-03-01 或 2026-03-01 09:00。', width: 16 },
        { header: C.applyEnd, required: true, note: '不早于报名开始。', width: 16 },
        { header: C.start, required: true, note: '培训开始时间。', width: 16 },
        { header: C.end, required: true, note: '培训结束时间，不早于开始。', width: 16 },
        { header: C.capacity, note: '名额，0或不填为不限。', width: 8 },
        { header: C.hours, required: true, note: '完成项目须达到的学时，0.5的整数倍。', width: 10 },
      ],
      example: [
        {
          [C.code]: 'XM2026-ZT07',
          [C.year]: 2026,
          [C.title]: '推动高质量发展专题培训',
          [C.kind]: '专题培训',
          [C.organizer]: '省委组织部',
          [C.description]: '深入学习贯彻习近平经济思想，围绕推动高质量发展、建设现代化产业体系开展专题学习。',
          [C.applyStart]: '2026-02-20',
          [C.applyEnd]: '2026-05-31',
          [C.start]: '2026-03-01',
          [C.end]: '2026-06-30 23:59',
          [C.capacity]: 0,
          [C.hours]: 12,
        },
      ],
    },
    {
      name: PLAN,
      columns: [
        { header: C.code, required: true, note: '所属项目的项目编号，须在“培训项目”表中或已导入。', width: 14 },
        { header: C.plan, required: true, note: '计划名称，同一项目内唯一，如 专题必修。', width: 16 },
        { header: C.hours, required: true, note: '本计划须达到的学时。', width: 10 },
        { header: C.sort, note: '计划的顺序（整数，小的在前），不填为0。', width: 8 },
        { header: C.planDescription, note: '计划说明。', width: 40 },
      ],
      example: [
        { [C.code]: 'XM2026-ZT07', [C.plan]: '专题必修', [C.hours]: 10, [C.sort]: 1, [C.planDescription]: '专题必修：完成必修课程并达到10学时即为合格。' },
        { [C.code]: 'XM2026-ZT07', [C.plan]: '拓展选学', [C.hours]: 2, [C.sort]: 2, [C.planDescription]: '拓展选学：任选课程达到2学时。' },
      ],
    },
    {
      name: COURSE,
      columns: [
        { header: C.code, required: true, note: '所属项目的项目编号。', width: 14 },
        { header: C.plan, required: true, note: '计划名称，须在“学习计划”表中或已导入。', width: 16 },
        { header: C.course, required: true, note: '课程编号（先导入“课程”模板）。', width: 14 },
        { header: C.required, required: true, note: '必修 或 选修。', width: 10 },
        { header: C.sort, note: '课程在计划中的顺序，不填为0。', width: 8 },
      ],
      example: [
        { [C.code]: 'XM2026-ZT07', [C.plan]: '专题必修', [C.course]: 'KC2026-0101', [C.required]: '必修', [C.sort]: 1 },
        { [C.code]: 'XM2026-ZT07', [C.plan]: '拓展选学', [C.course]: 'KC2026-0102', [C.required]: '选修', [C.sort]: 1 },
      ],
    },
  ],
  instructions: ['导入顺序：先导入课程，再导入培训计划（计划课程须引用已有的课程编号）。计划课程只增加或更新，不会从计划中移除课程。'],

  async check(c, { db }) {
    const knownInstalls = new Set((await rowsOf<{ code: string }>(db, sql`select code from installs where code is not null`)).map((r) => r.code));
    const knownPlans = new Set((await rowsOf<{ code: string; title: string }>(db, sql`select i.code, p.title from plans p join installs i on i.id = p.install_id where i.code is not null`)).map((r) => `${r.code}\u0000${r.title}`));
    const installs: InstallRow[] = [];
    const installRows = new Map<string, number>();
    for await (const r of c.each(INSTALL)) {
      const x = c.cells(INSTALL, r);
      const code = x.text(C.code, { required: true, max: 32, pattern: /^[A-Za-z0-9_-]+$/, patternReason: '项目编号只能包含字母、数字、下划线和短横线' });
      const year = x.int(C.year, { required: true, min: 2000, max: 2100 });
      const title = x.text(C.title, { required: true, max: 60 });
      const kind = x.choice(C.kind, KINDS, { required: true });
      const organizer = x.text(C.organizer, { max: 60 });
      const description = x.text(C.description, { max: 2000 });
      const cover = x.text(C.cover, { max: 500, pattern: /^(https?:\/\/|\/)\S+$/, patternReason: '封面图片应为网址（http(s):// 或 / 开头）' });
      const applyStart = x.time(C.applyStart, { required: true });
      const applyEnd = x.time(C.applyEnd, { required: true });
      const startAt = x.time(C.start, { required: true });
      const endAt = x.time(C.end, { required: true });
      if (applyStart && applyEnd && applyEnd < applyStart) x.bad(C.applyEnd, '报名截止不能早于报名开始');
      if (startAt && endAt && endAt < startAt) x.bad(C.end, '培训结束不能早于培训开始');
      const capacity = x.int(C.capacity, { min: 0, max: 1_000_000, fallback: 0 });
      const hours = x.hours(C.hours, { required: true });
      if (code) firstOf(installRows, code, x, C.code, '项目编号');
      if (code && year && title && kind && organizer !== null && description !== null && cover !== null && applyStart && applyEnd && startAt && endAt && capacity !== null && hours !== null && hours !== undefined) {
        installs.push({ row: r.row, code, year, title, kind, organizer, description, cover, applyStart, applyEnd, startAt, endAt, capacity: capacity ?? 0, hours });
      }
    }
    const installOk = (x: ReturnType<typeof c.cells>, code: string) => {
      const row = installRows.get(code);
      if (row !== undefined && c.isBad(INSTALL, row)) return x.bad(C.code, `项目“${code}”在“培训项目”表第${row}行有错误`) ?? false;
      if (row === undefined && !knownInstalls.has(code)) return x.bad(C.code, `项目编号“${code}”不存在，请在“培训项目”表中填写`) ?? false;
      return true;
    };
    const plans: PlanRow[] = [];
    const planRows = new Map<string, number>();
    for await (const r of c.each(PLAN)) {
      const x = c.cells(PLAN, r);
      const install = x.text(C.code, { required: true });
      const title = x.text(C.plan, { required: true, max: 40 });
      const hours = x.hours(C.hours, { required: true });
      const sort = x.int(C.sort, { min: 0, max: 9999, fallback: 0 });
      const description = x.text(C.planDescription, { max: 1000 });
      if (install) installOk(x, install);
      if (install && title) firstOf(planRows, `${install}\u0000${title}`, x, C.plan, '该项目的计划名称');
      if (install && title && hours !== null && hours !== undefined && sort !== null && description !== null && !c.isBad(PLAN, r.row)) plans.push({ row: r.row, install, title, hours, sort: sort ?? 0, description });
    }
    const codes = [...new Set(c.rows(COURSE).map((r) => r.cells[C.course]?.trim() ?? '').filter(Boolean))];
    const courseIds = new Map(codes.length ? (await rowsOf<{ id: number; code: string }>(db, sql`select id, code from courses where code = any(${arr(codes, 'text')})`)).map((r) => [r.code, r.id]) : []);
    const courses: PlanCourseRow[] = [];
    const seen = new Map<string, number>();
    for await (const r of c.each(COURSE)) {
      const x = c.cells(COURSE, r);
      const install = x.text(C.code, { required: true });
      const plan = x.text(C.plan, { required: true });
      const code = x.text(C.course, { required: true });
      const required = x.choice(C.required, { 必修: true, 选修: false }, { required: true });
      const sort = x.int(C.sort, { min: 0, max: 9999, fallback: 0 });
      if (install && installOk(x, install) && plan) {
        const key = `${install}\u0000${plan}`;
        const row = planRows.get(key);
        if (row !== undefined && c.isBad(PLAN, row)) x.bad(C.plan, `计划“${plan}”在“学习计划”表第${row}行有错误`);
        else if (row === undefined && !knownPlans.has(key)) x.bad(C.plan, `项目“${install}”没有名为“${plan}”的计划，请在“学习计划”表中填写`);
      }
      const courseId = code ? (courseIds.get(code) ?? x.bad(C.course, `课程编号“${code}”不存在，请先导入课程`)) : null;
      if (install && plan && code) firstOf(seen, `${install}\u0000${plan}\u0000${code}`, x, C.course, '该计划的这门课程');
      if (install && plan && courseId && required !== null && required !== undefined && sort !== null && !c.isBad(COURSE, r.row)) courses.push({ row: r.row, install, plan, courseId, required, sort: sort ?? 0 });
    }
    return { installs, plans, courses };
  },

  async write(tx, plan, c) {
    let counts: Counts = ZERO;
    const installs = plan.installs.filter((i) => !c.isBad(INSTALL, i.row));
    if (installs.length) {
      const years = [...new Set(installs.map((i) => i.year))];
      await tx.execute(sql`insert into training_years (year, name) select y, y || '年度' from unnest(${arr(years, 'int')}) as y on conflict (year) do nothing`);
      const col = <T>(f: (i: InstallRow) => T) => installs.map(f);
      const t = (f: (i: InstallRow) => Date) => arr(col((i) => f(i).toISOString()), 'timestamptz');
      const returned = await rowsOf<{ inserted: boolean }>(
        tx,
        sql`insert into installs (code, year_id, title, kind, organizer, description, cover_url, apply_start, apply_end, start_at, end_at, capacity, required_hours)
            select g.code, y.id, g.title, g.kind, g.organizer, g.description, coalesce(nullif(g.cover, ''), '/media/covers/install-' || g.kind || '.webp'), g.a1, g.a2, g.s, g.e, g.cap, g.h
            from unnest(${arr(col((i) => i.code), 'text')}, ${arr(col((i) => i.year), 'int')}, ${arr(col((i) => i.title), 'text')}, ${arr(col((i) => i.kind), 'text')},
                        ${arr(col((i) => i.organizer), 'text')}, ${arr(col((i) => i.description), 'text')}, ${arr(col((i) => i.cover), 'text')},
                        ${t((i) => i.applyStart)}, ${t((i) => i.applyEnd)}, ${t((i) => i.startAt)}, ${t((i) => i.endAt)}, ${arr(col((i) => i.capacity), 'int')}, ${arr(col((i) => i.hours), 'numeric')})
                 as g(code, year, title, kind, organizer, description, cover, a1, a2, s, e, cap, h)
            join training_years y on y.year = g.year
            on conflict (code) do update set year_id = excluded.year_id, title = excluded.title, kind = excluded.kind, organizer = excluded.organizer, description = excluded.description,
              cover_url = excluded.cover_url, apply_start = excluded.apply_start, apply_end = excluded.apply_end, start_at = excluded.start_at, end_at = excluded.end_at,
              capacity = excluded.capacity, required_hours = excluded.required_hours, version = installs.version + 1
            where (installs.year_id, installs.title, installs.kind, installs.organizer, installs.description, installs.cover_url, installs.apply_start, installs.apply_end, installs.start_at, installs.end_at, installs.capacity, installs.required_hours)
              is distinct from (excluded.year_id, excluded.title, excluded.kind, excluded.organizer, excluded.description, excluded.cover_url, excluded.apply_start, excluded.apply_end, excluded.start_at, excluded.end_at, excluded.capacity, excluded.required_hours)
            returning (xmax = 0) as inserted`,
      );
      counts = countsOf(returned, installs.length);
    }
    // Plans have no unique key of their own (the import's lock keeps two imports from racing): update, then insert the rest.
    const plans = plan.plans.filter((p) => !c.isBad(PLAN, p.row));
    if (plans.length) {
      const given = sql`unnest(${arr(plans.map((p) => p.install), 'text')}, ${arr(plans.map((p) => p.title), 'text')}, ${arr(plans.map((p) => p.hours), 'numeric')}, ${arr(plans.map((p) => p.sort), 'int')}, ${arr(plans.map((p) => p.description), 'text')}) as g(code, title, h, s, d)`;
      const updated = await rowsOf<{ inserted: boolean }>(
        tx,
        sql`update plans set required_hours = g.h, sort = g.s, description = g.d from ${given}, installs i
            where i.code = g.code and plans.install_id = i.id and plans.title = g.title and (plans.required_hours, plans.sort, plans.description) is distinct from (g.h, g.s, g.d)
            returning false as inserted`,
      );
      const inserted = await rowsOf<{ inserted: boolean }>(
        tx,
        sql`insert into plans (install_id, title, required_hours, sort, description)
            select i.id, g.title, g.h, g.s, g.d from ${given} join installs i on i.code = g.code
            where not exists (select 1 from plans p where p.install_id = i.id and p.title = g.title)
            returning true as inserted`,
      );
      counts = addCounts(counts, countsOf([...updated, ...inserted], plans.length));
    }
    const courses = plan.courses.filter((p) => !c.isBad(COURSE, p.row));
    if (courses.length) {
      const returned = await rowsOf<{ inserted: boolean }>(
        tx,
        sql`insert into plan_courses (plan_id, course_id, required, sort)
            select p.id, g.course, g.req, g.s
            from unnest(${arr(courses.map((x) => x.install), 'text')}, ${arr(courses.map((x) => x.plan), 'text')}, ${arr(courses.map((x) => x.courseId), 'int')}, ${arr(courses.map((x) => x.required), 'boolean')}, ${arr(courses.map((x) => x.sort), 'int')}) as g(code, plan, course, req, s)
            join installs i on i.code = g.code
            join plans p on p.install_id = i.id and p.title = g.plan
            on conflict (plan_id, course_id) do update set required = excluded.required, sort = excluded.sort
            where (plan_courses.required, plan_courses.sort) is distinct from (excluded.required, excluded.sort)
            returning (xmax = 0) as inserted`,
      );
      counts = addCounts(counts, countsOf(returned, courses.length));
    }
    return counts;
  },
};
