/**
 * 人员与单位 in the browser, as a training administrator uses it: finds a person by name,
 * corrects their mobile number and unit in the drawer, and the person then logs in with the new
 * number. The unit tree filters the list; the roles editor is a system administrator's only. No
 * serious or critical axe finding on the page or in the drawer; looked at 1280 and 1920 px wide.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ACCOUNTS, apiLogin as apiLoginAt, browserOfThisFile, eventually, LIST_ROWS, rowAction, seriousA11yViolations, toastWith } from './helpers.ts';
import { ADMINS, adminSession, openAdmin } from './admin.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const shots = 'test-results/people';
mkdirSync(shots, { recursive: true });

/** The last generated demo learner: no other browser test uses them. */
const LEARNER = '13900010199';
const NEW_MOBILE = '13900019999';
/** The one before them, locked and unlocked. */
const LOCKED = '13900010198';

const apiLogin = (phone: string, password: string) => apiLoginAt(baseUrl, phone, password);
async function sessionPerson(token: string) {
  const r = await fetch(`${baseUrl}/video_learning/getSessionPerson`, { method: 'POST', headers: { authorization: token } });
  return ((await r.json()) as { obj: { personName: string; organName: string } }).obj;
}

/**
 * Picks a city in a unit dialog and waits until the dialog shows it. A click that lands while the
 * dialog is still zooming in can miss the moving list, so the pick is tried again then.
 */
async function chooseCity(page: Page, dialog: Locator, city: string) {
  // The list opened while the dialog still zooms in lands where the dialog was a moment ago.
  await eventually(() => page.locator('.ant-modal').last().getAttribute('class')).not.toMatch(/zoom/);
  const select = dialog.locator('.ant-select').first();
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: new RegExp(`^${city}$`) });
  for (let attempt = 0; attempt < 3 && !((await select.textContent()) ?? '').includes(city); attempt++) {
    await dialog.getByLabel('所属城市').click();
    await eventually(() => option.isVisible()).toBe(true);
    await option.click();
    await page.waitForTimeout(300);
  }
  expect(await select.textContent()).toContain(city);
}

