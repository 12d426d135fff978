/**
 * Every built page as the browser tests visit it: the public pages, the learner's, the study and exam
 * pages and the teacher's, each with how to find its address and whom to log in as; `openVisit` opens
 * one and waits until it has loaded.
 */
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, STORAGE_KEY, type catalog } from '@portal/contract';
import { demoCertificateNo, dialog, eventually, nextCaptchaId, scrollHomeToEnd, submitPasswordLogin, toastWith } from './helpers.ts';
import { findCourse, firstIds } from './study.ts';

const baseUrl = inject('baseUrl');

/** What a click brings up on a page, judged after the page itself. */
export interface State {
  name: string;
  reach: (page: Page) => Promise<void>;
}

/**
 * A page to judge: its route, its address (or how to find it on the page judged before), a word of
 * its h1, a tag that must be on it (so the look of that tag is judged), and states reached from it.
 */
export interface Visit {
  route: string;
  address: string | ((page: Page) => Promise<string>);
  heading?: string;
  tag?: string;
  states?: State[];
}

const at = (address: string, heading?: string, more: Pick<Visit, 'tag' | 'states'> = {}): Visit => ({ route: address.split('?')[0]!, address, heading, ...more });

/** The first link to `route` on the page judged before (a topic, a column), whose detail is judged next. */
const firstLinkTo = (route: string): Visit => ({
  route,
  address: async (page) => {
    const link = page.locator(`a[href^="${route}?"]`).first();
    // On a phone (or zoomed to one) a list's rows are cards whose actions sit in one 操作 menu
    // (ui/list/RowActions.tsx): the first card's menu is opened to reach its link.
    const menu = page.locator('.rt-card-menu button').first();
    await eventually(async () => (await link.count()) + (await menu.count()), { message: `a link to ${route} or a card's 操作 menu` }).toBeGreaterThan(0);
    if ((await link.count()) === 0) await menu.click();
    await eventually(() => link.count(), { message: `a link to ${route}` }).toBe(1);
    return (await link.getAttribute('href')) ?? route;
  },
});

/** The same assignment (workId) as the page judged before, on another of the homework pages. */
const sameWork = (route: string): Visit => ({
  route,
  address: async (page) => `${route}?workId=${new URL(page.url()).searchParams.get('workId')}`,
});

/** A chapter of the given kind in the first demo courses that have one. */
async function chapterOf(kind: catalog.ResourceKind, ok: (r: catalog.CourseResource) => boolean = () => true): Promise<{ courseId: number; resourceId: number }> {
  const course = await findCourse(baseUrl, firstIds(64), (c) => c.resources.some((r) => r.kind === kind && ok(r)));
  return { courseId: course.id, resourceId: course.resources.find((r) => r.kind === kind && ok(r))!.id };
}
const studyPage = (route: string, kind: catalog.ResourceKind, ok?: (r: catalog.CourseResource) => boolean): Visit => ({
  route,
  address: async () => {
    const { courseId, resourceId } = await chapterOf(kind, ok);
    return `${route}?courseId=${courseId}&resourceId=${resourceId}`;
  },
});

export const PUBLIC: Visit[] = [
  at('/index', '欢迎来到'),
  at('/pictureNewInfo?id=1'),
  at('/charts', '排行统计'),
  { route: '/certificate', address: async () => `/certificate?no=${await demoCertificateNo(baseUrl)}`, heading: '证书查询' },
  // A QR payload whose signature fails: the signed check's refusal beside the lookup.
  { route: '/certificate', address: async () => `/certificate?no=${await demoCertificateNo(baseUrl)}&p=abc.def`, heading: '证书查询' },
  at('/download', '下载中心'),
  at('/question', '常见问题'),
  at('/about', '学院概况'),
  at('/noticeList', '通知公告'),
  at('/noticeInfo?id=2', '关于学习平台系统维护升级的公告'),
  at('/course', '课程分类'),
];

