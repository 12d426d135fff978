/**
 * `npm run bench`: measures the QUALITY.md bars this tree can measure, prints a table per bar and
 * writes bench/results/<name>.json. Run on an otherwise idle machine; figures go in the README.
 *
 *   start   npm start → first served page, on an existing embedded database (bar ≤ 10 s)
 *   bundle  JavaScript the /index first load fetches, gzip (bar ≤ 250 KB)
 *   api     latency and throughput of session and public calls vs a bare route in the same run
 *   index   every index/ (and realTime/, college/) call of the home page: p50 server time (Server-Timing), sequential,
 *           on the demo data (bar ≤ 5 ms) and on the large dataset (bar ≤ 20 ms)
 *   lighthouse  Lighthouse (mobile) on /index, /course and /study against a freshly started server
 *              (bar: performance, accessibility, best practices ≥ 95)
 *   heartbeat  progress reports from many learners and sessions on PostgreSQL with the large dataset
 *              (bar ≥ 3,000 accepted/s, p99 ≤ 50 ms, ≥ 0.25 × a bare route, 0 lost, 0 extra)
 *
 * `npm run bench -- heartbeat` runs one section. The heartbeat section uses BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/portal_bench), creating the database and the large
 * dataset (`seed:large`) on first use.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { catalog, content, isCallDef, type CallDef } from '@portal/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { lighthouseRows } from './lighthouse.ts';

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

function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<{ child: ChildProcess; ms: number }> {
  const t0 = performance.now();
  // BENCH_NODE_ARGS (e.g. --cpu-prof) profiles the server under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/src/main.ts')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const poll = async () => {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/index`);
        if (r.ok) return resolve({ child, ms: performance.now() - t0 });
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) return reject(new Error('server exited'));
      setTimeout(poll, 50);
    };
    void poll();
  });
}

const stop = (c: ChildProcess) => new Promise<void>((r) => { c.once('exit', () => r()); c.kill('SIGTERM'); });

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
    const cap = (await (await fetch(`${base}/v1/portal/uc/session/captcha/request_image_code`, { method: 'POST' })).json()) as { data: { id: string } };
    const answer = ((await (await fetch(`${base}/dev/captcha/${cap.data.id}`)).json()) as { captcha: string }).captcha;
    const login = (await (
      await fetch(`${base}/v1/portal/uc/session/username_login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ captcha_session_id: cap.data.id, captcha: answer, username: '13800000001', password: 'Study@2026', expires: 604800 }),
      })
    ).json()) as { data: { authorization: { id: string } } };
    const token = login.data.authorization.id;
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
    const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]!;
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
  const large = await startServer(mkdtempSync(path.join(tmpdir(), 'portal-bench-index-')), 18085, { DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: '1000000', SEED_DEMO: 'false' });
  try {
    rows = rows.concat(await timeIndexCalls('http://127.0.0.1:18085', 'large (PostgreSQL)', 20));
  } finally {
    await stop(large.child);
  }
  save('index', rows);
}

/** The benchmark database with the large dataset, created and filled on first use. */
async function largeDatabase(): Promise<string> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const dbName = new URL(url).pathname.slice(1);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
  if (exists.rowCount === 0) await admin.query(`create database "${dbName}"`);
  await admin.end();
  console.log('preparing the large dataset (first time: about a minute)…');
  execFileSync(process.execPath, [path.join(root, 'apps/server/scripts/seed-large.ts')], { env: { ...process.env, DATABASE_URL: url }, stdio: 'inherit' });
  return url;
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
  const people = await db.query<{ person_id: number; mobile: string }>(`select person_id, mobile from persons where person_no like 'L%' order by random() limit $1`, [LEARNERS]);
  await db.query(`insert into person_courses (person_id, course_id) select unnest($1::int[]), $2 on conflict do nothing`, [people.rows.map((p) => p.person_id), courseId]);

  const port = 18083;
  const { child } = await startServer(mkdtempSync(path.join(tmpdir(), 'portal-bench-hb-')), port, { DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: '100000000', SEED_DEMO: 'false' });
  const base = `http://127.0.0.1:${port}`;
  try {
    const post = async <T>(p: string, body?: unknown, token?: string) =>
      (await (await fetch(base + p, { method: 'POST', headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) })).json()) as T;
    const learners: { token: string; sessionId: string; position: number }[] = [];
    for (const p of people.rows) {
      const cap = await post<{ data: { id: string } }>('/v1/portal/uc/session/captcha/request_image_code');
      const answer = ((await (await fetch(`${base}/dev/captcha/${cap.data.id}`)).json()) as { captcha: string }).captcha;
      const login = await post<{ data: { authorization: { id: string } } }>('/v1/portal/uc/session/username_login', { captcha_session_id: cap.data.id, captcha: answer, username: p.mobile, password: 'Study@2026', expires: 604800 });
      const token = login.data.authorization.id;
      const s = await post<{ obj: { sessionId: string } }>(`/video_learning/education/studentLearn/findStudyResourceTime?resourceId=${resourceId}`, undefined, token);
      learners.push({ token, sessionId: s.obj.sessionId, position: 0 });
    }
    // As if every learner had been watching for ten hours: the wall-clock cap never bites in this run.
    await db.query(`update study_sessions set started_at = now() - interval '10 hours' where id = any($1::bigint[])`, [learners.map((l) => l.sessionId)]);

    const bare = await autocannon({ url: `${base}/healthz`, connections: 50, duration: 10 });
    let next = 0;
    const ackedIds: string[] = [];
    let ackedSeconds = 0;
    const hb = await autocannon({
      url: base,
      connections: 50,
      duration: 20,
      requests: [
        {
          method: 'POST',
          path: '/video_learning/education/studentLearn/updateStudyResourceTime',
          setupRequest: (req) => {
            const l = learners[next++ % learners.length]!;
            l.position += 30;
            return { ...req, headers: { 'content-type': 'application/json', authorization: l.token }, body: JSON.stringify({ reportId: randomUUID(), sessionId: l.sessionId, position: l.position, playedSeconds: 30, clientTime: new Date().toISOString(), event: 'tick' }) };
          },
          onResponse: (status, body) => {
            if (status !== 200) return;
            const r = JSON.parse(body) as { res: boolean; obj: { credited: number; reportId: string } | null };
            if (r.res && r.obj) {
              ackedIds.push(r.obj.reportId);
              ackedSeconds += r.obj.credited;
            }
          },
        },
      ],
    });
    // Requests still in flight when the load stopped finish first; then the ledger is read.
    await new Promise((r) => setTimeout(r, 2000));
    const sessionIds = learners.map((l) => l.sessionId);
    const one = async (q: string, params: unknown[]) => Number(Object.values((await db.query(q, params)).rows[0] as Record<string, string>)[0]);
    const ackedInLedger = await one(`select count(*) from progress_reports where report_id = any($1::uuid[])`, [ackedIds]);
    const ackedSecondsInLedger = await one(`select coalesce(sum(credited_seconds), 0) from progress_reports where report_id = any($1::uuid[])`, [ackedIds]);
    const ledgerSeconds = await one(`select coalesce(sum(credited_seconds), 0) from progress_reports where session_id = any($1::bigint[])`, [sessionIds]);
    const sessionSeconds = await one(`select coalesce(sum(credited_seconds), 0) from study_sessions where id = any($1::bigint[])`, [sessionIds]);
    const chapterSeconds = await one(`select coalesce(sum(learned_seconds), 0) from resource_progress where resource_id = $1`, [resourceId]);
    const rows = [
      { run: 'bare route (/healthz)', req_per_s: Math.round(bare.requests.average), p50_ms: bare.latency.p50, p99_ms: bare.latency.p99, errors: bare.errors + bare.non2xx },
      { run: `progress reports (${LEARNERS} learners, 50 connections)`, req_per_s: Math.round(hb.requests.average), p50_ms: hb.latency.p50, p99_ms: hb.latency.p99, errors: hb.errors + hb.non2xx, vs_bare: +(hb.requests.average / bare.requests.average).toFixed(2) },
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
    await db.end();
  }
}

if (wanted('start')) await benchStart();
if (wanted('bundle')) benchBundle();
if (wanted('api')) await benchApi();
if (wanted('lighthouse')) {
  const server = await startServer(mkdtempSync(path.join(tmpdir(), 'portal-bench-lh-')), 18086);
  try {
    save('lighthouse', await lighthouseRows('http://127.0.0.1:18086', ['/index', '/course', '/study']));
  } finally {
    await stop(server.child);
  }
}
if (wanted('index')) await benchIndex();
if (wanted('heartbeat')) await benchHeartbeat();
