/** The session over time: reload, logout, an expired session (401), the profile panel, changing the password. */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, STORAGE_KEY } from '@portal/contract';
import { ACCOUNTS, browserOfThisFile, devCaptcha, devSms, dialog, eventually, loginWithPassword, nextCaptchaId, pathOf, storedRecord, toastWith } from './helpers.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const account = (page: Page) => page.getByRole('navigation', { name: '账户' });

describe('session', () => {
  it('a reload keeps the login', async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    await eventually(() => pathOf(page)).toBe('/learningClassroom/ongoingTopic');
    await page.reload();
    await eventually(() => account(page).getByText('张伟').isVisible()).toBe(true);
    await eventually(() => page.getByRole('heading', { name: '进行中的专题' }).isVisible()).toBe(true);
    expect(await dialog(page, '用户登录').count()).toBe(0);
    await close();
  });

  it('logout clears featurewebstorage, lands on /index and says 已退出登录！', async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    expect(await storedRecord(page)).not.toBeNull();
    await account(page).getByRole('button', { name: '退出登录' }).click();
    await eventually(() => toastWith(page, MSG.loggedOut).count()).toBe(1);
    expect(pathOf(page)).toBe('/index');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await eventually(() => account(page).getByRole('button', { name: '登录', exact: true }).isVisible()).toBe(true);
    // Leaving the guarded classroom page must not ask for a login again.
    await page.waitForTimeout(500);
    expect(await dialog(page, '用户登录').isVisible()).toBe(false);
    await close();
  });

  it("on a shared computer the next person never sees the last one's answers, not even while theirs load", async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    await eventually(() => pathOf(page)).toBe('/learningClassroom/ongoingTopic');
    const cards = page.locator('.lc-list .lc-card');
    await eventually(() => cards.count()).toBeGreaterThan(0);
    await account(page).getByRole('button', { name: '退出登录' }).click();
    await eventually(() => toastWith(page, MSG.loggedOut).count()).toBe(1);

    // The next person's list is held back 2 s: meanwhile the page shows no list at all.
    let held = 0;
    await page.route('**/findMyInstallList*', async (route) => {
      held += 1;
      await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    await loginWithPassword(page, baseUrl, ACCOUNTS.learnerLevel8.phone, ACCOUNTS.learnerLevel8.password);
    await eventually(() => pathOf(page)).toBe('/learningClassroom/ongoingTopic');
    await eventually(() => held).toBeGreaterThan(0);
    expect(await cards.count()).toBe(0);
    expect(await page.locator('.lc-loading').count()).toBe(1);
    // Then their own list (or that they have none).
    await eventually(() => page.locator('.lc-list, .lc-empty').count()).toBe(1);
    await close();
  });

  it('a revoked session: the next call shows 登录状态过期！请重新登录！ and opens the login modal', async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    // Let the landing page finish its own calls first, so the click below is what meets the revoked session.
    await eventually(() => pathOf(page)).toBe('/learningClassroom/ongoingTopic');
    await eventually(() => page.locator('.lc-list, .lc-empty').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const token = String((await storedRecord(page))?.token);
    const revoked = await fetch(`${baseUrl}/v1/portal/uc/session/logout`, { method: 'DELETE', headers: { Authorization: token } });
    expect(revoked.status).toBe(200);
    await page.getByRole('navigation', { name: '主菜单' }).getByText('数字图书').click();
    await eventually(() => toastWith(page, MSG.sessionExpired).count()).toBe(1);
    await eventually(() => dialog(page, '用户登录').isVisible()).toBe(true);
    expect((await storedRecord(page))?.token ?? null).toBeNull();
    await close();
  });

  it('the profile panel shows the person and, for a position level 3 learner, the national academy link', async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    await account(page).getByText('张伟').click();
    const panel = dialog(page, '个人信息');
    await eventually(() => panel.isVisible()).toBe(true);
    for (const label of ['姓名', '民族', '性别', '职级', '工作单位']) expect(await panel.getByText(label, { exact: true }).count()).toBe(1);
    const jump = page.context().waitForEvent('request', { predicate: (r) => r.url().includes('/zwy/oauth?'), timeout: 10_000 });
    await panel.getByRole('button', { name: /登录全国干部网络学院/ }).click();
    expect(new URL((await jump).url()).searchParams.get('personId')).toMatch(/^\d+$/);
    await close();
  });

  it('uploads an avatar from the profile panel (level 8: no academy link); a file that is not an image is refused and leaves the list', async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.learnerLevel8.phone, ACCOUNTS.learnerLevel8.password);
    await account(page).getByTitle('查看个人信息').click();
    const panel = dialog(page, '个人信息');
    await eventually(() => panel.isVisible()).toBe(true);
    expect(await panel.getByRole('button', { name: /登录全国干部网络学院/ }).count()).toBe(0);
    const input = panel.locator('input[type=file]');

    await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await eventually(() => toastWith(page, MSG.avatarType).count()).toBe(1);
    await eventually(() => panel.getByText('notes.png').count()).toBe(0);

    const upload = page.waitForResponse((r) => r.url().includes('/uploadUserPic'));
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
    const answer = (await (await upload).json()) as { res: boolean; resMsg: string; obj: string };
    expect(answer.res).toBe(true);
    await eventually(() => toastWith(page, answer.resMsg).count()).toBeGreaterThan(0);
    await eventually(() => panel.locator(`img[src="${answer.obj}"]`).count()).toBe(1);
    await close();
  });

  it('changes the password with an SMS code (13800000005), then logs in with the new one', async () => {
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.learnerLevel8.phone, ACCOUNTS.learnerLevel8.password);
    const captcha = nextCaptchaId(page);
    await account(page).getByRole('button', { name: '修改密码' }).click();
    const modal = dialog(page, '修改密码');
    await eventually(() => modal.isVisible()).toBe(true);
    const captchaId = await captcha;
    await eventually(() => modal.getByText('138****0005').isVisible()).toBe(true);

    await modal.getByRole('button', { name: '确认修改' }).click();
    for (const m of [MSG.smsCodeNotObtained, MSG.newPasswordRequired, MSG.confirmPasswordRequired]) {
      await eventually(() => modal.getByText(m, { exact: true }).isVisible()).toBe(true);
    }
    await modal.getByLabel('新密码', { exact: true }).fill('abcdefgh');
    await eventually(() => modal.getByText(MSG.passwordRule, { exact: true }).isVisible()).toBe(true);
    await modal.getByLabel('新密码', { exact: true }).fill('Renew@2026');
    await modal.getByLabel('确认新密码', { exact: true }).fill('Renew@2027');
    await eventually(() => modal.getByText(MSG.passwordsDiffer, { exact: true }).isVisible()).toBe(true);
    await modal.getByLabel('确认新密码', { exact: true }).fill('Renew@2026');

    await modal.getByRole('button', { name: '获取验证码' }).click();
    await eventually(() => modal.getByText(MSG.imageCaptchaRequiredForSms, { exact: true }).isVisible()).toBe(true);
    await modal.getByLabel('验证码', { exact: true }).fill(await devCaptcha(baseUrl, captchaId));
    await modal.getByRole('button', { name: '获取验证码' }).click();
    await eventually(() => modal.getByRole('button', { name: /秒后重新获取/ }).isVisible()).toBe(true);
    await modal.getByLabel('手机验证码', { exact: true }).fill(await devSms(baseUrl, ACCOUNTS.learnerLevel8.phone));
    await modal.getByRole('button', { name: '确认修改' }).click();
    await eventually(() => toastWith(page, MSG.passwordChanged).count(), { timeout: 15_000 }).toBe(1);
    await eventually(() => modal.isVisible()).toBe(false);

    await account(page).getByRole('button', { name: '退出登录' }).click();
    await eventually(() => toastWith(page, MSG.loggedOut).count()).toBe(1);
    await loginWithPassword(page, baseUrl, ACCOUNTS.learnerLevel8.phone, 'Renew@2026');
    await eventually(() => pathOf(page)).toBe('/learningClassroom/ongoingTopic');
    await close();
  });
});