/** Learner 13800000001's topics, columns and classroom, each with its progress and states. */
export const LEARNER: Visit[] = [
  at('/course', '课程分类'),
  at('/specialTraining', '专题培训'),
  firstLinkTo('/specialTrainingInfo'),
  at('/learningColumn', '学习专栏'),
  firstLinkTo('/learningColumnInfo'),
  at('/learningClassroom/ongoingTopic', '进行中的专题', { tag: '已报名' }),
  firstLinkTo('/learningClassroom/ongoingTopicDetail'),
  at('/learningClassroom/ongoingcourses', '正在学习的课程'),
  at('/learningClassroom/qualifiedcourses', '已完成的课程'),
  at('/learningClassroom/statisticspage', '学时统计'),
  at('/learningClassroom/learningstatistics', '学习档案'),
  at('/learningClassroom/mymessage', '我的消息'),
  at('/learningClassroom/printcertificate', '打印证书'),
  at('/learningClassroom/wrongbook', '错题本'),
  at('/learningClassroom/wrongbook1', '错题重练'),
  at('/learningClassroom/practicerecord', '练习记录'),
  firstLinkTo('/learningClassroom/practicerecord1'),
  at('/learningClassroom/learningnotes', '学习笔记'),
  firstLinkTo('/learningClassroom/learningnotesedit'),
  at('/learningClassroom/learningnotesadd', '新增笔记'),
  at('/learningClassroom/myhomework', '我的作业', { tag: '草稿' }),
  firstLinkTo('/learningClassroom/myhomework1'),
  sameWork('/learningClassroom/myhomework2'),
  sameWork('/learningClassroom/myhomework3'),
  sameWork('/learningClassroom/myhomework4'),
  sameWork('/learningClassroom/myhomework5'),
];

/** The public 2-minute demo exam, whose pages a fresh learner opens (taking it starts an attempt). */
async function tryoutExamId(): Promise<number> {
  const res = await fetch(`${baseUrl}/video_learning/education/index/findExamOnlineByPage?pageNum=1&pageSize=100`, { method: 'POST' });
  const body = (await res.json()) as { obj: { list: { id: number; title: string }[] } };
  const exam = body.obj.list.find((e) => e.title.startsWith('在线考试体验'));
  if (!exam) throw new Error('no demo tryout exam');
  return exam.id;
}
const examPage = (route: string, states?: State[]): Visit => ({ route, address: async () => `${route}?examId=${await tryoutExamId()}`, states });

/** antd spaces a two-character label: 交 卷. */
const SUBMIT = /^交\s*卷$/;
const confirmation = (page: Page) => page.getByRole('dialog').filter({ hasText: '确认交卷' });
/** Answers question 1 (its first option, or a word in its blank); the answer sheet shows it answered. */
const answerFirst: State = {
  name: 'with question 1 answered',
  reach: async (page) => {
    const question = page.locator('#question-1');
    await eventually(() => question.isVisible(), { timeout: 15_000 }).toBe(true);
    const choices = question.locator('.ant-radio-wrapper, .ant-checkbox-wrapper');
    if ((await choices.count()) > 0) await choices.first().click();
    else await question.locator('input').fill('人民');
    await eventually(() => page.locator('.exam-sheet-grid .exam-sheet-item.is-answered').count()).toBeGreaterThan(0);
  },
};
const openConfirmation: State = {
  name: 'with the 交卷 confirmation open',
  reach: async (page) => {
    await page.locator('.exam-bar').getByRole('button', { name: SUBMIT }).click();
    await eventually(() => confirmation(page).isVisible()).toBe(true);
    // The dialog zooms in; judged once it stands still.
    await page.waitForTimeout(500);
  },
};
/** The exam pages; the states (an answered sheet, the 交卷 confirmation, a practice result) are for the tests that judge looks. */
export const EXAM: Visit[] = [
  at('/onlineExam', '在线考试'),
  examPage('/examInfo'),
  examPage('/exam', [answerFirst, openConfirmation]),
  at('/exam1', undefined, {
    states: [
      {
        name: 'with a practice paper',
        reach: async (page) => {
          await page.getByRole('button', { name: '开始练习' }).click();
          await answerFirst.reach(page);
        },
      },
      openConfirmation,
      {
        name: 'with the practice result',
        reach: async (page) => {
          await confirmation(page).getByRole('button', { name: SUBMIT }).click();
          await eventually(() => page.getByText(/答对 \d+\/10 题/).isVisible()).toBe(true);
        },
      },
    ],
  }),
];
/**
 * The demo exam allows one attempt of 2 minutes: each test that opens the exam pages takes it with a
 * learner of its own (the accessibility test at each width, the phone test).
 */
