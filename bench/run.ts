/**
 * `npm run bench`: measures the QUALITY.md bars this tree can measure, prints a table per bar and
 * writes bench/results/<name>.json. Run on an otherwise idle machine; figures go in docs/benchmarks.md.
 *
 *   start   npm start → first served page, on an existing embedded database (bar ≤ 10 s)
 *   bundle  JavaScript the /index first load fetches, gzip (bar ≤ 250 KB)
 *   api     latency and throughput of session and public calls vs a bare route in the same run
 *   index   every index/ (and realTime/, college/) call of the home page: p50 server time (Server-Timing), sequential,
 *           on the demo data (bar ≤ 5 ms) and on the large dataset (bar ≤ 20 ms)
 *   lighthouse  Lighthouse (mobile) on /index and /course, and logged in as the demo learner on /study,
 *              /studypdf1 and /studylive1 (real demo records), against a freshly started server
 *              (bar: performance, accessibility, best practices ≥ 95; /study and friends: performance ≥ 90)
 *   export  a 2,000-learner class's per-learner statistics export (exportClassPersonStudy), streamed, on
 *           the embedded database and on PostgreSQL with the large dataset (bar ≤ 5 s), and a cheap call
 *           sent every 50 ms, open loop, while it runs (bar: its p90 ≤ 100 ms)
 *   heartbeat  progress reports from many learners and sessions on PostgreSQL with the large dataset
 *              (bar: ≥ 0.35 × a bare route in the same run, p99 ≤ 50 ms, 0 lost, 0 extra), with the CPU
 *              the server, PostgreSQL and the load generator spent per request (steadier than rates on a shared host);
 *              the bare route is measured before and after the reports and the ratio taken against their mean,
 *              both with bench/load.ts (docs/decisions/0050; BENCH_HEARTBEAT_CLIENT=autocannon: with autocannon)
 *   exam    the exam spike on the same database: BENCH_EXAM_LEARNERS (5,000) learners start one exam
 *           within 10 s, save 30 answers each over 60 s (some twice, some out of order), then submit
 *           (bar: p99 ≤ 300 ms for each, 0 errors; afterwards 0 lost, 0 overwritten, 0 mismatched scores,
 *           checked from the database; any of those not 0 fails the run). Each learner opens its own
 *           connections with its first call, as browsers do (BENCH_EXAM_CONNECTIONS=64: a shared pool
 *           instead); BENCH_EXAM_VIA=nginx sends them through the nginx example (deploy/nginx). Beside each
 *           latency: the server's own (Server-Timing), the time until a new connection was accepted and
 *           until the first byte; a second table (exam-cpu) has the CPU the instance, PostgreSQL and the
 *           load generator used in the start window and over the run, the generator's event-loop delay
 *           and the instance's longest accept queue (`ss`)
 *
 *   import  100,000 people from one .xlsx into PostgreSQL (bench/import.ts; bar: well under a minute)
 *   certificates  certificate PDFs on the embedded database, the server in its own process: one
 *           certificate's download after the first (bar ≤ 150 ms), a class of BENCH_CERTIFICATES (200)
 *           printed (first byte, whole file, the server's peak memory), and an open-loop probe
 *           (bench/probe.ts: getSessionPerson every 50 ms) alone, during class prints and during
 *           single downloads
 *
 *   review  the review queue (批阅中心, bench/review.ts): a teacher of 20 classes with 2,000 hand-ins waiting,
 *           findReviewQueue and its count under load on the embedded database (bar: p99 ≤ 50 ms)
 *   media   a 1 GB lecture uploaded with tus (throughput, the server's memory) and the transcode's time
 *           per minute of 1080p video (bench/media.ts; BENCH_MEDIA_MB, BENCH_MEDIA_SECONDS)
 *
 * `npm run bench -- heartbeat` runs one section. The heartbeat and exam sections use BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/portal_bench), creating the database and the large
 * dataset (`seed:large`) on first use.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { catalog, content, exam as E, isCallDef, type CallDef } from '@portal/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { lighthouseRows, storedLogin } from './lighthouse.ts';
import { probe } from './probe.ts';
import { newToken, sha256 } from '../apps/server/src/lib/crypto.ts';
import { gradePaper, type Gradable } from '../apps/server/src/modules/exam/grade.ts';
import { logIn, pct, startServer, stop } from './server.ts';
import { httpRequest, load } from './load.ts';
import { startNginx } from '../apps/server/src/test/nginxExample.ts';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);

function save(name: string, rows: Record<string, unknown>[]) {
  console.log(`\n## ${name}`);
  console.table(rows);
  writeFileSync(path.join(resultsDir, `${name}.json`), JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
}

async function benchStart() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const first = await startServer(dataDir, 18081);
  await stop(first.child);
  const rows = [{ run: 'empty database (migrate + seed)', ms: Math.round(first.ms) }];
  for (let i = 1; i <= 3; i++) {
    const again = await startServer(dataDir, 18081);
    rows.push({ run: `existing database #${i}`, ms: Math.round(again.ms) });
    await stop(again.child);
  }
  save('start', rows.map((r) => ({ ...r, bar: r.run.startsWith('existing') ? '≤ 10000 ms' : '-' })));
}

function benchBundle() {
  const dist = path.join(root, 'apps/web/dist');
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error('apps/web/dist missing: run `npm run build` first');
  type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  // The first load of /index: the entry, the /index page chunk, and every chunk they import statically.
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  visit('src/pages/index/Page.tsx');
  const rows = [...files].map((f) => {
    const bytes = readFileSync(path.join(dist, f));
    return { file: f, raw_kb: +(bytes.length / 1024).toFixed(1), gzip_kb: +(gzipSync(bytes).length / 1024).toFixed(1), bar: '' };
  });
  const total = rows.reduce((s, r) => s + r.gzip_kb, 0);
  save('bundle', [...rows, { file: 'total: first load of /index (KiB)', raw_kb: +rows.reduce((s, r) => s + r.raw_kb, 0).toFixed(1), gzip_kb: +total.toFixed(1), bar: '≤ 250 KB gzip' }]);
}

async function benchApi() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-api-'));
  const port = 18082;
  const { child } = await startServer(dataDir, port, { RATE_LIMIT_PER_MINUTE: '1000000' });
  const base = `http://127.0.0.1:${port}`;
  try {
    const token = await logIn(base, '13800000001', 'Study@2026');
    const targets = [
      { name: 'bare route (/healthz)', method: 'GET' as const, path: '/healthz', headers: {} },
      { name: 'portalConfig (public)', method: 'GET' as const, path: '/video_learning/portalConfig', headers: {} },
      { name: 'getSessionPerson (session lookup)', method: 'POST' as const, path: '/video_learning/getSessionPerson', headers: { authorization: token } },
    ];
    const rows = [];
    let bare = 0;
    for (const t of targets) {
      const r = await autocannon({ url: base + t.path, method: t.method, headers: t.headers, connections: 20, duration: 8 });
      if (t.path === '/healthz') bare = r.requests.average;
      rows.push({ call: t.name, req_per_s: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99, errors: r.errors + r.non2xx, vs_bare: bare ? +(r.requests.average / bare).toFixed(2) : 1 });
    }
    save('api', rows);
  } finally {
    await stop(child);
  }
}

/** The public calls under /index, /realTime and /college, with parameters found from earlier answers. */
async function timeIndexCalls(base: string, label: string, bar: number) {
  const post = async (c: CallDef, q = '') => (await (await fetch(`${base}${c.path}${q}`, { method: c.method })).json()) as { obj: unknown };
  const years = (await post(catalog.findYearList)).obj as { id: number }[];
  const installs = ((await post(catalog.findInstallByYear, `?yearId=${years[0]!.id}`)).obj as { list: { id: number }[] }).list;
  const plans = (await post(catalog.findPlanByInstall, `?installId=${installs[0]!.id}`)).obj as { id: number }[];
  const news = ((await post(content.findFlashNewByPage)).obj as { list: { id: number }[] }).list;
  const notices = ((await post(content.findAfficheByPage)).obj as { list: { id: number }[] }).list;
  const courses = ((await post(catalog.findNewCourseByPage)).obj as { list: { id: number }[] }).list;
  const certs = ((await post(content.findCertificateByPage)).obj as { list: { certNo: string }[] }).list;
  const params = new Map<CallDef, string>([
    [catalog.findInstallByYear, `?yearId=${years[0]!.id}`],
    [catalog.findPlanByInstall, `?installId=${installs[0]!.id}`],
    [catalog.findCourseByPlan, `?planId=${plans[0]!.id}`],
    [catalog.findCourseById, `?id=${courses[0]!.id}`],
    [content.findFlashNewById, `?id=${news[0]!.id}`],
    [content.findAfficheById, `?id=${notices[0]!.id}`],
    [content.findCertificateByNo, `?certNo=${certs[0]?.certNo ?? 'ZS0000000000'}`],
  ]);
  const calls = ([...Object.values(content), ...Object.values(catalog)] as unknown[])
    .filter(isCallDef)
    .filter((c) => /\/(index|realTime|college)\//.test(c.path) && !c.binary && c.auth !== 'required');
  const rows = [];
  for (const c of calls) {
    const q = params.get(c) ?? '';
    const server: number[] = [];
    const roundTrip: number[] = [];
    for (let i = 0; i < 70; i++) {
      const t0 = performance.now();
      const r = await fetch(`${base}${c.path}${q}`, { method: c.method });
      await r.arrayBuffer();
      if (i < 20) continue; // warm-up: JIT, prepared statements, caches
      roundTrip.push(performance.now() - t0);
      // Server time: the server's own Server-Timing (arrival to answer), not the client's round trip.
      server.push(Number(/dur=([\d.]+)/.exec(r.headers.get('server-timing') ?? '')?.[1] ?? NaN));
    }
    const p50 = pct(server, 0.5);
    rows.push({ data: label, call: c.name, p50_ms: +p50.toFixed(2), p95_ms: +pct(server, 0.95).toFixed(2), round_trip_p50_ms: +pct(roundTrip, 0.5).toFixed(2), bar_ms: bar, ok: p50 <= bar });
  }
  return rows;
}

async function benchIndex() {
  const demo = await startServer(mkdtempSync(path.join(tmpdir(), 'portal-bench-index-')), 18084, { RATE_LIMIT_PER_MINUTE: '1000000' });
  let rows: Record<string, unknown>[];
  try {
    rows = await timeIndexCalls('http://127.0.0.1:18084', 'demo (PGlite)', 5);
  } finally {
    await stop(demo.child);
  }
  const url = await largeDatabase();
  const large = await startOnLarge(url, 18085, 'index');
  try {
    rows = rows.concat(await timeIndexCalls('http://127.0.0.1:18085', 'large (PostgreSQL)', 20));
  } finally {
    await stop(large.child);
  }
  save('index', rows);
}

/**
 * A class of 2,000 learners taught by the teacher with `teacherMobile` (members: the persons `learners`
 * selects), and a session of that teacher opened as modules/uc opens one (only the token's hash stored).
 */
async function exportClass(run: (q: string) => Promise<Record<string, unknown>[]>, learners: string, teacherMobile: string) {
  await run(`insert into teacher_classes (name, start_at, end_at, required_hours) values ('两千人测试班', now() - interval '100 days', now() + interval '100 days', 10)`);
  const classId = Number((await run(`select max(id) as id from teacher_classes`))[0]!.id);
  await run(`insert into class_teachers (class_id, person_id) select ${classId}, person_id from persons where mobile = '${teacherMobile}'`);
  await run(`insert into class_members (class_id, person_id) select ${classId}, person_id from (${learners}) l`);
  const token = newToken();
  await run(`insert into sessions (token_hash, person_id, login_type, ip, expires_at) select '${sha256(token)}', person_id, 'password', '127.0.0.1', now() + interval '1 day' from persons where mobile = '${teacherMobile}'`);
  const cleanup = async () => {
    await run(`delete from class_members where class_id = ${classId}`);
    await run(`delete from class_teachers where class_id = ${classId}`);
    await run(`delete from teacher_classes where id = ${classId}`);
    await run(`delete from sessions where token_hash = '${sha256(token)}'`);
  };
  return { classId, token, cleanup };
}

/**
 * The class's per-learner statistics export (exportClassPersonStudy), three times in a row, timed as a
 * browser downloads it, while a session call (getSessionPerson) goes out every 50 ms, open loop; and
 * the same probe on the idle server before, for comparison.
 */
async function exportUnderProbe(base: string, token: string, classId: number, data: string) {
  const headers = { authorization: token };
  const exportOnce = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/video_learning/education/teacher/exportClassPersonStudy?classId=${classId}`, { method: 'POST', headers });
    const bytes = (await res.arrayBuffer()).byteLength;
    return { ms: performance.now() - t0, bytes, ok: res.status === 200 };
  };
  const cheap = () => probe(`${base}/video_learning/getSessionPerson`, { method: 'POST', headers });
  await exportOnce();
  const idle = cheap();
  await new Promise((r) => setTimeout(r, 3000));
  const alone = await idle.stop();
  const busy = cheap();
  const runs: { ms: number; bytes: number; ok: boolean }[] = [];
  for (let i = 0; i < 3; i++) runs.push(await exportOnce());
  const during = await busy.stop();
  return [
    ...runs.map((r, i) => ({ data, what: `export of 2,000 learners, run ${i + 1}`, ms: Math.round(r.ms), kb: Math.round(r.bytes / 1024), ok: r.ok, bar: '≤ 5,000 ms' })),
    { data, what: 'getSessionPerson every 50 ms, idle server', ...alone },
    { data, what: 'getSessionPerson every 50 ms, during the exports', ...during, bar: 'p90 ≤ 100 ms' },
  ];
}

/**
 * The export on the embedded database (the demo data and 2,000 learners with two completed courses
 * each) and on PostgreSQL with the large dataset (2,000 of its learners), each in a server of its own.
 */
async function benchExport() {
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { seedIfEmpty } = await import('../apps/server/src/seed/seed.ts');
  const { sql } = await import('drizzle-orm');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-export-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const db = database.db;
  const run = async (q: string) => ((await db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows;
  await seedIfEmpty(db);
  await run(`insert into persons (person_no, person_name, mobile, organ_id)
    select 'B' || lpad(g::text, 6, '0'), '测试学员' || g, '166' || lpad(g::text, 8, '0'), (select min(id) from organs) from generate_series(1, 2000) g`);
  await run(`insert into course_completions (person_id, course_id, completed_at, year, hours)
    select p.person_id, c.id, now() - (p.person_id % 90) * interval '1 day', extract(year from now())::int, c.credit_hours
    from persons p cross join lateral (select id, credit_hours from courses order by id limit 2) c where p.person_no like 'B%'`);
  const embedded = await exportClass(run, `select person_id from persons where person_no like 'B%'`, '13800000004');
  await database.close();
  let rows: Record<string, unknown>[];
  const small = await startServer(dataDir, 18711, { RATE_LIMIT_PER_MINUTE: '100000000' }, '/healthz');
  try {
    rows = await exportUnderProbe('http://127.0.0.1:18711', embedded.token, embedded.classId, 'embedded (PGlite)');
  } finally {
    await stop(small.child);
  }

  const url = await largeDatabase();
  const pgc = new pg.Client({ connectionString: url });
  await pgc.connect();
  const pgRun = async (q: string) => (await pgc.query(q)).rows as Record<string, unknown>[];
  // A teacher of the bench's own, so the large dataset's classes are left as they are.
  await pgRun(`insert into persons (person_no, person_name, mobile, organ_id, person_type) select 'BENCHT01', '基准班主任', '19900000001', min(id), 4 from organs on conflict do nothing`);
  const large = await exportClass(pgRun, `select person_id from persons where person_no like 'L%' order by person_id limit 2000`, '19900000001');
  const server = await startOnLarge(url, 18712, 'export', '/healthz');
  try {
    rows = rows.concat(await exportUnderProbe('http://127.0.0.1:18712', large.token, large.classId, 'large (PostgreSQL)'));
  } finally {
    await stop(server.child);
    await large.cleanup();
    await pgc.end();
  }
  save('export', rows);
}

/**
 * Certificate PDFs, the server in its own process on the demo data (embedded database) plus a class of
 * BENCH_CERTIFICATES learners, each holding a certificate of the class's arrangement. Measured from
 * outside: a learner's certificate downloaded one after another, the class's print, and a cheap call's
 * latency (open loop) alone and while they run; the server's peak resident memory from /proc.
 */
async function benchCertificates() {
  const CLASS = Number(process.env.BENCH_CERTIFICATES ?? 200);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-cert-'));
  const port = 18088;
  // The first start migrates and seeds; the class is added while no server runs on the directory.
  await stop((await startServer(dataDir, port)).child);
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const one = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows[0]!;
  const { installId } = await one<{ installId: number }>(sql`select min(id) as "installId" from installs`);
  const { learnerId } = await one<{ learnerId: number }>(sql`select person_id as "learnerId" from persons where mobile = '13800000001'`);
  const { teacherId } = await one<{ teacherId: number }>(sql`select person_id as "teacherId" from persons where mobile = '13800000004'`);
  await database.db.execute(sql`insert into persons (person_no, person_name, mobile, organ_id)
    select 'C' || lpad(g::text, 6, '0'), '证书学员' || g, '155' || lpad(g::text, 8, '0'), (select min(id) from organs) from generate_series(1, ${CLASS}) g`);
  // Numbered as the certificate module numbers them (ZS, the year, the row's id from its sequence).
  await database.db.execute(sql`insert into certificates (id, cert_no, person_id, install_id, issued_at, hours, verify_code)
    select n.id, 'ZS2026' || lpad(n.id::text, 6, '0'), n.person_id, ${installId}, now(), 20, 'BENCH2'
    from (select nextval(pg_get_serial_sequence('certificates', 'id')) as id, person_id from persons where person_no like 'C%' or person_id = ${learnerId}) n
    on conflict (person_id, install_id) do nothing`);
  const { certNo } = await one<{ certNo: string }>(sql`select cert_no as "certNo" from certificates where person_id = ${learnerId} and revoked_at is null order by id limit 1`);
  const { classId } = await one<{ classId: number }>(
    sql`insert into teacher_classes (name, install_id, start_at, end_at, required_hours) values ('证书基准测试班', ${installId}, now() - interval '100 days', now() + interval '100 days', 10) returning id as "classId"`,
  );
  await database.db.execute(sql`insert into class_teachers (class_id, person_id) values (${classId}, ${teacherId})`);
  await database.db.execute(sql`insert into class_members (class_id, person_id) select ${classId}, person_id from persons where person_no like 'C%'`);
  // Sessions as modules/uc opens them (only the token's SHA-256 is stored).
  const [teacherToken, learnerToken] = [newToken(), newToken()];
  await database.db.execute(sql`insert into sessions (token_hash, person_id, login_type, ip, expires_at) values
    (${sha256(teacherToken)}, ${teacherId}, 'password', '127.0.0.1', now() + interval '1 day'),
    (${sha256(learnerToken)}, ${learnerId}, 'password', '127.0.0.1', now() + interval '1 day')`);
  await database.close();

  const { child } = await startServer(dataDir, port, { RATE_LIMIT_PER_MINUTE: '100000000' });
  const base = `http://127.0.0.1:${port}`;
  /** A download read to its end: when the first bytes came and when the last did. */
  const download = async (url: string, token: string) => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: token } });
    const reader = res.body!.getReader();
    let firstMs = 0;
    let bytes = 0;
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      if (bytes === 0) firstMs = performance.now() - t0;
      bytes += r.value.byteLength;
    }
    if (res.status !== 200 || res.headers.get('content-type') !== 'application/pdf') throw new Error(`${url}: ${res.status}`);
    return { ms: performance.now() - t0, firstMs, bytes };
  };
  const single = () => download(`${base}/video_learning/education/studentLearn/certificatePdf?certNo=${certNo}`, learnerToken);
  const print = () => download(`${base}/video_learning/education/teacher/classCertificatesPdf?classId=${classId}`, teacherToken);
  const cheapCall = () => probe(`${base}/video_learning/getSessionPerson`, { method: 'POST', headers: { authorization: teacherToken } });
  const rss = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024);
  try {
    const work: Record<string, unknown>[] = [];
    const probes: Record<string, unknown>[] = [];
    const firstSingle = await single();
    work.push({ what: 'one certificate, first download', ms: Math.round(firstSingle.ms), kb: Math.round(firstSingle.bytes / 1024) });

    const alone = cheapCall();
    await new Promise((r) => setTimeout(r, 5000));
    probes.push({ while: 'nothing else', ...(await alone.stop()) });

    // Downloads one after another for ten seconds.
    const duringSingles = cheapCall();
    const singles: number[] = [];
    for (const end = performance.now() + 10_000; performance.now() < end; ) singles.push((await single()).ms);
    probes.push({ while: `${singles.length} single certificates downloaded one after another`, ...(await duringSingles.stop()) });
    const sorted = singles.sort((a, b) => a - b);
    for (const [label, ms] of [['p50', pct(sorted, 0.5)], ['p90', pct(sorted, 0.9)], ['max', sorted.at(-1)!]] as const) {
      work.push({ what: `one certificate, the ${singles.length} downloads after the first: ${label}`, ms: Math.round(ms), bar: '≤ 150 ms' });
    }

    // The server's resident memory sampled every 100 ms while the class is printed.
    const rssBefore = rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rss())), 100);
    const duringPrints = cheapCall();
    for (let i = 1; i <= 3; i++) {
      const p = await print();
      work.push({ what: `class of ${CLASS}, print ${i}`, ms: Math.round(p.ms), first_byte_ms: Math.round(p.firstMs), kb: Math.round(p.bytes / 1024) });
    }
    probes.push({ while: `3 prints of a class of ${CLASS}, one after another`, ...(await duringPrints.stop()) });
    clearInterval(sampler);
    work.push({ what: 'server resident memory before the prints (MB)', ms: rssBefore });
    work.push({ what: 'server resident memory at most during the prints (MB)', ms: rssPeak });
    // A shared machine's other work shows in every figure: its load is part of the result.
    work.push({ what: 'machine load average (1 min) at the end', ms: +loadavg()[0]!.toFixed(1) });
    save('certificates', work);
    save('certificates-probe', probes);
  } finally {
    await stop(child);
  }
}

