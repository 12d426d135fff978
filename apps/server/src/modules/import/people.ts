/**
 * People (learners and teachers), keyed by person number; the mobile number (the login name) is
 * unique too. Written in batches of multi-row upserts (unnest of one array per column), so 100,000
 * rows are a few dozen statements. A new person gets no password (no credential row: every password
 * fails, as for an unknown number) until they set one by SMS, unless the sheet gives an initial one
 * that meets the password rule; it is hashed only for people who have no password yet, so importing
 * the sheet again never changes a password a person has since set.
 */
import { sql } from 'drizzle-orm';
import { PASSWORD_PATTERN, POSITION_LEVELS, MSG } from '@portal/contract';
import { hashPassword } from '../../lib/crypto.ts';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { arr, chunks, countsOf, addCounts, firstOf, rowsOf, SLICE, ZERO, type Counts } from './engine.ts';
import type { Kind } from './kind.ts';

const SHEET = '人员';
export const PEOPLE_COLUMNS = {
  no: '人员编号',
  name: '姓名',
  mobile: '手机号',
  unit: '单位',
  level: '职级',
  nation: '民族',
  gender: '性别',
  type: '人员类型',
  createuser: '账号来源',
  explain: '备注标记',
  password: '初始密码',
} as const;
const C = PEOPLE_COLUMNS;
const TYPES = { 学员: 1, 教师: 4 } as const;
const GENDERS = { 男: 0, 女: 1 } as const;
const LEVELS = Object.fromEntries(POSITION_LEVELS.map((name, i) => [name, i + 1])) as Record<string, number>;
/** How many rows one statement writes (11 arrays; PostgreSQL takes them as 11 parameters). */
const BATCH = 5000;
/** Rows one statement reads or writes on the embedded database, where it holds every other call meanwhile. */
const EMBEDDED_BATCH = 500;

export interface PersonRow {
  row: number;
  no: string;
  name: string;
  mobile: string;
  organId: number;
  level: number;
  nation: string;
  gender: number;
  type: number;
  createuser: string;
  explain: string;
  password: string;
  /** Set by prepare: the hash of the initial password, for a person without one yet. */
  hash?: string;
  needsPassword: boolean;
}

