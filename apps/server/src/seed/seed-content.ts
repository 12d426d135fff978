/**
 * Demo content and catalogue (PRODUCT.md section 8): categories, 64 courses with chapters and real
 * small media, installs of every kind over the previous and the current year with plans, exams,
 * learning columns, news, notices, the ticker, downloads, FAQ, links and the about text.
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
import type { Db } from '../db/client.ts';
import {
  aboutSections,
  categories,
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
} from '../db/schema/index.ts';
import { chinaYearOf } from '../lib/listing.ts';
import { htmlOfPlainText } from '../lib/sanitizeHtml.ts';
import { DEMO_CATEGORIES, DEMO_COURSES, DEMO_SECONDS_PER_HOUR, LIVE_MINUTES_PER_HOUR, timeNote } from './seed-courses.ts';

/** The demo media on disk, and the address it is served at. */
export const DEMO_ASSETS_DIR = path.resolve(import.meta.dirname, '../../assets/demo');
export const MEDIA_PREFIX = '/media/';
const media = (file: string) => `${MEDIA_PREFIX}${file}`;
const fileSize = (file: string) => statSync(path.join(DEMO_ASSETS_DIR, file)).size;

/** Downloadable documents and notice attachments (Chinese PDFs drawn by scripts/demo-assets.ts). */
export const DEMO_FILES = {
  userManual: 'files/user-manual.pdf',
  applicationForm: 'files/application-form.pdf',
  creditHoursRules: 'files/credit-hours-rules.pdf',
  certificatePrinting: 'files/certificate-printing.pdf',
  mobileAppGuide: 'files/mobile-app-guide.pdf',
  browserSettings: 'files/browser-settings.pdf',
  playbackTroubleshooting: 'files/playback-troubleshooting.pdf',
  trainingSchedule: 'files/training-schedule.pdf',
  courseList: 'files/course-list.pdf',
} as const;
export const DEMO_QR = 'files/mobile-app-qr.png';
export const DEMO_NEWS_IMAGES = 12;
export const DEMO_COLLEGE_IMAGES = ['学院正门', '教学楼', '图书馆', '学术报告厅', '网络学习中心', '校园一景'] as const;
export const DEMO_INSTALL_COVERS = ['annual', 'special', 'class'] as const;
export const DEMO_COLUMN_COVERS = 4;

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * A topic short enough to finish in a few minutes: one 0.5-学时 course of a single short video and a
 * 结业测试 of five questions; finishing both issues its certificate. Nobody in the demo has started it.
 */
export const DEMO_SHORT_TOPIC = { title: '《行政复议法》学习专题', course: '新修订《行政复议法》要点', exam: '《行政复议法》学习专题结业测试' } as const;
/** A moment of a China-time calendar day. */
const chinaDate = (year: number, month: number, day: number, hour = 9) => new Date(Date.UTC(year, month - 1, day, hour - 8));

function paragraphs(...ps: string[]) {
  return ps.join('\n\n');
}
/** News, notices and the about page are rich text (sanitised HTML), as an administrator's editor writes them. */
const richText = (...ps: string[]) => htmlOfPlainText(paragraphs(...ps));

