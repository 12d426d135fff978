/**
 * Courses keyed by course code, in categories (一级/二级, made when missing), with their chapters
 * keyed by course and number. Media are addresses, or files beside the sheet (the command only):
 * such a file is stored under a name made of its content's hash, so importing it again stores
 * nothing new and the chapter's address stays the same.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { arr, countsOf, addCounts, firstOf, rowsOf, ZERO, type Cells, type Counts } from './engine.ts';
import type { Kind } from './kind.ts';

const COURSE = '课程';
const CHAPTER = '章节';
const C = {
  code: '课程编号',
  title: '课程名称',
  lecturer: '主讲人',
  lecturerTitle: '主讲人职务',
  top: '一级分类',
  category: '二级分类',
  hours: '学时',
  cover: '封面图片',
  description: '课程简介',
  no: '章节序号',
  chapter: '章节名称',
  kind: '章节类型',
  media: '媒体文件',
  seconds: '时长（秒）',
  pages: '页数',
  minRead: '最少阅读（秒）',
  liveStart: '直播开始',
  liveEnd: '直播结束',
  replay: '回放地址',
} as const;
const CHAPTER_KINDS = { 视频: 'video', 文档: 'pdf', 直播: 'live' } as const;
const URL = /^(https?:\/\/|\/)\S+$/;
const MEDIA_EXT: Record<string, string[]> = { video: ['mp4', 'm3u8', 'webm'], pdf: ['pdf'], live: ['m3u8', 'flv', 'mp4'], cover: ['jpg', 'jpeg', 'png', 'webp'] };

/** A media cell: an address kept as is, or a file beside the sheet to store. */
type Media = { url: string } | { file: string };

interface CourseRow {
  row: number;
  code: string;
  title: string;
  lecturer: string;
  lecturerTitle: string;
  top: string;
  category: string;
  hours: number;
  cover: Media | null;
  description: string;
}
interface ChapterRow {
  row: number;
  code: string;
  sort: number;
  title: string;
  kind: 'video' | 'pdf' | 'live';
  media: Media | null;
  seconds: number | null;
  pages: number | null;
  minRead: number | null;
  liveStart: Date | null;
  liveEnd: Date | null;
  replay: Media | null;
}

async function mediaOf(x: Cells, column: string, kind: string, baseDir: string | undefined, required: boolean): Promise<Media | null | undefined> {
  const v = x.text(column, { required, max: 500 });
  if (!v) return v === '' ? undefined : null;
  if (URL.test(v)) return { url: v };
  if (!baseDir) return x.bad(column, `通过接口导入时${column}须为网址（http(s):// 或 / 开头）`);
  const file = path.resolve(baseDir, v);
  if (!file.startsWith(path.resolve(baseDir) + path.sep)) return x.bad(column, `${column}须在表格所在的文件夹内`);
  const ext = path.extname(file).slice(1).toLowerCase();
  if (!MEDIA_EXT[kind]!.includes(ext)) return x.bad(column, `${column}应为 ${MEDIA_EXT[kind]!.join('、')} 文件`);
  const s = await stat(file).catch(() => null);
  if (!s?.isFile()) return x.bad(column, `找不到${column}“${v}”（相对于表格所在的文件夹）`);
  return { file };
}

