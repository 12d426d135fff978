import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { desc, eq, sql } from 'drizzle-orm';
import { auth, catalog, learning, MSG, operator, teacher as T, urlOf } from '@portal/contract';
import { PRODUCT } from '../../test/harness.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { auditLog, courses, persons, questions } from '../../db/schema/index.ts';
import { diskStorage } from '../../integrations/storage.ts';
import { makePlatform } from '../platform/service.ts';
import { IMPORT_KINDS, IMPORT_ORDER, KINDS, makeImporter, templateOf, type Importer, type ImportKind } from './service.ts';
import { MAX_ROWS, readWorkbook, TOO_MANY_ROWS } from './sheet.ts';
import { MAX_INFLATED_BYTES, NotAWorkbook, readXlsx, TOO_LARGE, TooLarge } from './xlsxReader.ts';
import { parseChinaTime } from './engine.ts';

const TEMPLATES = path.resolve(import.meta.dirname, '../../../import-templates');
const template = (kind: ImportKind) => readFileSync(path.join(TEMPLATES, `${kind}.xlsx`));

let t: TestApp;
let importer: Importer;
const actor = { personId: null, ip: 'command:test' };
const run = (kind: ImportKind, bytes: Buffer, opts: { partial?: boolean; baseDir?: string } = {}) => importer.run(kind, bytes, { ...opts, actor });
const count = async (table: string) => Number(((await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);

/** Every table an import writes, each as the hash of all its rows. */
async function fingerprint() {
  const tables = ['cities', 'organs', 'persons', 'credentials', 'categories', 'courses', 'course_resources', 'training_years', 'installs', 'plans', 'plan_courses', 'teacher_classes', 'class_teachers', 'class_members', 'questions'];
  const out: Record<string, string> = {};
  for (const table of tables) {
    const r = (await t.db.execute(sql.raw(`select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from ${table} x`))) as unknown as { rows: { h: string }[] };
    out[table] = r.rows[0]!.h;
  }
  return out;
}

/** A workbook of sheets given as header row + rows. */
async function sheetOf(sheets: Record<string, (string | number)[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = book.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
const OPERATOR_TOKEN = 'college-operator-token-import-0123456789';
const PEOPLE_HEAD = ['人员编号', '姓名', '手机号', '单位', '职级', '民族', '性别', '人员类型', '账号来源', '备注标记', '初始密码'];

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN });
  importer = makeImporter({ db: t.db, storage: diskStorage(path.join(t.config.DATA_DIR, 'uploads')), platform: makePlatform(t.db) });
});
afterAll(() => t.close());

