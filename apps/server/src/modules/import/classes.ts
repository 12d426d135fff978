/**
 * Classes (班级) keyed by class number, with their teachers and members named by person number.
 * Teachers and members are added, never removed: a sheet lists who is in, and a person who left is
 * taken out in the class area, where the teacher sees it.
 */
import { sql } from 'drizzle-orm';
import { arr, countsOf, addCounts, firstOf, rowsOf, ZERO, type Counts } from './engine.ts';
import type { Kind } from './kind.ts';

const CLASS = '班级';
const TEACHERS = '班级教师';
const MEMBERS = '班级学员';
const C = { code: '班级编号', name: '班级名称', install: '培训项目编号', start: '学习开始日期', end: '学习结束日期', hours: '要求学时', person: '人员编号' } as const;

interface ClassRow {
  row: number;
  code: string;
  name: string;
  installId: number | null;
  startAt: Date;
  endAt: Date;
  requiredHours: number;
}
interface Link {
  sheet: string;
  row: number;
  code: string;
  personId: number;
}

export const classesKind: Kind<{ classes: ClassRow[]; links: Link[] }> = {
  kind: 'classes',
  title: '班级',
  optionalSheets: [TEACHERS, MEMBERS],
  sheets: [
    {
      name: CLASS,
      columns: [
        { header: C.code, required: true, note: '培训管理系统中的班级编号，重复导入以此识别同一班级。', width: 14 },
        { header: C.name, required: true, note: '班级全称，不超过60个字。', width: 36 },
        { header: C.install, note: '所属培训项目的项目编号（先导入“培训计划”模板），没有可不填。', width: 14 },
        { header: C.start, required: true, note: '如 2026-03-01。学员的学时从这天起计入本班。', width: 14 },
        { header: C.end, required: true, note: '如 2026-06-30，不早于开始日期。', width: 14 },
        { header: C.hours, required: true, note: '每名学员在学习期内须完成的学时，0.5的整数倍。', width: 10 },
      ],
      example: [
        { [C.code]: 'BJ2026031', [C.name]: '2026年吕梁市科级干部网络专题学习班', [C.install]: 'XM2026-ZT07', [C.start]: '2026-03-01', [C.end]: '2026-06-30', [C.hours]: 12 },
        { [C.code]: 'BJ2026032', [C.name]: '2026年太原市年轻干部理论学习班', [C.start]: '2026-04-01', [C.end]: '2026-12-31', [C.hours]: 20 },
      ],
    },
    {
      name: TEACHERS,
      columns: [
        { header: C.code, required: true, note: '班级编号，须在“班级”表中或已导入。', width: 14 },
        { header: C.person, required: true, note: '教师的人员编号，人员类型须为教师（先导入“人员”模板）。', width: 14 },
      ],
      example: [{ [C.code]: 'BJ2026031', [C.person]: 'J20260101' }],
    },
    {
      name: MEMBERS,
      columns: [
        { header: C.code, required: true, note: '班级编号，须在“班级”表中或已导入。', width: 14 },
        { header: C.person, required: true, note: '学员的人员编号（先导入“人员”模板）。', width: 14 },
      ],
      example: [
        { [C.code]: 'BJ2026031', [C.person]: 'S20260303' },
        { [C.code]: 'BJ2026031', [C.person]: 'S20260304' },
        { [C.code]: 'BJ2026032', [C.person]: 'S20260301' },
        { [C.code]: 'BJ2026032', [C.person]: 'S20260302' },
      ],
    },
  ],
  instructions: ['“班级教师”“班级学员”两表只增加人员，不会移出已在班级中的人员。', '填写了培训项目编号的班级，其学员自动报名该专题（已审核），在“进行中的专题”中可见。'],

  async check(c, { db }) {
    const installs = new Map((await rowsOf<{ id: number; code: string }>(db, sql`select id, code from installs where code is not null`)).map((r) => [r.code, r.id]));
    const known = new Set((await rowsOf<{ code: string }>(db, sql`select code from teacher_classes where code is not null`)).map((r) => r.code));
    const classes: ClassRow[] = [];
    const inSheet = new Map<string, number>();
    for await (const r of c.each(CLASS)) {
      const x = c.cells(CLASS, r);
      const code = x.text(C.code, { required: true, max: 32, pattern: /^[A-Za-z0-9_-]+$/, patternReason: '班级编号只能包含字母、数字、下划线和短横线' });
      const name = x.text(C.name, { required: true, max: 60 });
      const installCode = x.text(C.install, { max: 32 });
      const installId = installCode ? (installs.get(installCode) ?? x.bad(C.install, `培训项目编号“${installCode}”不存在，请先导入培训计划`)) : null;
      const startAt = x.time(C.start, { required: true });
      const endAt = x.time(C.end, { required: true });
      if (startAt && endAt && endAt < startAt) x.bad(C.end, '学习结束日期不能早于开始日期');
      const hours = x.hours(C.hours, { required: true });
      if (code) firstOf(inSheet, code, x, C.code, '班级编号');
      if (code && name && installCode !== null && (installCode === '' || installId) && startAt && endAt && hours !== null && hours !== undefined) {
        // A date without a time ends at the end of that day.
        const end = /\d{1,2}:\d{2}/.test(x.raw(C.end)) ? endAt : new Date(endAt.getTime() + 86_400_000 - 1000);
        classes.push({ row: r.row, code, name, installId: installId ?? null, startAt, endAt: end, requiredHours: hours });
      }
    }
    const people = new Map<string, { id: number; type: number }>();
    const numbers = [...c.rows(TEACHERS), ...c.rows(MEMBERS)].map((r) => r.cells[C.person]?.trim() ?? '').filter(Boolean);
    if (numbers.length) {
      for (const p of await rowsOf<{ person_id: number; person_no: string; person_type: number }>(db, sql`select person_id, person_no, person_type from persons where person_no = any(${arr([...new Set(numbers)], 'text')})`)) {
        people.set(p.person_no, { id: p.person_id, type: p.person_type });
      }
    }
    const links: Link[] = [];
    for (const sheet of [TEACHERS, MEMBERS]) {
      const seen = new Map<string, number>();
      for await (const r of c.each(sheet)) {
        const x = c.cells(sheet, r);
        const code = x.text(C.code, { required: true });
        const no = x.text(C.person, { required: true });
        if (code) {
          const row = inSheet.get(code);
          if (row !== undefined && c.isBad(CLASS, row)) x.bad(C.code, `班级“${code}”在“班级”表第${row}行有错误`);
          else if (row === undefined && !known.has(code)) x.bad(C.code, `班级编号“${code}”不存在，请在“班级”表中填写`);
        }
        const person = no ? people.get(no) : undefined;
        if (no && !person) x.bad(C.person, `人员编号“${no}”不存在，请先导入人员`);
        if (person && sheet === TEACHERS && person.type !== 4) x.bad(C.person, `人员编号“${no}”不是教师，班级教师的人员类型须为教师`);
        if (code && no) firstOf(seen, `${code}\u0000${no}`, x, C.person, '该班级的这一人员');
        if (code && person && !c.isBad(sheet, r.row)) links.push({ sheet, row: r.row, code, personId: person.id });
      }
    }
    return { classes, links };
  },

  async write(tx, plan, c) {
    const classes = plan.classes.filter((k) => !c.isBad(CLASS, k.row));
    let counts: Counts = ZERO;
    if (classes.length) {
      const col = <T>(f: (k: ClassRow) => T) => classes.map(f);
      const returned = await rowsOf<{ inserted: boolean }>(
        tx,
        sql`insert into teacher_classes (code, name, install_id, start_at, end_at, required_hours)
            select * from unnest(${arr(col((k) => k.code), 'text')}, ${arr(col((k) => k.name), 'text')}, ${arr(col((k) => k.installId), 'int')},
                                 ${arr(col((k) => k.startAt.toISOString()), 'timestamptz')}, ${arr(col((k) => k.endAt.toISOString()), 'timestamptz')}, ${arr(col((k) => k.requiredHours), 'numeric')})
            on conflict (code) do update set name = excluded.name, install_id = excluded.install_id, start_at = excluded.start_at, end_at = excluded.end_at, required_hours = excluded.required_hours
            where (teacher_classes.name, teacher_classes.install_id, teacher_classes.start_at, teacher_classes.end_at, teacher_classes.required_hours)
              is distinct from (excluded.name, excluded.install_id, excluded.start_at, excluded.end_at, excluded.required_hours)
            returning (xmax = 0) as inserted`,
      );
      counts = countsOf(returned, classes.length);
    }
    for (const [sheet, table] of [
      [TEACHERS, 'class_teachers'],
      [MEMBERS, 'class_members'],
    ] as const) {
      const links = plan.links.filter((l) => l.sheet === sheet && !c.isBad(sheet, l.row));
      if (!links.length) continue;
      const returned = await rowsOf<{ inserted: boolean }>(
        tx,
        sql`insert into ${sql.raw(table)} (class_id, person_id)
            select teacher_classes.id, g.p from unnest(${arr(links.map((l) => l.code), 'text')}, ${arr(links.map((l) => l.personId), 'int')}) as g(code, p)
            join teacher_classes on teacher_classes.code = g.code
            on conflict do nothing
            returning true as inserted`,
      );
      counts = addCounts(counts, countsOf(returned, links.length));
    }
    // The members of a topic's class are enrolled in that topic, as a member added in 培训管理 is
    // (learning's enrolByCollege, here for the whole sheet in one statement): approved, an enrolment they
    // had keeps its state, a cancelled one is enrolled again. Every member of the sheet's classes, so a
    // class given its topic by this sheet enrols the members it already had.
    const codes = [...new Set([...classes.map((k) => k.code), ...plan.links.filter((l) => l.sheet === MEMBERS && !c.isBad(MEMBERS, l.row)).map((l) => l.code)])];
    if (codes.length) {
      await tx.execute(sql`insert into enrolments (person_id, install_id, status)
          select distinct m.person_id, k.install_id, 'approved' from class_members m join teacher_classes k on k.id = m.class_id
          where k.code = any(${arr(codes, 'text')}) and k.install_id is not null
          on conflict (person_id, install_id) do update set status = 'approved', applied_at = now(), cancelled_at = null
          where enrolments.status = 'cancelled'`);
    }
    return counts;
  },
};
