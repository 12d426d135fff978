/**
 * Demo content and catalogue (PRODUCT.md section 8): categories, 64 courses with chapters and real
 * small media, installs of every kind over the previous and the current year with plans, exams,
 * certificates, learning columns, news, notices, the ticker, downloads, FAQ, links and the about text.
 *
 * Dates are laid out around the moment of seeding (the previous and the current calendar year, an
 * install open now, one upcoming, exams open now) so a fresh demo always looks alive; everything
 * else comes from the seeded generator, so every fresh start looks the same.
 * The media files live in apps/server/assets/demo (made by scripts/demo-assets.ts) and are served
 * under /media/ by the content module.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import {
  aboutSections,
  categories,
  certificates,
  collegeImages,
  columnItems,
  courseResources,
  courses,
  downloads,
  exams,
  faqs,
  flashNews,
  friendlyLinks,
  installs,
  learningColumns,
  noticeAttachments,
  notices,
  personCourses,
  planCourses,
  plans,
  persons,
  realtimeNotices,
  trainingYears,
} from './schema/index.ts';
import { chinaYearOf, startOfChinaDay } from '../modules/content/listing.ts';

/** The demo media on disk, and the address it is served at. */
export const DEMO_ASSETS_DIR = path.resolve(import.meta.dirname, '../../assets/demo');
export const MEDIA_PREFIX = '/media/';
const media = (file: string) => `${MEDIA_PREFIX}${file}`;
const fileSize = (file: string) => statSync(path.join(DEMO_ASSETS_DIR, file)).size;

/** Top-level categories with their sub-categories; the cover colours follow the top level. */
export const DEMO_CATEGORIES: { name: string; color: string; children: string[] }[] = [
  { name: '政治理论', color: '#b71c1c', children: ['习近平新时代中国特色社会主义思想', '党史学习教育', '党章党规党纪'] },
  { name: '履职能力', color: '#0d47a1', children: ['依法行政', '公文写作与处理', '领导科学与管理'] },
  { name: '经济社会', color: '#1b5e20', children: ['高质量发展', '乡村振兴与生态文明'] },
  { name: '数字素养', color: '#4a148c', children: ['数字政府建设', '网络与数据安全'] },
];

/** Course titles by sub-category, in the order of DEMO_CATEGORIES. */
export const DEMO_COURSE_TITLES: Record<string, string[]> = {
  习近平新时代中国特色社会主义思想: [
    '习近平新时代中国特色社会主义思想的世界观和方法论',
    '深刻领悟“两个确立”的决定性意义',
    '习近平经济思想专题解读',
    '习近平法治思想的核心要义',
    '习近平生态文明思想与美丽中国建设',
    '习近平文化思想的丰富内涵',
    '习近平新时代中国特色社会主义思想专题',
  ],
  党史学习教育: [
    '中国共产党百年奋斗的重大成就和历史经验',
    '新民主主义革命时期的伟大斗争',
    '改革开放史专题',
    '党的二十大报告辅导',
    '弘扬伟大建党精神',
    '红色资源的保护与利用',
  ],
  党章党规党纪: [
    '新时代党章学习辅导',
    '《中国共产党纪律处分条例》解读',
    '中央八项规定精神及其实施细则',
    '廉洁从政与警示教育',
    '新形势下党内政治生活的若干准则',
    '持续纠治“四风”加强作风建设',
  ],
  依法行政: [
    '法治政府建设实施纲要解读',
    '新修订《行政复议法》要点',
    '行政处罚法实务',
    '行政许可与“放管服”改革',
    '政府信息公开条例解读',
    '重大行政决策程序',
    '民法典与政府依法履职',
  ],
  公文写作与处理: [
    '党政机关公文处理工作条例解读',
    '公文写作与处理',
    '调研报告的写作方法',
    '领导讲话稿的起草',
    '政务信息与简报写作',
    '公文格式国家标准实务',
  ],
  领导科学与管理: [
    '新时代领导干部的领导力提升',
    '突发事件应对与应急管理',
    '群众工作方法与《信访工作条例》',
    '团队建设与有效沟通',
    '调查研究的方法与实践',
    '时间管理与工作统筹',
  ],
  高质量发展: [
    '完整准确全面贯彻新发展理念',
    '加快构建新发展格局',
    '新质生产力的理论与实践',
    '《优化营商环境条例》解读',
    '资源型地区经济转型发展',
    '实施扩大内需战略',
    '建设全国统一大市场',
  ],
  乡村振兴与生态文明: [
    '全面推进乡村振兴',
    '巩固拓展脱贫攻坚成果',
    '黄河流域生态保护和高质量发展',
    '“双碳”目标与能源革命',
    '农村基层治理现代化',
    '生态环境保护督察实务',
  ],
  数字政府建设: [
    '数字政府建设总体框架',
    '“一网通办”与政务服务数字化',
    '政务数据共享与开放',
    '人工智能在政府治理中的应用',
    '数字经济发展与治理',
    '领导干部数字素养提升',
    '大数据思维与科学决策',
  ],
  网络与数据安全: [
    '网络安全法律法规概览',
    '数据安全法与个人信息保护法',
    '政务办公电脑安全使用',
    '防范电信网络诈骗',
    '关键信息基础设施安全保护',
    '保密工作常识与案例',
  ],
};

