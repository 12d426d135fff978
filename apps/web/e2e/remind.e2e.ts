/**
 * /class/remind in Chromium: the teacher previews a reminder of those behind — each learner's own
 * message, the counts of recipients and SMS and the daily cap — a change of the text asks for a new
 * preview, one chosen learner is sent theirs and it shows in the record, and a weekly schedule is set
 * and paused. At 1280, 1920 and 375 px: no sideways page on a phone. REMIND_SHOTS=<dir> saves screenshots.
 */
import { describe, expect, inject, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ACCOUNTS, browserOfThisFile, dialog, eventually, expectOneToast, loginWithPassword, pathOf, seriousA11yViolations, settleAnimations, toastWith } from './helpers.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const SHOTS = process.env.REMIND_SHOTS;
/** The card of this title (a card's text may name another card). */
const card = (page: Page, title: string) => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: new RegExp(`^${title}$`) }) });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

describe('reminders that say what each learner lacks', () => {
  it('previews, sends to a chosen learner, and schedules a weekly reminder', { timeout: 240_000 }, async () => {
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.teacher.phone, ACCOUNTS.teacher.password);
    await eventually(() => pathOf(page)).toBe('/class/teacherinfo');
    await page.getByRole('menuitem', { name: '学习提醒' }).first().click();
    await eventually(() => pathOf(page)).toBe('/class/remind');
    const behind = Number(/进度落后和尚未开始：(\d+)人/.exec((await page.locator('.teacher-toolbar .teacher-muted').textContent()) ?? '')?.[1]);
    expect(behind).toBeGreaterThan(0);

    await page.getByRole('radio', { name: '站内消息和短信' }).check();
    await page.getByRole('button', { name: '预览' }).click();
    const summary = page.locator('.ant-descriptions');
    await eventually(() => summary.textContent()).toContain(`收件人${behind}人`);
    expect(await summary.textContent()).toMatch(/将发短信\d+条（按每条70字计费共\d+条）/);
    expect(await summary.textContent()).toContain('每个号码每天最多');
    const firstText = (await page.locator('.remind-text').first().textContent()) ?? '';
    expect(firstText).toMatch(/^.+同志：您在.+已完成[\d.]+学时，距[\d.]+学时的要求尚差[\d.]+学时，请在\d{4}年\d{1,2}月\d{1,2}日前完成。/);
    expect(firstText).not.toMatch(/[{}]/);
    const send = page.getByRole('button', { name: '确认发送' });
    expect(await send.isEnabled()).toBe(true);
    await shot(page, '1280-preview');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A learner named in the preview, chosen alone, is sent their own message.
    const name = (await page.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').first().textContent())!.trim();
    expect(name).not.toBe('');
    await page.getByRole('textbox', { name: '标题' }).fill('本周学习进度提醒');
    await eventually(() => send.isDisabled()).toBe(true);
    await eventually(() => page.getByText('内容或对象已修改，请重新预览').count()).toBe(1);
    await page.getByRole('radio', { name: '选定的学员' }).check();
    await page.getByRole('radio', { name: '站内消息', exact: true }).check();
    const chooser = page.getByRole('combobox', { name: '选定的学员' });
    await chooser.click();
    await chooser.fill(name);
    await page.locator('.ant-select-item-option').filter({ hasText: name }).first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '预览' }).click();
    await eventually(() => summary.textContent()).toContain('收件人1人');
    expect(await page.locator('.remind-text').first().textContent()).toContain(`${name}同志：`);
    await send.click();
    const confirm = dialog(page, '确认发送提醒');
    await eventually(() => confirm.textContent()).toContain('将向1人发送“本周学习进度提醒”');
    // The confirm zooms in; pressed once it stands still, and the call it makes is waited for by name,
    // so a failure says whether the press landed (no call), the server refused, or the toast went missing.
    await settleAnimations(page, 2000);
    const answered = page.waitForResponse((r) => r.url().includes('/sendRemind'), { timeout: 30_000 });
    await confirm.getByRole('button', { name: '发送' }).click();
    expect((await answered).status()).toBe(200);
    await expectOneToast(page, '提醒已发送给1人');
    const record = card(page, '提醒记录');
    await eventually(() => record.locator('.ant-table-tbody').textContent()).toContain('提醒1人，已读0人');

    // The same text every Monday at 9:00 until the class ends.
    await page.getByRole('button', { name: '设置定时提醒' }).click();
    const setUp = dialog(page, '设置定时提醒');
    await eventually(() => setUp.textContent()).toContain('直到班级学习期结束');
    await shot(page, '1280-schedule-dialog');
    await setUp.getByRole('button', { name: '确 定' }).or(setUp.getByRole('button', { name: '确定' })).click();
    // On the college's clock (China), whatever the zone of the computer running the browser.
    await eventually(() => toastWith(page, '已设置定时提醒，首次提醒：').textContent()).toMatch(/首次提醒：\d{4}-\d{2}-\d{2} 09:00/);
    const schedules = card(page, '定时提醒');
    await eventually(() => schedules.locator('.ant-table-tbody').textContent()).toContain('每周一 09:00');
    expect(await schedules.locator('.ant-table-tbody').textContent()).toContain('进行中');
    await schedules.getByRole('button', { name: '暂 停' }).or(schedules.getByRole('button', { name: '暂停' })).click();
    await eventually(() => schedules.locator('.ant-table-tbody').textContent()).toContain('已暂停');
    await shot(page, '1280-after');

    for (const width of [1920, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('radio', { name: '进度落后和尚未开始的学员' }).check();
      await page.getByRole('radio', { name: '站内消息和短信' }).check();
      await page.getByRole('button', { name: '预览' }).click();
      await eventually(() => summary.textContent()).toContain(`收件人${behind}人`);
      await page.waitForTimeout(300);
      await shot(page, `${width}-preview`);
      if (width === 375) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        expect(await seriousA11yViolations(page)).toEqual([]);
        if (SHOTS) for (const title of ['学习提醒', '定时提醒', '提醒记录']) await card(page, title).screenshot({ path: path.join(SHOTS, `375-${title}.png`) });
      }
    }
    expect(errors).toEqual([]);
    await close();
  });
});
