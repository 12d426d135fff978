import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { desc, eq, like, sql } from 'drizzle-orm';
import { adminImport as AI, operator } from '@portal/contract';
import { createTestApp, DEMO_ADMINS, type TestApp } from '../../test/harness.ts';
import { auditLog, persons } from '../../db/schema/index.ts';
import { readWorkbook } from './sheet.ts';
import { makeImportAdmin } from './admin.ts';
import { KINDS, type Importer } from './service.ts';

let t: TestApp;
let token: string;
let adminId: number;
let adminName: string;
type Uc<T> = { code: number; message: string; data: T };

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminLogin(DEMO_ADMINS.training);
  const [p] = await t.db.select({ id: persons.personId, name: persons.personName }).from(persons).where(eq(persons.mobile, DEMO_ADMINS.training));
  adminId = p!.id;
  adminName = p!.name;
}, 120_000);
afterAll(() => t.close());

const PEOPLE_HEAD = ['人员编号', '姓名', '手机号', '单位', '职级', '民族', '性别', '人员类型', '账号来源', '备注标记', '初始密码'];
const NAMES = ['', '郝志刚', '孔丽', '田建平', '石玉兰', '马文华'];
const good = (n: number) => [`S7100000${n}`, NAMES[n]!, `1396671000${n}`, '太原市财政局', '一级科员', '汉族', '男', '学员', '', '', ''];
async function book(rows: (string | number)[][]): Promise<Buffer> {
  const b = new ExcelJS.Workbook();
  const ws = b.addWorksheet('人员');
  ws.addRow(PEOPLE_HEAD);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await b.xlsx.writeBuffer());
}
/** Two good rows and two bad ones (a mobile repeated, a teacher without a password). */
const mixed = () =>
  book([
    good(1),
    ['S71000002', '孔丽', '13966710001', '太原市财政局', '一级科员', '汉族', '女', '学员', '', '', ''],
    good(3),
    ['J71000004', '石玉兰', '13966710004', '太原市财政局', '四级调研员', '汉族', '女', '教师', '', '', ''],
  ]);