/** Every course in seeding order with its cover file (course-NN.webp). */
export const DEMO_COURSES: { title: string; category: string; color: string; cover: string }[] = DEMO_CATEGORIES.flatMap((top) =>
  top.children.flatMap((child) => (DEMO_COURSE_TITLES[child] ?? []).map((title) => ({ title, category: child, color: top.color }))),
).map((c, i) => ({ ...c, cover: `covers/course-${String(i + 1).padStart(2, '0')}.webp` }));

/** Short real videos (seconds as encoded), a live lesson's HLS playlist and PDF courseware. */
export const DEMO_VIDEOS = [
  { file: 'video/lesson-1.mp4', seconds: 20, source: 'testsrc2' },
  { file: 'video/lesson-2.mp4', seconds: 24, source: 'smptehdbars' },
  { file: 'video/lesson-3.mp4', seconds: 16, source: 'mandelbrot' },
  { file: 'video/lesson-4.mp4', seconds: 28, source: 'rgbtestsrc' },
] as const;
export const DEMO_LIVE = { file: 'video/live/index.m3u8', seconds: 18 } as const;
export const DEMO_PDFS = [
  { file: 'pdf/courseware-1.pdf', title: 'Courseware: Law-based Administration', pages: 4 },
  { file: 'pdf/courseware-2.pdf', title: 'Courseware: Official Document Writing', pages: 3 },
  { file: 'pdf/courseware-3.pdf', title: 'Courseware: Building a Digital Government', pages: 5 },
] as const;
/** Downloadable documents and notice attachments (ASCII PDFs), with what they hold. */
export const DEMO_FILES = [
  { file: 'files/user-manual.pdf', title: 'Learner User Manual', pages: 3 },
  { file: 'files/application-form.pdf', title: 'Training Application Form', pages: 1 },
  { file: 'files/credit-hours-rules.pdf', title: 'Rules for Recognising Credit Hours', pages: 2 },
  { file: 'files/certificate-printing.pdf', title: 'How to Print a Certificate', pages: 1 },
  { file: 'files/mobile-app-guide.pdf', title: 'Mobile Learning Guide', pages: 2 },
  { file: 'files/browser-settings.pdf', title: 'Recommended Browser Settings', pages: 1 },
  { file: 'files/playback-troubleshooting.pdf', title: 'Video Playback Troubleshooting', pages: 2 },
  { file: 'files/training-schedule.pdf', title: 'Training Schedule', pages: 2 },
  { file: 'files/course-list.pdf', title: 'Course List of the Training', pages: 2 },
] as const;
export const DEMO_QR = 'files/mobile-app-qr.png';
export const DEMO_NEWS_IMAGES = 12;
export const DEMO_COLLEGE_IMAGES = ['学院正门', '教学楼', '图书馆', '学术报告厅', '网络学习中心', '校园一景'] as const;
export const DEMO_INSTALL_COVERS = ['annual', 'special', 'class'] as const;
export const DEMO_COLUMN_COVERS = 4;

const LECTURERS = ['王建华', '李晓明', '张丽萍', '刘志强', '陈思远', '杨文博', '赵海燕', '黄宏斌', '周立新', '吴春生', '徐晓东', '孙玉兰', '郭振宇', '马慧敏'];
const LECTURER_TITLES = ['省委党校教授', '省行政学院副教授', '省社会科学院研究员', '省委政策研究室处长', '省大数据局高级工程师', '山西大学教授', '省司法厅法治督察处处长'];
const CHAPTER_NAMES = ['导论', '理论要点', '实践案例', '总结与思考'];

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** A moment of a China-time calendar day. */
const chinaDate = (year: number, month: number, day: number, hour = 9) => new Date(Date.UTC(year, month - 1, day, hour - 8));

function paragraphs(...ps: string[]) {
  return ps.join('\n\n');
}