/** The benchmark database with the large dataset, created and filled on first use. */
async function largeDatabase(): Promise<string> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
  // The maintenance database beside it (the URL may carry ?host=/var/run/postgresql for the Unix socket).
  const maintenance = new URL(url);
  const dbName = maintenance.pathname.slice(1);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
  if (exists.rowCount === 0) await admin.query(`create database "${dbName}"`);
  await admin.end();
  console.log('preparing the large dataset (first time: about a minute)…');
  execFileSync(process.execPath, [path.join(root, 'apps/server/scripts/seed-large.ts')], { env: { ...process.env, DATABASE_URL: url }, stdio: 'inherit' });
  // Each run starts from tables vacuumed and analysed, as autovacuum leaves them: where it is off (this
  // machine's PostgreSQL for tests), earlier runs' dead rows (600,000 exam answers after a few exam
  // runs) made every run slower than the one before.
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('vacuum (analyze)');
  } finally {
    await db.end();
  }
  return url;
}

/** The token the benches' servers answer /metrics with. */
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
/** A server on the large dataset's PostgreSQL, without the per-IP rate limit (every request comes from 127.0.0.1). */
const startOnLarge = (url: string, port: number, name: string, ready = '/index') =>
  startServer(mkdtempSync(path.join(tmpdir(), `portal-bench-${name}-`)), port, { DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: '100000000', SEED_DEMO: 'false', METRICS_TOKEN }, ready);

