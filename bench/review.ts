/**
 * `npm run bench -- review`: the review queue (批阅中心) of a teacher of BENCH_REVIEW_CLASSES (20)
 * classes with BENCH_REVIEW_ITEMS (2,000) hand-ins waiting — homework and practice reports, beside as
 * many already reviewed and another teacher's classes with as many waiting (which the query must not
 * wade through). On the embedded database (or PostgreSQL), the server in its own process; findReviewQueue's first
 * page, a later page filtered by class and kind, and the badge's count, each under
 * BENCH_REVIEW_CONNECTIONS (4) connections for BENCH_REVIEW_SECONDS (10). Bar: p99 ≤ 50 ms.
 *
 * BENCH_REVIEW_DATABASE_URL=<an empty PostgreSQL database> runs it on PostgreSQL instead.
 * A tiny run to see that it works: BENCH_REVIEW_CLASSES=2 BENCH_REVIEW_ITEMS=40 BENCH_REVIEW_SECONDS=2.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { newToken, sha256 } from '../apps/server/src/lib/crypto.ts';
import { startServer, stop } from './server.ts';

const CLASSES = Number(process.env.BENCH_REVIEW_CLASSES ?? 20);
const ITEMS = Number(process.env.BENCH_REVIEW_ITEMS ?? 2000);
const SECONDS = Number(process.env.BENCH_REVIEW_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_REVIEW_CONNECTIONS ?? 4);
const DATABASE_URL = process.env.BENCH_REVIEW_DATABASE_URL;
const serverEnv: Record<string, string> = DATABASE_URL ? { DATABASE_URL } : {};

export async function benchReview() {
  const perClass = Math.max(2, Math.round(ITEMS / CLASSES));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-review-'));
  const port = 18089;
  // The first start migrates and seeds; the classes are added while no server runs on the directory.
  await stop((await startServer(dataDir, port, serverEnv, '/healthz')).child);
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase(DATABASE_URL ? { url: DATABASE_URL } : { dataDir: path.join(dataDir, 'pglite') });
  const db = database.db;
  const one = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows[0]!;
  const { teacherId } = await one<{ teacherId: number }>(sql`select person_id as "teacherId" from persons where mobile = '13800000004'`);
  const { otherId } = await one<{ otherId: number }>(sql`select person_id as "otherId" from persons where mobile = '13700000001'`);
  const members = perClass * 2;
  // Members: each class its own (two per waiting item: one waiting, one already reviewed).
  await db.execute(sql`insert into persons (person_no, person_name, mobile, organ_id)
    select 'Q' || lpad(g::text, 7, '0'), '批阅学员' || g, '157' || lpad(g::text, 8, '0'), (select min(id) from organs)
    from generate_series(1, ${2 * CLASSES * members}) g`);
  // Classes 1..CLASSES are the demo teacher's; CLASSES+1..2×CLASSES another teacher's.
  await db.execute(sql`insert into teacher_classes (name, start_at, end_at, required_hours)
    select '批阅基准测试班' || g, now() - interval '30 days', now() + interval '60 days', 10 from generate_series(1, ${2 * CLASSES}) g`);
  await db.execute(sql`insert into class_teachers (class_id, person_id)
    select id, case when row_number() over (order by id) <= ${CLASSES} then ${teacherId}::int else ${otherId}::int end from teacher_classes where name like '批阅基准测试班%'`);
  await db.execute(sql`insert into class_members (class_id, person_id)
    select c.id, p.person_id from (select id, row_number() over (order by id) - 1 as k from teacher_classes where name like '批阅基准测试班%') c
    join (select person_id, row_number() over (order by person_id) - 1 as n from persons where person_no like 'Q%') p on p.n / ${members} = c.k`);
  // Per class a homework and a practice report; per member a hand-in of one of them, half awaiting review.
  await db.execute(sql`insert into works (class_id, kind, title, requirement, min_words, max_words, max_files, due_at)
    select id, k, case k when 'homework' then '学习贯彻党的二十届三中全会精神心得体会' else '践行“四下基层”制度调研实践报告' end, '结合本职工作撰写。', 0, 3000, 3, now() + interval '7 days'
    from teacher_classes, (values ('homework'), ('practice')) v(k) where name like '批阅基准测试班%'`);
  await db.execute(sql`insert into work_submissions (work_id, person_id, state, revision, version, text, practice, word_count, submitted_at, score, examined_by, examined_at)
    select w.id, m.person_id, case when m.n % 2 = 0 then 'submitted' else 'passed' end, 3, 1,
      case when w.kind = 'homework' then '通过本次专题学习，我深刻认识到全面深化改革是推进中国式现代化的根本动力。' else '' end,
      case when w.kind = 'practice' then '{"time":"2026年9月15日至19日","place":"坞城街道","done":"走访社区5个","outcome":"形成调研报告1篇"}'::jsonb end,
      40, now() - (m.n || ' minutes')::interval, case when m.n % 2 = 1 and w.kind = 'homework' then 88 end,
      case when m.n % 2 = 1 then ${teacherId}::int end, case when m.n % 2 = 1 then now() end
    from (select class_id, person_id, row_number() over (partition by class_id order by person_id) - 1 as n from class_members
          where class_id in (select id from teacher_classes where name like '批阅基准测试班%')) m
    join works w on w.class_id = m.class_id and w.kind = case when (m.n / 2) % 2 = 0 then 'homework' else 'practice' end`);
  await db.execute(sql`insert into work_versions (submission_id, version, text, practice, attachment_ids, word_count, late, submitted_at, state, score, examined_by, examined_at)
    select s.id, 1, s.text, s.practice, '[]'::jsonb, s.word_count, false, s.submitted_at, s.state, s.score, s.examined_by, s.examined_at
    from work_submissions s join works w on w.id = s.work_id join teacher_classes c on c.id = w.class_id where c.name like '批阅基准测试班%'`);
  await db.execute(sql`analyze`);
  const { waiting } = await one<{ waiting: number }>(sql`select count(*)::int as waiting from work_submissions s join works w on w.id = s.work_id
    join class_teachers t on t.class_id = w.class_id and t.person_id = ${teacherId} where s.state = 'submitted'`);
  const { classId } = await one<{ classId: number }>(sql`select min(c.id) as "classId" from teacher_classes c join class_teachers t on t.class_id = c.id and t.person_id = ${teacherId} where c.name like '批阅基准测试班%'`);
  const token = newToken();
  await db.execute(sql`insert into sessions (token_hash, person_id, login_type, ip, expires_at) values (${sha256(token)}, ${teacherId}, 'password', '127.0.0.1', now() + interval '1 day')`);
  await database.close();

  const { child } = await startServer(dataDir, port, { ...serverEnv, RATE_LIMIT_PER_MINUTE: '100000000' }, '/healthz');
  const base = `http://127.0.0.1:${port}/video_learning/education/teacher`;
  const targets = [
    { call: 'findReviewQueue, first page of all (20)', url: `${base}/findReviewQueue?pageSize=20` },
    { call: 'findReviewQueue, class and kind filter, page 2', url: `${base}/findReviewQueue?pageSize=20&pageNum=2&classId=${classId}&kind=homework` },
    { call: 'findReviewQueue, page 50 of all', url: `${base}/findReviewQueue?pageSize=20&pageNum=50` },
    { call: 'findReviewQueueCount (the badge)', url: `${base}/findReviewQueueCount` },
  ];
  try {
    const check = (await (await fetch(targets[0]!.url, { method: 'POST', headers: { authorization: token } })).json()) as { res: boolean; resMsg: string; obj: { waiting: number } };
    if (!check.res || check.obj.waiting !== waiting) throw new Error(`the queue answers ${JSON.stringify(check).slice(0, 200)}, expected ${waiting} waiting`);
    const rows: Record<string, unknown>[] = [];
    for (const t of targets) {
      const r = await autocannon({ url: t.url, method: 'POST', headers: { authorization: token }, connections: CONNECTIONS, duration: SECONDS });
      rows.push({ call: t.call, waiting, classes: CLASSES, req_per_s: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99, errors: r.errors + r.non2xx, bar: 'p99 ≤ 50 ms' });
    }
    // A shared machine's other work shows in every figure: its load is part of the result.
    rows.push({ call: 'machine load average (1 min) at the end', p50_ms: +loadavg()[0]!.toFixed(1) });
    console.log('\n## review');
    console.table(rows);
    const dir = path.resolve(import.meta.dirname, 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'review.json'), JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
  } finally {
    await stop(child);
  }
}
