/** Route guards and module rights: login required, no-permission modal, exam rights, bare pages, 404, phone menu. */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, STORAGE_KEY } from '@portal/contract';
import { ACCOUNTS, browserOfThisFile, dialog, eventually, loginWithPassword, nextCaptchaId, pathOf, seriousA11yViolations, submitPasswordLogin } from './helpers.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();

const mainMenu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
const noPermissionModal = (page: Page) => page.getByRole('dialog').filter({ hasText: MSG.noPermission });

describe('route access', () => {
  it('a visitor browses public pages with titles, and unknown paths get the 404 page', async () => {
    const { page, errors, close } = await browser.open();
    await page.goto('/');
    await eventually(() => pathOf(page)).toBe('/index');
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('欢迎来到');
    await eventually(() => page.title()).toMatch(/^首页 - .+/);
    await eventually(() => page.getByText(/周一至周五 08:30-12:00/).isVisible()).toBe(true);
    await eventually(() => page.getByRole('complementary', { name: '快捷入口' }).getByText('证书查询').isVisible()).toBe(true);

    await page.getByRole('button', { name: '手机学习' }).click();
    await eventually(() => page.getByRole('dialog', { name: '手机学习' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await eventually(() => page.getByRole('dialog', { name: '手机学习' }).count()).toBe(0);

    await mainMenu(page).getByText('学院概况').click();
    await eventually(() => pathOf(page)).toBe('/about');
    await eventually(() => page.getByRole('heading', { level: 1, name: '学院概况' }).isVisible()).toBe(true);
    await eventually(() => page.title()).toMatch(/^学院概况 - .+/);

    await page.goto('/no/such/page');
    await eventually(() => page.getByText('页面不存在', { exact: true }).first().isVisible()).toBe(true);
    await page.goto('/learningClassroom');
    await eventually(() => pathOf(page)).toBe('/learningClassroom/ongoingTopic');
    expect(errors).toEqual([]);
    await close();
  });

  it('the home page, a login-required page and the login modal have no serious accessibility findings, at 1280 px and 375 px', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const { page, close } = await browser.open(size, { bypassCSP: true });
      await page.goto('/index');
      await eventually(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.goto('/study');
      await eventually(() => dialog(page, '用户登录').getByRole('img', { name: '图形验证码' }).isVisible()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await close();
    }
  });

  it('a visitor opening /study gets the login modal and 请先登录; after logging in the page opens', async () => {
    const { page, close } = await browser.open();
    const captcha = nextCaptchaId(page);
    await page.goto('/study');
    const modal = dialog(page, '用户登录');
    await eventually(() => modal.isVisible()).toBe(true);
    await eventually(() => page.getByRole('heading', { name: MSG.notLoggedIn }).isVisible()).toBe(true);
    await submitPasswordLogin(page, baseUrl, modal, await captcha, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    await eventually(() => page.getByRole('heading', { name: '视频学习' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(pathOf(page)).toBe('/study');
    await close();
  });

  it('a training-class account (13800000002) gets the no-permission modal for special training, digital books and online exam', async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.trainNoExam.phone, ACCOUNTS.trainNoExam.password);
    await eventually(() => pathOf(page)).toBe('/learningClassroom/ongoingcourses');

    await mainMenu(page).getByText('专题培训').click();
    await eventually(() => noPermissionModal(page).isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/learningClassroom/ongoingcourses');
    await noPermissionModal(page).getByRole('button', { name: '我知道了' }).click();
    await eventually(() => noPermissionModal(page).isVisible()).toBe(false);

    const popups: string[] = [];
    page.context().on('page', (p) => popups.push(p.url()));
    await mainMenu(page).getByText('数字图书').click();
    await eventually(() => noPermissionModal(page).isVisible()).toBe(true);
    await noPermissionModal(page).getByRole('button', { name: '我知道了' }).click();
    await eventually(() => noPermissionModal(page).isVisible()).toBe(false);
    await page.getByRole('navigation', { name: '账户' }).getByRole('button', { name: /AI助学/ }).click();
    await eventually(() => noPermissionModal(page).isVisible()).toBe(true);
    expect(popups).toEqual([]);
    await noPermissionModal(page).getByRole('button', { name: '我知道了' }).click();

    // A deep link: the modal, and the page is withheld.
    await page.goto('/specialTraining');
    await eventually(() => noPermissionModal(page).isVisible()).toBe(true);
    expect(await page.getByText('本栏目正在建设中').count()).toBe(0);

    await page.goto('/onlineExam');
    await eventually(() => noPermissionModal(page).isVisible()).toBe(true);
    expect(await page.getByText('本栏目正在建设中').count()).toBe(0);
    await close();
  });

  it('a training-class account with explain train (13800000003) may open the online exam', async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.trainExam.phone, ACCOUNTS.trainExam.password);
    await mainMenu(page).getByText('在线考试').click();
    await eventually(() => pathOf(page)).toBe('/onlineExam');
    await eventually(() => page.getByRole('heading', { name: '在线考试', level: 1 }).isVisible()).toBe(true);
    expect(await noPermissionModal(page).count()).toBe(0);
    await close();
  });

  it('a learner opens digital books in a new window; a teacher may not open the learning classroom', async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    // The library host of the demo configuration is not running: the new window's request is what counts.
    const popup = page.context().waitForEvent('page');
    const jump = page.context().waitForEvent('request', { predicate: (r) => r.url().includes('library='), timeout: 10_000 });
    await mainMenu(page).getByText('数字图书').click();
    const win = await popup;
    expect((await jump).frame().page()).toBe(win);
    await win.close();

    const token = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token, STORAGE_KEY);
    // The AI page gets a ticket it exchanges on the server, never the session token (which would land in its logs and history).
    const ai = page.context().waitForEvent('request', { predicate: (r) => r.url().includes('ai=placeholder'), timeout: 10_000 });
    await page.getByRole('navigation', { name: '账户' }).getByRole('button', { name: /AI助学/ }).click();
    const aiUrl = new URL((await ai).url());
    expect(aiUrl.searchParams.has('token')).toBe(false);
    expect(token).toMatch(/^.{20,}$/);
    expect(aiUrl.toString()).not.toContain(String(token));
    const exchanged = await fetch(`${baseUrl}/video_learning/ai/exchange`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ticket: aiUrl.searchParams.get('ticket') }) });
    expect(await exchanged.json()).toMatchObject({ res: true, obj: { personNo: 'S20260001' } });

    const teacher = await browser.open();
    await teacher.page.goto('/index');
    await loginWithPassword(teacher.page, baseUrl, ACCOUNTS.teacher.phone, ACCOUNTS.teacher.password);
    await teacher.page.goto('/learningClassroom/ongoingTopic');
    await eventually(() => noPermissionModal(teacher.page).isVisible()).toBe(true);
    await teacher.close();
    await close();
  });

  it('header and footer are hidden on /exam, /examInfo and /exam1', async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await eventually(() => page.locator('header.site-header').count()).toBe(1);
    await loginWithPassword(page, baseUrl, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    for (const path of ['/exam', '/examInfo', '/exam1']) {
      await page.goto(path);
      await eventually(() => page.locator('main h1, main h2').first().isVisible(), { message: path }).toBe(true);
      expect(await page.locator('header.site-header').count(), path).toBe(0);
      expect(await page.locator('footer.site-footer').count(), path).toBe(0);
    }
    await close();
  });

  it('on a 375 px phone the menu is in a drawer', async () => {
    const { page, close } = await browser.open('phone');
    await page.goto('/index');
    expect(await mainMenu(page).first().isVisible()).toBe(false);
    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.getByRole('dialog', { name: '菜单' });
    await eventually(() => drawer.isVisible()).toBe(true);
    await drawer.getByText('学院概况').click();
    await eventually(() => pathOf(page)).toBe('/about');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await close();
  });
});
