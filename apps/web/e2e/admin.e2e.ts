/**
 * The administration area's door and its own two sections: an administrator logs in with
 * the password and then the SMS code; the menu shows what the roles allow and a section outside them
 * says so; the audit log is searched and opened to its before/after; 立即备份 takes a backup; a session
 * the server has ended sends the administrator back to the login, which says why. No serious or
 * critical axe finding on any of these pages.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { browserOfThisFile, cellUnder, devCaptcha, devSms, eventually, nextCaptchaId, pathOf, seriousA11yViolations, toastWith } from './helpers.ts';
import { ADMIN_PASSWORD, ADMINS, adminSession, openAdmin } from './admin.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const shots = 'test-results/admin';
mkdirSync(shots, { recursive: true });

describe('the administration area', () => {
  it('an auditor logs in with password and SMS code, sees only the audit log, and searches it', async () => {
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    const captchaId = nextCaptchaId(page);
    await page.goto('/admin/audit');
    await eventually(() => pathOf(page)).toBe('/admin/login');
    await page.getByLabel('手机号').fill(ADMINS.auditor);
    await page.getByLabel('密码').fill(ADMIN_PASSWORD);
    await page.getByLabel('验证码', { exact: true }).fill(await devCaptcha(baseUrl, await captchaId));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/login-1280.png` });
    await page.getByRole('button', { name: '下一步：获取短信验证码' }).click();
    await eventually(() => page.getByText('短信验证码已发送至 138****0009').isVisible()).toBe(true);
    await page.getByLabel('短信验证码').fill(await devSms(baseUrl, ADMINS.auditor));
    await page.getByRole('button', { name: '登录', exact: true }).click();

    // Back where the login began, with the menu of the auditor's one role.
    await eventually(() => pathOf(page)).toBe('/admin/audit');
    const menu = page.getByRole('navigation', { name: '管理后台栏目' });
    await eventually(() => menu.getByRole('menuitem').allInnerTexts()).toEqual(['首页', '审计日志']);
    await page.getByLabel('人员').fill('吴建军');
    await page.getByRole('button', { name: '查询' }).click();
    await eventually(() => new URL(page.url()).searchParams.get('person')).toBe('吴建军');
    // Only the auditor's own entries (the password step and the login just made), once the filtered page is in.
    // The 人员 column by its header: the list kit orders columns by its plan, not as declared.
    const persons = async () => {
      const rows = await page.locator('.ant-table-row').all();
      return Promise.all(rows.map(async (r) => (await cellUnder(r, '人员')).innerText()));
    };
    await eventually(async () => (await persons()).length > 0 && (await persons()).every((n) => n.startsWith('吴建军'))).toBe(true);
    await expect(page.getByText(/日志保留 365 天/).isVisible()).resolves.toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.screenshot({ path: `${shots}/audit-1920.png` });

    // A reload keeps the filter; a section the role does not allow says so.
    await page.reload();
    await eventually(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await expect(page.getByLabel('人员').inputValue()).resolves.toBe('吴建军');
    await page.goto('/admin/ops');
    await eventually(() => page.getByText('没有权限').isVisible()).toBe(true);
    await expect(page.getByText('“运维状态”需要系统管理员角色').isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('a system administrator takes a backup on 运维状态 and finds it, with before and after, in the audit log', async () => {
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    await openAdmin(page, baseUrl, ADMINS.system, '/admin/ops');
    await eventually(() => page.getByText('就绪', { exact: true }).isVisible()).toBe(true);
    await expect(page.getByText('已设置（已隐藏）').first().isVisible()).resolves.toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '立即备份' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '立即备份' }).click();
    await eventually(() => toastWith(page, '备份完成').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await eventually(() => page.locator('.ant-card', { hasText: '最近的备份' }).locator('.ant-table-row').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${shots}/ops-1280.png`, fullPage: true });

    await page.getByRole('navigation', { name: '管理后台栏目' }).getByRole('link', { name: '审计日志' }).click();
    await page.getByLabel('事件').fill('运维');
    await page.locator('.ant-select-item-option', { hasText: '运维操作' }).click();
    await page.getByRole('button', { name: '查询' }).click();
    await eventually(() => page.locator('.ant-table-row', { hasText: '立即备份' }).count()).toBeGreaterThan(0);
    await page.locator('.ant-table-row', { hasText: '立即备份' }).first().getByRole('button', { name: /展开/ }).click();
    await eventually(() => page.getByText('修改后').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('a session the server has ended goes back to the login, which says why', async () => {
    const { page, close } = await browser.open('phone');
    await openAdmin(page, baseUrl, ADMINS.content, '/admin');
    await eventually(() => page.getByText('您好，孙晓丽').isVisible()).toBe(true);
    await eventually(() => page.locator('#app-loading').count()).toBe(0);
    await page.screenshot({ path: `${shots}/home-375.png`, fullPage: true });
    // Ended elsewhere (another tab's 退出, or 30 minutes idle on the server).
    const s = await adminSession(baseUrl, ADMINS.content);
    await fetch(`${baseUrl}/v1/admin/session/logout`, { method: 'POST', headers: { authorization: s.token } });
    await page.reload();
    await eventually(() => pathOf(page)).toBe('/admin/login');
    await page.screenshot({ path: `${shots}/login-expired-375.png`, fullPage: true });
    await eventually(() => page.getByText(/登录已超时/).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/login-expired-375.png`, fullPage: true });
    await close();
  });
});