function upload(bytes: Buffer, query: Record<string, string>, authorization: string = token) {
  const boundary = '----adminimport';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return t.app.inject({
    method: 'POST',
    url: `/v1/admin/imports/upload?${new URLSearchParams({ run: crypto.randomUUID(), ...query })}`,
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization },
  });
}
const ours = async () => Number(((await t.db.execute(sql`select count(*)::int as n from persons where person_no like 'S71%' or person_no like 'J71%'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const lastImportAudit = async () => (await t.db.select().from(auditLog).where(eq(auditLog.event, 'import')).orderBy(desc(auditLog.id)).limit(1))[0];

describe('导入 in the administration area', () => {
  it('downloads each kind’s template', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/v1/admin/imports/template?kind=people', headers: { authorization: token } });
    expect(r.statusCode).toBe(200);
    expect(decodeURIComponent(String(r.headers['content-disposition']))).toContain('人员导入模板.xlsx');
    const read = await readWorkbook(r.rawPayload, ['人员']);
    expect(read.get('人员')!.headers).toEqual(PEOPLE_HEAD);
    // The page names each kind as its template does.
    for (const [kind, def] of Object.entries(KINDS)) expect(AI.IMPORT_KIND_NAMES[kind as keyof typeof KINDS], kind).toBe(def.title);
  });

  it('all-or-nothing with bad rows writes nothing, lists every problem, and is audited under the administrator', async () => {
    const r = await upload(await mixed(), { kind: 'people', partial: 'false' });
    const body = r.json() as Uc<AI.ImportRun>;
    expect(body.code).toBe(0);
    expect(body.message).toBe('未写入任何数据：2行有错误，改正后重新导入，或部分导入只写入正确的行');
    expect(body.data).toMatchObject({ kind: 'people', written: false, rows: 4, badRows: 2, created: 0, outcome: 'refused', rejects: false, problemTotal: 2 });
    expect(body.data.problems.map((p) => [p.sheet, p.row, p.column])).toEqual([
      ['人员', 3, '手机号'],
      ['人员', 5, '初始密码'],
    ]);
    expect(await ours()).toBe(0);
    expect(await lastImportAudit()).toMatchObject({ personId: adminId, target: 'people', outcome: 'failure', detail: { result: 'refused', file: 'people.xlsx', partial: false } });
  });

  it('the good rows only: writes the good ones; the rejects file holds exactly the bad rows, and fixed, imports', async () => {
    const r = await upload(await mixed(), { kind: 'people', partial: 'true' });
    const run = (r.json() as Uc<AI.ImportRun>).data;
    expect(run).toMatchObject({ written: true, created: 2, badRows: 2, outcome: 'partial', rejects: true });
    expect(await ours()).toBe(2);
    expect(await lastImportAudit()).toMatchObject({ personId: adminId, outcome: 'success', detail: { result: 'partial', created: 2, badRows: 2 } });

    const file = await t.app.inject({ method: 'GET', url: `/v1/admin/imports/rejects?id=${run.id}`, headers: { authorization: token } });
    expect(file.statusCode).toBe(200);
    const rejects = await readWorkbook(file.rawPayload, ['人员']);
    const rows = rejects.get('人员')!.rows;
    expect(rows.map((x) => x.cells['人员编号'])).toEqual(['S71000002', 'J71000004']);
    expect(rows[0]!.cells['错误原因']).toContain('原第3行：手机号');

    // Fixed in the rejects file itself (its reasons column is ignored), the rows import.
    const fixed = new ExcelJS.Workbook();
    await fixed.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = fixed.getWorksheet('人员')!;
    ws.getRow(2).getCell(3).value = '13966710002';
    ws.getRow(3).getCell(11).value = 'Jiaoshi#2026';
    const again = await upload(Buffer.from(await fixed.xlsx.writeBuffer()), { kind: 'people', partial: 'false' });
    expect((again.json() as Uc<AI.ImportRun>).data).toMatchObject({ written: true, created: 2, badRows: 0, outcome: 'ok', rejects: false });
    expect(await ours()).toBe(4);
  });

  it('the history lists who, when, the kind, the counts and the outcome; filtered; its export takes the same filter; problems kept', async () => {
    const page = (await t.call(AI.adminImportList, { token, query: { kind: 'people' } })).json as Uc<{ list: AI.ImportHistoryItem[]; total: number }>;
    expect(page.data.total).toBe(3);
    expect(page.data.list.map((x) => [x.personName, x.kind, x.outcome, x.rows, x.badRows, x.created, x.phase, x.rejects])).toEqual([
      [adminName, 'people', 'ok', 2, 0, 2, 'done', false],
      [adminName, 'people', 'partial', 4, 2, 2, 'done', true],
      [adminName, 'people', 'refused', 4, 2, 0, 'done', false],
    ]);
    const refused = (await t.call(AI.adminImportList, { token, query: { outcome: 'refused', person: DEMO_ADMINS.training } })).json as Uc<{ list: AI.ImportHistoryItem[] }>;
    expect(refused.data.list).toHaveLength(1);
    const problems = (await t.call(AI.adminImportProblems, { token, params: { id: String(refused.data.list[0]!.id) } })).json as Uc<{ problems: unknown[]; total: number }>;
    expect(problems.data.total).toBe(2);
    const file = await t.app.inject({ method: 'GET', url: '/v1/admin/imports/history/export?outcome=partial', headers: { authorization: token } });
    expect(file.statusCode).toBe(200);
    const x = new ExcelJS.Workbook();
    await x.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(x.worksheets[0]!.rowCount).toBe(3);
    const bad = await t.call(AI.adminImportList, { token, query: { outcome: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('结果只能是全部写入、部分写入或未写入');
  });

  it('the phase of a run: waiting before it exists, done after; another administrator’s run is not seen', async () => {
    const run = crypto.randomUUID();
    expect(((await t.call(AI.adminImportPhase, { token, query: { run } })).json as Uc<{ phase: string }>).data.phase).toBe('waiting');
    await upload(await book([good(5)]), { kind: 'people', run });
    expect(((await t.call(AI.adminImportPhase, { token, query: { run } })).json as Uc<{ phase: string }>).data.phase).toBe('done');
    const system = await t.adminLogin(DEMO_ADMINS.system);
    const other = await t.call(AI.adminImportPhase, { token: system, query: { run } });
    expect(other.json.code).toBe(403);
  });

  it('the phase follows the run: checking while rows are checked, writing once the good rows are written, done with the answer', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let writing!: () => void;
    const reachedWriting = new Promise<void>((r) => (writing = r));
    const report = { kind: 'people' as const, partial: false, written: true, rows: 1, badRows: 0, created: 1, updated: 0, unchanged: 0, problems: [] };
    const importer = {
      refuse: async () => undefined,
      run: async (_k: unknown, _b: unknown, o: { onWriting?: () => Promise<void> }) => {
        await o.onWriting?.();
        writing();
        await held;
        return { report, rejects: null, outcome: 'ok' as const, message: '已写入：新增1，更新0，未变0' };
      },
    } as unknown as Importer;
    const svc = makeImportAdmin({ db: t.db, importer, config: t.config });
    const run = crypto.randomUUID();
    const answer = svc.upload({ kind: 'people', partial: 'false', run }, { bytes: Buffer.from('x'), name: 'a.xlsx' }, { personId: adminId, ip: '127.0.0.1' });
    await reachedWriting;
    expect(await svc.phase(adminId, run)).toEqual({ phase: 'writing' });
    release();
    expect((await answer).run).toMatchObject({ outcome: 'ok', created: 1 });
    expect(await svc.phase(adminId, run)).toEqual({ phase: 'done' });
  });

  it('a workbook over the size limit is refused (413) and audited under the administrator', async () => {
    const big = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(operator.IMPORT_MAX_BYTES)]);
    const r = await upload(big, { kind: 'people', partial: 'true' });
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toBe(AI.adminImportUpload.upload.tooLarge);
    expect(await lastImportAudit()).toMatchObject({ personId: adminId, outcome: 'failure', detail: { result: 'refused', partial: true } });
    expect(await t.db.select().from(persons).where(like(persons.personNo, 'S7100000%'))).toHaveLength(4);
  });
});
