/**
 * 内容管理 as the content administrator uses it: logs in, writes a notice in the rich-text
 * editor, uploads an attachment (its progress, then the file in the list), previews it as the public
 * page shows it, publishes it — and a visitor in another browser sees it at once on /index and on
 * /noticeInfo with the attachment. axe finds nothing serious on the section's pages and its drawer.
 * CONTENT_SHOTS=<dir> saves screenshots at 1280 and 1920 px.
 */
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserOfThisFile, eventually, seriousA11yViolations } from './helpers.ts';
import { ADMINS, adminSession, openAdmin } from './admin.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const SHOTS = process.env.CONTENT_SHOTS;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function settledA11y(page: Page): Promise<string[]> {
  let found = await seriousA11yViolations(page);
  if (found.length > 0) {
    await page.waitForTimeout(1_000);
    found = await seriousA11yViolations(page);
  }
  return found;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A new session may wait out the SMS resend interval (61 s) when another file just ended this administrator's. */
const LOGIN_WAIT_MS = 150_000;

describe('内容管理', () => {
  beforeAll(() => adminSession(baseUrl, ADMINS.content).then(() => undefined), LOGIN_WAIT_MS);

  it('publishes a notice with an attachment, and a visitor sees it at once on /index and /noticeInfo', async () => {
    const admin = await browser.open('desktop', { bypassCSP: true });
    const page = admin.page;
    await openAdmin(page, baseUrl, ADMINS.content, '/admin/content/notice');
    await expect.poll(() => page.getByRole('tab', { name: '通知公告', selected: true }).count(), { timeout: 15_000 }).toBe(1);
    await eventually(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await settledA11y(page)).toEqual([]);
    await shot(page, 'content-notices');

    const title = `关于内容管理浏览器测试的通知 ${Date.now() % 100000}`;
    await page.getByRole('button', { name: '新建通知公告' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByRole('textbox', { name: /^\*?\s*标题$/ }).fill(title);
    await drawer.getByLabel('发布单位').fill('教务处');
    const editor = drawer.getByRole('textbox', { name: '正文' });
    await editor.click();
    await page.keyboard.type('各单位：请按附件安排参加培训。');
    await drawer.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('务必按时。');
    await drawer.locator('input[type=file]').last().setInputFiles({ name: '培训安排表.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect.poll(() => drawer.getByRole('link', { name: '培训安排表.pdf' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await settledA11y(page)).toEqual([]);
    await shot(page, 'content-notice-editor');

    await drawer.getByRole('button', { name: '预览' }).click();
    const preview = page.getByRole('dialog', { name: '预览（与前台页面显示一致）' });
    await expect.poll(() => preview.getByRole('heading', { name: title }).count(), { timeout: 10_000 }).toBe(1);
    expect(await preview.locator('.article-body :is(b, strong)').textContent()).toBe('务必按时。');
    expect(await preview.getByRole('link', { name: '培训安排表.pdf' }).count()).toBe(1);
    await shot(page, 'content-notice-preview');
    await preview.getByRole('button', { name: /close|关闭/i }).click();

    await drawer.getByRole('button', { name: '保存并发布' }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: title });
    await expect.poll(() => row.filter({ hasText: '已发布' }).count(), { timeout: 15_000 }).toBe(1);

    // A visitor, in a browser of their own, at once.
    const visitor = await browser.open('desktop', { bypassCSP: true });
    await visitor.page.goto('/index');
    const onIndex = visitor.page.getByRole('link', { name: title });
    await expect.poll(() => onIndex.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await onIndex.first().click();
    await expect.poll(() => visitor.page.url(), { timeout: 15_000 }).toContain('/noticeInfo?id=');
    await expect.poll(() => visitor.page.getByRole('heading', { name: title }).count(), { timeout: 15_000 }).toBe(1);
    expect(await visitor.page.locator('.article-body :is(b, strong)').textContent()).toBe('务必按时。');
    expect(await visitor.page.locator('.article-body p').first().textContent()).toBe('各单位：请按附件安排参加培训。务必按时。');
    const attachment = visitor.page.getByRole('link', { name: '培训安排表.pdf' });
    const href = await attachment.getAttribute('href');
    expect(href).toMatch(/^\/uploads\/content\//);
    const file = await fetch(new URL(href!, baseUrl));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    await visitor.close();
    expect(admin.errors).toEqual([]);
    await admin.close();
  }, LOGIN_WAIT_MS);

  it('every tab of the section passes axe', async () => {
    const { page, close } = await browser.open('desktop', { bypassCSP: true });
    await openAdmin(page, baseUrl, ADMINS.content, '/admin/content/news');
    const found: Record<string, string[]> = {};
    for (const kind of ['news', 'download', 'faq', 'carousel', 'about', 'link']) {
      await page.goto(`/admin/content/${kind}`);
      await eventually(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const seen = await settledA11y(page);
      if (seen.length > 0) found[kind] = seen;
      if (kind === 'news') {
        await page.locator('.ant-table-row').first().getByRole('button', { name: /^编辑/ }).click();
        await eventually(() => page.getByRole('textbox', { name: '正文' }).count(), { timeout: 15_000 }).toBe(1);
        const inDrawer = await settledA11y(page);
        if (inDrawer.length > 0) found['news-editor'] = inDrawer;
        await shot(page, 'content-news-editor');
      }
    }
    expect(found).toEqual({});
    await close();
  }, LOGIN_WAIT_MS);
});