describe('the templates', () => {
  it('are in step with the code: each committed template reads as the one the code writes', async () => {
    for (const kind of IMPORT_KINDS) {
      const names = KINDS[kind].sheets.map((s) => s.name);
      const committed = await readWorkbook(template(kind), names);
      const fresh = await readWorkbook(await templateOf(kind), names);
      expect(committed, `${kind}.xlsx: run npm run import:templates -w @portal/server`).toEqual(fresh);
      for (const s of KINDS[kind].sheets) expect(committed.get(s.name)?.headers).toEqual(s.columns.map((c) => c.header));
    }
  });

  it('reads cells as typed: numbers in full, date cells as China wall-clock text, rich text, formulas, entities', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('人员');
    ws.addRow(['手机号', '日期', '时间', '学时', '富文本', '公式', '符号']);
    ws.addRow([13800000001, new Date(Date.UTC(2026, 2, 1)), new Date(Date.UTC(2026, 2, 1, 9, 30)), 1.5, { richText: [{ text: '王' }, { text: '晓东', font: { bold: true } }] }, { formula: '"省委"&"党校"', result: '省委党校' }, '<甲&乙>']);
    ws.getCell('B2').numFmt = 'yyyy-mm-dd';
    ws.getCell('C2').numFmt = 'yyyy"年"m"月"d"日" hh:mm';
    const read = await readWorkbook(Buffer.from(await book.xlsx.writeBuffer()), ['人员']);
    expect(read.get('人员')?.rows).toEqual([{ row: 2, cells: { 手机号: '13800000001', 日期: '2026-03-01', 时间: '2026-03-01 09:30', 学时: '1.5', 富文本: '王晓东', 公式: '省委党校', 符号: '<甲&乙>' } }]);
  });

  it('China wall-clock dates in every written form, and impossible ones refused', () => {
    expect(parseChinaTime('2026-03-01')?.toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(parseChinaTime('2026/3/1 09:30')?.toISOString()).toBe('2026-03-01T01:30:00.000Z');
    expect(parseChinaTime('2026年3月1日')?.toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(parseChinaTime('2026-02-30')).toBeNull();
    expect(parseChinaTime('明天')).toBeNull();
  });
});

describe('the filled examples, in order, then again', () => {
  it('import cleanly, and a second import changes nothing', async () => {
    const before = { persons: await count('persons'), courses: await count('courses') };
    for (const kind of IMPORT_ORDER) {
      const { report } = await run(kind, template(kind));
      expect(report.problems, kind).toEqual([]);
      // Units: one new city (吕梁市) besides the five units; 太原市 is there already.
      expect(report, kind).toMatchObject({ written: true, badRows: 0, updated: 0, unchanged: kind === 'units' ? 1 : 0, created: report.rows + (kind === 'units' ? 1 : 0) });
    }
    expect(await count('persons')).toBe(before.persons + 5);
    expect(await count('courses')).toBe(before.courses + 2);
    const snapshot = await fingerprint();
    for (const kind of IMPORT_ORDER) {
      const { report } = await run(kind, template(kind));
      expect(report, kind).toMatchObject({ written: true, badRows: 0, created: 0, updated: 0 });
    }
    expect(await fingerprint()).toEqual(snapshot);
    expect(await count('persons')).toBe(before.persons + 5);
  });

  it('round trip: the imported teacher logs in and sees the imported class and its members; a learner finds the imported course and its chapters', async () => {
    const teacher = await t.login('13912340005', 'Jiaoshi#2026');
    const classes = (await t.call(T.findClass, { token: teacher })).json.obj as T.ClassSummary[];
    const cls = classes.find((c) => c.name === '2026年吕梁市科级干部网络专题学习班');
    expect(cls).toBeTruthy();
    const roster = (await t.call(T.findAddressList, { token: teacher, query: { classId: cls!.id, pageSize: 50 } })).json.obj as { list: { personName: string }[] };
    expect(roster.list.map((m) => m.personName).sort()).toEqual(['赵志强', '阿依古丽·买买提'].sort());

    const learner = await t.login('13912340004', 'Lvliang@2026');
    // A member of a topic's class is enrolled in that topic: it is on their pages (among the finished
    // ones once its dates are past), approved.
    const topics: { title: string }[] = [];
    for (const finished of ['false', 'true']) topics.push(...((await t.call(learning.findMyInstallList, { token: learner, query: { finished, pageNum: 1, pageSize: 20 } })).json.obj as { list: { title: string }[] }).list);
    const rowsOf = async <R,>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: R[] }).rows;
    const [topic] = await rowsOf<{ title: string }>(sql`select title from installs where code = 'XM2026-ZT07'`);
    expect(topics.map((i) => i.title)).toContain(topic!.title);
    const [enrolment] = await rowsOf<{ status: string }>(sql`select e.status from enrolments e join installs i on i.id = e.install_id join persons p on p.person_id = e.person_id where i.code = 'XM2026-ZT07' and p.person_no = 'S20260304'`);
    expect(enrolment?.status).toBe('approved');
    const [row] = await t.db.select({ id: courses.id }).from(courses).where(eq(courses.code, 'KC2026-0101'));
    const found = (await t.call(catalog.findCourseByPage, { query: { keyword: '新质生产力', pageSize: 10 } })).json.obj as { list: { id: number; title: string }[] };
    expect(found.list.map((c) => c.id)).toContain(row!.id);
    const detail = (await t.call(catalog.findCourseById, { token: learner, query: { id: row!.id } })).json.obj as catalog.CourseDetail;
    expect(detail).toMatchObject({ title: '因地制宜发展新质生产力', lecturer: '杨文博' });
    expect(detail.resources.map((r) => [r.title, r.kind])).toEqual([
      ['第一讲 新质生产力的科学内涵', 'video'],
      ['第二讲 培育壮大新兴产业和未来产业', 'video'],
      ['学习辅导材料（文字课件）', 'pdf'],
    ]);
    const bank = await t.db.select().from(questions).where(eq(questions.bank, '法律法规'));
    expect(bank.find((q) => q.type === 'fill' && q.stem.startsWith('《行政复议法》'))?.answer).toEqual(['六十', '60']);
  });

  it('a person imported without a password cannot log in until they set one by SMS', async () => {
    await expect(t.login('13912340001', 'Study@2026')).rejects.toThrow();
    const { id, code } = await t.smsCode('13912340001');
    const r = await t.call(auth.modifyPassword, { body: { captcha: code, captcha_session_id: id, mobile: '13912340001', password: 'Wang@2026' } });
    expect(r.json.code).toBe(0);
    expect(await t.login('13912340001', 'Wang@2026')).toBeTruthy();
    // Importing the sheet again, now with an initial password, leaves the one they set.
    const sheet = await sheetOf({ 人员: [PEOPLE_HEAD, ['S20260301', '王晓东', '13912340001', '太原市审计局', '四级主任科员', '汉族', '男', '学员', '', '', 'Other@2026']] });
    expect((await run('people', sheet)).report).toMatchObject({ written: true, badRows: 0, unchanged: 1 });
    expect(await t.login('13912340001', 'Wang@2026')).toBeTruthy();
  });
});

