/**
 * `npm run seed:large -w @portal/server`: a large dataset for benchmarks on the PostgreSQL of
 * DATABASE_URL — 100,000 people (with the demo learner password) in 1,000 units, 2,000 courses with
 * chapters, 200,000 chosen courses and 60,000 certificates — on top of the demo data (seeded first
 * when the database is empty). Every step is one set-based statement (generate_series), so the whole
 * run takes seconds to minutes; a step already done is skipped, so the command may be run again.
 * The last step adds the learning ledger: about 1.8 million progress, session, report and completion rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import type { Db } from '../src/db/client.ts';
import { DEMO_PASSWORDS, seedIfEmpty } from '../src/seed/seed.ts';
import { MEDIA_PREFIX } from '../src/seed/seed-content.ts';
import { DEMO_COURSES } from '../src/seed/seed-courses.ts';
import { hashPassword } from '../src/lib/crypto.ts';

export const LARGE = { people: 100_000, units: 1_000, courses: 2_000, chosenPerPerson: 2, certificates: 60_000 } as const;

export interface LargeStep {
  name: string;
  /** Whether a previous run already made this step's rows. */
  done(db: Db): Promise<boolean>;
  run(db: Db): Promise<void>;
}

/** A text[] literal of fixed, quote-free strings (drizzle would spread a JS array into a list). */
const textArray = (xs: readonly string[]) => sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`);
const firstRow = async <T>(db: Db, query: SQL): Promise<T> => ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
const countOf = async (db: Db, query: SQL) => Number((await firstRow<{ n: number | string }>(db, query)).n);

const SURNAMES = Array.from('王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭');
const GIVEN = Array.from('伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红建国志海燕宏斌鹏辉丹琳晨浩宇欣怡思远晓东文博雪梅春生立新永健');
const UNIT_KINDS = ['财政局', '教育局', '民政局', '司法局', '商务局', '统计局', '审计局', '水利局', '农业农村局', '文化和旅游局', '应急管理局', '市场监督管理局'];
const LECTURERS = ['王建华', '李晓明', '张丽萍', '刘志强', '陈思远', '杨文博', '赵海燕', '黄宏斌', '周立新', '吴春生'];

const people: LargeStep = {
  name: `${LARGE.units} units and ${LARGE.people} people`,
  done: async (db) => (await countOf(db, sql`select count(*) as n from persons where person_no like 'L%'`)) >= LARGE.people,
  async run(db) {
    await db.execute(sql`
      insert into organs (name, city_id)
      select c.name || (${textArray(UNIT_KINDS)})[1 + g % ${UNIT_KINDS.length}] || '第' || g || '分局', c.id
      from generate_series(1, ${LARGE.units}) g
      join (select id, name, row_number() over (order by id) - 1 as i, count(*) over () as n from cities) c on c.i = g % c.n`);
    await db.execute(sql`
      with units as (select array_agg(id order by id) as ids from organs)
      insert into persons (person_no, person_name, mobile, person_type, gender, position_level_id, position_level_name, organ_id, created_at)
      select 'L' || lpad(g::text, 7, '0'),
             (${textArray(SURNAMES)})[1 + (g * 7) % ${SURNAMES.length}] || (${textArray(GIVEN)})[1 + (g * 13) % ${GIVEN.length}] || case when g % 3 = 0 then '' else (${textArray(GIVEN)})[1 + (g * 31) % ${GIVEN.length}] end,
             '15' || lpad(g::text, 9, '0'),
             1, g % 2, 1 + g % 8, '其他人员',
             units.ids[1 + (g * 7919) % array_length(units.ids, 1)],
             now() - (g % 700) * interval '1 day'
      from generate_series(1, ${LARGE.people}) g, units`);
  },
};

const credentials: LargeStep = {
  name: 'credentials (the demo learner password)',
  done: async (db) => (await countOf(db, sql`select count(*) as n from credentials c join persons p on p.person_id = c.person_id where p.person_no like 'L%'`)) >= LARGE.people,
  async run(db) {
    // One argon2id hash for all: hashing 100,000 passwords would take the better part of an hour.
    const hash = await hashPassword(DEMO_PASSWORDS.learner);
    await db.execute(sql`
      insert into credentials (person_id, password_hash)
      select person_id, ${hash} from persons where person_no like 'L%'
      on conflict (person_id) do nothing`);
  },
};

const catalogue: LargeStep = {
  name: `${LARGE.courses} courses with chapters`,
  done: async (db) => (await countOf(db, sql`select count(*) as n from courses where title like '%（第%期）'`)) >= LARGE.courses,
  async run(db) {
    const titles = DEMO_COURSES.map((c) => c.title);
    const covers = DEMO_COURSES.map((c) => `${MEDIA_PREFIX}${c.cover}`);
    await db.execute(sql`
      with leaves as (select array_agg(id order by id) as ids from categories where parent_id is not null)
      insert into courses (title, lecturer, lecturer_title, category_id, cover_url, credit_hours, description, published_at, popularity)
      select (${textArray(titles)})[1 + g % ${titles.length}] || '（第' || (1 + g / ${titles.length}) || '期）',
             (${textArray(LECTURERS)})[1 + g % ${LECTURERS.length}],
             '省委党校教授',
             leaves.ids[1 + (g * 31) % array_length(leaves.ids, 1)],
             (${textArray(covers)})[1 + g % ${covers.length}],
             (1 + g % 6) / 2.0,
             '本课程为基准测试生成的课程，内容与演示课程相同。',
             now() - g * interval '7 hours',
             (g * 7919) % 20000
      from generate_series(1, ${LARGE.courses}) g, leaves`);
    // The first demo course's video and the first courseware, in every course of the batch.
    const chapters = DEMO_COURSES.flatMap((c) => c.chapters);
    const video = chapters.find((ch) => ch.kind === 'video')!;
    const pdf = chapters.find((ch) => ch.kind === 'pdf')!;
    await db.execute(sql`
      insert into course_resources (course_id, sort, title, kind, duration_seconds, media_url, pages, min_read_seconds)
      select c.id, s, '第' || (s + 1) || '讲',
             case when s = 2 then 'pdf' else 'video' end,
             case when s = 2 then null else ${video.seconds}::int end,
             case when s = 2 then ${`${MEDIA_PREFIX}${pdf.file}`} else ${`${MEDIA_PREFIX}${video.file}`} end,
             case when s = 2 then ${pdf.pages}::int else null end,
             case when s = 2 then ${pdf.seconds}::int else null end
      from courses c, generate_series(0, 2) s
      where c.title like '%（第%期）'`);
  },
};

const chosenCourses: LargeStep = {
  name: `${LARGE.people * LARGE.chosenPerPerson} chosen courses`,
  done: async (db) => (await countOf(db, sql`select count(*) as n from person_courses pc join persons p on p.person_id = pc.person_id where p.person_no like 'L%'`)) > 0,
  async run(db) {
    await db.execute(sql`
      with ids as (select array_agg(id order by id) as ids from courses where status = 'published')
      insert into person_courses (person_id, course_id, added_at)
      select p.person_id, ids.ids[1 + (p.person_id * 17 + k * 101) % array_length(ids.ids, 1)], now() - (p.person_id % 300) * interval '1 day'
      from persons p, ids, generate_series(1, ${LARGE.chosenPerPerson}) k
      where p.person_no like 'L%'
      on conflict do nothing`);
  },
};

const certificatesStep: LargeStep = {
  name: `${LARGE.certificates} certificates over two years`,
  done: async (db) => (await countOf(db, sql`select count(*) as n from certificates where cert_no like 'LG%'`)) > 0,
  async run(db) {
    // Alternate people between last year's and this year's annual install, issued across each year.
    await db.execute(sql`
      with annual as (
        select i.id, y.year, row_number() over (order by y.year) - 1 as k
        from installs i join training_years y on y.id = i.year_id
        where i.kind = 'annual'
      ), picked as (
        select p.person_id, row_number() over (order by p.person_id) as g
        from persons p where p.person_no like 'L%' order by p.person_id limit ${LARGE.certificates}
      )
      insert into certificates (cert_no, person_id, install_id, issued_at, hours, verify_code)
      select 'LG' || a.year || lpad(picked.g::text, 7, '0'), picked.person_id, a.id,
             least(make_timestamptz(a.year, 1, 1, 9, 0, 0, ${config.TIME_ZONE}::text) + (picked.g % 330) * interval '1 day' + (picked.g % 9) * interval '1 hour', now() - interval '1 hour'),
             50 + (picked.g % 20) / 2.0,
             upper(substr(md5(picked.g::text), 1, 6))
      from picked join annual a on a.k = picked.g % 2
      on conflict do nothing`);
  },
};

/**
 * The learning ledger at scale: every chosen course started (each chapter with a study session and
 * its report), a third of them completed with their hours. About 1.8 million rows.
 */
const progress: LargeStep = {
  name: 'progress: chapter progress, study sessions, reports and course completions',
  done: async (db) => (await countOf(db, sql`select count(*) as n from resource_progress rp join persons p on p.person_id = rp.person_id where p.person_no like 'L%'`)) > 0,
  async run(db) {
    await db.execute(sql`
      insert into resource_progress (person_id, resource_id, course_id, learned_seconds, max_position, last_position, completed_at, updated_at)
      select pc.person_id, r.id, r.course_id,
             case when (pc.person_id + pc.course_id) % 3 = 0 then coalesce(ceil(r.duration_seconds * 0.95)::int, r.min_read_seconds) else coalesce(r.duration_seconds, r.min_read_seconds) / 3 end,
             coalesce(r.duration_seconds, 0) / 3, coalesce(r.duration_seconds, 0) / 3,
             case when (pc.person_id + pc.course_id) % 3 = 0 then pc.added_at + interval '1 day' end,
             pc.added_at + interval '1 day'
      from person_courses pc join persons p on p.person_id = pc.person_id join course_resources r on r.course_id = pc.course_id
      where p.person_no like 'L%'
      on conflict do nothing`);
    await db.execute(sql`
      insert into study_sessions (person_id, resource_id, course_id, started_at, credit_from, superseded_at, credited_seconds, last_report_at)
      select rp.person_id, rp.resource_id, rp.course_id, rp.updated_at - make_interval(secs => rp.learned_seconds), rp.updated_at - make_interval(secs => rp.learned_seconds), rp.updated_at, rp.learned_seconds, rp.updated_at
      from resource_progress rp join persons p on p.person_id = rp.person_id where p.person_no like 'L%'`);
    await db.execute(sql`
      insert into progress_reports (report_id, person_id, session_id, resource_id, received_at, client_time, event, position, played_seconds, credited_seconds)
      select gen_random_uuid(), s.person_id, s.id, s.resource_id, s.last_report_at, s.last_report_at::text, 'end', 0, s.credited_seconds, s.credited_seconds
      from study_sessions s join persons p on p.person_id = s.person_id where p.person_no like 'L%'`);
    await db.execute(sql`
      insert into course_completions (person_id, course_id, completed_at, year, hours)
      select pc.person_id, pc.course_id, pc.added_at + interval '1 day', extract(year from (pc.added_at + interval '1 day') at time zone ${config.TIME_ZONE}::text)::int, c.credit_hours
      from person_courses pc join persons p on p.person_id = pc.person_id join courses c on c.id = pc.course_id
      where p.person_no like 'L%' and (pc.person_id + pc.course_id) % 3 = 0
      on conflict do nothing`);
  },
};

/** The steps in order; each is skipped when a previous run already made its rows. */
export const LARGE_STEPS: LargeStep[] = [people, credentials, catalogue, chosenCourses, certificatesStep, progress];

const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('seed:large needs DATABASE_URL (a PostgreSQL connection string); the embedded database is for demos.');
  process.exit(1);
}
const database = await openDatabase({ url: config.DATABASE_URL });
try {
  if (await seedIfEmpty(database.db)) console.log('demo data seeded first');
  for (const step of LARGE_STEPS) {
    if (await step.done(database.db)) {
      console.log(`skip  ${step.name} (already there)`);
      continue;
    }
    const started = performance.now();
    await database.db.transaction(async (tx) => step.run(tx));
    console.log(`done  ${step.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await database.db.execute(sql`analyze`);
} finally {
  await database.close();
}
