/**
 * Nothing typed is lost in the administration's editors: text typed at a person's speed survives Esc,
 * a click on the mask, 返回, a move to another section and a reload (the guard asks 保存 / 放弃修改 /
 * 继续编辑; after a reload the device's copy is offered back); the idle logout warns two minutes
 * ahead, typing keeps the session, and the copy survives the logout; two administrators saving the
 * same notice see both versions and keep either. The page's clock is Playwright's, so the idle
 * timer's half hour passes at once. EDITOR_SHOTS=<dir> saves the dialogs at 1280 and 375 px.
 */
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserOfThisFile, eventually } from './helpers.ts';
import { ADMINS, adminSession, openAdmin } from './admin.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const SHOTS = process.env.EDITOR_SHOTS;
const LOGIN_WAIT_MS = 150_000;
/** A person's typing speed. */
const TYPING = { delay: 80 };

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    // A dialog's opening animation ends before the picture.
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const guardDialog = (page: Page) => page.getByRole('dialog', { name: '有修改尚未保存' });

/** The guard asks; 继续编辑 keeps the editor open. */
async function asksThenStays(page: Page) {
  await eventually(() => guardDialog(page).count(), { timeout: 5_000 }).toBe(1);
  await guardDialog(page).getByRole('button', { name: '继续编辑' }).click();
  await eventually(() => guardDialog(page).count(), { timeout: 5_000 }).toBe(0);
}