describe('while a large sheet is written', () => {
  // The embedded database has one connection: a write held in one transaction kept every other call
  // waiting until it ended. There it goes statement by statement, so a reader gets in
  // between and sees the rows arrive; on PostgreSQL it stays one transaction: none or all (ADR 0031).
  it('other calls get in between on the embedded database; on PostgreSQL a reader sees none or all', async () => {
    const names = ['张建华', '李秀英', '王志强', '刘海燕', '陈国栋', '杨丽萍', '赵文博', '黄晓梅'];
    const rows = Array.from({ length: 3000 }, (_, i) => [`W2026${String(i).padStart(5, '0')}`, names[i % names.length]!, `1371${String(i).padStart(7, '0')}`, '太原市财政局', '一级科员', '汉族', i % 2 ? '女' : '男', '学员', '', '', '']);
    const sheet = await sheetOf({ 人员: [PEOPLE_HEAD, ...rows] });
    const seen = new Set<number>();
    let done = false;
    const importing = run('people', sheet).finally(() => (done = true));
    // A reader as a request would be: one query per turn of the event loop (the import yields to it too).
    while (!done) {
      seen.add(Number(((await t.db.execute(sql`select count(*)::int as n from persons where person_no like 'W2026%'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n));
      await new Promise((r) => setImmediate(r));
    }
    const result = await importing;
    expect(result.report).toMatchObject({ created: 3000, written: true });
    const between = [...seen].filter((n) => n > 0 && n < 3000);
    if (process.env.TEST_DATABASE_URL) expect(between).toEqual([]);
    else expect(between.length).toBeGreaterThan(1);
  });
});

describe('bad people sheets', () => {
  const rows: (string | number)[][] = [
    PEOPLE_HEAD,
    ['S30000001', '周明', '13955550001', '太原市财政局', '一级科员', '汉族', '男', '学员', '', '', ''], // row 2: good
    ['S30000002', '吴芳', '13955550001', '太原市财政局', '一级科员', '汉族', '女', '学员', '', '', ''], // 3: mobile repeats row 2
    ['S30000003', '郑强', '13800000001', '太原市财政局', '一级科员', '汉族', '男', '学员', '', '', ''], // 4: mobile of 张伟
    ['S30000004', '冯丽', '13955550004', '不存在的单位', '一级科员', '汉族', '女', '学员', '', '', ''], // 5: unknown unit
    ['J30000001', '陈刚', '13955550005', '太原市财政局', '四级调研员', '汉族', '男', '教师', '', '', ''], // 6: teacher without password
    ['S30000006', '韩梅', '13955550006', '太原市财政局', '一级科员', '汉族', '女', '学员', '', '', 'abcdefgh'], // 7: weak password
    ['S30000001', '周明', '13955550007', '太原市财政局', '处长', '汉', '未知', '干部', '', '', ''], // 8: number repeats, level, nation, gender, type
    ['', '李', '1395555', '', '', '', '', '', '', '', ''], // 9: empties and formats
  ];

  it('report every bad row with its row, column and Chinese reason, and write nothing', async () => {
    const before = await count('persons');
    const { report, rejects } = await run('people', await sheetOf({ 人员: rows }));
    expect(report).toMatchObject({ written: false, rows: 8, badRows: 7, created: 0 });
    expect(rejects).toBeNull();
    const at = (row: number) => report.problems.filter((p) => p.row === row).map((p) => `${p.column}：${p.reason}`);
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual(['手机号：手机号在本表中重复（与第2行相同）']);
    expect(at(4)).toEqual(['手机号：手机号13800000001已被人员编号S20260001使用']);
    expect(at(5)).toEqual(['单位：单位“不存在的单位”不存在，请先导入单位']);
    expect(at(6)).toEqual(['初始密码：教师须填写初始密码（符合密码规则），否则无法登录班级管理']);
    expect(at(7)[0]).toMatch(/^初始密码：初始密码不符合规则：密码至少需要8位/);
    expect(at(8)).toEqual([
      '职级：职级“处长”不正确，应为：试用期人员、一级科员、四级主任科员、二级主任科员、四级调研员、二级调研员、一级巡视员、其他人员',
      '民族：民族应为“××族”，如汉族',
      '性别：性别“未知”不正确，应为：男、女',
      '人员类型：人员类型“干部”不正确，应为：学员、教师',
      '人员编号：人员编号在本表中重复（与第2行相同）',
    ]);
    expect(at(9)).toEqual(['人员编号：人员编号不能为空', '姓名：姓名只能包含汉字、字母和间隔号，2至20个字', '手机号：手机号应为11位数字', '单位：单位不能为空', '职级：职级不能为空', '性别：性别不能为空', '人员类型：人员类型不能为空']);
    expect(await count('persons')).toBe(before);
  });

  it('--partial writes the good rows and answers the bad ones in a rejects workbook with their reasons', async () => {
    const { report, rejects } = await run('people', await sheetOf({ 人员: rows }), { partial: true });
    expect(report).toMatchObject({ written: true, partial: true, badRows: 7, created: 1 });
    const [p] = await t.db.select().from(persons).where(eq(persons.personNo, 'S30000001'));
    expect(p).toMatchObject({ personName: '周明', mobile: '13955550001' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(rejects! as unknown as ArrayBuffer);
    const ws = book.getWorksheet('人员')!;
    expect(ws.rowCount).toBe(8);
    expect(ws.getRow(1).getCell(12).value).toBe('错误原因');
    expect(ws.getRow(2).getCell(1).value).toBe('S30000002');
    expect(ws.getRow(2).getCell(12).value).toBe('原第3行：手机号：手机号在本表中重复（与第2行相同）');
    // The rejects, corrected, import as a sheet of their own.
    ws.getRow(2).getCell(3).value = '13955550002';
    const again = await run('people', Buffer.from(await book.xlsx.writeBuffer()), { partial: true });
    expect(again.report.created).toBe(1);
  });

  it('a missing column or sheet, or a file that is no workbook, is reported once and writes nothing', async () => {
    const noMobile = await run('people', await sheetOf({ 人员: [PEOPLE_HEAD.filter((h) => h !== '手机号'), ['S30000009', '周明', '太原市财政局', '一级科员', '汉族', '男', '学员']] }));
    expect(noMobile.report.problems).toEqual([{ sheet: '人员', row: 1, column: '手机号', reason: '缺少列“手机号”，请使用导入模板' }]);
    expect(noMobile.report.written).toBe(false);
    expect((await run('people', await sheetOf({ Sheet1: [PEOPLE_HEAD] }))).report.problems[0]?.reason).toBe('缺少工作表“人员”，请使用导入模板');
    expect((await run('people', Buffer.from('人员编号,姓名\n'))).report.problems[0]?.reason).toBe('文件不是有效的Excel工作簿（.xlsx）');
  });

  it('mobile numbers may change hands within one sheet', async () => {
    const head = PEOPLE_HEAD;
    const a = ['S30000011', '周甲', '13955551001', '太原市财政局', '一级科员', '汉族', '男', '学员', '', '', ''];
    const b = ['S30000012', '周乙', '13955551002', '太原市财政局', '一级科员', '汉族', '男', '学员', '', '', ''];
    expect((await run('people', await sheetOf({ 人员: [head, a, b] }))).report.created).toBe(2);
    const swapped = await run('people', await sheetOf({ 人员: [head, { ...a, 2: '13955551002' }, { ...b, 2: '13955551001' }].map((r) => Object.values(r)) }));
    expect(swapped.report).toMatchObject({ written: true, updated: 2, problems: [] });
  });
});

/** A zip of deflated entries, each with the uncompressed size its central directory declares (true or not). */
function zipOf(entries: { name: string; data: Buffer; size: number }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(20, 6);
    head.writeUInt16LE(8, 10);
    head.writeUInt32LE(e.data.length, 20);
    head.writeUInt32LE(e.size, 24);
    head.writeUInt16LE(name.length, 28);
    head.writeUInt32LE(offset, 42);
    parts.push(local, name, e.data);
    central.push(head, name);
    offset += 30 + name.length + e.data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}
/** `head`, then `unit` repeated to `bytes`, deflated as a stream (the text is never whole in memory). */
async function deflatedRepeat(head: string, unit: string, bytes: number): Promise<Buffer> {
  const z = createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  z.on('data', (c: Buffer) => out.push(c));
  const chunk = Buffer.from(unit.repeat(Math.ceil((1024 * 1024) / Buffer.byteLength(unit))));
  z.write(head);
  for (let n = Buffer.byteLength(head); n < bytes; n += chunk.length) if (!z.write(chunk)) await once(z, 'drain');
  z.end();
  await once(z, 'end');
  return Buffer.concat(out);
}
/** A people workbook whose sheet part is `sheet` (deflated), declared as `size` bytes. */
function peopleBook(sheet: Buffer, size: number): Buffer {
  const part = (name: string, xml: string) => ({ name, data: deflateRawSync(xml), size: Buffer.byteLength(xml) });
  return zipOf([
    part('xl/workbook.xml', '<workbook xmlns:r="r"><sheets><sheet name="人员" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    part('xl/_rels/workbook.xml.rels', '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
    { name: 'xl/worksheets/sheet1.xml', data: sheet, size },
  ]);
}
const ROW = '<row><c t="inlineStr"><is><t>王</t></is></c></row>';
const SHEET_HEAD = '<worksheet><sheetData><row><c t="inlineStr"><is><t>人员编号</t></is></c></row>';

describe('workbooks past the bounds', () => {
  // A sheet part of 64 MB more than the bound (rows of one cell), deflated to about a megabyte.
  let bomb: { data: Buffer; size: number };
  beforeAll(async () => {
    const size = MAX_INFLATED_BYTES + 64 * 1024 * 1024;
    bomb = { data: await deflatedRepeat(SHEET_HEAD, ROW, size), size };
  });
  const read = async (bytes: Buffer) => {
    const count = { inflated: 0 };
    const error = await readXlsx(bytes, ['人员'], { sheet: () => undefined, row: () => undefined }, count).then(
      () => null,
      (e: unknown) => e,
    );
    return { error, inflated: count.inflated };
  };

  it('a part whose declared size is past the bound is refused before any of it is inflated', async () => {
    const book = peopleBook(bomb.data, bomb.size);
    expect(book.length).toBeLessThan(4 * 1024 * 1024);
    const { error, inflated } = await read(book);
    expect(error).toBeInstanceOf(TooLarge);
    // Only the workbook and its relationships (a few hundred bytes) were inflated.
    expect(inflated).toBeLessThan(1024);
    const { report } = await run('people', book);
    expect(report.problems).toEqual([{ sheet: '', row: 0, column: '', reason: TOO_LARGE }]);
    expect(TOO_LARGE).toContain(`${MAX_INFLATED_BYTES / 1024 / 1024}MB`);
    expect(report.written).toBe(false);
  });

  it('a part that inflates past the size it declares (a lying directory) is stopped there', async () => {
    const { error, inflated } = await read(peopleBook(bomb.data, 100_000));
    expect(error).toBeInstanceOf(NotAWorkbook);
    // Stopped within a chunk (64 KB) of the declared size, not after the bound nor the whole part.
    expect(inflated).toBeLessThan(100_000 + 65_536 + 1024);
    expect((await run('people', peopleBook(bomb.data, 100_000))).report.problems[0]?.reason).toBe('文件不是有效的Excel工作簿（.xlsx）');
  });

  it(`more than ${MAX_ROWS} data rows are refused with the bound named`, async () => {
    const rows = MAX_ROWS + 1;
    const size = Buffer.byteLength(SHEET_HEAD) + rows * ROW.length + 64 * 1024;
    const sheet = await deflatedRepeat(SHEET_HEAD, ROW, size);
    await expect(readWorkbook(peopleBook(sheet, size * 2), ['人员'])).rejects.toThrow(TOO_MANY_ROWS);
    expect(TOO_MANY_ROWS).toContain(String(MAX_ROWS));
  });
});

describe('bad sheets of the other kinds', () => {
  it('units: a new city needs its platform address; a unit named twice', async () => {
    const { report } = await run('units', await sheetOf({ 单位: [['所属城市', '二级平台地址', '单位名称'], ['晋中市', '', '晋中市审计局'], ['新城市', '', '新城市财政局'], ['晋中市', 'ftp://x', '晋中市审计局']] }));
    expect(report.problems.map((p) => [p.row, p.column, p.reason])).toEqual([
      [3, '二级平台地址', '城市“新城市”不存在，新建城市须填写二级平台地址'],
      [4, '二级平台地址', '二级平台地址应以 http:// 或 https:// 开头'],
      [4, '单位名称', '单位名称在本表中重复（与第2行相同）'],
    ]);
  });

  it('classes: unknown install, a teacher who is not one, an unknown person, a member of a bad class', async () => {
    const { report } = await run(
      'classes',
      await sheetOf({
        班级: [
          ['班级编号', '班级名称', '培训项目编号', '学习开始日期', '学习结束日期', '要求学时'],
          ['BJ9001', '第一期科级干部网络学习班', 'XM-NONE', '2026-03-01', '2026-06-30', 10],
          ['BJ9002', '第二期科级干部网络学习班', '', '2026-07-01', '2026-06-30', 10.3],
        ],
        班级教师: [['班级编号', '人员编号'], ['BJ9003', 'S20260001'], ['BJ9001', 'S20260001']],
        班级学员: [['班级编号', '人员编号'], ['BJ9002', 'S20260001'], ['BJ9001', 'NOBODY']],
      }),
    );
    expect(report.written).toBe(false);
    expect(report.problems.map((p) => [p.sheet, p.row, p.column, p.reason])).toEqual([
      ['班级', 2, '培训项目编号', '培训项目编号“XM-NONE”不存在，请先导入培训计划'],
      ['班级', 3, '学习结束日期', '学习结束日期不能早于开始日期'],
      ['班级', 3, '要求学时', '要求学时须为0.5的整数倍'],
      ['班级教师', 2, '班级编号', '班级编号“BJ9003”不存在，请在“班级”表中填写'],
      ['班级教师', 2, '人员编号', '人员编号“S20260001”不是教师，班级教师的人员类型须为教师'],
      ['班级教师', 3, '班级编号', '班级“BJ9001”在“班级”表第2行有错误'],
      ['班级教师', 3, '人员编号', '人员编号“S20260001”不是教师，班级教师的人员类型须为教师'],
      ['班级学员', 2, '班级编号', '班级“BJ9002”在“班级”表第3行有错误'],
      ['班级学员', 3, '班级编号', '班级“BJ9001”在“班级”表第2行有错误'],
      ['班级学员', 3, '人员编号', '人员编号“NOBODY”不存在，请先导入人员'],
    ]);
  });

  it('plans: an unknown course and plan; courses: chapters of an unknown course, missing media and a file beside the sheet', async () => {
    const plans = await run(
      'plans',
      await sheetOf({
        培训项目: [['项目编号', '年度', '项目名称', '项目类型', '报名开始', '报名截止', '培训开始', '培训结束', '要求学时'], ['XM9001', 2026, '法治政府建设专题培训（第二期）', '讲座', '2026-03-01', '2026-03-31', '2026-03-01', '2026-04-30', 8]],
        学习计划: [['项目编号', '计划名称', '要求学时']],
        计划课程: [['项目编号', '计划名称', '课程编号', '课程性质'], ['XM9001', '专题必修', 'KC-NONE', '必须']],
      }),
    );
    expect(plans.report.problems.map((p) => [p.sheet, p.row, p.column, p.reason])).toEqual([
      ['培训项目', 2, '项目类型', '项目类型“讲座”不正确，应为：年度培训、专题培训、培训班'],
      ['计划课程', 2, '课程性质', '课程性质“必须”不正确，应为：必修、选修'],
      ['计划课程', 2, '项目编号', '项目“XM9001”在“培训项目”表第2行有错误'],
      ['计划课程', 2, '课程编号', '课程编号“KC-NONE”不存在，请先导入课程'],
    ]);

    const dir = mkdtempSync(path.join(tmpdir(), 'import-media-'));
    writeFileSync(path.join(dir, 'lecture.mp4'), Buffer.from('not really a video, but bytes'));
    const head = ['课程编号', '章节序号', '章节名称', '章节类型', '媒体文件', '时长（秒）', '页数', '最少阅读（秒）'];
    const sheet = await sheetOf({
      课程: [['课程编号', '课程名称', '主讲人', '一级分类', '二级分类', '学时'], ['KC9001', '机关公文写作规范', '黄宏斌', '履职能力', '公文写作', 1]],
      章节: [head, ['KC9001', 1, '第一讲 公文格式', '视频', 'lecture.mp4', 900], ['KC9001', 2, '第二讲 公文语言', '视频', 'missing.mp4', 900], ['KC9999', 1, '讲义', '文档', '/media/x.pdf', '', ''], ['KC9001', 1, '重复序号', '视频', '/media/v.mp4', 0]],
    });
    const overHttp = await run('courses', sheet);
    expect(overHttp.report.problems.find((p) => p.row === 2)?.reason).toBe('通过接口导入时媒体文件须为网址（http(s):// 或 / 开头）');
    const { report } = await run('courses', sheet, { baseDir: dir, partial: true });
    expect(report.problems.map((p) => [p.row, p.column, p.reason])).toEqual([
      [3, '媒体文件', '找不到媒体文件“missing.mp4”（相对于表格所在的文件夹）'],
      [4, '课程编号', '课程编号“KC9999”不存在，请在“课程”表中填写'],
      [4, '页数', '页数不能为空'],
      [4, '最少阅读（秒）', '最少阅读（秒）不能为空'],
      [5, '章节序号', '该课程的章节序号在本表中重复（与第2行相同）'],
      [5, '时长（秒）', '时长（秒）不能小于1'],
    ]);
    expect(report).toMatchObject({ written: true, created: 2 });
    const url = ((await t.db.execute(sql`select r.media_url from course_resources r join courses c on c.id = r.course_id where c.code = 'KC9001'`)) as unknown as { rows: { media_url: string }[] }).rows[0]!.media_url;
    expect(url).toMatch(/^\/uploads\/import\/[0-9a-f]{32}\.mp4$/);
    expect(readFileSync(path.join(t.config.DATA_DIR, url.replace('/uploads/', 'uploads/'))).toString()).toBe('not really a video, but bytes');
    // The same sheet again: the file is the same address, nothing changes.
    expect((await run('courses', sheet, { baseDir: dir, partial: true })).report).toMatchObject({ created: 0, updated: 0 });
  });

  it('questions: every type checked', async () => {
    const head = ['题库', '题型', '题干', '选项A', '选项B', '选项C', '选项D', '答案', '解析'];
    const { report } = await run(
      'questions',
      await sheetOf({
        试题: [
          head,
          ['党史党建', '单选题', '党的最高理想是？', '共产主义', '小康社会', '', '', 'AB', ''],
          ['党史党建', '单选题', '党的宗旨是？', '为人民服务', '', '', '', 'A', ''],
          ['党史党建', '多选题', '“四个意识”包括？', '政治意识', '大局意识', '核心意识', '看齐意识', 'A', ''],
          ['党史党建', '多选题', '“四个自信”包括？', '道路自信', '理论自信', '', '文化自信', 'ABD', ''],
          ['党史党建', '判断题', '遵义会议于1935年召开。', '', '', '', '', '是', ''],
          ['党史党建', '填空题', '党的根本宗旨是全心全意为人民服务。', '', '', '', '', '人民', ''],
          ['党史党建', '问答题', '谈谈学习体会。', '', '', '', '', '略', ''],
          ['党史党建', '单选题', '党的最高理想是？', '共产主义', '小康社会', '', '', 'E', ''],
        ],
      }),
    );
    expect(report.problems.map((p) => [p.row, p.column, p.reason])).toEqual([
      [2, '答案', '单选题的答案只能是一个选项'],
      [3, '选项B', '单选题至少需要A、B两个选项'],
      [4, '答案', '多选题的答案至少两个选项'],
      [5, '选项C', '选项C为空，选项须连续填写'],
      [6, '答案', '判断题的答案“是”不正确，应为 对 或 错'],
      [7, '题干', '填空题的题干须用下划线（如 ____）标出填空处'],
      [8, '题型', '题型“问答题”不正确，应为：单选题、多选题、判断题、填空题'],
      [9, '题干', '该题库的这道题在本表中重复（与第2行相同）'],
      [9, '答案', '答案“E”不正确，应为选项字母 AB 中的一个'],
    ]);
  });

  it('every run is audited', async () => {
    expect(await count(`audit_log where event = 'import'`)).toBeGreaterThan(10);
  });
});

/** The newest import entry of the audit log. */
const lastImportAudit = async () => (await t.db.select().from(auditLog).where(eq(auditLog.event, 'import')).orderBy(desc(auditLog.id)).limit(1))[0];

describe('every attempt is audited, and one that wrote nothing says so and why', () => {
  const good = ['S50000001', '严文', '13988880001', '太原市财政局', '一级科员', '汉族', '男', '学员', '', '', ''];
  const bad = ['S50000002', '严武', '1398888', '太原市财政局', '一级科员', '汉族', '男', '学员', '', '', ''];
  const cases: { what: string; bytes: () => Promise<Buffer> | Buffer; partial?: boolean; outcome: string; message: string; written: boolean }[] = [
    { what: 'a file that is not an .xlsx', bytes: () => Buffer.from('人员编号,姓名\n'), outcome: 'refused', message: '未写入任何数据：文件不是有效的Excel工作簿（.xlsx）', written: false },
    { what: 'the template of another kind', bytes: () => template('units'), outcome: 'refused', message: '未写入任何数据：缺少工作表“人员”，请使用导入模板', written: false },
    { what: 'a sheet without the required columns', bytes: () => sheetOf({ 人员: [['姓名'], ['严文']] }), outcome: 'refused', message: '未写入任何数据：缺少列“人员编号”，请使用导入模板（共6处问题）', written: false },
    { what: 'an empty sheet', bytes: () => sheetOf({ 人员: [PEOPLE_HEAD] }), outcome: 'refused', message: '没有可导入的数据：工作表为空', written: false },
    { what: 'an empty sheet, partial', bytes: () => sheetOf({ 人员: [PEOPLE_HEAD] }), partial: true, outcome: 'refused', message: '没有可导入的数据：工作表为空', written: false },
    { what: 'a bad row', bytes: () => sheetOf({ 人员: [PEOPLE_HEAD, good, bad] }), outcome: 'refused', message: '未写入任何数据：1行有错误，改正后重新导入，或部分导入只写入正确的行', written: false },
    { what: 'only bad rows, partial', bytes: () => sheetOf({ 人员: [PEOPLE_HEAD, bad] }), partial: true, outcome: 'refused', message: '未写入任何数据：全部1行都有错误', written: false },
    { what: 'a bad row, partial', bytes: () => sheetOf({ 人员: [PEOPLE_HEAD, good, bad] }), partial: true, outcome: 'partial', message: '已写入：新增1，更新0，未变0（部分导入）；错误1行未写入', written: true },
    { what: 'good rows only', bytes: () => sheetOf({ 人员: [PEOPLE_HEAD, good] }), outcome: 'ok', message: '已写入：新增0，更新0，未变1', written: true },
  ];
  for (const c of cases) {
    it(`${c.what}: ${c.message}`, async () => {
      const result = await importer.run('people', await c.bytes(), { partial: c.partial ?? false, file: '人员.xlsx', actor });
      expect(result).toMatchObject({ outcome: c.outcome, message: c.message, report: { written: c.written } });
      expect(await lastImportAudit()).toMatchObject({
        target: 'people',
        ip: actor.ip,
        outcome: c.outcome === 'refused' ? 'failure' : 'success',
        detail: { result: c.outcome, reason: c.message, file: '人员.xlsx', partial: c.partial ?? false },
      });
    });
  }
});

describe("the operator's HTTP call", () => {
  const upload = (bytes: Buffer, query: string, authorization?: string) => {
    const boundary = '----portalimport';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return t.app.inject({
      method: 'POST',
      url: `${urlOf(operator.importData, PRODUCT)}?${query}`,
      payload: Buffer.concat([head, bytes, tail]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(authorization === undefined ? {} : { authorization }) },
    });
  };
  const sheet = () =>
    sheetOf({
      人员: [
        PEOPLE_HEAD,
        ['S40000001', '郝建华', '13966660001', '太原市财政局', '一级科员', '汉族', '男', '学员', '', '', ''],
        ['S40000002', '孔丽', '13966660001', '太原市财政局', '一级科员', '汉族', '女', '学员', '', '', ''],
      ],
    });

  it('is refused to a portal person and to a wrong token, and writes nothing', async () => {
    const learner = await t.login('13800000001');
    const teacher = await t.login('13800000004', 'Teach@2026');
    for (const who of [undefined, learner, teacher, `Bearer ${OPERATOR_TOKEN.slice(0, -1)}x`]) {
      const r = await upload(await sheet(), 'kind=people&partial=true', who);
      expect(r.statusCode, String(who)).toBe(401);
      expect(r.json().message).toBe(MSG.operatorTokenWrong);
    }
    expect(await count(`persons where person_no like 'S4000000%'`)).toBe(0);
  });

  it('with the operator token: answers the report, writes nothing while a row is bad, and with partial=true writes the good row and answers the rejects', async () => {
    const all = await upload(await sheet(), 'kind=people', `Bearer ${OPERATOR_TOKEN}`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ code: 0, data: { kind: 'people', written: false, rows: 2, badRows: 1, rejects: null, problems: [{ sheet: '人员', row: 3, column: '手机号', reason: '手机号在本表中重复（与第2行相同）' }] } });
    expect(await count(`persons where person_no like 'S4000000%'`)).toBe(0);
    const partial = await upload(await sheet(), 'kind=people&partial=true', `Bearer ${OPERATOR_TOKEN}`);
    expect(partial.json().data).toMatchObject({ written: true, created: 1, badRows: 1 });
    const rejects = new ExcelJS.Workbook();
    await rejects.xlsx.load(Buffer.from(partial.json().data.rejects as string, 'base64') as unknown as ArrayBuffer);
    expect(rejects.getWorksheet('人员')!.getRow(2).getCell(1).value).toBe('S40000002');
    expect(await count(`audit_log where event = 'import' and ip like 'operator:%'`)).toBe(2);
  });

  it('an unknown kind or no file is a clear refusal; no file is audited', async () => {
    const badKind = await upload(await sheet(), 'kind=teachers', `Bearer ${OPERATOR_TOKEN}`);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toMatch(/^导入类型不正确/);
    const noFile = await t.app.inject({ method: 'POST', url: `${urlOf(operator.importData, PRODUCT)}?kind=people`, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    expect(noFile.json()).toMatchObject({ message: '请在 file 字段上传导入模板（.xlsx）' });
    expect(await lastImportAudit()).toMatchObject({ target: 'people', outcome: 'failure', detail: { result: 'refused', reason: '未写入任何数据：请在 file 字段上传导入模板（.xlsx）' } });
  });

  it('a workbook over the size limit is refused (413) and audited like any other refused file', async () => {
    const big = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(operator.IMPORT_MAX_BYTES)]);
    const r = await upload(big, 'kind=people&partial=true', `Bearer ${OPERATOR_TOKEN}`);
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toBe(operator.importData.upload!.tooLarge);
    expect(await lastImportAudit()).toMatchObject({
      target: 'people',
      ip: expect.stringMatching(/^operator:/) as unknown,
      outcome: 'failure',
      detail: { result: 'refused', reason: `未写入任何数据：${operator.importData.upload!.tooLarge}`, partial: true },
    });
  });

  it('answers in its message what became of the file, never 成功 when nothing was written', async () => {
    const empty = await upload(await sheetOf({ 人员: [PEOPLE_HEAD] }), 'kind=people', `Bearer ${OPERATOR_TOKEN}`);
    expect(empty.json()).toMatchObject({ code: 0, message: '没有可导入的数据：工作表为空', data: { written: false, rows: 0 } });
    const notXlsx = await upload(Buffer.from('not a workbook'), 'kind=people', `Bearer ${OPERATOR_TOKEN}`);
    expect(notXlsx.json()).toMatchObject({ message: '未写入任何数据：文件不是有效的Excel工作簿（.xlsx）', data: { written: false } });
    expect(await lastImportAudit()).toMatchObject({ ip: expect.stringMatching(/^operator:/) as unknown, outcome: 'failure', detail: { result: 'refused', file: 'people.xlsx' } });
    const bad = await upload(await sheet(), 'kind=people', `Bearer ${OPERATOR_TOKEN}`);
    expect(bad.json().message).toBe('未写入任何数据：1行有错误，改正后重新导入，或部分导入只写入正确的行');
    const ok = await upload(await sheetOf({ 人员: [PEOPLE_HEAD, ['S40000009', '郝建国', '13966660009', '太原市财政局', '一级科员', '汉族', '男', '学员', '', '', '']] }), 'kind=people', `Bearer ${OPERATOR_TOKEN}`);
    expect(ok.json()).toMatchObject({ code: 0, message: '已写入：新增1，更新0，未变0', data: { written: true, created: 1 } });
  });
});

describe('the command', () => {
  it('imports into the configured database, prints every problem, saves the rejects beside the file with --partial, and exits 1 when a row was bad', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'import-command-'));
    writeFileSync(path.join(dir, 'units.xlsx'), template('units'));
    writeFileSync(
      path.join(dir, 'people.xlsx'),
      await sheetOf({ 人员: [PEOPLE_HEAD, ['S60000001', '田志远', '13977770001', '吕梁市财政局', '一级科员', '汉族', '男', '学员', '', '', ''], ['J60000001', '石玉兰', '13977770002', '吕梁市财政局', '四级调研员', '汉族', '女', '教师', '', '', '']] }),
    );
    const script = path.resolve(import.meta.dirname, '../../../scripts/import.ts');
    // The embedded database in DATA_DIR; INIT_CWD is where npm was run, which relative file names are read from.
    const env = { ...process.env, DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '', INIT_CWD: dir, NODE_ENV: 'test' };
    const cmd = (...args: string[]) =>
      promisify(execFile)(process.execPath, [script, ...args], { env, cwd: dir }).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );
    expect(await cmd('units', 'units.xlsx')).toMatchObject({ code: 0, out: expect.stringContaining('单位导入：共5行，错误0行；已写入：新增7，更新0，未变0') });
    const strict = await cmd('people', 'people.xlsx');
    expect(strict.code).toBe(1);
    expect(strict.out).toContain('人员导入：共2行，错误1行；未写入任何数据');
    expect(strict.out).toContain('[人员] 第3行 初始密码：教师须填写初始密码（符合密码规则），否则无法登录班级管理');
    const partial = await cmd('people', 'people.xlsx', '--partial');
    expect(partial.code).toBe(1);
    expect(partial.out).toContain('已写入：新增1，更新0，未变0（部分导入）');
    expect(existsSync(path.join(dir, 'people.错误行.xlsx'))).toBe(true);
    // A sheet with nothing in it writes nothing, says so, and is not a success.
    writeFileSync(path.join(dir, 'empty.xlsx'), await sheetOf({ 人员: [PEOPLE_HEAD] }));
    expect(await cmd('people', 'empty.xlsx')).toMatchObject({ code: 1, out: expect.stringContaining('人员导入：共0行，错误0行；没有可导入的数据：工作表为空') });
    expect((await cmd('people')).code).toBe(2);
  }, 120_000);
});