describe('人员与单位', () => {
  it('a training administrator finds a person by name, corrects their mobile and unit, and the person logs in with the new number', { timeout: 180_000 }, async () => {
    const before = await apiLogin(LEARNER, ACCOUNTS.learner.password);
    expect(before.code).toBe(0);
    const { personName } = await sessionPerson(before.token!);

    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    await openAdmin(page, baseUrl, ADMINS.training, '/admin/people');
    await eventually(() => page.getByRole('heading', { name: '人员与单位', level: 2 }).isVisible()).toBe(true);
    await eventually(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await eventually(() => page.locator('.ant-tree-treenode').count()).toBeGreaterThan(5);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/people-1280.png`, fullPage: true });

    // Found by name.
    await page.getByRole('textbox', { name: /^人员/ }).fill(personName);
    await page.getByRole('button', { name: '查询' }).click();
    await eventually(() => new URL(page.url()).searchParams.get('keyword')).toBe(personName);
    const row = page.locator('.ant-table-row', { hasText: LEARNER });
    await eventually(() => row.count()).toBe(1);

    // Corrected in the drawer: the new number and another unit.
    await row.getByRole('button', { name: `修改 ${personName}` }).click();
    const drawer = page.getByRole('dialog');
    await eventually(() => drawer.getByLabel('手机号（登录账号）').isVisible()).toBe(true);
    // Asked again until the drawer has finished sliding in (half-faded words are no finding).
    await eventually(() => seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/drawer-1280.png` });
    // The roles editor is a system administrator's.
    await expect(drawer.getByText('管理员角色').count()).resolves.toBe(0);
    await drawer.getByLabel('手机号（登录账号）').fill('1390001');
    await drawer.getByRole('button', { name: '保存' }).click();
    await eventually(() => drawer.getByText('手机号码为11位数字').isVisible()).toBe(true);
    await drawer.getByLabel('手机号（登录账号）').fill(NEW_MOBILE);
    await drawer.getByLabel('单位').click();
    await drawer.getByLabel('单位').fill('太原市财政');
    await page.locator('.ant-select-item-option', { hasText: '太原市财政局' }).click();
    await drawer.getByRole('button', { name: '保存' }).click();
    await eventually(() => toastWith(page, '人员信息已保存').count()).toBeGreaterThan(0);
    await eventually(() => page.locator('.ant-table-row', { hasText: NEW_MOBILE }).count()).toBe(1);
    await expect(page.locator('.ant-table-row', { hasText: NEW_MOBILE }).textContent()).resolves.toContain('太原市财政局');

    // The person logs in with the new number (the old one is no longer theirs).
    expect((await apiLogin(LEARNER, ACCOUNTS.learner.password)).code).not.toBe(0);
    const after = await apiLogin(NEW_MOBILE, ACCOUNTS.learner.password);
    expect(after.code).toBe(0);
    expect(await sessionPerson(after.token!)).toMatchObject({ personName, organName: '太原市财政局' });

    // The unit tree filters the list: 太原市财政局 now holds them.
    await page.getByRole('textbox', { name: /^人员/ }).fill('');
    await page.getByRole('button', { name: '查询' }).click();
    await page.locator('.ant-tree-switcher').first().click();
    await page.locator('.ant-tree-node-content-wrapper', { hasText: /^太原市财政局（\d+）$/ }).click();
    await eventually(() => new URL(page.url()).searchParams.get('unitId')).not.toBeNull();
    await eventually(() => page.locator('.ant-table-row', { hasText: NEW_MOBILE }).count()).toBe(1);
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.screenshot({ path: `${shots}/people-unit-1920.png`, fullPage: true });
    expect(errors).toEqual([]);
    await close();
  });

  it('a system administrator sees the roles editor and resets a password with a confirmation', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    await openAdmin(page, baseUrl, ADMINS.system, `/admin/people?keyword=${NEW_MOBILE}`);
    const row = page.locator('.ant-table-row', { hasText: NEW_MOBILE });
    await eventually(() => row.count()).toBe(1);
    await row.getByRole('button', { name: /^修改 / }).click();
    const drawer = page.getByRole('dialog');
    await eventually(() => drawer.getByText('管理员角色').first().isVisible()).toBe(true);
    await expect(drawer.getByRole('checkbox', { name: '审计员' }).isChecked()).resolves.toBe(false);
    await drawer.getByRole('button', { name: '重置密码' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '重置' }).click();
    await eventually(() => page.getByText(/新密码已通过短信发送至 139\*\*\*\*9999/).isVisible()).toBe(true);
    await eventually(() => seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/reset-1280.png` });
    await page.getByRole('button', { name: '知道了' }).click();
    // The old password no longer works.
    expect((await apiLogin(NEW_MOBILE, ACCOUNTS.learner.password)).code).not.toBe(0);

    // Another administrator changes the person while the drawer is open: the save is refused, not
    // silently laid over theirs, and the latest is loaded on request.
    const { token } = await adminSession(baseUrl, ADMINS.training);
    const listed = (await (await fetch(`${baseUrl}/v1/admin/people/persons?keyword=${NEW_MOBILE}`, { headers: { authorization: token } })).json()) as { data: { list: Record<string, unknown>[] } };
    const p = listed.data.list[0]!;
    const other = await fetch(`${baseUrl}/v1/admin/people/persons/${String(p.personId)}`, {
      method: 'PUT',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ personName: p.personName, gender: p.gender, nationName: '回族', positionLevelId: p.positionLevelId, unitId: p.unitId, mobile: p.mobile, personNo: p.personNo, version: p.version }),
    });
    expect(((await other.json()) as { code: number }).code).toBe(0);
    await drawer.getByLabel('民族').fill('满族');
    await drawer.getByRole('button', { name: '保存' }).click();
    await eventually(() => drawer.getByText('该人员已被其他管理员修改').isVisible()).toBe(true);
    await eventually(() => seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/stale-1280.png` });
    await drawer.getByRole('button', { name: '载入最新信息' }).click();
    await eventually(() => drawer.getByLabel('民族').inputValue()).toBe('回族');
    await drawer.getByLabel('民族').fill('满族');
    await drawer.getByRole('button', { name: '保存' }).click();
    await eventually(() => toastWith(page, '人员信息已保存').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('a unit is created, moved to another city and deleted; a unit with people is not; a person is locked and unlocked', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    await openAdmin(page, baseUrl, ADMINS.training, '/admin/people');
    await eventually(() => page.locator('.ant-tree-treenode').count()).toBeGreaterThan(5);
    const tree = page.locator('.people-units');

    await tree.getByRole('button', { name: '新建单位' }).click();
    const modal = page.getByRole('dialog', { name: '新建单位' });
    await chooseCity(page, modal, '大同市');
    await modal.getByLabel('单位名称').fill('大同市档案局');
    await modal.getByRole('button', { name: '保存' }).click();
    await eventually(() => toastWith(page, '单位已新建').count()).toBeGreaterThan(0);

    // Moved to 阳泉市 under a new name.
    await tree.locator('.ant-tree-treenode', { hasText: /^大同市（/ }).locator('.ant-tree-switcher').click();
    await tree.locator('.ant-tree-node-content-wrapper', { hasText: '大同市档案局（0）' }).click();
    await tree.getByRole('button', { name: '编辑单位' }).click();
    const edit = page.getByRole('dialog', { name: '编辑单位' });
    await chooseCity(page, edit, '阳泉市');
    await edit.getByLabel('单位名称').fill('阳泉市档案局');
    await edit.getByRole('button', { name: '保存' }).click();
    await eventually(() => toastWith(page, '单位已保存').count()).toBeGreaterThan(0);
    await tree.locator('.ant-tree-treenode', { hasText: /^阳泉市（/ }).locator('.ant-tree-switcher').click();
    await eventually(() => tree.getByText('阳泉市档案局（0）').isVisible()).toBe(true);

    // A unit with people says how many; an empty one goes.
    const busy = tree.locator('.ant-tree-node-content-wrapper', { hasText: /^阳泉市财政局（\d+）$/ });
    const count = /（(\d+)）/.exec((await busy.textContent()) ?? '')![1]!;
    await busy.click();
    await tree.getByRole('button', { name: '删除' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '删除' }).click();
    await eventually(() => toastWith(page, `该单位下还有${count}名人员，不能删除`).count()).toBeGreaterThan(0);
    await tree.locator('.ant-tree-node-content-wrapper', { hasText: '阳泉市档案局（0）' }).click();
    await tree.getByRole('button', { name: '删除' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '删除' }).click();
    await eventually(() => toastWith(page, '单位已删除').count()).toBeGreaterThan(0);
    await eventually(() => tree.getByText('阳泉市档案局（0）').count()).toBe(0);

    // Locked and unlocked from the drawer, the list saying which (the API test shows a locked person's sessions end).
    await page.getByRole('button', { name: '全部人员' }).click();
    await page.getByRole('textbox', { name: /^人员/ }).fill(LOCKED);
    await page.getByRole('button', { name: '查询' }).click();
    const row = page.locator('.ant-table-row', { hasText: LOCKED });
    await eventually(() => row.count()).toBe(1);
    await row.getByRole('button', { name: /^修改 / }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: '锁定账号' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '锁定' }).click();
    await eventually(() => toastWith(page, '账号已锁定').count()).toBeGreaterThan(0);
    await eventually(() => row.getByText('已锁定').isVisible()).toBe(true);
    await eventually(() => seriousA11yViolations(page)).toEqual([]);
    await drawer.getByRole('button', { name: '解锁账号' }).click();
    await eventually(() => toastWith(page, '账号已解锁').count()).toBeGreaterThan(0);
    await eventually(() => row.getByText('正常').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('at phone width the tree goes above the list and the drawer fits', { timeout: 60_000 }, async () => {
    const { page, errors, close } = await browser.open('phone', { bypassCSP: true });
    await openAdmin(page, baseUrl, ADMINS.training, `/admin/people?keyword=${NEW_MOBILE}`);
    // At phone width the list is cards, each with its actions in one 操作 menu.
    const row = page.locator(LIST_ROWS, { hasText: NEW_MOBILE });
    await eventually(() => row.count()).toBe(1);
    await eventually(() => page.locator('.ant-tree-treenode').count()).toBeGreaterThan(5);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${shots}/people-375.png`, fullPage: true });
    await rowAction(page, row, /^修改 /);
    await eventually(() => page.getByRole('dialog').getByLabel('手机号（登录账号）').isVisible()).toBe(true);
    await eventually(() => seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/drawer-375.png` });
    expect(errors).toEqual([]);
    await close();
  });
});