export const EXAM_LEARNERS = {
  desktop: { phone: '13900010058', password: 'Study@2026' },
  phone: { phone: '13900010062', password: 'Study@2026' },
  phoneLayout: { phone: '13900010060', password: 'Study@2026' },
};

/** The teacher's class area, as teacher 13800000004 with the demo classes. */
export const TEACHER: Visit[] = [
  ...['teacherinfo', 'review', 'classstatistics', 'classstatistics1', 'classstatistics2', 'myclass', 'myclass1', 'classcourse', 'classcourse1', 'message', 'message1', 'remind', 'work'].map((p) => at(`/class/${p}`)),
  // A search nobody matches: the wide table is empty and still scrolls by keyboard.
  at('/class/classstatistics1?keyword=无此学员'),
  // The demo's first homework has submissions awaiting review; the first demo class has practice reports to audit.
  at('/class/work1'),
  firstLinkTo('/class/work2'),
  { route: '/class/practice', address: async (page) => `/class/practice?classId=${await classIdOf(page, /处级干部网络专题学习一班/)}` },
  firstLinkTo('/class/practice1'),
];

/** The id of the logged-in teacher's class whose name matches, asked with the page's own login. */
async function classIdOf(page: Page, name: RegExp): Promise<number> {
  const token = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token ?? '', STORAGE_KEY);
  const res = await fetch(`${baseUrl}/video_learning/education/teacher/findClass`, { method: 'POST', headers: { authorization: token } });
  const classes = ((await res.json()) as { obj: { id: number; name: string }[] }).obj;
  const found = classes.find((c) => name.test(c.name));
  if (!found) throw new Error(`no class ${name}`);
  return found.id;
}

/** The study pages, as a learner nobody else's test studies with (one study session per person counts). */
export const STUDY: Visit[] = [
  studyPage('/study', 'video'),
  studyPage('/studypdf', 'pdf'),
  studyPage('/studypdf1', 'pdf'),
  studyPage('/studylive', 'live'),
  studyPage('/studylive1', 'live', (r) => Date.parse(r.liveEnd ?? '') < Date.now()),
];
export const STUDY_LEARNER = { phone: '13900010056', password: 'Study@2026' };

/** Logs in the way a phone user does too: a page that needs a login opens the login modal. */
export async function logIn(page: Page, account: { phone: string; password: string }) {
  const captcha = nextCaptchaId(page);
  await page.goto('/learningClassroom/ongoingTopic');
  const modal = dialog(page, '用户登录');
  await eventually(() => modal.isVisible()).toBe(true);
  await submitPasswordLogin(page, baseUrl, modal, await captcha, account.phone, account.password);
  await eventually(() => toastWith(page, MSG.loginSucceeded).count(), { timeout: 15_000 }).toBeGreaterThan(0);
}

/** Opens the visit's page and waits until it has loaded; its address. */
export async function openVisit(page: Page, visit: Visit): Promise<string> {
  const address = typeof visit.address === 'string' ? visit.address : await visit.address(page);
  await page.goto(address);
  await eventually(async () => (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '', { message: `${address} has its title` }).toContain(visit.heading ?? '');
  // A page rendered on the server has its title before the app runs: judged once the app has taken it over.
  await eventually(() => page.getByRole('heading', { level: 1 }).first().evaluate((h) => Object.keys(h).some((k) => k.startsWith('__reactFiber'))), { message: `${address} is the app's` }).toBe(true);
  // The home page loads its lower half as the visitor scrolls to it.
  if (visit.route === '/index') await scrollHomeToEnd(page);
  // Skeletons (public pages), spinners (learning pages, antd's tables), a study page's place while its
  // session opens and index.html's start-up overlay, which fades out and would be judged half transparent.
  await eventually(() => page.locator('.skeleton, .lc-loading, .study-video-wait, .study-wait, #app-loading, .ant-spin-spinning').count(), { message: `${address} finished loading` }).toBe(0);
  if (visit.tag) await eventually(() => page.locator('.ant-tag').filter({ hasText: visit.tag }).first().isVisible(), { message: `${address} shows the tag ${visit.tag}` }).toBe(true);
  return address;
}
