/**
 * The import bar (issue 18): 100,000 people from one .xlsx into PostgreSQL in well under a minute.
 * `node bench/import.ts` (or `npm run bench -- import`) on BENCH_IMPORT_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/portal_bench, created if missing), in a schema of its own that is
 * dropped afterwards: 1,000 units are imported, then a sheet of 100,000 people (written by exceljs,
 * as the training management system's export would be), timed from the file's bytes to the commit;
 * then the same sheet again (every row checked, nothing changes); then 200 new people with initial
 * passwords (each hashed, argon2id). Prints a table and writes bench/results/import.json.
 */
import { mkdtempSync, writeFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { diskStorage } from '../apps/server/src/integrations/storage.ts';
import { makePlatform } from '../apps/server/src/modules/platform/service.ts';
import { makeImporter } from '../apps/server/src/modules/import/service.ts';
import { PEOPLE_COLUMNS as P } from '../apps/server/src/modules/import/people.ts';

const PEOPLE = Number(process.env.BENCH_IMPORT_PEOPLE ?? 100_000);
const UNITS = 1_000;
const WITH_PASSWORD = 200;
const url = process.env.BENCH_IMPORT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const root = path.resolve(import.meta.dirname, '..');

const SURNAMES = Array.from('王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭');
const GIVEN = Array.from('伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红建国志海燕宏斌鹏辉丹琳晨浩宇欣怡思远晓东文博雪梅春生立新永健');
const CITIES = ['太原市', '大同市', '阳泉市', '长治市', '晋城市', '朔州市', '晋中市', '运城市', '忻州市', '临汾市', '吕梁市'];
const KINDS = ['财政局', '教育局', '民政局', '司法局', '商务局', '统计局', '审计局', '水利局', '农业农村局', '文化和旅游局'];
const LEVELS = ['一级科员', '四级主任科员', '二级主任科员', '四级调研员'];
const unitName = (i: number) => `${CITIES[i % CITIES.length]}${KINDS[Math.floor(i / CITIES.length) % KINDS.length]}第${i + 1}分局`;

/** A sheet written the way an export of the training management system would be: streamed, text cells. */
async function writeSheet(file: string, sheet: string, headers: string[], rows: Iterable<string[]>) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const ws = book.addWorksheet(sheet);
  ws.addRow(headers).commit();
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await book.commit();
}

function* people(from: number, n: number, password: string | null) {
  for (let g = from; g < from + n; g++) {
    const name = SURNAMES[(g * 7) % SURNAMES.length]! + GIVEN[(g * 13) % GIVEN.length]! + (g % 3 === 0 ? '' : GIVEN[(g * 31) % GIVEN.length]!);
    yield [`B${String(g).padStart(7, '0')}`, name, `16${String(g).padStart(9, '0')}`, unitName((g * 7919) % UNITS), LEVELS[g % LEVELS.length]!, '汉族', g % 2 ? '女' : '男', '学员', '', '', password ?? ''];
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const dbName = url.replace(/^.*\//, '');
  if ((await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount === 0) await admin.query(`create database ${dbName}`);
  await admin.end();
  const schema = `bench_import_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`create schema ${schema}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-import-bench-'));
  const database = await openDatabase({ url, searchPath: schema, poolSize: 4 });
  const rows: Record<string, unknown>[] = [];
  try {
    const importer = makeImporter({ db: database.db, storage: diskStorage(path.join(dir, 'uploads')), platform: makePlatform(database.db) });
    const actor = { personId: null, ip: 'command:bench' };
    const unitsFile = path.join(dir, 'units.xlsx');
    await writeSheet(unitsFile, '单位', ['所属城市', '二级平台地址', '单位名称'], Array.from({ length: UNITS }, (_, i) => [CITIES[i % CITIES.length]!, `https://c${i % CITIES.length}.academy.example.cn/`, unitName(i)]));
    const peopleFile = path.join(dir, 'people.xlsx');
    const headers = [P.no, P.name, P.mobile, P.unit, P.level, P.nation, P.gender, P.type, P.createuser, P.explain, P.password];
    await writeSheet(peopleFile, '人员', headers, people(0, PEOPLE, null));
    const passwordFile = path.join(dir, 'people-passwords.xlsx');
    await writeSheet(passwordFile, '人员', headers, people(PEOPLE, WITH_PASSWORD, 'Study@2026'));
    const timed = async (what: string, kind: 'units' | 'people', file: string) => {
      const t0 = performance.now();
      const { report } = await importer.run(kind, readFileSync(file), { actor });
      const seconds = (performance.now() - t0) / 1000;
      if (report.badRows > 0) throw new Error(`${what}: ${report.badRows} bad rows: ${JSON.stringify(report.problems.slice(0, 3))}`);
      rows.push({ run: what, rows: report.rows, fileMB: +(statSync(file).size / 1e6).toFixed(1), created: report.created, updated: report.updated, unchanged: report.unchanged, seconds: +seconds.toFixed(1), rowsPerSecond: Math.round(report.rows / seconds) });
    };
    await timed(`${UNITS} units`, 'units', unitsFile);
    await timed(`${PEOPLE} people (no passwords)`, 'people', peopleFile);
    await timed(`the same ${PEOPLE} people again`, 'people', peopleFile);
    await timed(`${WITH_PASSWORD} people with initial passwords`, 'people', passwordFile);
  } finally {
    await database.close();
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  }
  console.log('\n## import');
  console.table(rows);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/import.json'), JSON.stringify({ at: new Date().toISOString(), database: 'PostgreSQL', rows }, null, 2));
}

export { main as benchImport };
if (import.meta.filename === path.resolve(process.argv[1] ?? '')) await main();
