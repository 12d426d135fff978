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

/** A page to judge: its route, its address (or how to find it on the page judged before) and a word of its h1. */
export interface Visit {
  route: string;
  address: string | ((page: Page) => Promise<string>);
  heading?: string;
}

const at = (address: string, heading?: string): Visit => ({ route: address.split('?')[0]!, address, heading });

/** The first link to `route` on the page judged before (a topic, a column), whose detail is judged next. */
const firstLinkTo = (route: string): Visit => ({
  route,
  address: async (page) => {
    const link = page.locator(`a[href^="${route}?"]`).first();
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
  at('/learningClassroom/ongoingTopic', '进行中的专题'),
  firstLinkTo('/learningClassroom/ongoingTopicDetail'),
  at('/learningClassroom/ongoingcourses', '正在学习的课程'),
  at('/learningClassroom/qualifiedcourses', '已完成的课程'),
  at('/learningClassroom/statisticspage', '学时统计'),
  at('/learningClassroom/learningstatistics', '学习档案'),
  at('/learningClassroom/mymessage', '我的消息'),
  at('/learningClassroom/printcertificate', '打印证书'),
  at('/learningClassroom/learningnotes', '学习笔记'),
  firstLinkTo('/learningClassroom/learningnotesedit'),
  at('/learningClassroom/learningnotesadd', '新增笔记'),
  at('/learningClassroom/myhomework', '我的作业'),
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
const examPage = (route: string): Visit => ({ route, address: async () => `${route}?examId=${await tryoutExamId()}` });
export const EXAM: Visit[] = [at('/onlineExam', '在线考试'), examPage('/examInfo'), examPage('/exam'), at('/exam1')];
export const EXAM_LEARNER = { phone: '13900010058', password: 'Study@2026' };

/** The teacher's class area, as teacher 13800000004 with the demo classes. */
export const TEACHER: Visit[] = [
  ...['teacherinfo', 'classstatistics', 'classstatistics1', 'classstatistics2', 'myclass', 'myclass1', 'classcourse', 'classcourse1', 'message', 'message1', 'work'].map((p) => at(`/class/${p}`)),
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
  // The home page loads its lower half as the visitor scrolls to it.
  if (visit.route === '/index') await scrollHomeToEnd(page);
  // Skeletons (public pages), spinners (learning pages) and index.html's start-up overlay, which
  // fades out and would be judged half transparent.
  await eventually(() => page.locator('.skeleton, .lc-loading, #app-loading').count(), { message: `${address} finished loading` }).toBe(0);
  return address;
}
