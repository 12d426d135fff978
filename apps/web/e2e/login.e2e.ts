/** Logging in: password, SMS and WeChat; refusals shown in place; the captcha renewed after a failure. */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, SMS_RESEND_SECONDS, TOAST_GAP_PX, TOAST_OFFSET_PX, TOAST_TITLE } from '@portal/contract';
import { ACCOUNTS, browserOfThisFile, devCaptcha, devSms, eventually, loginWithPassword, nextCaptchaId, openLoginModal, pathOf, storedRecord, submitPasswordLogin, toastWith } from './helpers.ts';

const baseUrl = inject('baseUrl');

/** /index, the login modal, its WeChat tab, and the QR code the tab requested. */
async function openWechatTab(page: Page) {
  await page.goto('/index');
  const { modal } = await openLoginModal(page);
  const qr = page.waitForResponse((r) => r.url().includes('/request_wechat_qrcode'));
  await modal.getByRole('tab', { name: '微信登录' }).click();
  const { data } = (await (await qr).json()) as { data: { ticket: string; path: string } };
  return { modal, data };
}

/** /index, the login modal, its SMS tab (which loads a captcha of its own). */
async function openSmsTab(page: Page) {
  await page.goto('/index');
  const { modal } = await openLoginModal(page);
  const captcha = nextCaptchaId(page);
  await modal.getByRole('tab', { name: '短信登录' }).click();
  return { modal, captchaId: await captcha };
}
const browser = browserOfThisFile();

