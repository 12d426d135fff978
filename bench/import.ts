/**
 * The import bar: 100,000 people from one .xlsx into PostgreSQL in well under a minute;
 * and the heavy-work bar: a cheap call keeps its latency while it runs, and the server's memory stays bounded.
 * `node bench/import.ts` (or `npm run bench -- import`): for each of BENCH_IMPORT_ON (default
 * postgres,pglite), a server of its own (PostgreSQL: a database created on BENCH_IMPORT_DATABASE_URL's
 * server and dropped afterwards; pglite: a fresh data folder) is sent, through the operator's import
 * call, 1,000 units, then a sheet of 100,000 people (written by exceljs, as the training management
 * system's export would be), timed from the upload to the answer; then the same sheet again (every row
 * checked, nothing changes); then 200 new people with initial passwords (each hashed, argon2id). A
 * session call goes out every 50 ms meanwhile (open loop), and the server's resident memory is read
 * before and at its peak during each. Prints a table and writes bench/results/import.json.
 */
import { mkdtempSync, writeFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { operator, urlOf } from '@portal/contract';
import { PEOPLE_COLUMNS as P } from '../apps/server/src/modules/import/people.ts';
import { logIn, memoryOf, resetPeak, startServer, stop } from './server.ts';
import { probe } from './probe.ts';

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

/** An import through the operator's HTTP call, as the college's tools send it. */
async function importOver(base: string, kind: 'units' | 'people', file: string) {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(file)]), path.basename(file));
  const res = await fetch(`${base}${urlOf(operator.importData, 'portal')}?kind=${kind}`, { method: 'POST', headers: { authorization: `Bearer ${OPERATOR_TOKEN}` }, body: form });
  const json = (await res.json()) as { data?: { rows: number; badRows: number; created: number; updated: number; unchanged: number; problems: unknown[] } };
  if (!res.ok || !json.data) throw new Error(`import ${kind}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

const OPERATOR_TOKEN = 'bench-operator-token-0123456789abcdef';

/**
 * Each import in a server of its own process (on PostgreSQL: a database of its own, dropped
 * afterwards; embedded: a fresh data folder), while a session call goes out every 50 ms, open loop;
 * the server's resident memory before and its peak during each import (Linux /proc).
 */
async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-import-bench-'));
  const unitsFile = path.join(dir, 'units.xlsx');
  await writeSheet(unitsFile, '单位', ['所属城市', '二级平台地址', '单位名称'], Array.from({ length: UNITS }, (_, i) => [CITIES[i % CITIES.length]!, `https://c${i % CITIES.length}.academy.example.cn/`, unitName(i)]));
  const peopleFile = path.join(dir, 'people.xlsx');
  const headers = [P.no, P.name, P.mobile, P.unit, P.level, P.nation, P.gender, P.type, P.createuser, P.explain, P.password];
  await writeSheet(peopleFile, '人员', headers, people(0, PEOPLE, null));
  const passwordFile = path.join(dir, 'people-passwords.xlsx');
  await writeSheet(passwordFile, '人员', headers, people(PEOPLE, WITH_PASSWORD, 'Study@2026'));

  const rows: Record<string, unknown>[] = [];
  const on = (process.env.BENCH_IMPORT_ON ?? 'postgres,pglite').split(',');
  for (const data of on) {
    const dbName = `${url.replace(/^.*\//, '')}_import_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
    const env: Record<string, string> = { OPERATOR_TOKEN, RATE_LIMIT_PER_MINUTE: '100000000' };
    if (data === 'postgres') {
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      env.DATABASE_URL = url.replace(/\/[^/]+$/, `/${dbName}`);
    }
    const { child } = await startServer(mkdtempSync(path.join(tmpdir(), 'portal-import-bench-data-')), 18713, env, '/healthz');
    const base = 'http://127.0.0.1:18713';
    try {
      // A session to probe with: the demo learner's, opened by logging in as the web page does.
      const probeHeaders = { authorization: await logIn(base, '13800000001', 'Study@2026') };
      const timed = async (what: string, kind: 'units' | 'people', file: string) => {
        const before = memoryOf(child.pid!);
        resetPeak(child.pid!);
        const cheap = probe(`${base}/video_learning/getSessionPerson`, { method: 'POST', headers: probeHeaders });
        const t0 = performance.now();
        const report = await importOver(base, kind, file);
        const seconds = (performance.now() - t0) / 1000;
        const p = await cheap.stop();
        const after = memoryOf(child.pid!);
        if (report.badRows > 0) throw new Error(`${what}: ${report.badRows} bad rows: ${JSON.stringify(report.problems.slice(0, 3))}`);
        rows.push({
          data,
          run: what,
          rows: report.rows,
          fileMB: +(statSync(file).size / 1e6).toFixed(1),
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
          seconds: +seconds.toFixed(1),
          rss_before_MB: before.rssMB,
          rss_peak_MB: after.peakMB,
          probe_p50_ms: p.p50_ms,
          probe_p90_ms: p.p90_ms,
          probe_p99_ms: p.p99_ms,
          probe_max_ms: p.max_ms,
        });
      };
      await timed(`${UNITS} units`, 'units', unitsFile);
      await timed(`${PEOPLE} people (no passwords)`, 'people', peopleFile);
      await timed(`the same ${PEOPLE} people again`, 'people', peopleFile);
      await timed(`${WITH_PASSWORD} people with initial passwords`, 'people', passwordFile);
    } finally {
      await stop(child);
      if (data === 'postgres') {
        await admin.query(`drop database ${dbName}`);
        await admin.end();
      }
    }
  }
  console.log('\n## import');
  console.table(rows);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/import.json'), JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
}

export { main as benchImport };
if (import.meta.filename === path.resolve(process.argv[1] ?? '')) await main();
