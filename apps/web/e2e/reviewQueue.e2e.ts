/**
 * 批阅中心 in the browser, as the demo teacher uses it: the waiting count on 班级管理, ten hand-ins
 * reviewed one after another from the keyboard alone (scores typed, one returned with a comment, the
 * shortcuts silent while typing), the last one undone; then two hand-ins of one assignment passed
 * together after a confirmation naming how many. REVIEW_SHOTS=<dir> saves the page at 1280, 1920
 * and 375 px.
 */
import { describe, expect, inject, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ACCOUNTS, apiToken, browserOfThisFile, eventually, loginWithPassword, seriousA11yViolations, toastWith } from './helpers.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const SHOTS = process.env.REVIEW_SHOTS;

const teacherToken = () => apiToken(baseUrl, ACCOUNTS.teacher.phone, ACCOUNTS.teacher.password);
type QueueWork = { workId: number; kind: string; waiting: number };
async function queue(token: string): Promise<{ waiting: number; works: QueueWork[] }> {
  const r = await fetch(`${baseUrl}/video_learning/education/teacher/findReviewQueue?pageSize=1`, { method: 'POST', headers: { authorization: token } });
  return ((await r.json()) as { obj: { waiting: number; works: QueueWork[] } }).obj;
}

const currentName = (page: Page) => page.locator('.rq-entry-current .rq-entry-person').first().textContent();
const waitingText = (page: Page) => page.getByText(/共有\d+份待批阅/).textContent();
const waitingOf = async (page: Page) => Number(/共有(\d+)份/.exec((await waitingText(page)) ?? '')?.[1]);

async function openQueue(page: Page, query = '') {
  await page.goto(`/class/review${query}`);
  await eventually(() => page.locator('.rq-entry').count()).toBeGreaterThan(0);
  await eventually(() => page.locator('.rq-item .lc-loading').count()).toBe(0);
}