async function openNoticeDrawer(page: Page) {
  await eventually(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await page.getByRole('button', { name: '新建通知公告' }).click();
  const drawer = page.locator('.ant-drawer-section');
  await eventually(() => drawer.getByRole('textbox', { name: /^\*?\s*标题$/ }).count(), { timeout: 10_000 }).toBe(1);
  return drawer;
}

async function apiSaveNotice(title: string): Promise<{ id: number; version: number }> {
  const s = await adminSession(baseUrl, ADMINS.content);
  const r = await fetch(`${baseUrl}/v1/admin/content/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: s.token },
    body: JSON.stringify({ kind: 'notice', channel: 'affiche', title, source: '办公室', body: '<p>原来的正文。</p>', attachments: [] }),
  });
  const j = (await r.json()) as { code: number; message: string; data: { id: number; version: number } };
  if (j.code !== 0) throw new Error(`save notice: ${j.message}`);
  return j.data;
}

describe('编辑器不丢失输入', () => {
  beforeAll(() => adminSession(baseUrl, ADMINS.content).then(() => undefined), LOGIN_WAIT_MS);

  it('the notice editor keeps typed text through Esc, the mask, the close button, another section and a reload, then saves', async () => {
    const opened = await browser.open('desktop', { bypassCSP: true });
    const page = opened.page;
    // Arrives from another tab of the section, so the browser's Back stays inside the app.
    await openAdmin(page, baseUrl, ADMINS.content, '/admin/content/news');
    await page.getByRole('tab', { name: '通知公告' }).click();
    await eventually(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/admin/content/notice');
    let drawer = await openNoticeDrawer(page);
    const title = `关于冬季培训的通知${Date.now() % 10000}`;
    await drawer.getByRole('textbox', { name: /^\*?\s*标题$/ }).click();
    await page.keyboard.type(title, TYPING);
    await drawer.getByRole('textbox', { name: '正文' }).click();
    await page.keyboard.type('请各单位按时报名。', TYPING);

    await page.keyboard.press('Escape');
    await asksThenStays(page);
    await shot(page, 'guard-before-mask');
    // The closing dialog's fade ends before the mask can be clicked.
    await page.waitForTimeout(500);
    await page.mouse.click(40, 400);
    await asksThenStays(page);
    await drawer.getByRole('button', { name: /close|关闭/i }).first().click();
    await eventually(() => guardDialog(page).count(), { timeout: 5_000 }).toBe(1);
    await shot(page, 'guard-dialog');
    await guardDialog(page).getByRole('button', { name: '继续编辑' }).click();
    expect(await drawer.getByRole('textbox', { name: /^\*?\s*标题$/ }).inputValue()).toBe(title);

    // Another address of the app (the browser's Back) asks too.
    await page.goBack();
    await asksThenStays(page);
    expect(new URL(page.url()).pathname).toBe('/admin/content/notice');

    // A reload: the browser's own prompt (accepted here), then the copy on the device is offered.
    page.on('dialog', (d) => void d.accept());
    await page.reload();
    drawer = await openNoticeDrawer(page);
    const restore = drawer.getByRole('button', { name: '恢复未保存的内容' });
    await eventually(() => restore.count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'draft-offer');
    await restore.click();
    expect(await drawer.getByRole('textbox', { name: /^\*?\s*标题$/ }).inputValue()).toBe(title);
    expect(await drawer.getByRole('textbox', { name: '正文' }).textContent()).toContain('请各单位按时报名。');

    // 保存 from the guard's question saves the draft and closes.
    await page.keyboard.press('Escape');
    await eventually(() => guardDialog(page).count(), { timeout: 5_000 }).toBe(1);
    await guardDialog(page).getByRole('button', { name: '保存' }).click();
    await eventually(() => page.locator('.ant-drawer-section').count(), { timeout: 10_000 }).toBe(0);
    await eventually(() => page.locator('.ant-table-row').filter({ hasText: title }).count(), { timeout: 10_000 }).toBe(1);
    // Saved: the device's copy is gone, nothing is offered on the next new notice.
    drawer = await openNoticeDrawer(page);
    await page.waitForTimeout(500);
    expect(await drawer.getByRole('button', { name: '恢复未保存的内容' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await eventually(() => page.locator('.ant-drawer-section').count(), { timeout: 5_000 }).toBe(0);
    expect(opened.errors).toEqual([]);
    await opened.close();
  }, LOGIN_WAIT_MS);

  it('warns two minutes before the idle logout, typing keeps the session, and the text survives the logout', async () => {
    const opened = await browser.open('desktop', { bypassCSP: true });
    const page = opened.page;
    await page.clock.install();
    await openAdmin(page, baseUrl, ADMINS.content, '/admin/content/notice');
    const drawer = await openNoticeDrawer(page);
    const title = `关于年终考核的通知${Date.now() % 10000}`;
    await drawer.getByRole('textbox', { name: /^\*?\s*标题$/ }).click();
    await page.keyboard.type(title, TYPING);
    const warning = page.getByRole('dialog', { name: '即将自动退出登录' });

    // 27 minutes without a call, then typing: the keep-alive restarts the server's idle clock.
    await page.clock.fastForward('27:00');
    await page.keyboard.type('（续）', TYPING);
    await page.clock.fastForward('02:30');
    await page.waitForTimeout(300);
    expect(await warning.count()).toBe(0);

    // Nothing typed for 28 and a half minutes since the keep-alive: the countdown, and 继续使用 keeps the session.
    await page.clock.fastForward('26:00');
    await eventually(() => warning.count(), { timeout: 5_000 }).toBe(1);
    expect(await warning.getByRole('timer').textContent()).toMatch(/^[01]:\d\d$/);
    await shot(page, 'idle-warning');
    await warning.getByRole('button', { name: '继续使用' }).click();
    await eventually(() => warning.count(), { timeout: 5_000 }).toBe(0);

    // Let it run out: the login page, and after logging in again the text is offered back.
    await page.clock.fastForward('31:00');
    await eventually(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/admin/login');
    await page.goto('/admin/content/notice');
    const again = await openNoticeDrawer(page);
    await again.getByRole('button', { name: '恢复未保存的内容' }).click();
    expect(await again.getByRole('textbox', { name: /^\*?\s*标题$/ }).inputValue()).toBe(`${title}（续）`);
    await opened.close();
  }, LOGIN_WAIT_MS);

  it('two administrators save the same notice: the second sees both versions and keeps either', async () => {
    const original = `关于机房维护的通知${Date.now() % 10000}`;
    const { id } = await apiSaveNotice(original);
    const first = await browser.open('desktop', { bypassCSP: true });
    const second = await browser.open('desktop', { bypassCSP: true });
    const editorOf = async (page: Page) => {
      await openAdmin(page, baseUrl, ADMINS.content, '/admin/content/notice');
      await eventually(() => page.locator('.ant-table-row').filter({ hasText: original }).count(), { timeout: 15_000 }).toBe(1);
      await page.locator('.ant-table-row').filter({ hasText: original }).getByRole('button', { name: /^编辑/ }).click();
      const drawer = page.locator('.ant-drawer-section');
      const field = drawer.getByRole('textbox', { name: /^\*?\s*标题$/ });
      await eventually(() => field.inputValue(), { timeout: 10_000 }).toBe(original);
      return { drawer, field };
    };
    const a = await editorOf(first.page);
    const b = await editorOf(second.page);
    await a.field.click();
    await first.page.keyboard.press('End');
    await first.page.keyboard.type('（甲）', TYPING);
    await a.drawer.getByRole('button', { name: '保存', exact: true }).click();
    await eventually(() => first.page.locator('.ant-drawer-title .ant-tag').textContent(), { timeout: 10_000 }).toBe('草稿');

    await b.field.click();
    await second.page.keyboard.press('End');
    await second.page.keyboard.type('（乙）', TYPING);
    await b.drawer.getByRole('button', { name: '保存', exact: true }).click();
    const panel = second.page.locator('.form-kit-conflict');
    await eventually(() => panel.count(), { timeout: 10_000 }).toBe(1);
    expect(await panel.getByTestId('conflict-mine').first().textContent()).toBe(`${original}（乙）`);
    expect(await panel.getByTestId('conflict-stored').first().textContent()).toBe(`${original}（甲）`);
    // The administrator's text is still in the form.
    expect(await b.field.inputValue()).toBe(`${original}（乙）`);
    await shot(second.page, 'conflict');
    await panel.getByRole('button', { name: '保留我的版本并保存' }).click();
    await eventually(() => panel.count(), { timeout: 10_000 }).toBe(0);
    const s = await adminSession(baseUrl, ADMINS.content);
    const stored = (await (await fetch(`${baseUrl}/v1/admin/content/item?kind=notice&id=${id}`, { headers: { authorization: s.token } })).json()) as { data: { title: string } };
    expect(stored.data.title).toBe(`${original}（乙）`);
    await first.close();
    await second.close();
  }, LOGIN_WAIT_MS);

  it('the course editor asks on 返回课程列表 and offers its text back after a reload', async () => {
    const opened = await browser.open('desktop', { bypassCSP: true });
    const page = opened.page;
    await adminSession(baseUrl, ADMINS.training);
    await openAdmin(page, baseUrl, ADMINS.training, '/admin/courses/new');
    const name = page.getByRole('textbox', { name: /课程名称/ });
    await eventually(() => name.count(), { timeout: 15_000 }).toBe(1);
    await name.click();
    const title = `基层治理能力提升专题${Date.now() % 10000}`;
    await page.keyboard.type(title, TYPING);
    await page.getByRole('button', { name: /返回课程列表/ }).click();
    await asksThenStays(page);
    expect(new URL(page.url()).pathname).toBe('/admin/courses/new');
    page.on('dialog', (d) => void d.accept());
    await page.reload();
    const restore = page.getByRole('button', { name: '恢复未保存的内容' });
    await eventually(() => restore.count(), { timeout: 15_000 }).toBe(1);
    await restore.click();
    expect(await page.getByRole('textbox', { name: /课程名称/ }).inputValue()).toBe(title);
    // 放弃修改 leaves, and the copy is gone.
    await page.getByRole('button', { name: /返回课程列表/ }).click();
    await eventually(() => guardDialog(page).count(), { timeout: 5_000 }).toBe(1);
    await guardDialog(page).getByRole('button', { name: '放弃修改' }).click();
    await eventually(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/admin/courses');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('portal-form-draft:') && k.includes(':course:new')))).toEqual([]);
    await opened.close();
  }, LOGIN_WAIT_MS);
});
