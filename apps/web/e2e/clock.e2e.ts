/**
 * One clock: the same record reads the same time in browsers whose computers keep China time, UTC
 * and New York time — a notice's publish time on the portal and in /admin's notice list, an audit
 * entry's time in /admin's audit log, and a time
 * typed into the administration's date picker, which is saved as the college's time (China, the
 * server's default TIME_ZONE) and shown back as typed.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collegeDateTime, collegeDateTimeSeconds } from '@portal/contract';
import { browserOfThisFile, eventually } from './helpers.ts';
import { ADMINS, adminSession, openAdmin } from './admin.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const ZONES = ['Asia/Shanghai', 'UTC', 'America/New_York'];
/** A new session may wait out the SMS resend interval (61 s) when another file just ended this administrator's. */
const LOGIN_WAIT_MS = 150_000;

interface Row {
  id: number;
  title: string;
  status: string;
  publishedAt: string;
}

async function notices(keyword = ''): Promise<Row[]> {
  const { token } = await adminSession(baseUrl, ADMINS.content);
  const r = await fetch(`${baseUrl}/v1/admin/content/list?kind=notice&pageNum=1&pageSize=50${keyword ? `&keyword=${encodeURIComponent(keyword)}` : ''}`, { headers: { authorization: token } });
  const body = (await r.json()) as { code: number; data: { list: Row[] } };
  expect(body.code).toBe(0);
  return body.data.list;
}

/** The 发布时间 cell of the notice titled `title` in /admin's notice list. */
async function listedTime(page: Page, title: string): Promise<string> {
  const row = page.locator('.ant-table-row').filter({ hasText: title });
  await eventually(() => row.count(), { timeout: 15_000 }).toBe(1);
  const text = (await row.first().innerText()).match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  return text?.[0] ?? '';
}

describe('one clock, whatever the computer keeps', () => {
  beforeAll(() => adminSession(baseUrl, ADMINS.content).then(() => undefined), LOGIN_WAIT_MS);

  it("a published notice's time is the same on the portal and in /admin in Shanghai, UTC and New York", async () => {
    const published = (await notices()).find((n) => n.status === 'published');
    expect(published).toBeDefined();
    const expected = collegeDateTime(Date.parse(published!.publishedAt));
    const seen: Record<string, { portal: string; admin: string }> = {};
    for (const timezoneId of ZONES) {
      const visitor = await browser.open('desktop', { timezoneId });
      await visitor.page.goto(`/noticeInfo?id=${published!.id}`);
      const stamp = visitor.page.getByText(/^发布时间：/).first();
      await eventually(() => stamp.count(), { timeout: 15_000 }).toBe(1);
      const portal = ((await stamp.textContent()) ?? '').replace('发布时间：', '').trim();
      await visitor.close();

      const admin = await browser.open('desktop', { timezoneId });
      await openAdmin(admin.page, baseUrl, ADMINS.content, `/admin/content/notice`);
      const shown = await listedTime(admin.page, published!.title);
      expect(admin.errors).toEqual([]);
      await admin.close();
      seen[timezoneId] = { portal, admin: shown };
    }
    for (const timezoneId of ZONES) expect(seen[timezoneId], timezoneId).toEqual({ portal: expected.slice(0, 10), admin: expected });
  }, LOGIN_WAIT_MS);

  it('a time typed into the date picker is the college’s: saved as such and shown back as typed in every zone', async () => {
    for (const timezoneId of ZONES) {
      const admin = await browser.open('desktop', { timezoneId });
      const page = admin.page;
      await openAdmin(page, baseUrl, ADMINS.content, '/admin/content/notice');
      await eventually(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const title = `时区测试通知 ${timezoneId} ${Date.now() % 100000}`;
      await page.getByRole('button', { name: '新建通知公告' }).click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByRole('textbox', { name: /^\*?\s*标题$/ }).fill(title);
      await drawer.getByLabel('发布单位').fill('教务处');
      await drawer.getByRole('textbox', { name: '正文' }).click();
      await page.keyboard.type('定时发布的通知。');
      await drawer.getByRole('button', { name: '定时发布…' }).click();
      const picker = page.getByLabel('发布时间');
      await picker.click();
      await picker.fill('2030-01-02 07:08');
      await page.locator('.ant-picker-dropdown:visible').getByRole('button', { name: /确\s*定|OK/ }).click();
      await eventually(() => picker.inputValue()).toBe('2030-01-02 07:08');
      await page.getByRole('button', { name: '到时发布' }).click();
      await eventually(() => page.getByText('已定时发布：2030-01-02 07:08').count(), { timeout: 15_000 }).toBeGreaterThan(0);

      // 07:08 on 2 January in China is 23:08 UTC on the 1st, and it lists as typed.
      const [saved] = await notices(title);
      expect(saved?.publishedAt, timezoneId).toBe('2030-01-01T23:08:00.000Z');
      expect(await listedTime(page, title), timezoneId).toBe('2030-01-02 07:08');
      expect(admin.errors).toEqual([]);
      await admin.close();
    }
  }, LOGIN_WAIT_MS);

  it("an audit entry's time reads the same in /admin's audit log in every zone", async () => {
    const { token } = await adminSession(baseUrl, ADMINS.auditor);
    const r = await fetch(`${baseUrl}/v1/admin/audit?pageNum=1&pageSize=1&person=${ADMINS.content}`, { headers: { authorization: token } });
    const [entry] = ((await r.json()) as { data: { list: { at: string }[] } }).data.list;
    expect(entry).toBeDefined();
    const expected = collegeDateTimeSeconds(Date.parse(entry!.at));
    for (const timezoneId of ZONES) {
      const admin = await browser.open('desktop', { timezoneId });
      await openAdmin(admin.page, baseUrl, ADMINS.auditor, `/admin/audit?person=${ADMINS.content}`);
      const first = admin.page.locator('.ant-table-row').first();
      await eventually(() => first.count(), { timeout: 15_000 }).toBe(1);
      const shown = (await first.innerText()).match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)?.[0];
      expect(shown, timezoneId).toBe(expected);
      await admin.close();
    }
  }, LOGIN_WAIT_MS);
});