describe('批阅中心', () => {
  it('ten hand-ins reviewed by keyboard alone, straight on to the next each time, the last one undone', { timeout: 240_000 }, async () => {
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    try {
      await page.goto('/index');
      await loginWithPassword(page, baseUrl, ACCOUNTS.teacher.phone, ACCOUNTS.teacher.password);
      const before = (await queue(await teacherToken())).waiting;
      expect(before).toBeGreaterThanOrEqual(12);
      // The count is on 班级管理 in the header and on 批阅中心 in the class area's navigation.
      await openQueue(page);
      await eventually(() => page.getByRole('navigation', { name: '主菜单' }).first().getByRole('menuitem', { name: `班级管理，${before}份待批阅` }).count()).toBe(1);
      await eventually(() => page.getByRole('navigation', { name: '班级管理' }).getByText(String(before), { exact: true }).isVisible()).toBe(true);
      expect(await waitingOf(page)).toBe(before);
      await expect.poll(() => page.getByLabel('键盘快捷键').textContent()).toMatch(/J\s*下一份.*K\s*上一份.*P\s*通过.*R\s*退回/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'review-1280.png'), fullPage: true });

      // Letters typed into the comment are the comment, not shortcuts: nothing moves, nothing is reviewed.
      const first = await currentName(page);
      await page.keyboard.press('c');
      await page.keyboard.type('jkpr');
      expect(await page.locator('#rq-comment').inputValue()).toBe('jkpr');
      expect(await currentName(page)).toBe(first);
      await page.keyboard.press('Escape');
      await page.locator('#rq-comment').fill('');
      await page.locator('h1').click();

      const reviewed: string[] = [];
      for (let i = 0; i < 10; i++) {
        const name = (await currentName(page))!;
        // Next and back again: the same hand-in, with the comment half written before moving.
        if (i % 3 === 1) {
          await eventually(() => page.locator('.rq-item .lc-loading').count()).toBe(0);
          await page.keyboard.press('c');
          await page.keyboard.type('写了一半的评语', { delay: 80 });
          await page.keyboard.press('Escape');
          await page.keyboard.press('j');
          await eventually(() => currentName(page)).not.toBe(name);
          expect(await page.locator('#rq-comment').inputValue()).toBe('');
          await page.keyboard.press('k');
          await eventually(() => currentName(page)).toBe(name);
          expect(await page.locator('#rq-comment').inputValue()).toBe('写了一半的评语');
        }
        await eventually(() => page.locator('.rq-item .lc-loading').count()).toBe(0);
        const practice = (await page.locator('#rq-score').count()) === 0;
        if (i === 4) {
          // One returned, with its comment.
          await page.keyboard.press('c');
          await page.keyboard.type(practice ? '请补充实践前后的对比数据。' : '请结合本岗位实际补充具体落实举措。');
          await page.keyboard.press('Escape');
          await page.keyboard.press('r');
        } else {
          if (!practice) {
            await page.keyboard.press('s');
            await page.keyboard.type(String(80 + i));
            await page.keyboard.press('Escape');
          }
          await page.keyboard.press('p');
        }
        await eventually(() => page.locator('.rq-undo').textContent()).toContain(name);
        await eventually(() => waitingOf(page)).toBe(before - i - 1);
        reviewed.push(name);
        await eventually(() => page.locator('.rq-item .lc-loading').count()).toBe(0);
      }
      expect(reviewed).toHaveLength(10);
      await eventually(() => page.getByRole('navigation', { name: '主菜单' }).first().getByRole('menuitem', { name: `班级管理，${before - 10}份待批阅` }).count()).toBe(1);

      // U takes the last one back: in the queue again, the current item once more.
      await page.keyboard.press('u');
      await eventually(() => toastWith(page, '已撤销').count()).toBeGreaterThan(0);
      await eventually(() => waitingOf(page)).toBe(before - 9);
      await eventually(() => currentName(page)).toBe(reviewed[9]);
      // The score as sent is back in the form, to be corrected rather than typed again.
      await eventually(() => page.locator('.rq-item .lc-loading').count()).toBe(0);
      if ((await page.locator('#rq-score').count()) > 0) expect(await page.locator('#rq-score').inputValue()).toMatch(/^89(\.0)?$/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('two hand-ins of one assignment passed together, after a confirmation naming how many', { timeout: 120_000 }, async () => {
    const { page, close } = await browser.open('desktop');
    try {
      await page.goto('/index');
      await loginWithPassword(page, baseUrl, ACCOUNTS.teacher.phone, ACCOUNTS.teacher.password);
      const work = (await queue(await teacherToken())).works.find((w) => w.kind === 'homework' && w.waiting >= 2)!;
      await openQueue(page, `?workId=${work.workId}`);
      const before = await waitingOf(page);
      const entries = page.locator('.rq-entry');
      const names = [(await entries.nth(0).locator('.rq-entry-person').textContent())!, (await entries.nth(1).locator('.rq-entry-person').textContent())!];
      await entries.nth(0).getByRole('checkbox').check();
      await entries.nth(1).getByRole('checkbox').check();
      await page.getByRole('button', { name: '批量通过（2份）' }).click();
      const dialog = page.getByRole('dialog', { name: '批量通过所选的2份作业' });
      await eventually(() => dialog.isVisible()).toBe(true);
      // A score over 100 is refused in Chinese before anything is sent.
      await dialog.locator('#rq-batch-score').fill('120');
      await dialog.getByRole('button', { name: '确定通过2份' }).click();
      await eventually(() => dialog.getByRole('alert').textContent()).toContain('成绩为0至100分');
      await dialog.locator('#rq-batch-score').fill('86');
      await dialog.locator('#rq-batch-comment').fill('结构完整，认识到位。');
      await dialog.getByRole('button', { name: '确定通过2份' }).click();
      await eventually(() => page.locator('.rq-undo').textContent()).toContain('已批量通过2份');
      await eventually(() => waitingOf(page)).toBe(before - 2);
      const left = await page.locator('.rq-entry-person').allTextContents();
      for (const n of names) expect(left).not.toContain(n);

      for (const [size, width, height] of [['1920', 1920, 1080], ['375', 375, 740]] as const) {
        await page.setViewportSize({ width, height });
        await openQueue(page);
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(sideways, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
        if (SHOTS) {
          await page.screenshot({ path: path.join(SHOTS, `review-${size}.png`), fullPage: true });
          await page.screenshot({ path: path.join(SHOTS, `review-${size}-top.png`) });
          await page.locator('.rq-form').scrollIntoViewIfNeeded();
          await page.screenshot({ path: path.join(SHOTS, `review-${size}-form.png`) });
        }
      }
    } finally {
      await close();
    }
  });
});