describe('login', () => {
  it('a learner logs in with the password and lands on the ongoing topics with 登录成功！', async () => {
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    await eventually(() => pathOf(page)).toBe('/learningClassroom/ongoingTopic');
    // 登录成功！ stands clear of the page's title and of the classroom's menu, which start at the left.
    // Measured on the toasts' fixed holder (the toast itself slides in) and on what the title's text covers.
    const title = page.getByRole('heading', { level: 1, name: '进行中的专题' });
    await eventually(() => title.isVisible()).toBe(true);
    const toastBox = await page.locator('.ant-notification').filter({ has: toastWith(page, MSG.loginSucceeded) }).boundingBox();
    expect(toastBox).not.toBeNull();
    for (const covered of [title, page.getByRole('navigation', { name: '学习课堂' })]) {
      const box = await covered.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      });
      const apart = box.x + box.width <= toastBox!.x || toastBox!.x + toastBox!.width <= box.x || box.y + box.height <= toastBox!.y || toastBox!.y + toastBox!.height <= box.y;
      expect(apart, `the toast leaves ${await covered.textContent()} in view`).toBe(true);
    }
    const header = page.getByRole('navigation', { name: '账户' });
    await eventually(() => header.getByText('张伟').isVisible()).toBe(true);
    await eventually(() => header.getByRole('button', { name: '退出登录' }).isVisible()).toBe(true);
    const stored = await storedRecord(page);
    expect(stored).toMatchObject({ loginState: true, loginPhone: ACCOUNTS.learner.phone });
    expect(typeof stored?.token).toBe('string');
    await eventually(() => page.title()).toContain('进行中的专题 - ');
    expect(errors).toEqual([]);
    await close();
  });

  it('a teacher lands on /class/teacherinfo and sees the teacher menu', async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.teacher.phone, ACCOUNTS.teacher.password);
    await eventually(() => pathOf(page)).toBe('/class/teacherinfo');
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await eventually(() => menu.getByText('班级管理').isVisible()).toBe(true);
    expect(await menu.getByText('学习课堂').count()).toBe(0);
    expect(await menu.getByText('在线考试').count()).toBe(0);
    await close();
  });

  it('a wrong password shows the server message in the modal and renews the captcha image', async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    const { modal, captchaId } = await openLoginModal(page);
    const image = modal.getByRole('img', { name: '图形验证码' });
    const before = await image.getAttribute('src');
    const renewed = nextCaptchaId(page);
    await submitPasswordLogin(page, baseUrl, modal, captchaId, ACCOUNTS.trainExam.phone, 'Wrong@2026');
    await eventually(() => modal.getByRole('alert').textContent()).toContain(MSG.badCredentials);
    const nextId = await renewed;
    expect(nextId).not.toBe(captchaId);
    await eventually(() => image.getAttribute('src')).not.toBe(before);
    // Shown for 3 s, then gone.
    await eventually(() => modal.getByText(MSG.badCredentials).count(), { timeout: 6000 }).toBe(0);
    expect(pathOf(page)).toBe('/index');
    await close();
  });

  it('shows every password-login validation message and limits the lengths', async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    const { modal } = await openLoginModal(page);
    await modal.getByRole('button', { name: '登录', exact: true }).click();
    for (const m of [MSG.phoneRequired, MSG.passwordRequired, MSG.captchaRequired]) {
      await eventually(() => modal.getByText(m, { exact: true }).isVisible()).toBe(true);
    }
    await modal.getByLabel('手机号', { exact: true }).fill('1380000');
    await eventually(() => modal.getByText(MSG.phoneFormat, { exact: true }).isVisible()).toBe(true);
    expect(await modal.getByLabel('手机号', { exact: true }).getAttribute('maxlength')).toBe('11');
    expect(await modal.getByLabel('密码', { exact: true }).getAttribute('maxlength')).toBe('25');
    expect(await modal.getByLabel('验证码', { exact: true }).getAttribute('maxlength')).toBe('6');
    await close();
  });

  it('SMS tab: validations, the unregistered number message, then an SMS login with the code from the outbox', async () => {
    const { page, close } = await browser.open();
    const sms = await openSmsTab(page);
    const modal = sms.modal;
    let captchaId = sms.captchaId;

    await modal.getByRole('button', { name: '获取验证码' }).click();
    await eventually(() => modal.getByText(MSG.phoneRequired, { exact: true }).isVisible()).toBe(true);
    await eventually(() => modal.getByText(MSG.imageCaptchaRequiredForSms, { exact: true }).isVisible()).toBe(true);
    await modal.getByRole('button', { name: '登录', exact: true }).click();
    await eventually(() => modal.getByText(MSG.smsCodeRequired, { exact: true }).isVisible()).toBe(true);
    expect(await modal.getByLabel('手机验证码', { exact: true }).getAttribute('maxlength')).toBe('6');

    // A number nobody has.
    await modal.getByLabel('手机号', { exact: true }).fill(ACCOUNTS.unregistered.phone);
    await modal.getByLabel('验证码', { exact: true }).fill(await devCaptcha(baseUrl, captchaId));
    const captcha = nextCaptchaId(page);
    await modal.getByRole('button', { name: '获取验证码' }).click();
    await eventually(() => toastWith(page, MSG.phoneNotRegistered).count()).toBe(1);
    captchaId = await captcha;

    // A registered number: the code arrives, the button counts down, the login succeeds.
    await modal.getByLabel('手机号', { exact: true }).fill(ACCOUNTS.learner.phone);
    await modal.getByLabel('验证码', { exact: true }).fill(await devCaptcha(baseUrl, captchaId));
    await modal.getByRole('button', { name: '获取验证码' }).click();
    await eventually(() => modal.getByRole('button', { name: /秒后重新获取/ }).isVisible()).toBe(true);
    expect(await modal.getByRole('button', { name: /秒后重新获取/ }).isDisabled()).toBe(true);
    await modal.getByLabel('手机验证码', { exact: true }).fill(await devSms(baseUrl, ACCOUNTS.learner.phone));
    await modal.getByRole('button', { name: '登录', exact: true }).click();
    await eventually(() => toastWith(page, MSG.loginSucceeded).count(), { timeout: 15_000 }).toBe(1);
    await eventually(() => pathOf(page)).toBe('/learningClassroom/ongoingTopic');
    await close();
  });

  it('WeChat tab: the QR code, 扫描成功 after the scan, login after the confirmation', async () => {
    const { page, close } = await browser.open();
    const { modal, data } = await openWechatTab(page);
    await eventually(() => modal.getByRole('img', { name: '微信登录二维码' }).getAttribute('src')).toBe(data.path);
    await eventually(() => modal.getByText(MSG.wechatWaiting).isVisible()).toBe(true);

    expect((await fetch(`${baseUrl}/dev/wechat/${data.ticket}/scan`, { method: 'POST' })).status).toBe(200);
    await eventually(() => modal.getByText('扫描成功', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);

    const confirm = await fetch(`${baseUrl}/dev/wechat/${data.ticket}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone: ACCOUNTS.teacher.phone }),
    });
    expect(confirm.status).toBe(200);
    await eventually(() => toastWith(page, MSG.loginSucceeded).count(), { timeout: 15_000 }).toBe(1);
    await eventually(() => pathOf(page)).toBe('/class/teacherinfo');
    expect(await storedRecord(page)).toMatchObject({ loginState: true });
    await close();
  });

  it('toasts: top right, 180 px down, titled 系统提示, 16 px apart, then gone; the SMS button counts 120 s down and resets', async () => {
    const { page, close } = await browser.open();
    const sms = await openSmsTab(page);
    const modal = sms.modal;
    let captchaId = sms.captchaId;
    let captcha: Promise<string>;

    // Two refusals in a row: two toasts, one below the other.
    await modal.getByLabel('手机号', { exact: true }).fill(ACCOUNTS.unregistered.phone);
    for (let i = 1; i <= 2; i++) {
      await modal.getByLabel('验证码', { exact: true }).fill(await devCaptcha(baseUrl, captchaId));
      captcha = nextCaptchaId(page);
      await modal.getByRole('button', { name: '获取验证码' }).click();
      captchaId = await captcha;
      await eventually(() => toastWith(page, MSG.phoneNotRegistered).count()).toBe(i);
    }
    // Measured once the entry animation has settled.
    await page.waitForTimeout(1_000);
    const boxes = await toastWith(page, MSG.phoneNotRegistered).evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, right: r.right, title: el.querySelector('.ant-notification-notice-title')?.textContent ?? '' };
      }),
    );
    const [first, second] = boxes.sort((a, b) => a.top - b.top);
    expect(first!.top).toBeCloseTo(TOAST_OFFSET_PX, -1);
    expect(1280 - first!.right).toBeLessThan(40);
    expect(second!.top - first!.bottom).toBeCloseTo(TOAST_GAP_PX, 0);
    expect(boxes.map((b) => b.title)).toEqual([TOAST_TITLE, TOAST_TITLE]);
    await eventually(() => toastWith(page, MSG.phoneNotRegistered).count(), { timeout: 10_000 }).toBe(0);

    // From here the page's clock is ours to move: the countdown is checked without waiting two minutes.
    await page.clock.install();

    // A registered number: the button counts down from 120 s, then offers a new code.
    await modal.getByLabel('手机号', { exact: true }).fill('13900010021');
    await modal.getByLabel('验证码', { exact: true }).fill(await devCaptcha(baseUrl, captchaId));
    await modal.getByRole('button', { name: '获取验证码' }).click();
    const counting = modal.getByRole('button', { name: /秒后重新获取/ });
    await eventually(() => counting.textContent()).toContain(String(SMS_RESEND_SECONDS));
    await page.clock.runFor(60_000);
    await eventually(() => counting.textContent()).toMatch(/^\s*(5[89]|60)\s*秒后重新获取/);
    expect(await counting.isDisabled()).toBe(true);
    await page.clock.runFor(61_000);
    const again = modal.getByRole('button', { name: '获取验证码' });
    await eventually(() => again.isVisible()).toBe(true);
    expect(await again.isEnabled()).toBe(true);
    await close();
  });

  it('WeChat tab: a failed confirmation stops polling and offers a refresh, which brings a new code', async () => {
    const { page, close } = await browser.open();
    const { modal, data } = await openWechatTab(page);
    const first = data.ticket;

    // Nobody is bound to this WeChat user: the ticket fails (status 2).
    await fetch(`${baseUrl}/dev/wechat/${first}/scan`, { method: 'POST' });
    await fetch(`${baseUrl}/dev/wechat/${first}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone: ACCOUNTS.unregistered.phone }),
    });
    const refresh = modal.getByRole('button', { name: MSG.wechatRefresh });
    await eventually(() => refresh.isVisible(), { timeout: 15_000 }).toBe(true);

    const renewed = page.waitForResponse((r) => r.url().includes('/request_wechat_qrcode'));
    await refresh.click();
    const second = ((await (await renewed).json()) as { data: { ticket: string } }).data.ticket;
    expect(second).not.toBe(first);
    await eventually(() => modal.getByText(MSG.wechatWaiting).isVisible()).toBe(true);
    expect(await refresh.count()).toBe(0);
    await close();
  });
});