export const peopleKind: Kind<{ rows: PersonRow[] }> = {
  kind: 'people',
  title: '人员',
  sheets: [
    {
      name: SHEET,
      columns: [
        { header: C.no, required: true, note: '培训管理系统中的人员编号（学号），全省唯一，重复导入以此识别同一人。', width: 14 },
        { header: C.name, required: true, note: '2至20个汉字或字母，少数民族和外国人姓名可含间隔号“·”。', width: 12 },
        { header: C.mobile, required: true, note: '11位手机号，登录账号，全省唯一。', width: 14 },
        { header: C.unit, required: true, note: '单位全称，须是已导入的单位（先导入“单位”模板）。', width: 28 },
        { header: C.level, required: true, note: `职级：${POSITION_LEVELS.join('、')}。`, width: 14 },
        { header: C.nation, note: '如 汉族、回族；不填为汉族。', width: 10 },
        { header: C.gender, required: true, note: '男 或 女。', width: 8 },
        { header: C.type, required: true, note: '学员 或 教师。', width: 10 },
        { header: C.createuser, note: '账号来源（createuser）：培训班账号填 train，其余不填（为 admin）。', width: 10 },
        { header: C.explain, note: '备注标记（explain）：培训班账号可参加在线考试的填 train；党校学员可填 党校。', width: 10 },
        { header: C.password, note: `选填。不填则本人须用手机短信验证码设置密码后才能登录；填写须符合密码规则：${MSG.passwordRule.replace(/^密码/, '')}。教师首次导入时必须填写。已有密码的人员不会被改动。`, width: 14 },
      ],
      example: [
        { [C.no]: 'S20260301', [C.name]: '王晓东', [C.mobile]: '13912340001', [C.unit]: '太原市审计局', [C.level]: '四级主任科员', [C.nation]: '汉族', [C.gender]: '男', [C.type]: '学员' },
        { [C.no]: 'S20260302', [C.name]: '李雪梅', [C.mobile]: '13912340002', [C.unit]: '太原市小店区人民政府办公室', [C.level]: '一级科员', [C.nation]: '回族', [C.gender]: '女', [C.type]: '学员' },
        { [C.no]: 'S20260303', [C.name]: '阿依古丽·买买提', [C.mobile]: '13912340003', [C.unit]: '吕梁市财政局', [C.level]: '二级主任科员', [C.nation]: '维吾尔族', [C.gender]: '女', [C.type]: '学员' },
        { [C.no]: 'S20260304', [C.name]: '赵志强', [C.mobile]: '13912340004', [C.unit]: '吕梁市离石区教育科技局', [C.level]: '四级调研员', [C.nation]: '汉族', [C.gender]: '男', [C.type]: '学员', [C.createuser]: 'train', [C.explain]: 'train', [C.password]: 'Lvliang@2026' },
        { [C.no]: 'J20260101', [C.name]: '孙丽萍', [C.mobile]: '13912340005', [C.unit]: '中共吕梁市委党校', [C.level]: '四级调研员', [C.nation]: '汉族', [C.gender]: '女', [C.type]: '教师', [C.password]: 'Jiaoshi#2026' },
      ],
    },
  ],
  instructions: ['人员编号、手机号均不能与其他人员重复；已存在的人员编号按本表更新姓名、手机号、单位等信息。'],

  async check(c, { db, embedded }) {
    const units = new Map((await rowsOf<{ id: number; name: string }>(db, sql`select id, name from organs`)).map((u) => [u.name, u.id]));
    const parsed: (Omit<PersonRow, 'needsPassword'> | null)[] = [];
    const byNo = new Map<string, number>();
    const byMobile = new Map<string, number>();
    for await (const r of c.each(SHEET)) {
      const x = c.cells(SHEET, r);
      const no = x.text(C.no, { required: true, max: 32, pattern: /^[A-Za-z0-9_-]+$/, patternReason: '人员编号只能包含字母、数字、下划线和短横线' });
      const name = x.text(C.name, { required: true, pattern: /^[\u4e00-\u9fa5A-Za-z·•]{2,20}$/u, patternReason: '姓名只能包含汉字、字母和间隔号，2至20个字' });
      const mobile = x.text(C.mobile, { required: true, pattern: /^1\d{10}$/, patternReason: '手机号应为11位数字' });
      const unitName = x.text(C.unit, { required: true });
      const organId = unitName ? (units.get(unitName) ?? x.bad(C.unit, `单位“${unitName}”不存在，请先导入单位`)) : null;
      const level = x.choice(C.level, LEVELS, { required: true });
      const nation = x.text(C.nation, { pattern: /^[\u4e00-\u9fa5]{1,9}族$/u, patternReason: '民族应为“××族”，如汉族' });
      const gender = x.choice(C.gender, GENDERS, { required: true });
      const type = x.choice(C.type, TYPES, { required: true });
      const createuser = x.text(C.createuser, { max: 20, pattern: /^[A-Za-z0-9_]+$/, patternReason: '账号来源只能包含字母、数字和下划线' });
      const explain = x.text(C.explain, { max: 50 });
      const password = x.raw(C.password);
      if (password && !PASSWORD_PATTERN.test(password)) x.bad(C.password, `初始密码不符合规则：${MSG.passwordRule}`);
      if (no) firstOf(byNo, no, x, C.no, '人员编号');
      if (mobile) firstOf(byMobile, mobile, x, C.mobile, '手机号');
      const ok = no && name && mobile && organId && level && nation !== null && gender !== null && gender !== undefined && type && createuser !== null && explain !== null;
      parsed.push(ok ? { row: r.row, no, name, mobile, organId, level, nation: nation || '汉族', gender, type, createuser: createuser || 'admin', explain, password } : null);
    }
    const rows = parsed.filter((p): p is Omit<PersonRow, 'needsPassword'> => p !== null);

    // Against the portal: a number already there may change its details, but a mobile number belongs to one person.
    const existing = new Map<string, { no: string; mobile: string; hasPassword: boolean }>();
    const holders = new Map<string, string>();
    for (const part of chunks(rows, embedded ? EMBEDDED_BATCH : 20_000)) {
      const found = await rowsOf<{ person_no: string; mobile: string; has_password: boolean }>(
        db,
        sql`select p.person_no, p.mobile, exists (select 1 from credentials c where c.person_id = p.person_id and c.password_hash <> '') as has_password
            from persons p where p.person_no = any(${arr(part.map((r) => r.no), 'text')}) or p.mobile = any(${arr(part.map((r) => r.mobile), 'text')})`,
      );
      for (const f of found) {
        existing.set(f.person_no, { no: f.person_no, mobile: f.mobile, hasPassword: f.has_password });
        holders.set(f.mobile, f.person_no);
      }
    }
    const out: PersonRow[] = [];
    const mobileOf = new Map(rows.map((q) => [q.no, q.mobile]));
    for (const [i, p] of rows.entries()) {
      if (i > 0 && i % SLICE === 0) await yieldToLoop();
      const holder = holders.get(p.mobile);
      if (holder !== undefined && holder !== p.no) {
        // The holder may be giving the number up in this very sheet; then the swap is fine.
        const given = mobileOf.get(holder);
        const givesUp = given !== undefined && given !== p.mobile;
        if (!givesUp) c.problem(SHEET, p.row, C.mobile, `手机号${p.mobile}已被人员编号${holder}使用`);
      }
      const needsPassword = !existing.get(p.no)?.hasPassword;
      if (p.type === 4 && needsPassword && !p.password) c.problem(SHEET, p.row, C.password, '教师须填写初始密码（符合密码规则），否则无法登录班级管理');
      out.push({ ...p, needsPassword });
    }
    return { rows: out };
  },

  async prepare(plan, c) {
    // Hash only what will be written: initial passwords of good rows of people without one.
    const todo = plan.rows.filter((p) => p.password && p.needsPassword && !c.isBad(SHEET, p.row));
    // argon2 runs on libuv's pool (4 threads), off the event loop; two at a time leave the other two
    // to logins, file reads and zlib, which would otherwise queue behind a sheet of passwords.
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const p = todo[next++]!;
        p.hash = await hashPassword(p.password);
      }
    };
    await Promise.all(Array.from({ length: 2 }, worker));
  },

  async write(tx, plan, c, env) {
    const batch = env.embedded ? EMBEDDED_BATCH : BATCH;
    const rows = plan.rows.filter((p) => !c.isBad(SHEET, p.row));
    let counts: Counts = ZERO;
    // Mobile numbers may change hands inside the sheet: whoever changes number lets go of the old one
    // first, or the unique index would trip mid-batch (check() made sure no one else holds the new one).
    for (const part of chunks(rows, env.embedded ? EMBEDDED_BATCH : 20_000)) {
      await tx.execute(sql`
        update persons set mobile = '~' || person_id
        from unnest(${arr(part.map((p) => p.no), 'text')}, ${arr(part.map((p) => p.mobile), 'text')}) as g(no, mobile)
        where persons.person_no = g.no and persons.mobile <> g.mobile`);
    }
    for (const part of chunks(rows, batch)) {
      const col = <T>(f: (p: PersonRow) => T) => part.map(f);
      const returned = await rowsOf<{ inserted: boolean }>(
        tx,
        sql`insert into persons (person_no, person_name, mobile, organ_id, position_level_id, position_level_name, nation_name, gender, person_type, createuser, explain)
            select * from unnest(${arr(col((p) => p.no), 'text')}, ${arr(col((p) => p.name), 'text')}, ${arr(col((p) => p.mobile), 'text')}, ${arr(col((p) => p.organId), 'int')},
                                 ${arr(col((p) => p.level), 'int')}, ${arr(col((p) => POSITION_LEVELS[p.level - 1]!), 'text')}, ${arr(col((p) => p.nation), 'text')},
                                 ${arr(col((p) => p.gender), 'smallint')}, ${arr(col((p) => p.type), 'smallint')}, ${arr(col((p) => p.createuser), 'text')}, ${arr(col((p) => p.explain), 'text')})
            on conflict (person_no) do update set
              person_name = excluded.person_name, mobile = excluded.mobile, organ_id = excluded.organ_id, position_level_id = excluded.position_level_id,
              position_level_name = excluded.position_level_name, nation_name = excluded.nation_name, gender = excluded.gender, person_type = excluded.person_type,
              createuser = excluded.createuser, explain = excluded.explain, version = persons.version + 1
            where (persons.person_name, persons.mobile, persons.organ_id, persons.position_level_id, persons.position_level_name, persons.nation_name, persons.gender, persons.person_type, persons.createuser, persons.explain)
              is distinct from (excluded.person_name, excluded.mobile, excluded.organ_id, excluded.position_level_id, excluded.position_level_name, excluded.nation_name, excluded.gender, excluded.person_type, excluded.createuser, excluded.explain)
            returning (xmax = 0) as inserted`,
      );
      counts = addCounts(counts, countsOf(returned, part.length));
    }
    const withHash = rows.filter((p) => p.hash);
    for (const part of chunks(withHash, batch)) {
      // Only where there is no password yet (an empty hash is a lockout counter of someone without one).
      await tx.execute(sql`
        insert into credentials (person_id, password_hash)
        select persons.person_id, g.h from unnest(${arr(part.map((p) => p.no), 'text')}, ${arr(part.map((p) => p.hash), 'text')}) as g(no, h)
        join persons on persons.person_no = g.no
        on conflict (person_id) do update set password_hash = excluded.password_hash, changed_at = now() where credentials.password_hash = ''`);
    }
    return counts;
  },
};