export async function seedContent(db: Db, rnd: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const between = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const now = Date.now();
  const thisYear = chinaYearOf(now);
  const lastYear = thisYear - 1;
  const today = startOfChinaDay(now);

  // ---- categories and courses ----
  const topRows = await db
    .insert(categories)
    .values(DEMO_CATEGORIES.map((c, i) => ({ name: c.name, sort: i })))
    .returning({ id: categories.id, name: categories.name });
  const childValues = DEMO_CATEGORIES.flatMap((c, i) => c.children.map((name, j) => ({ name, parentId: topRows[i]!.id, sort: j })));
  const childRows = await db.insert(categories).values(childValues).returning({ id: categories.id, name: categories.name });
  const categoryId = (name: string) => childRows.find((c) => c.name === name)!.id;

  const courseRows = await db
    .insert(courses)
    .values(
      DEMO_COURSES.map((c, i) => {
        const lecturer = LECTURERS[i % LECTURERS.length]!;
        // Published over the last two years, the newest courses most recently.
        const publishedAt = new Date(now - (DEMO_COURSES.length - i) * 9 * DAY - between(0, 8) * DAY - between(1, 20) * HOUR);
        return {
          title: c.title,
          lecturer,
          lecturerTitle: pick(LECTURER_TITLES),
          categoryId: categoryId(c.category),
          coverUrl: media(c.cover),
          creditHours: between(1, 6) / 2,
          description: paragraphs(
            `本课程围绕“${c.title}”展开，由${lecturer}主讲，结合我省工作实际，系统讲授相关理论要点、政策要求和实践方法。`,
            '课程适合全省各级机关公务员和参照公务员法管理单位工作人员学习，学完全部章节即可获得相应学时。',
          ),
          publishedAt,
          popularity: between(80, 6000),
        };
      }),
    )
    .returning({ id: courses.id, title: courses.title, creditHours: courses.creditHours });

  // Chapters: 1-4 per course mixing video and pdf; every seventh course also has a live lesson.
  type NewResource = typeof courseResources.$inferInsert;
  const resources: NewResource[] = [];
  courseRows.forEach((c, i) => {
    const chapters = between(1, 4);
    for (let s = 0; s < chapters; s++) {
      const title = `第${s + 1}讲 ${CHAPTER_NAMES[s]}`;
      if (s > 0 && rnd() < 0.35) {
        const pdf = pick(DEMO_PDFS);
        resources.push({ courseId: c.id, sort: s, title, kind: 'pdf', mediaUrl: media(pdf.file), pages: pdf.pages, minReadSeconds: 30 + pdf.pages * 10 });
      } else {
        const video = DEMO_VIDEOS[(i + s) % DEMO_VIDEOS.length]!;
        resources.push({ courseId: c.id, sort: s, title, kind: 'video', mediaUrl: media(video.file), durationSeconds: video.seconds });
      }
    }
    if (i % 7 === 3) {
      // Live lessons at several moments: long past (replay), on the air now, and upcoming.
      const offsets = [-30 * DAY, -HOUR / 2, 3 * DAY];
      const liveStart = new Date(now + offsets[Math.floor(i / 7) % offsets.length]!);
      resources.push({
        courseId: c.id,
        sort: chapters,
        title: `第${chapters + 1}讲 直播答疑`,
        kind: 'live',
        liveStart,
        liveEnd: new Date(liveStart.getTime() + 90 * 60_000),
        streamUrl: media(DEMO_LIVE.file),
        replayUrl: media(DEMO_LIVE.file),
        durationSeconds: DEMO_LIVE.seconds,
      });
    }
  });
  await db.insert(courseResources).values(resources);

  // ---- years, installs, plans ----
  const yearRows = await db
    .insert(trainingYears)
    .values([lastYear, thisYear].map((year) => ({ year, name: `${year}年度` })))
    .returning();
  const yearOf = (year: number) => yearRows.find((y) => y.year === year)!.id;

  type NewInstall = typeof installs.$inferInsert;
  const cover = (kind: string) => media(`covers/install-${kind}.webp`);
  const annual = (year: number): NewInstall => ({
    yearId: yearOf(year),
    title: `${year}年度全省公务员网络培训`,
    kind: 'annual',
    coverUrl: cover('annual'),
    organizer: '省委组织部 省人力资源和社会保障厅',
    description: `${year}年度全省公务员网络培训面向全省各级机关公务员，全年须完成不少于50学时，其中公需科目不少于30学时。`,
    applyStart: chinaDate(year, 1, 1, 0),
    applyEnd: chinaDate(year, 3, 31, 23),
    startAt: chinaDate(year, 1, 1, 0),
    endAt: chinaDate(year, 12, 31, 23),
    capacity: 0,
    requiredHours: 50,
  });
  const timed = (title: string, kind: 'special' | 'class', year: number, start: Date, days: number, capacity: number, requiredHours: number, description: string): NewInstall => ({
    yearId: yearOf(year),
    title,
    kind,
    coverUrl: cover(kind),
    organizer: kind === 'class' ? '省委党校（省行政学院）' : '省委组织部',
    description,
    applyStart: new Date(start.getTime() - 20 * DAY),
    // Online topics take learners while they run; a class closes its roll soon after it starts.
    applyEnd: new Date(start.getTime() + (kind === 'special' ? days - 10 : 10) * DAY),
    startAt: start,
    endAt: new Date(start.getTime() + days * DAY),
    capacity,
    requiredHours,
  });
  const installValues: NewInstall[] = [
    annual(lastYear),
    timed('学习贯彻党的二十届三中全会精神专题培训', 'special', lastYear, chinaDate(lastYear, 3, 10), 60, 0, 12, '系统学习党的二十届三中全会精神，深刻领会进一步全面深化改革的总目标和重大举措。'),
    timed('法治政府建设专题培训', 'special', lastYear, chinaDate(lastYear, 6, 1), 45, 0, 10, '围绕法治政府建设实施纲要，提升依法行政能力和水平。'),
    timed('优化营商环境专题培训', 'special', lastYear, chinaDate(lastYear, 9, 1), 45, 500, 8, '解读《优化营商环境条例》，交流“放管服”改革典型经验。'),
    timed(`全省县处级干部进修班（${lastYear}年第一期）`, 'class', lastYear, chinaDate(lastYear, 4, 8), 30, 60, 16, '县处级干部进修班，线上学习与集中面授相结合。'),
    timed(`全省中青年干部培训班（${lastYear}年）`, 'class', lastYear, chinaDate(lastYear, 10, 12), 40, 50, 20, '中青年干部培训班，重点提升政治能力和履职本领。'),
    annual(thisYear),
    timed('数字政府建设专题培训', 'special', thisYear, new Date(now - 120 * DAY), 60, 0, 10, '学习数字政府建设的总体要求，提升领导干部数字素养和数字化履职能力。'),
    timed('学习贯彻习近平文化思想专题培训', 'special', thisYear, new Date(now - 20 * DAY), 60, 0, 12, '深入学习习近平文化思想，推动文化繁荣发展。'),
    timed('乡村振兴专题培训', 'special', thisYear, new Date(now + 15 * DAY), 60, 800, 10, '全面推进乡村振兴，巩固拓展脱贫攻坚成果。'),
    timed(`全省县处级干部进修班（${thisYear}年第一期）`, 'class', thisYear, new Date(now - 10 * DAY), 30, 60, 16, '县处级干部进修班，线上学习与集中面授相结合。'),
    timed(`全省中青年干部培训班（${thisYear}年）`, 'class', thisYear, new Date(now + 25 * DAY), 40, 50, 20, '中青年干部培训班，重点提升政治能力和履职本领。'),
  ];
  const installRows = await db.insert(installs).values(installValues).returning({ id: installs.id, kind: installs.kind, title: installs.title, requiredHours: installs.requiredHours, endAt: installs.endAt, yearId: installs.yearId });

  type PlanSpec = { installId: number; title: string; requiredHours: number; required: number[]; elective: number[] };
  const courseIds = courseRows.map((c) => c.id);
  const sample = (n: number, from: readonly number[] = courseIds) => {
    const pool = [...from];
    const out: number[] = [];
    while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!);
    return out;
  };
  const planSpecs: PlanSpec[] = installRows.flatMap((inst): PlanSpec[] => {
    if (inst.kind === 'annual') {
      const picked = sample(24);
      return [
        { installId: inst.id, title: '公需科目', requiredHours: 30, required: picked.slice(0, 10), elective: picked.slice(10, 16) },
        { installId: inst.id, title: '专业科目', requiredHours: 20, required: picked.slice(16, 19), elective: picked.slice(19) },
      ];
    }
    const picked = sample(10);
    if (inst.kind === 'class') return [{ installId: inst.id, title: '班级学习计划', requiredHours: inst.requiredHours, required: picked.slice(0, 7), elective: picked.slice(7) }];
    return [
      { installId: inst.id, title: '专题必修', requiredHours: inst.requiredHours - 2, required: picked.slice(0, 5), elective: [] },
      { installId: inst.id, title: '拓展选学', requiredHours: 2, required: [], elective: picked.slice(5) },
    ];
  });
  const planRows = await db
    .insert(plans)
    .values(planSpecs.map((p, i) => ({ installId: p.installId, title: p.title, requiredHours: p.requiredHours, sort: i, description: `${p.title}：完成必修课程并达到${p.requiredHours}学时即为合格。` })))
    .returning({ id: plans.id });
  await db.insert(planCourses).values(
    planSpecs.flatMap((p, i) => [
      ...p.required.map((courseId, s) => ({ planId: planRows[i]!.id, courseId, required: true, sort: s })),
      ...p.elective.map((courseId, s) => ({ planId: planRows[i]!.id, courseId, required: false, sort: p.required.length + s })),
    ]),
  );

  // ---- exams: open now, upcoming and ended ----
  const installByTitle = (prefix: string, year: number) => installRows.find((r) => r.title.startsWith(prefix) && r.yearId === yearOf(year))!.id;
  await db.insert(exams).values([
    { title: `${thisYear}年度公需科目在线考试`, installId: installByTitle(`${thisYear}年度`, thisYear), startAt: new Date(now - 30 * DAY), endAt: new Date(now + 40 * DAY), durationMinutes: 60, passScore: 60 },
    { title: '学习贯彻习近平文化思想专题培训结业考试', installId: installByTitle('学习贯彻习近平文化思想', thisYear), startAt: new Date(now - 5 * DAY), endAt: new Date(now + 30 * DAY), durationMinutes: 45, passScore: 70 },
    { title: '县处级干部进修班结业测试', installId: installByTitle('全省县处级干部进修班', thisYear), startAt: new Date(now - 2 * DAY), endAt: new Date(now + 20 * DAY), durationMinutes: 90, passScore: 60 },
    { title: '乡村振兴专题培训结业考试', installId: installByTitle('乡村振兴', thisYear), startAt: new Date(now + 30 * DAY), endAt: new Date(now + 75 * DAY), durationMinutes: 45, passScore: 70 },
    { title: '全省公务员法律知识考试', installId: null, startAt: new Date(now - 10 * DAY), endAt: new Date(now + 50 * DAY), durationMinutes: 60, passScore: 60 },
    { title: '数字政府建设专题培训结业考试', installId: installByTitle('数字政府建设', thisYear), startAt: new Date(now - 100 * DAY), endAt: new Date(now - 60 * DAY), durationMinutes: 45, passScore: 70 },
    { title: `${lastYear}年度公需科目在线考试`, installId: installByTitle(`${lastYear}年度`, lastYear), startAt: chinaDate(lastYear, 10, 1), endAt: chinaDate(lastYear, 12, 31, 23), durationMinutes: 60, passScore: 60 },
  ]);

  // ---- certificates: last year's annual and ended installs; a few issued today ----
  const learners = await db
    .select({ personId: persons.personId, mobile: persons.mobile })
    .from(persons)
    .where(eq(persons.personType, 1))
    .orderBy(asc(persons.personId));
  const zhangWei = learners.find((p) => p.mobile === '13800000001')!;
  const pool = learners.filter((p) => p.mobile.startsWith('1390001'));
  const ended = installRows.filter((r) => r.endAt.getTime() < now);
  const thisYearEnded = ended.filter((r) => r.yearId === yearOf(thisYear));
  type NewCertificate = typeof certificates.$inferInsert;
  const certs: NewCertificate[] = [];
  const code = () => Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(rnd() * 32)]).join('');
  const issue = (personId: number, inst: (typeof installRows)[number], issuedAt: Date) => {
    const year = chinaYearOf(issuedAt.getTime());
    certs.push({
      certNo: `ZS${year}${String(certs.length + 1).padStart(6, '0')}`,
      personId,
      installId: inst.id,
      issuedAt,
      hours: inst.requiredHours + between(0, 8) / 2,
      verifyCode: code(),
    });
  };
  const lastAnnual = installRows.find((r) => r.kind === 'annual' && r.yearId === yearOf(lastYear))!;
  // 张伟 (13800000001) holds the first certificate: ZS<last year>000001.
  issue(zhangWei.personId, lastAnnual, chinaDate(lastYear, 11, 18, 10));
  for (const p of sample(110, pool.map((x) => x.personId))) issue(p, lastAnnual, chinaDate(lastYear, between(4, 12), between(1, 28), between(8, 20)));
  for (const inst of ended.filter((r) => r.kind !== 'annual' && r.yearId === yearOf(lastYear))) {
    for (const p of sample(between(8, 16), pool.map((x) => x.personId))) issue(p, inst, new Date(inst.endAt.getTime() - between(0, 20) * DAY));
  }
  for (const inst of thisYearEnded) {
    // Issued around the end of the training, never in the future.
    for (const p of sample(between(20, 30), pool.map((x) => x.personId))) issue(p, inst, new Date(Math.min(now - HOUR, inst.endAt.getTime() + between(-20, 20) * DAY)));
  }
  // This year's annual training: people reach its 50 hours throughout the year so far.
  const thisAnnual = installRows.find((r) => r.kind === 'annual' && r.yearId === yearOf(thisYear))!;
  const newYear = chinaDate(thisYear, 1, 1, 0).getTime();
  for (const p of sample(60, pool.map((x) => x.personId))) issue(p, thisAnnual, new Date(newYear + rnd() * Math.max(0, now - DAY - newYear)));
  const todayInstall = thisYearEnded[0] ?? lastAnnual;
  const issuedToday = new Set(certs.filter((c) => c.installId === todayInstall.id).map((c) => c.personId));
  for (const p of pool.filter((x) => !issuedToday.has(x.personId)).slice(0, 3)) {
    issue(p.personId, todayInstall, new Date(Math.max(today.getTime(), now - between(5, 50) * 60_000)));
  }
  await db.insert(certificates).values(certs);

  // ---- courses people chose ----
  const chosen = [
    ...sample(5).map((courseId) => ({ personId: zhangWei.personId, courseId })),
    ...pool.slice(0, 60).flatMap((p) => sample(between(1, 4)).map((courseId) => ({ personId: p.personId, courseId }))),
  ];
  await db.insert(personCourses).values(chosen);

  // ---- learning columns ----
  const columnSpecs = [
    { title: '学习贯彻党的二十届三中全会精神', description: '权威解读、专家辅导与学习心得，系统把握进一步全面深化改革的重大部署。' },
    { title: '法治政府建设', description: '聚焦依法行政重点法规和典型案例，提升运用法治思维和法治方式的能力。' },
    { title: '数字素养提升', description: '数字政府、数据安全与人工智能应用，帮助干部跟上数字时代。' },
    { title: '廉政教育', description: '党纪学习教育读本、警示教育案例与廉洁文化建设。' },
  ];
  const columnRows = await db
    .insert(learningColumns)
    .values(columnSpecs.map((c, i) => ({ ...c, coverUrl: media(`covers/column-${i + 1}.webp`), publishedAt: new Date(now - (columnSpecs.length - i) * 25 * DAY) })))
    .returning({ id: learningColumns.id, title: learningColumns.title });
  await db.insert(columnItems).values(
    columnRows.flatMap((col, i) => [
      ...sample(between(3, 5)).map((courseId, s) => ({ columnId: col.id, courseId, sort: s, publishedAt: new Date(now - (30 - s) * DAY) })),
      ...[1, 2, 3].map((n) => ({
        columnId: col.id,
        sort: 10 + n,
        title: `${col.title}学习笔谈（${['一', '二', '三'][n - 1]}）`,
        body: paragraphs(
          `围绕“${col.title}”这一主题，本期学习笔谈摘编了部分学员的学习体会和专家点评。`,
          '学员们普遍认为，要把学习成果转化为推动工作的实际能力，做到学思用贯通、知信行统一。',
          `专家指出，各级干部要结合岗位职责，把${columnSpecs[i]!.description.slice(0, 12)}落实到具体工作中。`,
        ),
        publishedAt: new Date(now - (40 - n * 7) * DAY),
      })),
    ]),
  );

  // ---- picture news ----
  const newsTitles = [
    `学院召开${thisYear}年度全省干部网络培训工作部署会`,
    '全省县处级干部进修班举行开班式',
    '学院举办数字政府建设专题报告会',
    '省委党校专家深入基层开展理论宣讲',
    '网络学院移动学习平台全新上线',
    '学院与十个市级分平台召开工作交流会',
    '全省中青年干部培训班学员赴红色教育基地开展现场教学',
    '学院举办学习贯彻习近平文化思想专题辅导讲座',
    '网络学院新增精品课程六十余门',
    '学院开展“学习标兵”评选表彰活动',
    '学院召开网络培训课程建设研讨会',
    `${lastYear}年度全省公务员网络培训圆满完成`,
  ];
  await db.insert(flashNews).values(
    newsTitles.map((title, i) => ({
      title,
      imageUrl: media(`news/news-${String(i + 1).padStart(2, '0')}.webp`),
      summary: `${title}。学院领导出席并讲话，各市分平台负责同志参加。`,
      body: paragraphs(
        `近日，${title}。学院主要负责同志出席并讲话，各市分平台和有关单位负责同志参加。`,
        '会议指出，网络培训是干部教育培训的重要组成部分，要坚持把学习贯彻习近平新时代中国特色社会主义思想作为主题主线，不断丰富课程资源、改进学习服务、提升培训质量。',
        '会议要求，各级培训联络员要及时掌握本单位学员学习进度，做好学时登记、证书发放和答疑服务工作，确保年度培训任务圆满完成。',
        '与会同志围绕课程建设、平台运维和学习管理等方面进行了交流讨论。',
      ),
      source: pick(['学院办公室', '教务处', '网络学院', '培训部']),
      publishedAt: new Date(now - (i * 11 + between(0, 5)) * DAY - between(1, 10) * HOUR),
    })),
  );

  // ---- notices (with attachments) and education notices ----
  const topics = ['法治政府建设', '数字政府建设', '优化营商环境', '乡村振兴', '党纪学习教育', '学习贯彻习近平文化思想', '保密知识', '应急管理'];
  const templates = [
    (t: string) => `关于开展${t}专题网上培训的通知`,
    (t: string) => `关于${t}专题培训学时认定的说明`,
    (t: string) => `关于公布${t}专题培训考试结果的公告`,
    (t: string) => `关于做好${t}专题培训学员报名工作的通知`,
  ];
  type NewNotice = typeof notices.$inferInsert;
  const noticeValues: NewNotice[] = [
    {
      channel: 'affiche',
      title: `关于做好${thisYear}年度全省公务员网络培训工作的通知`,
      pinned: true,
      source: '省委组织部',
      publishedAt: chinaDate(thisYear, 1, 6),
      body: paragraphs(
        '各市委组织部、省直各单位：',
        `为深入推进干部教育培训工作，现就做好${thisYear}年度全省公务员网络培训工作通知如下：一、全年学习任务不少于50学时，其中公需科目不少于30学时；二、学员登录网络学院完成课程学习和在线考试；三、各单位培训联络员要及时督促学员按期完成学习任务。`,
        '附件：培训安排表、课程目录。',
      ),
    },
    {
      channel: 'affiche',
      title: '关于学习平台系统维护升级的公告',
      pinned: true,
      source: '网络学院',
      publishedAt: new Date(now - 3 * DAY),
      body: paragraphs('为提升平台服务能力，网络学院将于本周六22:00至24:00进行系统维护升级，届时暂停学习服务。', '由此带来的不便，敬请谅解。'),
    },
    ...topics.flatMap((t, i) =>
      templates.map((tpl, j) => ({
        channel: 'affiche' as const,
        title: tpl(t),
        source: pick(['省委组织部', '省人力资源和社会保障厅', '教务处', '网络学院']),
        publishedAt: new Date(now - (i * 4 + j) * 9 * DAY - between(0, 6) * DAY - between(1, 8) * HOUR),
        body: paragraphs(
          '各市分平台、省直各单位：',
          `根据年度干部教育培训计划，现将${t}专题培训有关事项通知如下：请各单位组织学员按时登录网络学院学习，学习时间、学时要求和考试安排详见附件。`,
          '联系人：教务处，联系电话：0351-1234567。',
        ),
      })),
    ),
    ...['关于开展课程资源建设征集活动的通知', '关于举办学员学习心得交流活动的通知', '关于组织开展教学质量评估的通知', '关于调整学习支持服务时间的通知', '关于开展优秀学员评选工作的通知', '关于发布新版课程目录的通知'].map((title, i) => ({
      channel: 'education' as const,
      title,
      source: '教务处',
      publishedAt: new Date(now - (i * 17 + between(0, 5)) * DAY),
      body: paragraphs('学院各部门、各市分平台：', `${title.replace(/^关于|的通知$/g, '')}有关安排如下，请认真组织落实。`, '学院教务处'),
    })),
  ];
  const noticeRows = await db.insert(notices).values(noticeValues).returning({ id: notices.id, title: notices.title, channel: notices.channel });
  const attachable = [DEMO_FILES[7], DEMO_FILES[8], DEMO_FILES[1]] as const;
  const attachmentNames = ['培训安排表.pdf', '课程目录.pdf', '报名表.pdf'];
  await db.insert(noticeAttachments).values(
    noticeRows
      .filter((n, i) => n.channel === 'affiche' && (i === 0 || i % 3 === 1))
      .flatMap((n, k) =>
        attachable.slice(0, 1 + (k % 3)).map((f, s) => ({ noticeId: n.id, name: attachmentNames[s]!, url: media(f.file), size: fileSize(f.file), sort: s })),
      ),
  );

  await db.insert(realtimeNotices).values(
    [
      `${thisYear}年度全省公务员网络培训正在进行中，请各位学员合理安排学习时间。`,
      '学习贯彻习近平文化思想专题培训结业考试已开放，请参训学员按时参加。',
      '乡村振兴专题培训报名通道已开启。',
      '本周六22:00至24:00平台系统维护升级，暂停学习服务。',
      '移动学习App已支持课程离线缓存，欢迎下载使用。',
      '证书可在“学习课堂—打印证书”中下载打印，扫码即可验证真伪。',
      '如遇视频无法播放，请参阅下载中心《视频播放常见问题处理》。',
      `${lastYear}年度学时证书已全部发放完毕。`,
    ].map((content, i) => ({ content, publishedAt: new Date(now - (i * 2 + 1) * DAY), expiresAt: i === 7 ? new Date(now - DAY / 2) : null })),
  );

  await db.insert(collegeImages).values(DEMO_COLLEGE_IMAGES.map((title, i) => ({ title, imageUrl: media(`college/college-${i + 1}.webp`), sort: i })));

  await db.insert(aboutSections).values([
    {
      title: '学院简介',
      sort: 0,
      body: paragraphs(
        '省委党校（省行政学院）干部网络学院是全省干部教育培训的网络平台，承担全省各级机关公务员和参照公务员法管理单位工作人员的网络培训任务。',
        '学院坚持以习近平新时代中国特色社会主义思想为指导，聚焦政治能力和履职本领，建设了政治理论、履职能力、经济社会、数字素养等课程体系，设有十个市级分平台。',
      ),
    },
    { title: '办学宗旨', sort: 1, body: paragraphs('坚持党校姓党，服务干部成长。', '以学员为中心，提供随时可学、处处能学的优质网络培训服务。') },
    { title: '主要职能', sort: 2, body: paragraphs('组织实施年度网络培训、专题培训和培训班网上学习；建设和管理网络课程资源；开展学时认定、在线考试和证书发放；为各市分平台提供技术和业务支持。') },
    { title: '联系我们', sort: 3, body: paragraphs('地址：太原市小店区学府街（示例地址）', '学习支持服务时间：周一至周五 08:30-12:00，14:00-17:00', '电话：0351-1234567　传真：0351-1234568　邮箱：support@academy.example.cn') },
  ]);

  type NewDownload = typeof downloads.$inferInsert;
  const download = (title: string, category: NewDownload['category'], fileName: string, file: string, sort: number): NewDownload => ({
    title,
    category,
    fileName,
    fileUrl: media(file),
    size: fileSize(file),
    downloadCount: between(30, 4000),
    sort,
    publishedAt: new Date(now - between(10, 300) * DAY),
  });
  await db.insert(downloads).values([
    download('学员操作手册', 'document', '学员操作手册.pdf', DEMO_FILES[0].file, 0),
    download('培训报名表', 'document', '培训报名表.pdf', DEMO_FILES[1].file, 1),
    download('学时认定办法', 'document', '学时认定办法.pdf', DEMO_FILES[2].file, 2),
    download('证书打印说明', 'document', '证书打印说明.pdf', DEMO_FILES[3].file, 3),
    download('移动学习App下载二维码', 'app', '移动学习App二维码.png', DEMO_QR, 0),
    download('移动学习使用说明', 'app', '移动学习使用说明.pdf', DEMO_FILES[4].file, 1),
    download('推荐浏览器及设置说明', 'browser', '浏览器设置说明.pdf', DEMO_FILES[5].file, 0),
    download('视频播放常见问题处理', 'browser', '视频播放常见问题处理.pdf', DEMO_FILES[6].file, 1),
  ]);

  const faqGroups: [string, [string, string][]][] = [
    [
      '账号与登录',
      [
        ['如何登录网络学院？', '点击页面右上角“登录”，可使用手机号和密码登录、短信验证码登录或微信扫码登录。'],
        ['忘记密码怎么办？', '在登录窗口选择“短信登录”，登录后通过“修改密码”设置新密码。'],
        ['提示“该手机号在系统中不存在”怎么办？', '请联系本单位培训联络员，在培训管理系统中核实您的手机号码。'],
        ['账号被锁定了怎么办？', '连续5次输错密码，账号将被锁定15分钟，请稍后再试或使用短信登录。'],
        ['密码有什么要求？', '密码至少8位，须同时包含字母、数字和特殊符号($@!%*#?&,.)。'],
      ],
    ],
    [
      '课程学习',
      [
        ['如何选课？', '在“课程分类”中浏览课程，点击“加入我的课程”即可，也可学习所在培训计划中的课程。'],
        ['视频学习时可以快进吗？', '未学完的视频不能拖动到尚未观看的位置，可以回看已观看的内容。'],
        ['为什么学习时间没有累计？', '页面切换到后台、长时间无操作或多个窗口同时学习时，学习时间不累计。'],
        ['文档类课件如何计算学习时间？', '按阅读时长计算，达到课件规定的最少阅读时间即完成。'],
        ['直播课错过了怎么办？', '直播结束后可观看回放，回放观看时长同样计入学习时间。'],
        ['可以用手机学习吗？', '可以，扫描页面上的移动学习二维码或在下载中心下载移动学习App。'],
      ],
    ],
    [
      '学时与证书',
      [
        ['学时什么时候计入？', '课程全部章节学习完成后，学时立即计入本年度学时。'],
        ['年度学时要求是多少？', '年度网络培训须完成不少于50学时，具体以年度通知为准。'],
        ['如何打印证书？', '在“学习课堂—打印证书”中查看并打印，证书上的二维码可用于验证真伪。'],
        ['如何验证证书真伪？', '在“证书查询”页面输入证书编号（和姓名）即可查询，或扫描证书上的二维码。'],
        ['证书信息有误怎么办？', '请联系本单位培训联络员核实后由学院更正。'],
      ],
    ],
    [
      '在线考试',
      [
        ['考试有几次机会？', '每场考试的次数以考试说明为准，以最高成绩为准。'],
        ['考试中断网了怎么办？', '已作答的答案会实时保存，重新进入即可继续作答，考试截止时间不变。'],
        ['考试时间到了还没交卷怎么办？', '到达截止时间系统将按已保存的答案自动交卷。'],
        ['培训班学员能参加在线考试吗？', '培训班学员须由培训班统一开通后方可参加在线考试。'],
      ],
    ],
    [
      '技术支持',
      [
        ['推荐使用什么浏览器？', '推荐使用新版 Chrome、Edge 或 360 安全浏览器（极速模式）。'],
        ['视频无法播放怎么办？', '请检查网络后刷新页面，或参阅下载中心《视频播放常见问题处理》。'],
        ['学习支持服务时间是什么时候？', '周一至周五 08:30-12:00，14:00-17:00。'],
        ['如何联系技术支持？', '拨打 0351-1234567 或发送邮件至 support@academy.example.cn。'],
      ],
    ],
  ];
  await db.insert(faqs).values(faqGroups.flatMap(([groupName, items], g) => items.map(([question, answer], s) => ({ groupName, groupSort: g, question, answer, sort: s }))));

  await db.insert(friendlyLinks).values(
    [
      ['中国政府网', 'https://www.gov.cn/'],
      ['共产党员网', 'https://www.12371.cn/'],
      ['中国干部网络学院', 'https://www.ccln.gov.cn/'],
      ['学习强国', 'https://www.xuexi.cn/'],
      ['中共中央党校（国家行政学院）', 'https://www.ccps.gov.cn/'],
      ['人民网', 'http://www.people.com.cn/'],
      ['新华网', 'http://www.xinhuanet.com/'],
      ['山西省人民政府', 'https://www.shanxi.gov.cn/'],
    ].map(([name, url], sort) => ({ name: name!, url: url!, sort })),
  );

  return { courses: courseRows.length, certificates: certs.length };
}

/** The certificate number 13800000001 holds after seeding (for manual checks and browser tests). */
export const demoCertificateNo = (now = Date.now()) => `ZS${chinaYearOf(now) - 1}000001`;