export const coursesKind: Kind<{ courses: CourseRow[]; chapters: ChapterRow[]; stored: Map<string, string> }> = {
  kind: 'courses',
  title: '课程',
  optionalSheets: [CHAPTER],
  sheets: [
    {
      name: COURSE,
      columns: [
        { header: C.code, required: true, note: '课程编号，全省唯一，重复导入以此识别同一课程。', width: 14 },
        { header: C.title, required: true, note: '课程名称，不超过80个字。', width: 36 },
        { header: C.lecturer, required: true, note: '主讲人姓名。', width: 10 },
        { header: C.lecturerTitle, note: '如 省委党校教授。', width: 20 },
        { header: C.top, required: true, note: '一级分类，如 政治理论；不存在时自动建立。', width: 16 },
        { header: C.category, required: true, note: '二级分类，如 习近平新时代中国特色社会主义思想；不存在时自动建立。', width: 24 },
        { header: C.hours, required: true, note: '学完全部章节获得的学时，0.5的整数倍，大于0。', width: 8 },
        { header: C.cover, note: '封面图片：网址，或与表格同一文件夹下的图片文件（jpg、png、webp，仅命令行导入）。', width: 24 },
        { header: C.description, note: '课程简介。', width: 40 },
      ],
      example: [
        {
          [C.code]: 'KC2026-0101',
          [C.title]: '因地制宜发展新质生产力',
          [C.lecturer]: '杨文博',
          [C.lecturerTitle]: '省委党校经济学教研部教授',
          [C.top]: '经济社会发展',
          [C.category]: '高质量发展',
          [C.hours]: 1.5,
          [C.cover]: '/media/covers/course-01.webp',
          [C.description]: '本课程讲授新质生产力的内涵和要求，结合本省产业基础，分析如何因地制宜培育新产业、新模式、新动能。',
        },
        {
          [C.code]: 'KC2026-0102',
          [C.title]: '新时代“枫桥经验”与基层治理',
          [C.lecturer]: '赵海燕',
          [C.lecturerTitle]: '省委党校社会学教研部副教授',
          [C.top]: '社会治理',
          [C.category]: '基层治理',
          [C.hours]: 1,
          [C.description]: '通过典型案例，讲授坚持和发展新时代“枫桥经验”，把矛盾纠纷化解在基层、化解在萌芽状态的方法。',
        },
      ],
    },
    {
      name: CHAPTER,
      columns: [
        { header: C.code, required: true, note: '所属课程的课程编号，须在“课程”表中或已导入。', width: 14 },
        { header: C.no, required: true, note: '章节在课程中的序号（1、2、3…），重复导入以课程编号和序号识别同一章节。', width: 8 },
        { header: C.chapter, required: true, note: '章节名称。', width: 30 },
        { header: C.kind, required: true, note: '视频、文档 或 直播。', width: 8 },
        { header: C.media, note: '视频、文档必填；直播为直播流地址。网址，或与表格同一文件夹下的文件（mp4、pdf，仅命令行导入）。', width: 30 },
        { header: C.seconds, note: '视频必填：时长（秒）。', width: 10 },
        { header: C.pages, note: '文档必填：页数。', width: 8 },
        { header: C.minRead, note: '文档必填：读满多少秒算学完。', width: 12 },
        { header: C.liveStart, note: '直播必填：如 2026-05-20 09:00。', width: 16 },
        { header: C.liveEnd, note: '直播必填：不早于开始。', width: 16 },
        { header: C.replay, note: '直播选填：回放视频地址。', width: 24 },
      ],
      example: [
        { [C.code]: 'KC2026-0101', [C.no]: 1, [C.chapter]: '第一讲 新质生产力的科学内涵', [C.kind]: '视频', [C.media]: '/media/video/lecture-01.mp4', [C.seconds]: 1800 },
        { [C.code]: 'KC2026-0101', [C.no]: 2, [C.chapter]: '第二讲 培育壮大新兴产业和未来产业', [C.kind]: '视频', [C.media]: 'https://media.academy.example.cn/kc2026-0101/02.mp4', [C.seconds]: 2100 },
        { [C.code]: 'KC2026-0101', [C.no]: 3, [C.chapter]: '学习辅导材料（文字课件）', [C.kind]: '文档', [C.media]: '/media/files/course-list.pdf', [C.pages]: 12, [C.minRead]: 600 },
        { [C.code]: 'KC2026-0102', [C.no]: 1, [C.chapter]: '第一讲 “枫桥经验”的历史演进', [C.kind]: '视频', [C.media]: 'https://media.academy.example.cn/kc2026-0102/01.mp4', [C.seconds]: 1500 },
        { [C.code]: 'KC2026-0102', [C.no]: 2, [C.chapter]: '直播答疑：基层矛盾纠纷化解', [C.kind]: '直播', [C.media]: 'https://live.academy.example.cn/kc2026-0102.m3u8', [C.liveStart]: '2026-05-20 15:00', [C.liveEnd]: '2026-05-20 16:00' },
      ],
    },
  ],
  instructions: ['章节以课程编号和章节序号识别：重复导入会按本表更新章节，不会删除表中没有的章节。'],

  async check(c, { db, baseDir }) {
    const known = new Set((await rowsOf<{ code: string }>(db, sql`select code from courses where code is not null`)).map((r) => r.code));
    const courses: CourseRow[] = [];
    const courseRows = new Map<string, number>();
    for await (const r of c.each(COURSE)) {
      const x = c.cells(COURSE, r);
      const code = x.text(C.code, { required: true, max: 32, pattern: /^[A-Za-z0-9_-]+$/, patternReason: '课程编号只能包含字母、数字、下划线和短横线' });
      const title = x.text(C.title, { required: true, max: 80 });
      const lecturer = x.text(C.lecturer, { required: true, max: 40 });
      const lecturerTitle = x.text(C.lecturerTitle, { max: 60 });
      const top = x.text(C.top, { required: true, max: 30 });
      const category = x.text(C.category, { required: true, max: 30 });
      const hours = x.hours(C.hours, { required: true, positive: true });
      const cover = await mediaOf(x, C.cover, 'cover', baseDir, false);
      const description = x.text(C.description, { max: 4000 });
      if (code) firstOf(courseRows, code, x, C.code, '课程编号');
      if (code && title && lecturer && lecturerTitle !== null && top && category && hours && cover !== null && description !== null && !c.isBad(COURSE, r.row)) {
        courses.push({ row: r.row, code, title, lecturer, lecturerTitle, top, category, hours, cover: cover ?? null, description });
      }
    }
    const chapters: ChapterRow[] = [];
    const seen = new Map<string, number>();
    for await (const r of c.each(CHAPTER)) {
      const x = c.cells(CHAPTER, r);
      const code = x.text(C.code, { required: true });
      const sort = x.int(C.no, { required: true, min: 1, max: 999 });
      const title = x.text(C.chapter, { required: true, max: 80 });
      const kind = x.choice(C.kind, CHAPTER_KINDS, { required: true });
      if (code) {
        const row = courseRows.get(code);
        if (row !== undefined && c.isBad(COURSE, row)) x.bad(C.code, `课程“${code}”在“课程”表第${row}行有错误`);
        else if (row === undefined && !known.has(code)) x.bad(C.code, `课程编号“${code}”不存在，请在“课程”表中填写`);
      }
      if (code && sort) firstOf(seen, `${code}\u0000${sort}`, x, C.no, '该课程的章节序号');
      let media: Media | null | undefined = null;
      let seconds: number | null | undefined = null;
      let pages: number | null | undefined = null;
      let minRead: number | null | undefined = null;
      let liveStart: Date | null | undefined = null;
      let liveEnd: Date | null | undefined = null;
      let replay: Media | null | undefined = null;
      if (kind === 'video') {
        media = await mediaOf(x, C.media, 'video', baseDir, true);
        seconds = x.int(C.seconds, { required: true, min: 1, max: 86_400 });
      } else if (kind === 'pdf') {
        media = await mediaOf(x, C.media, 'pdf', baseDir, true);
        pages = x.int(C.pages, { required: true, min: 1, max: 5000 });
        minRead = x.int(C.minRead, { required: true, min: 1, max: 86_400 });
      } else if (kind === 'live') {
        media = await mediaOf(x, C.media, 'live', baseDir, true);
        liveStart = x.time(C.liveStart, { required: true });
        liveEnd = x.time(C.liveEnd, { required: true });
        if (liveStart && liveEnd && liveEnd <= liveStart) x.bad(C.liveEnd, '直播结束须晚于直播开始');
        replay = await mediaOf(x, C.replay, 'video', baseDir, false);
      }
      if (code && sort && title && kind && media && !c.isBad(CHAPTER, r.row)) {
        chapters.push({ row: r.row, code, sort, title, kind, media, seconds: seconds ?? null, pages: pages ?? null, minRead: minRead ?? null, liveStart: liveStart ?? null, liveEnd: liveEnd ?? null, replay: replay ?? null });
      }
    }
    return { courses, chapters, stored: new Map() };
  },

  async prepare(plan, c, { storage }) {
    // Files of good rows only, each stored once under its content's hash.
    const files = [
      ...plan.courses.filter((k) => !c.isBad(COURSE, k.row)).map((k) => k.cover),
      ...plan.chapters.filter((k) => !c.isBad(CHAPTER, k.row)).flatMap((k) => [k.media, k.replay]),
    ].flatMap((m) => (m && 'file' in m ? [m.file] : []));
    for (const file of new Set(files)) {
      const bytes = await readFile(file);
      const ext = path.extname(file).slice(1).toLowerCase();
      plan.stored.set(file, await storage.put(`import/${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${ext}`, bytes));
    }
  },

  async write(tx, plan, c) {
    const urlOf = (m: Media | null) => (m === null ? null : 'url' in m ? m.url : plan.stored.get(m.file)!);
    let counts: Counts = ZERO;
    const courses = plan.courses.filter((k) => !c.isBad(COURSE, k.row));
    if (courses.length) {
      // Categories by name under their parent; the import's lock keeps two imports from making one twice.
      for (const top of new Set(courses.map((k) => k.top))) {
        await tx.execute(sql`insert into categories (parent_id, name, sort) select null, ${top}, (select coalesce(max(sort), -1) + 1 from categories where parent_id is null)
                             where not exists (select 1 from categories where parent_id is null and name = ${top})`);
      }
      for (const pair of new Set(courses.map((k) => `${k.top}\u0000${k.category}`))) {
        const [top, name] = pair.split('\u0000') as [string, string];
        await tx.execute(sql`insert into categories (parent_id, name, sort)
                             select p.id, ${name}, (select coalesce(max(sort), -1) + 1 from categories where parent_id = p.id)
                             from (select id from categories where parent_id is null and name = ${top} order by id limit 1) p
                             where not exists (select 1 from categories x where x.parent_id = p.id and x.name = ${name})`);
      }
      const col = <T>(f: (k: CourseRow) => T) => courses.map(f);
      const returned = await rowsOf<{ inserted: boolean }>(
        tx,
        sql`insert into courses (code, title, lecturer, lecturer_title, category_id, credit_hours, cover_url, description)
            select g.code, g.title, g.lecturer, g.lt, cat.id, g.h, g.cover, g.d
            from unnest(${arr(col((k) => k.code), 'text')}, ${arr(col((k) => k.title), 'text')}, ${arr(col((k) => k.lecturer), 'text')}, ${arr(col((k) => k.lecturerTitle), 'text')},
                        ${arr(col((k) => k.top), 'text')}, ${arr(col((k) => k.category), 'text')}, ${arr(col((k) => k.hours), 'numeric')}, ${arr(col((k) => urlOf(k.cover) ?? ''), 'text')}, ${arr(col((k) => k.description), 'text')})
                 as g(code, title, lecturer, lt, top, cat, h, cover, d)
            join lateral (select c.id from categories c join categories p on p.id = c.parent_id where p.parent_id is null and p.name = g.top and c.name = g.cat order by c.id limit 1) cat on true
            on conflict (code) do update set title = excluded.title, lecturer = excluded.lecturer, lecturer_title = excluded.lecturer_title, category_id = excluded.category_id,
              credit_hours = excluded.credit_hours, cover_url = excluded.cover_url, description = excluded.description,
              -- An administrator's edit begun before the import is then refused as stale, not silently undone.
              version = courses.version + 1
            where (courses.title, courses.lecturer, courses.lecturer_title, courses.category_id, courses.credit_hours, courses.cover_url, courses.description)
              is distinct from (excluded.title, excluded.lecturer, excluded.lecturer_title, excluded.category_id, excluded.credit_hours, excluded.cover_url, excluded.description)
            returning (xmax = 0) as inserted`,
      );
      counts = countsOf(returned, courses.length);
    }
    const chapters = plan.chapters.filter((k) => !c.isBad(CHAPTER, k.row));
    if (chapters.length) {
      const col = <T>(f: (k: ChapterRow) => T) => chapters.map(f);
      const given = sql`unnest(${arr(col((k) => k.code), 'text')}, ${arr(col((k) => k.sort), 'int')}, ${arr(col((k) => k.title), 'text')}, ${arr(col((k) => k.kind), 'text')},
                               ${arr(col((k) => (k.kind === 'live' ? null : urlOf(k.media))), 'text')}, ${arr(col((k) => k.seconds), 'int')}, ${arr(col((k) => k.pages), 'int')}, ${arr(col((k) => k.minRead), 'int')},
                               ${arr(col((k) => k.liveStart?.toISOString() ?? null), 'timestamptz')}, ${arr(col((k) => k.liveEnd?.toISOString() ?? null), 'timestamptz')},
                               ${arr(col((k) => (k.kind === 'live' ? urlOf(k.media) : null)), 'text')}, ${arr(col((k) => urlOf(k.replay)), 'text')})
                        as g(code, sort, title, kind, media, secs, pages, min_read, ls, le, stream, replay)`;
      // Chapters have no unique key of their own (ordering may repeat while editing): update by (course, number), then insert the rest.
      const updated = await rowsOf<{ inserted: boolean }>(
        tx,
        sql`update course_resources r set title = g.title, kind = g.kind, media_url = g.media, duration_seconds = g.secs, pages = g.pages, min_read_seconds = g.min_read,
              live_start = g.ls, live_end = g.le, stream_url = g.stream, replay_url = g.replay
            from ${given}, courses c
            where c.code = g.code and r.course_id = c.id and r.sort = g.sort
              and (r.title, r.kind, r.media_url, r.duration_seconds, r.pages, r.min_read_seconds, r.live_start, r.live_end, r.stream_url, r.replay_url)
                  is distinct from (g.title, g.kind, g.media, g.secs, g.pages, g.min_read, g.ls, g.le, g.stream, g.replay)
            returning false as inserted`,
      );
      const inserted = await rowsOf<{ inserted: boolean }>(
        tx,
        sql`insert into course_resources (course_id, sort, title, kind, media_url, duration_seconds, pages, min_read_seconds, live_start, live_end, stream_url, replay_url)
            select c.id, g.sort, g.title, g.kind, g.media, g.secs, g.pages, g.min_read, g.ls, g.le, g.stream, g.replay
            from ${given} join courses c on c.code = g.code
            where not exists (select 1 from course_resources r where r.course_id = c.id and r.sort = g.sort)
            returning true as inserted`,
      );
      counts = addCounts(counts, countsOf([...updated, ...inserted], chapters.length));
    }
    return counts;
  },
};