export async function seedContent(db: Db, rnd: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const between = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const now = Date.now();
  const thisYear = chinaYearOf(now);
  const lastYear = thisYear - 1;

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
      DEMO_COURSES.map((c, i) => ({
        title: c.title,
        lecturer: c.lecturer,
        lecturerTitle: c.lecturerTitle,
        categoryId: categoryId(c.category),
        coverUrl: media(c.cover),
        creditHours: c.hours,
        description: paragraphs(
          `本课程由${c.lecturer}（${c.lecturerTitle}）主讲，围绕“${c.title}”讲授${c.chapters.map((ch) => ch.title.replace(/^第.+?讲 |（文字课件）$/g, '')).join('、')}${c.live ? '，并安排一场直播' : ''}。`,
          `学习要点：${c.points.join('；')}。`,
          '课程适合全省各级机关公务员和参照公务员法管理单位工作人员学习，学完全部章节即可获得相应学时。',
          timeNote(c),
        ),
        // Published over the last two years, the newest courses most recently.
        publishedAt: new Date(now - (DEMO_COURSES.length - i) * 9 * DAY - between(0, 8) * DAY - between(1, 20) * HOUR),
        popularity: between(80, 6000),
      })),
    )
    .returning({ id: courses.id, title: courses.title, creditHours: courses.creditHours });

  // Chapters as DEMO_COURSES lays them out; live lessons at their moment relative to now.
  type NewResource = typeof courseResources.$inferInsert;
  const resources: NewResource[] = DEMO_COURSES.flatMap((c, i): NewResource[] => {
    const courseId = courseRows[i]!.id;
    const recorded = c.chapters.map((ch, sort): NewResource =>
      ch.kind === 'pdf'
        ? { courseId, sort, title: ch.title, kind: 'pdf', mediaUrl: media(ch.file), pages: ch.pages, minReadSeconds: ch.seconds }
        : { courseId, sort, title: ch.title, kind: 'video', mediaUrl: media(ch.file), durationSeconds: ch.seconds },
    );
    if (!c.live) return recorded;
    const liveStart = new Date(now + c.live.startOffsetMs);
    return [
      ...recorded,
      {
        courseId,
        sort: c.chapters.length,
        title: c.live.title,
        kind: 'live',
        liveStart,
        liveEnd: new Date(liveStart.getTime() + c.live.seconds * 1000),
        streamUrl: media(c.live.stream),
        replayUrl: c.live.replay ? media(c.live.replay) : null,
        durationSeconds: c.live.mediaSeconds,
      },
    ];
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
    // Last, so that the draws of the demo before it are as they were.
    timed(DEMO_SHORT_TOPIC.title, 'special', thisYear, new Date(now - 5 * DAY), 60, 0, 0.5, '学习新修订《行政复议法》的要点，0.5学时，可利用碎片时间完成；学完课程并通过结业考试，即颁发结业证书。'),
  ];
  const installRows = await db.insert(installs).values(installValues).returning({ id: installs.id, kind: installs.kind, title: installs.title, requiredHours: installs.requiredHours, endAt: installs.endAt, yearId: installs.yearId });

  type PlanSpec = { installId: number; title: string; requiredHours: number; required: number[]; elective: number[] };
  const courseIds = courseRows.map((c) => c.id);
  const hoursOf = new Map(courseRows.map((c) => [c.id, c.creditHours]));
  // The newest course is in no plan yet, so nobody has studied it (a class plan can take it and give it back).
  const NEWEST_COURSE_ID = courseRows.at(-1)!.id;
  const sample = (n: number, from: readonly number[] = courseIds) => {
    const pool = [...from];
    const out: number[] = [];
    while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!);
    return out;
  };
  /**
   * Courses drawn from `from` (none of `taken`) until, with `first`, they carry at least `hours`:
   * every plan offers at least the hours it asks for, so its learners can meet them.
   */
  const drawHours = (hours: number, taken: readonly number[], first: number[] = []) => {
    const pool = courseIds.filter((id) => id !== NEWEST_COURSE_ID && !taken.includes(id) && !first.includes(id));
    const out = [...first];
    let sum = out.reduce((s, id) => s + hoursOf.get(id)!, 0);
    while (sum < hours && pool.length > 0) {
      const id = pool.splice(Math.floor(rnd() * pool.length), 1)[0]!;
      out.push(id);
      sum += hoursOf.get(id)!;
    }
    return out;
  };
  const shortCourseIds = courseIds.filter((_, i) => DEMO_COURSES[i]!.hours === 0.5);
  const planSpecs: PlanSpec[] = installRows.flatMap((inst): PlanSpec[] => {
    if (inst.kind === 'annual') {
      // 公需科目 30 and 专业科目 20 学时: required courses of about two thirds of each, and electives beyond.
      const publicRequired = drawHours(20, []);
      const publicElective = drawHours(14, publicRequired);
      const proRequired = drawHours(8, [...publicRequired, ...publicElective]);
      const proElective = drawHours(16, [...publicRequired, ...publicElective, ...proRequired]);
      return [
        { installId: inst.id, title: '公需科目', requiredHours: 30, required: publicRequired, elective: publicElective },
        { installId: inst.id, title: '专业科目', requiredHours: 20, required: proRequired, elective: proElective },
      ];
    }
    // The short topic is its one short course (chosen without a draw).
    if (inst.title === DEMO_SHORT_TOPIC.title) {
      const course = courseIds[DEMO_COURSES.findIndex((c) => c.title === DEMO_SHORT_TOPIC.course)]!;
      return [{ installId: inst.id, title: '专题必修', requiredHours: 0.5, required: [course], elective: [] }];
    }
    // Every topic and class has one of the short one-video courses, so it can be tried out in half a minute.
    const short = pick(shortCourseIds);
    if (inst.kind === 'class') {
      const required = drawHours(Math.ceil(inst.requiredHours * 0.6), [], [short]);
      return [{ installId: inst.id, title: '班级学习计划', requiredHours: inst.requiredHours, required, elective: drawHours(inst.requiredHours - Math.ceil(inst.requiredHours * 0.6) + 4, required) }];
    }
    const required = drawHours(inst.requiredHours - 2, [], [short]);
    return [
      { installId: inst.id, title: '专题必修', requiredHours: inst.requiredHours - 2, required, elective: [] },
      { installId: inst.id, title: '拓展选学', requiredHours: 2, required: [], elective: drawHours(4, required) },
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
    { title: DEMO_SHORT_TOPIC.exam, installId: installByTitle(DEMO_SHORT_TOPIC.title, thisYear), startAt: new Date(now - 5 * DAY), endAt: new Date(now + 40 * DAY), durationMinutes: 15, passScore: 60 },
  ]);

  // ---- courses people chose ----
  const learners = await db
    .select({ personId: persons.personId, mobile: persons.mobile })
    .from(persons)
    .where(eq(persons.personType, 1))
    .orderBy(asc(persons.personId));
  const zhangWei = learners.find((p) => p.mobile === '13800000001')!;
  const pool = learners.filter((p) => p.mobile.startsWith('1390001'));
  const chosen = [
    ...sample(5).map((courseId) => ({ personId: zhangWei.personId, courseId })),
    ...pool.slice(0, 60).flatMap((p) => sample(between(1, 4)).map((courseId) => ({ personId: p.personId, courseId }))),
  ];
  await db.insert(personCourses).values(chosen);

  // ---- learning columns ----
  // Each column lists courses of its own subjects and three articles of its own.
  const columnSpecs: { title: string; description: string; subjects: string[]; articles: [string, ...string[]][] }[] = [
    {
      title: '学习贯彻党的二十届三中全会精神',
      description: '权威解读、专家辅导与学习心得，系统把握进一步全面深化改革的重大部署。',
      subjects: ['习近平新时代中国特色社会主义思想', '高质量发展'],
      articles: [
        ['把握进一步全面深化改革的总目标', '全会提出，进一步全面深化改革的总目标是继续完善和发展中国特色社会主义制度，推进国家治理体系和治理能力现代化。', '学习全会精神，要把握好“七个聚焦”的重大部署，结合本地区本部门实际找准改革的切入点和突破口。'],
        ['以经济体制改革为牵引', '全会强调，高水平社会主义市场经济体制是中国式现代化的重要保障，必须更好发挥市场机制作用，创造更加公平、更有活力的市场环境。', '对基层干部而言，就是要持续优化营商环境，破除妨碍全国统一大市场建设的规定和做法。'],
        ['学员心得：把改革部署转化为工作举措', '一位来自县级发展改革部门的学员写道：学习全会精神后，我们梳理了本部门涉及的改革任务，逐项明确责任人和完成时限。', '另一位学员认为，改革要坚持问题导向，从群众反映强烈的事项改起，让群众切实感受到改革成效。'],
      ],
    },
    {
      title: '法治政府建设',
      description: '聚焦依法行政重点法规和典型案例，提升运用法治思维和法治方式的能力。',
      subjects: ['依法行政'],
      articles: [
        ['新修订行政复议法的五个变化', '新修订的行政复议法扩大了行政复议受案范围，强化了行政复议吸纳和化解行政争议的能力，完善了审理程序和决定体系。', '行政机关要做好复议应诉工作，更要从复议案件中查找执法问题，从源头上减少行政争议。'],
        ['行政执法“三项制度”的落实要点', '行政执法公示、执法全过程记录、重大执法决定法制审核是规范执法的基础性制度。', '落实“三项制度”，关键是把制度要求嵌入执法流程，用信息化手段固化执法环节，做到执法全过程有据可查。'],
        ['案例评析：一起行政处罚案件的程序问题', '某局在作出较大数额罚款决定前，未告知当事人有要求听证的权利，复议机关以程序违法为由撤销了处罚决定。', '这一案例提醒执法人员，程序正义是实体正义的保障，法定程序一步也不能少。'],
      ],
    },
    {
      title: '数字素养提升',
      description: '数字政府、数据安全与人工智能应用，帮助干部跟上数字时代。',
      subjects: ['数字政府建设', '网络与数据安全'],
      articles: [
        ['“高效办成一件事”的改革逻辑', '“高效办成一件事”从企业和群众视角出发，把多个相关联的“单项事”整合为“一件事”，实现一次告知、一表申请、一套材料、一次办结。', '推进这项改革，前提是部门间的数据共享和业务协同，难点在于流程再造。'],
        ['领导干部使用人工智能工具的安全提示', '生成式人工智能可以辅助起草材料、检索政策，但不得输入涉密信息和工作秘密，不得将生成内容未经核实直接作为决策依据。', '各单位要明确人工智能工具的使用范围，加强对干部的安全保密教育。'],
        ['数据安全，从每一台办公电脑做起', '办公电脑要设置开机密码和屏幕保护，及时安装系统补丁，不使用来源不明的移动存储介质。', '处理群众个人信息时，要坚持最小必要原则，严禁违规查询、留存和对外提供。'],
      ],
    },
    {
      title: '廉政教育',
      description: '党纪学习教育读本、警示教育案例与廉洁文化建设。',
      subjects: ['党章党规党纪'],
      articles: [
        ['学纪、知纪、明纪、守纪', '党纪学习教育要求党员干部原原本本学习《中国共产党纪律处分条例》，做到真学真懂真信真用。', '学习条例要联系思想和工作实际，搞清楚哪些能干、哪些不能干，把纪律规矩转化为日常行为准则。'],
        ['警示教育：小节不守，大节难保', '一些干部从收受土特产、接受宴请开始，逐步放松了警惕，最终滑向违纪违法的深渊。', '典型案例警示我们，廉洁自律要从小事小节做起，慎初、慎独、慎微、慎友。'],
        ['建设新时代廉洁文化', '廉洁文化建设要把廉洁教育融入干部培训全过程，用好本地廉政教育基地和优秀传统文化资源。', '家风是作风的重要体现，领导干部要管好家属子女和身边工作人员，筑牢家庭防线。'],
      ],
    },
  ];
  const columnRows = await db
    .insert(learningColumns)
    .values(columnSpecs.map((c, i) => ({ title: c.title, description: c.description, coverUrl: media(`covers/column-${i + 1}.webp`), publishedAt: new Date(now - (columnSpecs.length - i) * 25 * DAY) })))
    .returning({ id: learningColumns.id });
  await db.insert(columnItems).values(
    columnRows.flatMap((col, i) => {
      const spec = columnSpecs[i]!;
      const ofSubjects = courseIds.filter((_, k) => spec.subjects.includes(DEMO_COURSES[k]!.category));
      return [
        ...sample(between(3, 5), ofSubjects).map((courseId, s) => ({ columnId: col.id, courseId, sort: s, publishedAt: new Date(now - (30 - s) * DAY) })),
        ...spec.articles.map(([title, ...body], n) => ({ columnId: col.id, sort: 11 + n, title, body: paragraphs(...body), publishedAt: new Date(now - (33 - n * 7) * DAY) })),
      ];
    }),
  );

  // ---- picture news ----
  // Each item tells its own event; the first paragraph is the summary shown in lists.
  const news: [string, ...string[]][] = [
    [
      `学院召开${thisYear}年度全省干部网络培训工作部署会`,
      `学院召开${thisYear}年度全省干部网络培训工作部署会，总结上年度网络培训工作，安排部署本年度任务。各市委组织部、省直各单位培训联络员参加会议。`,
      `会议通报，${lastYear}年度全省参加网络培训的公务员人均完成学时超过规定要求，课程评价满意率保持较高水平。`,
      `会议明确，${thisYear}年度全省公务员网络培训全年须完成不少于50学时，其中公需科目不少于30学时，各单位要在3月底前完成报名工作。`,
    ],
    [
      '全省县处级干部进修班举行开班式',
      '全省县处级干部进修班举行开班式，来自全省各地各部门的60名县处级领导干部参加为期一个月的学习。',
      '本期进修班采取线上学习与集中面授相结合的方式，安排理论教学、专题研讨和现场教学，线上课程通过干部网络学院完成。',
      '开班式上，学员代表作了表态发言，表示将珍惜学习机会，严守学习纪律，把学习成果转化为推动工作的实际成效。',
    ],
    [
      '学院举办数字政府建设专题报告会',
      '学院举办数字政府建设专题报告会，邀请省大数据局负责同志围绕政务数据共享和“一网通办”作专题报告。',
      '报告结合我省政务服务改革的实践，介绍了“高效办成一件事”的推进情况，分析了数据共享中存在的难点和应对办法。',
      '报告会同步在干部网络学院直播，全省近两千名干部在线收看，回放已上线“数字素养提升”学习专栏。',
    ],
    [
      '省委党校专家深入基层开展理论宣讲',
      '省委党校组织专家宣讲团深入县乡基层，围绕党的二十届三中全会精神开展理论宣讲。',
      '宣讲团成员结合基层干部群众关心的就业、教育、医疗等问题，用通俗易懂的语言讲解进一步全面深化改革的重大举措。',
      '宣讲活动共举办二十余场，听众逾三千人次，部分宣讲内容已整理为网络课程供全省干部学习。',
    ],
    [
      '网络学院移动学习平台全新上线',
      '干部网络学院移动学习平台完成升级并正式上线，学员可在手机上完成选课、学习、考试和证书查询。',
      '新版平台支持视频离线缓存，电脑端和手机端的学习记录、学时实时互通。',
      '学员可扫描下载中心的二维码安装使用，使用中遇到问题可查阅《移动学习使用说明》。',
    ],
    [
      '学院与十个市级分平台召开工作交流会',
      '学院与全省十个市级分平台召开工作交流会，交流网络培训组织管理经验，研究课程共建共享工作。',
      '会上，太原、长治、运城等市分平台介绍了督促学员按期学习、开展线上线下融合培训的做法。',
      '会议商定，各分平台优秀课程经审核后纳入全省课程库，实现优质课程资源共享。',
    ],
    [
      '全省中青年干部培训班学员赴红色教育基地开展现场教学',
      '全省中青年干部培训班学员赴八路军太行纪念馆开展现场教学，重温革命历史，接受党性教育。',
      '学员们参观了纪念馆陈列，聆听了讲解员的讲述，在纪念碑前重温入党誓词。',
      '现场教学结束后，学员分组开展交流研讨，结合岗位实际谈体会、讲打算。',
    ],
    [
      '学院举办学习贯彻习近平文化思想专题辅导讲座',
      '学院举办学习贯彻习近平文化思想专题辅导讲座，省社会科学院专家作辅导报告。',
      '报告围绕“两个结合”、文化主体性和新的文化使命，结合我省文化遗产保护和文旅融合发展作了深入阐释。',
      '讲座录像已上线干部网络学院，作为学习贯彻习近平文化思想专题培训的选学课程。',
    ],
    [
      '网络学院新增精品课程六十余门',
      '干部网络学院完成新一批课程建设，新增政治理论、履职能力、经济社会、数字素养四类精品课程六十余门。',
      '新增课程由省委党校、省行政学院、省社会科学院和省直有关部门的专家学者主讲，配有文字课件和思考题。',
      '新课程已全部上线，学员可在“课程分类”中按分类浏览，也可在年度培训计划中直接学习。',
    ],
    [
      '学院开展“学习标兵”评选表彰活动',
      '学院开展年度网络培训“学习标兵”评选表彰活动，对学习成绩突出的学员和组织工作成效明显的单位予以通报表扬。',
      '评选综合考虑学员完成学时、考试成绩和学习心得质量，经各单位推荐、学院审核和公示后确定。',
      '受表扬的学员和单位名单已在通知公告栏目公布。',
    ],
    [
      '学院召开网络培训课程建设研讨会',
      '学院召开网络培训课程建设研讨会，围绕提高课程针对性和实效性听取专家和学员代表意见。',
      '与会专家建议，课程要紧扣干部履职需要，多用本省案例，适当增加短小精悍的微课程和直播答疑。',
      '学院将根据研讨意见修订课程建设规划，完善课程评价和退出机制。',
    ],
    [
      `${lastYear}年度全省公务员网络培训圆满完成`,
      `${lastYear}年度全省公务员网络培训圆满完成，全省各级机关公务员按要求完成了年度学习任务。`,
      '年度培训期间，网络学院开设专题培训三期、培训班两期，组织在线考试多场，学员可在“学习课堂—打印证书”中下载年度证书。',
      '学院将认真总结年度培训工作经验，进一步优化课程设置和学习服务。',
    ],
  ];
  await db.insert(flashNews).values(
    news.map(([title, ...body], i) => ({
      title,
      imageUrl: media(`news/news-${String(i + 1).padStart(2, '0')}.webp`),
      summary: body[0]!,
      body: richText(...body),
      source: pick(['学院办公室', '教务处', '网络学院', '培训部']),
      publishedAt: new Date(now - (i * 11 + between(0, 5)) * DAY - between(1, 10) * HOUR),
    })),
  );

  // ---- notices (with attachments) and education notices ----
  const topics = ['法治政府建设', '数字政府建设', '优化营商环境', '乡村振兴', '党纪学习教育', '学习贯彻习近平文化思想', '保密知识', '应急管理'];
  const contact = '联系人：教务处，联系电话：0351-1234567。';
  type Attachment = { name: string; file: string };
  const schedule: Attachment = { name: '培训安排表.pdf', file: DEMO_FILES.trainingSchedule };
  const courseList: Attachment = { name: '课程目录.pdf', file: DEMO_FILES.courseList };
  const form: Attachment = { name: '报名表.pdf', file: DEMO_FILES.applicationForm };
  const rules: Attachment = { name: '学时认定办法.pdf', file: DEMO_FILES.creditHoursRules };
  /** The kinds of topic notice, each with its own wording and the files it comes with. */
  const templates: { title: (t: string) => string; body: (t: string) => string[]; files: Attachment[] }[] = [
    {
      title: (t) => `关于开展${t}专题网上培训的通知`,
      body: (t) => [
        '各市分平台、省直各单位：',
        `根据年度干部教育培训计划，决定在干部网络学院开展${t}专题网上培训。现将有关事项通知如下：`,
        '一、培训对象：全省各级机关公务员和参照公务员法管理单位工作人员。',
        `二、培训内容：围绕${t}，设置专题必修和拓展选学两类课程，课程目录见附件。`,
        '三、学时要求：完成专题必修课程并达到规定学时，参加结业考试且成绩合格的，由网络学院生成专题培训证书。',
        '四、培训时间和具体安排详见附件培训安排表。',
        contact,
      ],
      files: [schedule, courseList],
    },
    {
      title: (t) => `关于${t}专题培训学时认定的说明`,
      body: (t) => [
        '各市分平台、省直各单位：',
        `近期部分学员咨询${t}专题培训的学时认定问题，现说明如下：`,
        '一、专题培训课程的学时，同时计入学员本年度网络培训学时，不重复计算。',
        '二、课程全部章节学习完成后，学时即时计入；学员可在“学习课堂—学习统计”中查看。',
        '三、视频章节须累计有效观看达到视频时长的百分之九十五，文字课件须达到规定的阅读时长，页面在后台或长时间无操作时不计时。',
        '四、对学时记录有异议的，请于培训结束前通过本单位培训联络员提出核实申请。',
        contact,
      ],
      files: [rules],
    },
    {
      title: (t) => `关于公布${t}专题培训考试结果的公告`,
      body: (t) => [
        `${t}专题培训结业考试已经结束。经统计，参考学员绝大多数成绩合格。`,
        '学员可登录网络学院，在“在线考试”中查看本人成绩和答题情况。成绩合格且完成规定学时的学员，专题培训证书已自动生成，可在“学习课堂—打印证书”中下载打印。',
        '未参加考试或成绩不合格的学员，可参加本年度后续安排的补考，具体时间另行通知。',
        contact,
      ],
      files: [],
    },
    {
      title: (t) => `关于做好${t}专题培训学员报名工作的通知`,
      body: (t) => [
        '各市分平台、省直各单位：',
        `${t}专题培训即将开班，请各单位组织符合条件的干部报名参训。有关事项通知如下：`,
        '一、学员可登录网络学院，在“专题培训”中自主报名，也可由本单位培训联络员统一报名。',
        '二、统一报名的，请填写报名表（见附件），经单位审核盖章后报送网络学院教务处。',
        '三、报名截止后不再受理，报名成功的学员即可开始学习专题课程。',
        contact,
      ],
      files: [form],
    },
  ];
  const educationNotices: [string, string[]][] = [
    ['关于开展课程资源建设征集活动的通知', ['为丰富网络课程资源，学院面向全省党校系统和省直部门征集网络课程。征集内容包括政治理论、履职能力、经济社会、数字素养四类课程，每门课程时长不超过90分钟，须附文字课件和思考题。', '请于本季度末前将课程方案报送学院教务处，学院将组织专家评审，入选课程纳入全省课程库。']],
    ['关于举办学员学习心得交流活动的通知', ['为促进学员之间的交流，学院将举办网络培训学习心得交流活动。学员可结合所学课程和本职工作撰写学习心得，字数在1500字以内。', '优秀心得将在“学习专栏”中刊发，并作为“学习标兵”评选的参考。']],
    ['关于组织开展教学质量评估的通知', ['为持续改进网络课程质量，学院将组织开展年度教学质量评估。评估采取学员在线评价、专家评审和学习数据分析相结合的方式进行。', '评估结果将作为课程更新和退出的依据，请各部门按职责做好配合工作。']],
    ['关于调整学习支持服务时间的通知', ['自下月起，网络学院学习支持服务时间调整为周一至周五 08:30-12:00，14:00-17:00，法定节假日除外。', '服务时间以外，学员可查阅“常见问题”栏目，或发送邮件至 support@academy.example.cn，我们将在下一个工作日内答复。']],
    ['关于开展优秀学员评选工作的通知', ['学院将开展年度网络培训优秀学员评选工作。评选对象为按期完成年度学习任务、考试成绩优良、学习心得质量较高的学员。', '请各市分平台按学员总数的百分之三推荐人选，于本月底前报送学院教务处。']],
    ['关于发布新版课程目录的通知', ['学院完成了新一批网络课程建设，现发布新版课程目录，共收录政治理论、履职能力、经济社会、数字素养四类课程。', '新版课程目录可在下载中心查看，各分平台可据此调整本地区的学习计划。']],
  ];
  type NewNotice = typeof notices.$inferInsert;
  const noticeSpecs: (NewNotice & { files: Attachment[] })[] = [
    {
      channel: 'affiche',
      title: `关于做好${thisYear}年度全省公务员网络培训工作的通知`,
      pinned: true,
      source: '省委组织部',
      publishedAt: chinaDate(thisYear, 1, 6),
      body: richText(
        '各市委组织部、省直各单位：',
        `为深入推进干部教育培训工作，现就做好${thisYear}年度全省公务员网络培训工作通知如下：一、全年学习任务不少于50学时，其中公需科目不少于30学时；二、学员登录网络学院完成课程学习和在线考试；三、各单位培训联络员要及时督促学员按期完成学习任务。`,
        '附件：培训安排表、课程目录。',
      ),
      files: [schedule, courseList],
    },
    {
      channel: 'affiche',
      title: '关于学习平台系统维护升级的公告',
      pinned: true,
      source: '网络学院',
      publishedAt: new Date(now - 3 * DAY),
      body: richText('为提升平台服务能力，网络学院将于本周六22:00至24:00进行系统维护升级，届时暂停学习服务。', '维护期间已开始的学习记录不受影响，请学员提前保存考试答案，合理安排学习时间。由此带来的不便，敬请谅解。'),
      files: [],
    },
    ...topics.flatMap((t, i) =>
      templates.map((tpl, j) => ({
        channel: 'affiche' as const,
        title: tpl.title(t),
        source: pick(['省委组织部', '省人力资源和社会保障厅', '教务处', '网络学院']),
        publishedAt: new Date(now - (i * 4 + j) * 9 * DAY - between(0, 6) * DAY - between(1, 8) * HOUR),
        body: richText(...tpl.body(t)),
        files: tpl.files,
      })),
    ),
    ...educationNotices.map(([title, body], i) => ({
      channel: 'education' as const,
      title,
      source: '教务处',
      publishedAt: new Date(now - (i * 17 + between(0, 5)) * DAY),
      body: richText('学院各部门、各市分平台：', ...body, '学院教务处'),
      files: [],
    })),
  ];
  const noticeRows = await db
    .insert(notices)
    .values(noticeSpecs.map(({ files: _files, ...n }) => n))
    .returning({ id: notices.id });
  await db.insert(noticeAttachments).values(
    noticeSpecs.flatMap((n, i) => n.files.map((f, sort) => ({ noticeId: noticeRows[i]!.id, name: f.name, url: media(f.file), size: fileSize(f.file), sort }))),
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
      body: richText(
        '省委党校（省行政学院）干部网络学院是全省干部教育培训的网络平台，承担全省各级机关公务员和参照公务员法管理单位工作人员的网络培训任务。',
        '学院坚持以习近平新时代中国特色社会主义思想为指导，聚焦政治能力和履职本领，建设了政治理论、履职能力、经济社会、数字素养等课程体系，设有十个市级分平台。',
      ),
    },
    { title: '办学宗旨', sort: 1, body: richText('坚持党校姓党，服务干部成长。', '以学员为中心，提供随时可学、处处能学的优质网络培训服务。') },
    { title: '主要职能', sort: 2, body: richText('组织实施年度网络培训、专题培训和培训班网上学习；建设和管理网络课程资源；开展学时认定、在线考试和证书发放；为各市分平台提供技术和业务支持。') },
    { title: '联系我们', sort: 3, body: richText('地址：太原市小店区学府街（示例地址）', '学习支持服务时间：周一至周五 08:30-12:00，14:00-17:00', '电话：0351-1234567　传真：0351-1234568　邮箱：support@academy.example.cn') },
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
    download('学员操作手册', 'document', '学员操作手册.pdf', DEMO_FILES.userManual, 0),
    download('培训报名表', 'document', '培训报名表.pdf', DEMO_FILES.applicationForm, 1),
    download('学时认定办法', 'document', '学时认定办法.pdf', DEMO_FILES.creditHoursRules, 2),
    download('证书打印说明', 'document', '证书打印说明.pdf', DEMO_FILES.certificatePrinting, 3),
    download('移动学习App下载二维码', 'app', '移动学习App二维码.png', DEMO_QR, 0),
    download('移动学习使用说明', 'app', '移动学习使用说明.pdf', DEMO_FILES.mobileAppGuide, 1),
    download('推荐浏览器及设置说明', 'browser', '浏览器设置说明.pdf', DEMO_FILES.browserSettings, 0),
    download('视频播放常见问题处理', 'browser', '视频播放常见问题处理.pdf', DEMO_FILES.playbackTroubleshooting, 1),
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
        [
          '演示平台的课程为什么这么短？',
          `本平台是演示环境，为便于体验，课程视频和文字课件按每学时${DEMO_SECONDS_PER_HOUR / 60}分钟制作（正式课程每学时${LIVE_MINUTES_PER_HOUR}分钟），各章节时长之和等于课程学时。正在进行和即将开始的直播按实际时长安排，每${LIVE_MINUTES_PER_HOUR}分钟计1学时；已结束的直播与其回放等长，同样按每学时${DEMO_SECONDS_PER_HOUR / 60}分钟计，看完回放即完成。`,
        ],
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

  return { courses: courseRows.length };
}

/** The certificate number 13800000001 holds after seeding (for manual checks and browser tests). */
export const demoCertificateNo = (now = Date.now()) => `ZS${chinaYearOf(now) - 1}000001`;