/** Statements the server has sent to its database so far (its /metrics). */
async function statementsSent(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return [...text.matchAll(/^portal_db_query_duration_seconds_count\{[^}]*\} (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
}

/** Random learners of the large dataset. */
const largeLearners = async (db: pg.Client, n: number) =>
  (await db.query<{ person_id: number; mobile: string }>(`select person_id, mobile from persons where person_no like 'L%' order by random() limit $1`, [n])).rows;

/** The one value of a one-row, one-column query, as a number. */
const scalar = async (db: pg.Client, q: string, params: unknown[]) => Number(Object.values((await db.query(q, params)).rows[0] as Record<string, string>)[0]);

/** The bare route's rate in the same run (the ratio's denominator), and its row of the table. */
async function bareRoute(base: string) {
  const bare = await autocannon({ url: `${base}/healthz`, connections: 50, duration: 10 });
  return { perSecond: bare.requests.average, row: { run: 'bare route (/healthz)', req_per_s: Math.round(bare.requests.average), p50_ms: bare.latency.p50, p99_ms: bare.latency.p99, errors: bare.errors + bare.non2xx } };
}

/** CPU time (ms, user + system) a process has used so far, from /proc (Linux); 0 once it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/**
 * CPU used so far (ms) by the server, by PostgreSQL for the bench database (its connections and its
 * WAL writer, checkpointer and background writer; other databases' work on a shared host is left out)
 * and by this process (the load generator). Two snapshots give what each spent in between.
 */
async function cpuSnapshot(db: pg.Client, serverPid: number) {
  const pids = (await db.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() or backend_type in ('walwriter', 'checkpointer', 'background writer')`)).rows.map((r) => r.pid);
  const self = process.cpuUsage();
  return { at: performance.now(), server: cpuMsOf(serverPid), postgres: new Map(pids.map((p) => [p, cpuMsOf(p)])), client: (self.user + self.system) / 1000 };
}
type CpuSnapshot = Awaited<ReturnType<typeof cpuSnapshot>>;

/** What each process spent between two snapshots (ms of CPU), and the wall time between them. */
function cpuBetween(a: CpuSnapshot, b: CpuSnapshot) {
  let postgres = 0;
  // A connection closed meanwhile (the pool lets idle ones go) took its CPU time with it: it counts 0, not less.
  for (const p of new Set([...a.postgres.keys(), ...b.postgres.keys()])) postgres += Math.max(0, (b.postgres.get(p) ?? 0) - (a.postgres.get(p) ?? 0));
  return { wallMs: b.at - a.at, server: b.server - a.server, postgres, client: b.client - a.client };
}

/**
 * CPU spent while `work` runs by the server, PostgreSQL and the load generator, in µs per request.
 * Unlike requests per second these hardly move with what else runs on the machine.
 */
async function cpuPerRequest<T>(db: pg.Client, serverPid: number, work: () => Promise<T>, requests: (r: T) => number) {
  const before = await cpuSnapshot(db, serverPid);
  const result = await work();
  const spent = cpuBetween(before, await cpuSnapshot(db, serverPid));
  const n = Math.max(1, requests(result));
  const us = (ms: number) => Math.round((ms * 1000) / n);
  return { result, cpu: { server_cpu_us: us(spent.server), pg_cpu_us: us(spent.postgres), client_cpu_us: us(spent.client) } };
}

async function benchHeartbeat() {
  const url = await largeDatabase();

  const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 600);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  // A long bench lesson every bench learner has chosen, so no report is capped by the resource's length.
  const course = await db.query<{ id: number }>(`insert into courses (title, lecturer, category_id, credit_hours) select '基准测试长课程', '基准', min(id), 1 from categories returning id`);
  const courseId = course.rows[0]!.id;
  const res = await db.query<{ id: number }>(`insert into course_resources (course_id, title, kind, duration_seconds, media_url) values ($1, '长视频', 'video', 1000000, '/media/none.mp4') returning id`, [courseId]);
  const resourceId = res.rows[0]!.id;
  const people = await largeLearners(db, LEARNERS);
  await db.query(`insert into person_courses (person_id, course_id) select unnest($1::int[]), $2 on conflict do nothing`, [people.map((p) => p.person_id), courseId]);

  const port = 18083;
  const since = new Date();
  const { child } = await startOnLarge(url, port, 'hb');
  const base = `http://127.0.0.1:${port}`;
  try {
    const post = async <T>(p: string, body?: unknown, token?: string) =>
      (await (await fetch(base + p, { method: 'POST', headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) })).json()) as T;
    const learners: { token: string; sessionId: string; position: number }[] = [];
    for (const p of people) {
      const cap = await post<{ data: { id: string } }>('/v1/portal/uc/session/captcha/request_image_code');
      const answer = ((await (await fetch(`${base}/dev/captcha/${cap.data.id}`)).json()) as { captcha: string }).captcha;
      const login = await post<{ data: { authorization: { id: string } } }>('/v1/portal/uc/session/username_login', { captcha_session_id: cap.data.id, captcha: answer, username: p.mobile, password: 'Study@2026', expires: 604800 });
      const token = login.data.authorization.id;
      const s = await post<{ obj: { sessionId: string } }>(`/video_learning/education/studentLearn/findStudyResourceTime?resourceId=${resourceId}`, undefined, token);
      learners.push({ token, sessionId: s.obj.sessionId, position: 0 });
    }
    // As if every learner had been watching for ten hours: the wall-clock cap never bites in this run.
    await db.query(`update study_sessions set started_at = now() - interval '10 hours', credit_from = now() - interval '10 hours' where id = any($1::bigint[])`, [learners.map((l) => l.sessionId)]);

    let next = 0;
    // The report a learner sends next: its position moves on by the 30 seconds it reports.
    const nextReport = () => {
      const l = learners[next++ % learners.length]!;
      l.position += 30;
      return { token: l.token, body: `{"reportId":"${randomUUID()}","sessionId":"${l.sessionId}","position":${l.position},"playedSeconds":30,"clientTime":"${new Date().toISOString()}","event":"tick"}` };
    };
    const REPORT_PATH = '/video_learning/education/studentLearn/updateStudyResourceTime';
    const ackedIds: string[] = [];
    let ackedSeconds = 0;
    /** An answer to a report: acknowledged when it says so, with its id and the seconds it credited. */
    const readAnswer = (status: number, body: string) => {
      if (status !== 200 || !body.includes('"res":true')) return;
      const id = /"reportId":"([0-9a-f-]{36})"/.exec(body)?.[1];
      const credited = /"credited":(\d+)/.exec(body)?.[1];
      if (id && credited !== undefined) {
        ackedIds.push(id);
        ackedSeconds += Number(credited);
      }
    };
    const CONNECTIONS = 50;
    // The bare route and the reports, each with the same load generator: bench/load.ts by default
    // (docs/decisions/0050); BENCH_HEARTBEAT_CLIENT=autocannon measures both with autocannon as before.
    const withAutocannon = process.env.BENCH_HEARTBEAT_CLIENT === 'autocannon';
    /** The bare route for 10 s, with the CPU the three processes spent on it. */
    const bareRun = (label: string) =>
      cpuPerRequest(
        db,
        child.pid!,
        async () => {
          if (withAutocannon) {
            const r = await bareRoute(base);
            return { perSecond: r.perSecond, total: r.perSecond * 10, row: { ...r.row, run: `bare route (/healthz), ${label}` } };
          }
          const bareRequest = httpRequest('GET', '/healthz', {});
          const r = await load({ port, connections: CONNECTIONS, seconds: 10, next: () => bareRequest });
          return { perSecond: r.perSecond, total: r.total, row: { run: `bare route (/healthz), ${label}`, req_per_s: Math.round(r.perSecond), p50_ms: r.p50, p99_ms: r.p99, errors: r.errors + r.non2xx } };
        },
        (b) => b.total,
      );
    // The bare route before and after the reports: the ratio is taken against their mean, so that the
    // machine's speed drifting during the run (this shared host's moves by tens of percent within
    // minutes) does not make the ratio.
    const bareBefore = await bareRun('before');
    const load0 = loadavg()[0]!;
    const statements0 = await statementsSent(base);
    const hbRun = await cpuPerRequest(
      db,
      child.pid!,
      async () => {
        if (withAutocannon) {
          const r = await autocannon({
            url: base,
            connections: CONNECTIONS,
            duration: 20,
            requests: [
              {
                method: 'POST',
                path: REPORT_PATH,
                setupRequest: (req) => {
                  const { token, body } = nextReport();
                  return { ...req, headers: { 'content-type': 'application/json', authorization: token }, body };
                },
                onResponse: (status, body) => readAnswer(status, body),
              },
            ],
          });
          return { perSecond: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
        }
        const r = await load({
          port,
          connections: CONNECTIONS,
          seconds: 20,
          keepAnswers: true,
          next: () => {
            const { token, body } = nextReport();
            return httpRequest('POST', REPORT_PATH, { 'content-type': 'application/json', authorization: token }, body);
          },
        });
        // The answers are read after the run, so that the generator's own work stays out of it.
        for (const a of r.answers) readAnswer(a.status, a.body.toString());
        return { perSecond: r.perSecond, total: r.total, p50: r.p50, p99: r.p99, errors: r.errors + r.non2xx };
      },
      (r) => r.total,
    );
    const hb = hbRun.result;
    // Requests still in flight when the load stopped finish first; then the ledger is read.
    await new Promise((r) => setTimeout(r, 2000));
    const statements = (await statementsSent(base)) - statements0;
    const bareAfter = await bareRun('after');
    const bare = { perSecond: (bareBefore.result.perSecond + bareAfter.result.perSecond) / 2 };
    const sessionIds = learners.map((l) => l.sessionId);
    const one = (q: string, params: unknown[]) => scalar(db, q, params);
    const ackedInLedger = await one(`select count(*) from progress_reports where report_id = any($1::uuid[])`, [ackedIds]);
    const ackedSecondsInLedger = await one(`select coalesce(sum(credited_seconds), 0) from progress_reports where report_id = any($1::uuid[])`, [ackedIds]);
    const ledgerSeconds = await one(`select coalesce(sum(credited_seconds), 0) from progress_reports where session_id = any($1::bigint[])`, [sessionIds]);
    const sessionSeconds = await one(`select coalesce(sum(credited_seconds), 0) from study_sessions where id = any($1::bigint[])`, [sessionIds]);
    const chapterSeconds = await one(`select coalesce(sum(learned_seconds), 0) from resource_progress where resource_id = $1`, [resourceId]);
    const rows = [
      { ...bareBefore.result.row, ...bareBefore.cpu },
      { ...bareAfter.result.row, ...bareAfter.cpu },
      { run: `progress reports (${LEARNERS} learners, ${CONNECTIONS} connections, ${withAutocannon ? 'autocannon' : 'bench/load.ts'})`, req_per_s: Math.round(hb.perSecond), p50_ms: hb.p50, p99_ms: hb.p99, errors: hb.errors, vs_bare: +(hb.perSecond / bare.perSecond).toFixed(2), statements_per_report: +(statements / Math.max(1, hb.total)).toFixed(2), ...hbRun.cpu, load_1min: `${load0.toFixed(1)}→${loadavg()[0]!.toFixed(1)}` },
    ];
    save('heartbeat', rows);
    const integrity = [
      { check: 'reports acknowledged', value: ackedIds.length, expected: '-' },
      { check: 'acknowledged reports missing from the ledger (lost)', value: ackedIds.length - ackedInLedger, expected: 0 },
      { check: 'acknowledged seconds minus their ledger seconds', value: ackedSeconds - ackedSecondsInLedger, expected: 0 },
      { check: 'ledger seconds minus study-session seconds (extra)', value: ledgerSeconds - sessionSeconds, expected: 0 },
      { check: 'ledger seconds minus chapter-progress seconds (extra)', value: ledgerSeconds - chapterSeconds, expected: 0 },
    ];
    save('heartbeat-integrity', integrity);
  } finally {
    await stop(child);
    await db.query(`delete from progress_reports where resource_id = $1`, [resourceId]);
    await db.query(`delete from study_sessions where resource_id = $1`, [resourceId]);
    await db.query(`delete from resource_progress where resource_id = $1`, [resourceId]);
    await db.query(`delete from person_courses where course_id = $1`, [courseId]);
    await db.query(`delete from course_resources where id = $1`, [resourceId]);
    await db.query(`delete from courses where id = $1`, [courseId]);
    // The bench learners' logins of this run: each run would otherwise leave its 600 sessions behind.
    await db.query(`delete from sessions where person_id = any($1::int[]) and created_at >= $2`, [people.map((p) => p.person_id), since]);
    await db.end();
  }
}

/** The bench exam's questions: 32, of every type, worth 98 points; each learner answers 30 of them. */
function examQuestionBank() {
  const out: { type: 'single' | 'multiple' | 'judge' | 'fill'; options: string[]; answer: string[]; score: number }[] = [];
  const opts = ['实事求是', '群众路线', '独立自主', '统一战线'];
  for (let i = 0; i < 12; i++) out.push({ type: 'single', options: opts, answer: ['ABCD'[i % 4]!], score: 3 });
  for (let i = 0; i < 8; i++) out.push({ type: 'multiple', options: opts, answer: i % 2 ? ['A', 'C'] : ['B', 'C', 'D'], score: 4 });
  for (let i = 0; i < 6; i++) out.push({ type: 'judge', options: [], answer: [i % 2 ? 'T' : 'F'], score: 2 });
  for (let i = 0; i < 6; i++) out.push({ type: 'fill', options: [], answer: ['为人民服务'], score: 3 });
  return out;
}

/** A learner's answer to a question of the paper: right or wrong at random (fill-in also with spaces a grader must ignore). */
function someAnswer(q: { type: string; options: { key: string }[] }): string[] {
  const keys = q.options.map((o) => o.key);
  const coin = () => Math.random() < 0.5;
  if (q.type === 'single') return [keys[Math.floor(Math.random() * keys.length)]!];
  if (q.type === 'multiple') {
    const chosen = keys.filter(coin);
    return chosen.length ? chosen : [keys[0]!];
  }
  if (q.type === 'judge') return [coin() ? 'T' : 'F'];
  return [['为人民服务', '为 人民 服务', '为人民谋幸福'][Math.floor(Math.random() * 3)]!];
}

type Sample = { kind: 'start' | 'save' | 'submit'; at: number; end: number; ms: number; serverMs: number; connectMs: number; firstByteMs: number; ok: boolean; connectionError?: boolean };

/**
 * One POST over a keep-alive agent (the learner's own, or a shared pool); its time counts from `since` (when it was due, so time
 * queued behind the pool's connections is counted, not hidden).
 */
function examCall(agent: http.Agent, port: number, p: string, token: string, body: unknown, since: number) {
  return new Promise<{ status: number; json: { res: boolean; obj: unknown; resMsg?: string } | null; ms: number; serverMs: number; connectMs: number; firstByteMs: number }>((resolve) => {
    const payload = body === undefined ? '' : JSON.stringify(body);
    // The time until a new connection was established (the kernel's handshake: the instance takes it from
    // its accept queue later; NaN on a connection kept from an earlier call), and until the first byte.
    let connectMs = NaN;
    let firstByteMs = NaN;
    const req = http.request(
      { host: '127.0.0.1', port, path: p, method: 'POST', agent, headers: { authorization: token, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (res) => {
        firstByteMs = performance.now() - since;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { res: boolean; obj: unknown };
          } catch {
            // not JSON: counted as an error below
          }
          const serverMs = Number(/dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1] ?? NaN);
          resolve({ status: res.statusCode ?? 0, json, ms: performance.now() - since, serverMs, connectMs, firstByteMs });
        });
      },
    );
    req.on('socket', (socket) => {
      if (socket.connecting) socket.once('connect', () => (connectMs = performance.now() - since));
    });
    req.on('error', () => resolve({ status: 0, json: null, ms: performance.now() - since, serverMs: NaN, connectMs, firstByteMs }));
    req.end(payload);
  });
}

async function benchExam() {
  const url = await largeDatabase();
  const LEARNERS = Number(process.env.BENCH_EXAM_LEARNERS ?? 5000);
  // As browsers arrive: each learner opens its own connections (a browser keeps a few per site; two
  // suffice for one learner's calls) within the start window. A number instead: one shared pool.
  const perLearner = (process.env.BENCH_EXAM_CONNECTIONS ?? 'learner') === 'learner';
  const CONNECTIONS = perLearner ? LEARNERS : Number(process.env.BENCH_EXAM_CONNECTIONS);
  // direct: to the instance; nginx: through the nginx example (deploy/nginx) in front of it.
  const VIA = process.env.BENCH_EXAM_VIA === 'nginx' ? 'nginx' : 'direct';
  const START_WITHIN_MS = 10_000;
  const ANSWERING_MS = 60_000;
  const ANSWERS = 30;
  const db = new pg.Client({ connectionString: url });
  await db.connect();

  // Its own exam: 32 questions, open now and for a day, two hours per attempt, shuffled, partial credit.
  const bank = examQuestionBank();
  const qs = await db.query<{ id: number }>(
    `insert into questions (bank, type, stem, options, answer) select '党史党建', t, '基准测试题' || n, o, a
       from unnest($1::text[], $2::jsonb[], $3::jsonb[]) with ordinality as x(t, o, a, n) order by n returning id`,
    [bank.map((q) => q.type), bank.map((q) => JSON.stringify(q.options)), bank.map((q) => JSON.stringify(q.answer))],
  );
  const questionIds = qs.rows.map((r) => r.id);
  const exam = await db.query<{ id: number }>(
    `insert into exams (title, start_at, end_at, duration_minutes, pass_score, total_score, attempts_allowed, shuffle_questions, shuffle_options, review, partial_credit)
     values ('基准测试考试', now() - interval '1 minute', now() + interval '1 day', 120, 60, $1, 1, true, true, 'afterSubmit', true) returning id`,
    [bank.reduce((n, q) => n + q.score, 0)],
  );
  const examId = exam.rows[0]!.id;
  await db.query(`insert into exam_questions (exam_id, question_id, sort, score) select $1, unnest($2::int[]), generate_series(1, $3), unnest($4::numeric[])`, [examId, questionIds, questionIds.length, bank.map((q) => q.score)]);

  // Sessions opened as modules/uc opens them (only the token's SHA-256 is stored), without 5,000 argon2 logins.
  const people = await largeLearners(db, LEARNERS);
  const tokens = people.map(() => newToken());
  await db.query(`insert into sessions (token_hash, person_id, login_type, ip, expires_at) select unnest($1::text[]), unnest($2::int[]), 'password', '127.0.0.1', now() + interval '1 day'`, [tokens.map(sha256), people.map((p) => p.person_id)]);

  const instancePort = 18087;
  const { child } = await startOnLarge(url, instancePort, 'exam');
  const proxy = VIA === 'nginx' ? await startNginx(18088, [instancePort], { workers: 'auto', workerConnections: LEARNERS * 4 + 256 }) : null;
  const port = proxy ? 18088 : instancePort;
  const base = `http://127.0.0.1:${port}`;
  const shared = perLearner ? null : new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const agents: http.Agent[] = shared ? [shared] : [];
  const agentOf = () => {
    if (shared) return shared;
    const a = new http.Agent({ keepAlive: true, maxSockets: 2 });
    agents.push(a);
    return a;
  };
  try {
    const bare = await bareRoute(base);
    const samples: Sample[] = [];
    let unexpected = 0;
    let keptNewer = 0;
    /** Every save sent, by attempt, question and seq; the acknowledged ones marked. */
    const sent = new Map<number, Map<number, Map<number, { answer: string[]; acked: boolean }>>>();
    const submittedScores = new Map<number, number | null>();
    const t0 = performance.now();
    const at = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, t0 + ms - performance.now())));
    const call = async (agent: http.Agent, kind: Sample['kind'], p: string, token: string, body: unknown) => {
      const due = performance.now();
      const r = await examCall(agent, port, p, token, body, due);
      const ok = r.status >= 200 && r.status < 300 && r.json?.res === true;
      if (!ok) unexpected++;
      samples.push({ kind, at: due - t0, end: performance.now() - t0, ms: r.ms, serverMs: r.serverMs, connectMs: r.connectMs, firstByteMs: r.firstByteMs, ok, connectionError: r.status === 0 });
      return ok ? r.json!.obj : null;
    };

    const learner = async (token: string) => {
      const startAt = Math.random() * START_WITHIN_MS;
      await at(startAt);
      // A browser's connections open with its first call, inside the start window.
      const agent = agentOf();
      const paper = (await call(agent, 'start', `${E.findExamQuestions.path}?examId=${examId}`, token, undefined)) as E.ExamPaper | null;
      if (!paper) return;
      const mine = new Map<number, Map<number, { answer: string[]; acked: boolean }>>();
      sent.set(paper.attemptId, mine);
      let seq = 0;
      const save = async (questionId: number, s: number, answer: string[], due: number) => {
        await at(due);
        const bySeq = mine.get(questionId) ?? new Map<number, { answer: string[]; acked: boolean }>();
        mine.set(questionId, bySeq);
        const entry = { answer, acked: false };
        bySeq.set(s, entry);
        const ack = (await call(agent, 'save', E.saveExamQuestionAnswerd.path, token, { attemptId: paper.attemptId, questionId, answer, seq: s })) as E.SaveAck | null;
        if (ack) entry.acked = true;
        if (ack && !ack.written) keptNewer++;
      };
      // 30 answers over the next 60 s, one per 2 s slot; some answered twice (a changed mind), and a
      // third of those sent out of order: the later seq first, the earlier 20 ms after it.
      const slot = ANSWERING_MS / ANSWERS;
      const begun = performance.now() - t0;
      const saves: Promise<void>[] = [];
      paper.questions.slice(0, ANSWERS).forEach((q, k) => {
        const due = begun + k * slot + Math.random() * slot * 0.5;
        const first = ++seq;
        if (Math.random() < 0.15) {
          const second = ++seq;
          if (Math.random() < 1 / 3) {
            saves.push(save(q.questionId, second, someAnswer(q), due), save(q.questionId, first, someAnswer(q), due + 20));
          } else {
            saves.push(save(q.questionId, first, someAnswer(q), due), save(q.questionId, second, someAnswer(q), due + slot * 0.4));
          }
        } else saves.push(save(q.questionId, first, someAnswer(q), due));
      });
      // 交卷 after the last answer is acknowledged, as the page does.
      await Promise.all(saves);
      await at(begun + ANSWERING_MS + Math.random() * 2000);
      const result = (await call(agent, 'submit', E.saveExamRecord.path, token, { attemptId: paper.attemptId })) as E.AttemptResult | null;
      if (result) submittedScores.set(paper.attemptId, result.score);
    };
    // The CPU each process spent in the start window and over the whole run: on one machine the load
    // generator's 5,000 connections take their share of the cores beside the instance and PostgreSQL.
    const cpuAtStart = await cpuSnapshot(db, child.pid!);
    // The load generator's own event-loop delay in the start window: a late generator reads answers late.
    const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
    generatorDelay.enable();
    // The instance's accept queue (connections the kernel has completed that the instance has not yet
    // taken: `ss`'s Recv-Q of the listening socket), sampled every 250 ms through the start window.
    // One shell of its own samples it, so that the generator does not start a process four times a second.
    let acceptQueueMax: number | null = null;
    const sampler = spawn('sh', ['-c', `while :; do ss -ltnH 'sport = :${instancePort}'; sleep 0.25; done`], { stdio: ['ignore', 'pipe', 'ignore'] });
    sampler.on('error', () => undefined);
    sampler.stdout.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        const q = Number(line.trim().split(/\s+/)[1]);
        if (line.trim() && Number.isFinite(q)) acceptQueueMax = Math.max(acceptQueueMax ?? 0, q);
      }
    });
    const startWindowEnds = at(START_WITHIN_MS).then(() => {
      generatorDelay.disable();
      sampler.kill();
      return cpuSnapshot(db, child.pid!);
    });
    await Promise.all(tokens.map(learner));
    const cpuAtEnd = await cpuSnapshot(db, child.pid!);
    const cpuRow = (window: string, spent: ReturnType<typeof cpuBetween>) => {
      const share = (ms: number) => Math.round((ms / spent.wallMs) * 100);
      return { window, wall_s: +(spent.wallMs / 1000).toFixed(1), server_pct_of_a_core: share(spent.server), postgres_pct: share(spent.postgres), load_generator_pct: share(spent.client), cores: availableParallelism() };
    };
    const cpuRows = [
      { ...cpuRow('start window (first 10 s)', cpuBetween(cpuAtStart, await startWindowEnds)), load_generator_delay_p99_ms: Math.round(generatorDelay.percentile(99) / 1e6), accept_queue_max: acceptQueueMax },
      cpuRow('whole run', cpuBetween(cpuAtStart, cpuAtEnd)),
    ];

    // Integrity, from the database: the newest acknowledged answer of every attempt and question is the
    // stored one, no earlier answer replaced a later one, and every score is the grading of what is stored.
    const attempts = (await db.query<{ id: number; paper: { questionId: number; score: number }[]; score: string | null; submitted_at: Date | null }>(`select id, paper, score, submitted_at from exam_attempts where exam_id = $1`, [examId])).rows;
    const stored = new Map<string, { answer: string[]; seq: number }>();
    for (const r of (await db.query<{ attempt_id: number; question_id: number; answer: string[]; seq: number }>(`select attempt_id, question_id, answer, seq from exam_answers where attempt_id = any($1::int[])`, [attempts.map((a) => a.id)])).rows) {
      stored.set(`${r.attempt_id}:${r.question_id}`, { answer: r.answer, seq: r.seq });
    }
    const gradable = new Map((await db.query<{ id: number } & Gradable>(`select id, type, answer from questions where id = any($1::int[])`, [questionIds])).rows.map((q) => [q.id, q]));
    let acknowledged = 0;
    let lost = 0;
    let overwritten = 0;
    for (const [attemptId, byQuestion] of sent) {
      for (const [questionId, bySeq] of byQuestion) {
        const ackedSeqs = [...bySeq].filter(([, e]) => e.acked).map(([s]) => s);
        if (ackedSeqs.length === 0) continue;
        acknowledged++;
        const newest = Math.max(...ackedSeqs);
        const row = stored.get(`${attemptId}:${questionId}`);
        const sentAs = row ? bySeq.get(row.seq) : undefined;
        // The server upper-cases option keys; fill-in texts are kept as typed.
        const same = (a: string[], b: string[]) => JSON.stringify(a.map((x) => x.toUpperCase())) === JSON.stringify(b.map((x) => x.toUpperCase()));
        if (row && row.seq < newest) overwritten++;
        else if (!row || !sentAs || !same(row.answer, sentAs.answer)) lost++;
      }
    }
    let mismatched = 0;
    for (const a of attempts) {
      if (a.submitted_at === null) continue;
      const answers = new Map<number, string[]>();
      for (const p of a.paper) {
        const s = stored.get(`${a.id}:${p.questionId}`);
        if (s) answers.set(p.questionId, s.answer);
      }
      const recomputed = gradePaper(a.paper, gradable, answers, true).score;
      const reported = submittedScores.get(a.id);
      if (Number(a.score) !== recomputed || (reported !== undefined && reported !== Number(a.score))) mismatched++;
    }
    const open = attempts.filter((a) => a.submitted_at === null).length;

    const rows: Record<string, unknown>[] = [bare.row];
    for (const kind of ['start', 'save', 'submit'] as const) {
      const xs = samples.filter((s) => s.kind === kind);
      // Reduced, not spread: 180,000 saves are more arguments than a call takes.
      const first = xs.reduce((m, s) => Math.min(m, s.at), Infinity);
      const last = xs.reduce((m, s) => Math.max(m, s.end), -Infinity);
      const perSecond = xs.length / ((last - first) / 1000);
      const buckets = new Map<number, number>();
      for (const s of xs) buckets.set(Math.floor(s.end / 1000), (buckets.get(Math.floor(s.end / 1000)) ?? 0) + 1);
      const server = xs.map((s) => s.serverMs).filter((v) => !Number.isNaN(v));
      const connects = xs.map((s) => s.connectMs).filter((v) => !Number.isNaN(v));
      rows.push({
        run: `${kind} (${LEARNERS} learners, ${perLearner ? 'a connection per learner' : `${CONNECTIONS} connections`}, ${VIA})`,
        count: xs.length,
        req_per_s: Math.round(perSecond),
        peak_per_s: Math.max(...buckets.values()),
        p50_ms: Math.round(pct(xs.map((s) => s.ms), 0.5)),
        p95_ms: Math.round(pct(xs.map((s) => s.ms), 0.95)),
        p99_ms: Math.round(pct(xs.map((s) => s.ms), 0.99)),
        server_p99_ms: +pct(server, 0.99).toFixed(1),
        // Calls that opened a connection: how long until it was established.
        new_connections: connects.length,
        connect_p99_ms: connects.length ? Math.round(pct(connects, 0.99)) : null,
        first_byte_p99_ms: Math.round(pct(xs.map((s) => s.firstByteMs).filter((v) => !Number.isNaN(v)), 0.99)),
        errors: xs.filter((s) => !s.ok).length,
        connection_errors: xs.filter((s) => s.connectionError).length,
        vs_bare: +(perSecond / bare.perSecond).toFixed(2),
        bar: 'p99 ≤ 300 ms, 0 errors',
      });
    }
    save('exam', rows);
    save('exam-cpu', cpuRows);
    const integrity = [
      { check: 'attempts started', value: sent.size, expected: LEARNERS },
      { check: 'attempts left open (not submitted)', value: open, expected: 0 },
      { check: 'answers acknowledged (attempt × question)', value: acknowledged, expected: '-' },
      { check: 'saves not written because a newer answer was already stored (out of order)', value: keptNewer, expected: '-' },
      { check: 'calls refused or failed (errors)', value: unexpected, expected: 0 },
      { check: 'acknowledged answers not stored as acknowledged (lost)', value: lost, expected: 0 },
      { check: 'later answers overwritten by earlier ones', value: overwritten, expected: 0 },
      { check: 'stored scores unequal to a recomputation (mismatched)', value: mismatched, expected: 0 },
    ];
    save('exam-integrity', integrity);
    if (lost + overwritten + mismatched + open > 0) {
      console.error('exam: integrity check failed');
      process.exitCode = 1;
    }
  } finally {
    for (const a of agents) a.destroy();
    await proxy?.stop();
    await stop(child);
    await db.query(`delete from exam_answers where attempt_id in (select id from exam_attempts where exam_id = $1)`, [examId]);
    await db.query(`delete from exam_attempts where exam_id = $1`, [examId]);
    await db.query(`delete from exam_questions where exam_id = $1`, [examId]);
    await db.query(`delete from exams where id = $1`, [examId]);
    await db.query(`delete from questions where id = any($1::int[])`, [questionIds]);
    await db.query(`delete from sessions where token_hash = any($1::text[])`, [tokens.map(sha256)]);
    await db.end();
  }
}

