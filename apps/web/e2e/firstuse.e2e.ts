/**
 * What new people met on the built pages: the teacher's menu from the first frame, the college's date,
 * the side navigation of the classroom and of class management on every page, a training-class
 * account's landing, and a logout while the page's queries are still on their way.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@portal/contract';
import { calendarDay } from '../src/lib/format.ts';
import { ACCOUNTS, browserOfThisFile, dialog, eventually, loginWithPassword, pathOf, toastWith } from './helpers.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();

/** Items of the learner's menu that the teacher's lacks. */
const LEARNER_ONLY = ['学习课堂', '学习专栏', '课程分类', '在线考试'];

interface MenuFrame {
  loggedIn: boolean;
  labels: string[];
}

/**
 * Records the header menu's visible items on every change of the document and every animation frame,
 * with whether a token was stored at that moment; installed before the page's own scripts.
 */
async function recordMenus(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { menuFrames: MenuFrame[] };
    w.menuFrames = [];
    const visible = (): string[] => {
      const nav = document.querySelector('.header-nav-inner');
      if (!nav || getComputedStyle(nav).visibility === 'hidden') return [];
      // The item's own words, without a badge's count (班级管理 carries how many hand-ins wait).
      return [...nav.querySelectorAll('.nav-item')].map((e) => [...e.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join(''));
    };
    const record = () => {
      const stored = localStorage.getItem('featurewebstorage');
      const loggedIn = Boolean(stored && (JSON.parse(stored) as { token?: string | null }).token);
      w.menuFrames.push({ loggedIn, labels: visible() });
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const frame = () => {
      record();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}
const menuFrames = (page: Page) => page.evaluate(() => (window as unknown as { menuFrames: MenuFrame[] }).menuFrames);
const learnerItemsSeen = (frames: MenuFrame[]) => [...new Set(frames.filter((f) => f.loggedIn).flatMap((f) => f.labels.filter((l) => LEARNER_ONLY.includes(l))))];

const main = (page: Page) => page.locator('#main');
const sideNav = (page: Page, name: string) => page.getByRole('navigation', { name, exact: true });

describe('the first minutes of new people', () => {
  it("a teacher never sees a frame of the learner's menu: while logging in, nor on the server-rendered home page", async () => {
    const { page, close } = await browser.open();
    await recordMenus(page);
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.teacher.phone, ACCOUNTS.teacher.password);
    await eventually(() => pathOf(page)).toBe('/class/teacherinfo');
    const duringLogin = await menuFrames(page);
    expect(duringLogin.some((f) => !f.loggedIn && f.labels.includes('学习课堂')), 'the visitor had the learner menu before').toBe(true);
    expect(learnerItemsSeen(duringLogin)).toEqual([]);
    expect(duringLogin.at(-1)?.labels).toContain('班级管理');

    // The home page comes rendered by the server as a visitor's page, the learner's menu in it.
    await page.goto('/index');
    await eventually(async () => (await menuFrames(page)).at(-1)?.labels ?? []).toContain('班级管理');
    await page.waitForTimeout(500);
    const reloaded = await menuFrames(page);
    expect(reloaded.length).toBeGreaterThan(0);
    expect(learnerItemsSeen(reloaded)).toEqual([]);
    await close();
  });

  it("the header's date is the college's (China time) on the server's page and the browser's alike, whatever the computer's zone", async () => {
    const expected = () => calendarDay(Date.now());
    const before = expected();
    const html = await (await fetch(`${baseUrl}/index`)).text();
    const rendered = /<span class="header-date">([^<]*)<\/span>/.exec(html)?.[1];
    expect([before, expected()]).toContain(rendered);

    // A computer in Los Angeles adopts the server's page: the same date, no mismatch.
    const { page, errors, close } = await browser.open('desktop', { timezoneId: 'America/Los_Angeles' });
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.goto('/index');
    await page.waitForFunction(() => document.documentElement.dataset.menu !== undefined);
    expect(await page.locator('.header-top .header-date').textContent()).toBe(rendered);
    expect(errors).toEqual([]);
    expect(consoleErrors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
    await close();

    // A computer set to UTC whose clock reads 15:59:30 UTC: still the 24th in China; half a minute
    // later, 16:00 UTC, the page left open shows the 25th.
    const fixed = await browser.open('desktop', { timezoneId: 'UTC' });
    await fixed.page.clock.install({ time: new Date('2026-11-24T15:59:30Z') });
    await fixed.page.goto('/about');
    const date = fixed.page.locator('.header-top .header-date');
    await eventually(() => date.textContent()).toBe('2026年11月24日 星期二');
    await fixed.page.clock.runFor(60_000);
    await eventually(() => date.textContent()).toBe('2026年11月25日 星期三');
    await fixed.close();
  });

  it('every classroom page has the classroom navigation, every class management page the class navigation', { timeout: 120_000 }, async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    for (const [path, title, entry] of [
      ['/learningClassroom/ongoingcourses', '正在学习的课程', '正在学习的课程'],
      ['/learningClassroom/myhomework', '我的作业', '我的作业'],
      ['/learningClassroom/myhomework3', '修改作业', '我的作业'],
      ['/learningClassroom/learningnotesadd', '新增笔记', '学习笔记'],
      ['/learningClassroom/printcertificate', '打印证书', '打印证书'],
    ] as const) {
      await page.goto(path);
      const nav = sideNav(page, '学习课堂');
      await eventually(() => main(page).getByRole('heading', { level: 1, name: title }).isVisible(), { message: path }).toBe(true);
      // The spec's nine, and 错题本 and 练习记录.
      expect(await nav.getByRole('menuitem').count(), path).toBe(11);
      expect(await nav.locator('[aria-current]').textContent(), path).toBe(entry);
      // Every page of the classroom is built.
      expect(await main(page).getByText('本栏目正在建设中').count(), path).toBe(0);
    }
    // From one page of the area to another, the navigation stays: it is one layout.
    const navBefore = await sideNav(page, '学习课堂').elementHandle();
    await sideNav(page, '学习课堂').getByRole('menuitem', { name: '学习笔记' }).click();
    await eventually(() => pathOf(page)).toBe('/learningClassroom/learningnotes');
    expect(await navBefore?.evaluate((n) => n.isConnected)).toBe(true);
    await close();

    const teacher = await browser.open();
    await teacher.page.goto('/index');
    await loginWithPassword(teacher.page, baseUrl, ACCOUNTS.teacher.phone, ACCOUNTS.teacher.password);
    for (const [path, title, entry] of [
      ['/class/teacherinfo', '个人信息', '个人信息'],
      ['/class/classstatistics1', '学员学习统计', '班级统计'],
      ['/class/myclass', '我的班级', '我的班级'],
      ['/class/work2', '作业批阅', '作业管理'],
      ['/class/classcourse1', '班级课程', '班级计划'],
      ['/class/practice', '实践报告', '实践报告'],
      ['/class/message1', '发送消息', '消息管理'],
    ] as const) {
      await teacher.page.goto(path);
      const nav = sideNav(teacher.page, '班级管理');
      await eventually(() => main(teacher.page).getByRole('heading', { level: 1, name: title }).isVisible(), { message: path }).toBe(true);
      // The spec's seven, and 批阅中心 and 学习提醒.
      expect(await nav.getByRole('menuitem').count(), path).toBe(9);
      expect(await nav.locator('[aria-current]').textContent(), path).toBe(entry);
      // Every page of the area is built.
      expect(await main(teacher.page).getByText('本栏目正在建设中').count(), path).toBe(0);
    }
    await teacher.close();
  });

  it('a training-class account lands on its courses, and no page of its classroom sends it to a module it cannot open', async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.trainNoExam.phone, ACCOUNTS.trainNoExam.password);
    await eventually(() => pathOf(page)).toBe('/learningClassroom/ongoingcourses');
    await eventually(() => main(page).getByRole('heading', { level: 1, name: '正在学习的课程' }).isVisible()).toBe(true);
    // It has started no course yet: the page says where its class's courses are, a page it can open.
    await eventually(() => main(page).getByText('培训班的课程可在“进行中的专题”中查看').isVisible()).toBe(true);
    const forbidden = ['专题培训', '学习专栏', '课程分类', '数字图书'];
    for (const module of forbidden) expect(await main(page).textContent(), module).not.toContain(module);
    await sideNav(page, '学习课堂').getByRole('menuitem', { name: '进行中的专题' }).click();
    await eventually(() => main(page).getByText('培训班报名请联系本单位培训联络员').isVisible()).toBe(true);
    for (const module of forbidden) expect(await main(page).textContent(), module).not.toContain(module);
    await close();
  });

  it("a logout while the person's queries are still on their way opens no login modal and shows no 401 toast", async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    await eventually(() => pathOf(page)).toBe('/learningClassroom/ongoingTopic');

    // The learner's own calls reach the server 1.5 s late: after the logout has ended their session.
    const unauthorized: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) unauthorized.push(r.url());
    });
    let held = 0;
    await page.route('**/video_learning/education/studentLearn/**', async (route) => {
      held++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    await sideNav(page, '学习课堂').getByRole('menuitem', { name: '学时统计' }).click();
    await eventually(() => pathOf(page)).toBe('/learningClassroom/statisticspage');
    // On their way: the page has sent them (on a loaded machine its chunk may still be loading when the
    // address has changed, and a logout before they leave would leave nothing to answer 401).
    await eventually(() => held, { message: "the statistics page's calls were sent" }).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: '账户' }).getByRole('button', { name: '退出登录' }).click();
    await eventually(() => toastWith(page, MSG.loggedOut).count()).toBe(1);
    await eventually(() => unauthorized.length, { message: 'the delayed calls were answered 401' }).toBeGreaterThan(0);
    await page.waitForTimeout(1000);
    expect(await dialog(page, '用户登录').isVisible()).toBe(false);
    expect(await toastWith(page, MSG.sessionExpired).count()).toBe(0);
    expect(pathOf(page)).toBe('/index');
    await close();
  });
});