if (wanted('start')) await benchStart();
if (wanted('bundle')) benchBundle();
if (wanted('api')) await benchApi();
/**
 * The study pages as a learner opens them: the demo learner (13800000001) logged in, /study on the first
 * of their courses in progress whose chapters are all videos, /studypdf1 on the first demo course with
 * a PDF chapter, /studylive1 on the replay of the first live lesson that has ended. Found through the
 * server's own calls, so that each page opens a real record of the seeded demo.
 */
async function studyPaths(base: string, token: string): Promise<string[]> {
  const post = async <T>(url: string, auth = false): Promise<T> => {
    const r = await fetch(`${base}${url}`, { method: 'POST', headers: auth ? { Authorization: token } : {} });
    const body = (await r.json()) as { res: boolean; obj: T };
    if (!body.res) throw new Error(`${url} refused`);
    return body.obj;
  };
  const courseOf = (id: number) => post<catalog.CourseDetail>(`/video_learning/education/index/findCourseById?id=${id}`);
  const mine = await post<{ list: { id: number }[] }>('/video_learning/education/studentLearn/findLearningCourse?completed=false&pageSize=50', true);
  let study: string | null = null;
  for (const { id } of mine.list) {
    const c = await courseOf(id);
    if (c.resources.length > 0 && c.resources.every((r) => r.kind === 'video')) {
      study = `/study?courseId=${c.id}`;
      break;
    }
  }
  let pdf: string | null = null;
  let live: string | null = null;
  for (let id = 1; id <= 200 && !(pdf && live); id++) {
    const c = await courseOf(id).catch(() => null);
    if (!c) continue;
    const p = c.resources.find((r) => r.kind === 'pdf');
    if (!pdf && p) pdf = `/studypdf1?courseId=${c.id}&resourceId=${p.id}`;
    const l = c.resources.find((r) => r.kind === 'live' && r.liveEnd !== null && Date.parse(r.liveEnd) < Date.now());
    if (!live && l) live = `/studylive1?courseId=${c.id}&resourceId=${l.id}`;
  }
  if (!study || !pdf || !live) throw new Error('the demo has no course for one of the study pages');
  return [study, pdf, live];
}

if (wanted('lighthouse')) {
  const server = await startServer(mkdtempSync(path.join(tmpdir(), 'portal-bench-lh-')), 18086);
  try {
    const base = 'http://127.0.0.1:18086';
    const login = await storedLogin(base, '13800000001', 'Study@2026');
    const study = await studyPaths(base, (JSON.parse(login) as { token: string }).token);
    const rows = [...(await lighthouseRows(base, ['/index', '/course'])), ...(await lighthouseRows(base, study, { login }))];
    save('lighthouse', rows);
  } finally {
    await stop(server.child);
  }
}
if (wanted('index')) await benchIndex();
if (wanted('export')) await benchExport();
if (wanted('heartbeat')) await benchHeartbeat();
if (wanted('exam')) await benchExam();
if (wanted('import')) await (await import('./import.ts')).benchImport();
if (wanted('certificates')) await benchCertificates();
if (wanted('review')) await (await import('./review.ts')).benchReview();
if (wanted('media')) save('media', await (await import('./media.ts')).benchMedia());
