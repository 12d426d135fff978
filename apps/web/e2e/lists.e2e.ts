/**
 * Every list moved onto the list kit (ui/list) at 1280, 1440, 1920 and 375 px. At desk widths the
 * columns that say what a row is, its state and its time are in view without scrolling and not under
 * the fixed action column (elementFromPoint at each cell's centre is inside that cell), no header
 * wraps, and no cell's text is cut off (an ellipsis cell keeps its whole text in its title). At 375 px
 * each row is a card headed by its title, the actions in one 操作 menu, and the page does not scroll
 * sideways. One browser; one login per account. LIST_SHOTS=<dir> saves a screenshot of each.
 */
import { describe, expect, inject, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ACCOUNTS, browserOfThisFile, eventually, loginWithPassword, pathOf } from './helpers.ts';
import { ADMINS, openAdmin } from './admin.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const SHOTS = process.env.LIST_SHOTS;
const WIDTHS = [1280, 1440, 1920, 375];

/** The columns that must always be in view at a desk: what the row is, its state, its time. */
const KEY_HEADER = /^(标题|问题|题干|课程|作业|姓名|持证人)$|(名称|状态|时间|日期|说明)$/;

async function settle(page: Page) {
  await eventually(() => page.locator('.data-table .ant-table-thead th, .rt-cards, .ant-empty').count()).toBeGreaterThan(0);
  await eventually(() => page.locator('.ant-spin-spinning, .ant-skeleton').count()).toBe(0);
  await page.waitForTimeout(300);
}

/** What is wrong with the kit's tables at a desk width (empty when nothing is). */
function deskProblems(page: Page): Promise<string[]> {
  return page.evaluate((keySource) => {
    const key = new RegExp(keySource);
    const problems: string[] = [];
    const textOf = (el: Element) => (el.textContent ?? '').trim();
    const lines = (el: HTMLElement) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const q of range.getClientRects()) if (q.width > 0) tops.add(Math.round(q.top));
      }
      return tops.size;
    };
    const tables = [...document.querySelectorAll<HTMLElement>('.data-table')].filter((t) => !t.closest('.ant-drawer, .ant-modal'));
    if (tables.length === 0) problems.push('no list of the kit on the page');
    for (const table of tables) {
      const own = table.querySelector<HTMLElement>('.ant-table-content, .ant-table-body') ?? table;
      const box = own.getBoundingClientRect();
      const ths = [...table.querySelectorAll<HTMLElement>('.ant-table-thead th')];
      ths.forEach((th) => {
        if (textOf(th) && lines(th) > 1) problems.push(`header 「${textOf(th)}」 wraps`);
      });
      const row = table.querySelector<HTMLElement>('.ant-table-tbody tr.ant-table-row');
      if (!row) continue;
      window.scrollTo(0, window.scrollY + row.getBoundingClientRect().top - window.innerHeight / 2);
      const cells = [...row.querySelectorAll<HTMLElement>(':scope > td')];
      cells.forEach((td, i) => {
        const name = textOf(ths[i] ?? td);
        if (td.classList.contains('list-actions') || td.classList.contains('ant-table-selection-column')) return;
        const r = td.getBoundingClientRect();
        if (key.test(name)) {
          if (r.left < box.left - 1 || r.right > box.right + 1) problems.push(`「${name}」 is out of view (${Math.round(r.left)}…${Math.round(r.right)} in ${Math.round(box.left)}…${Math.round(box.right)})`);
          else {
            const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
            if (!top || !td.contains(top)) problems.push(`「${name}」 is covered by ${top ? (top.closest('td, th')?.textContent ?? top.tagName).trim().slice(0, 20) : 'nothing'}`);
          }
        }
        // A cell cut with an ellipsis keeps its whole text in a title; any other text past its cell is lost
        // (measured on the text itself: a fixed column's shadow also counts in the cell's scrollWidth).
        const ellipsis = [...td.querySelectorAll<HTMLElement>('[title]')].some((el) => getComputedStyle(el).textOverflow === 'ellipsis');
        if (td.classList.contains('ant-table-cell-ellipsis') || td.querySelector('.desk-clip') || ellipsis) return;
        const range = document.createRange();
        range.selectNodeContents(td);
        const text = range.getBoundingClientRect();
        if (text.width > 0 && (text.right > r.right + 1 || text.left < r.left - 1)) problems.push(`「${name}」 cell text is clipped`);
      });
    }
    return problems;
  }, KEY_HEADER.source);
}

/** What is wrong at a phone width. */
function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    if (document.querySelector('main .ant-table-thead, .admin-main .ant-table-thead, .data-table')) {
      const t = document.querySelector('.data-table');
      if (t && !t.closest('.ant-drawer, .ant-modal')) problems.push('a table instead of cards');
    }
    for (const card of document.querySelectorAll<HTMLElement>('.rt-card')) {
      const first = card.firstElementChild;
      if (!first?.classList.contains('rt-card-title') || !(first.textContent ?? '').trim()) problems.push('a card without its title first');
      const buttons = card.querySelectorAll('.rt-card-menu button, .rt-card-menu a');
      if (buttons.length > 1) problems.push(`a card with ${buttons.length} loose action buttons, not one 操作 menu`);
      if (card.getBoundingClientRect().right > window.innerWidth + 1) problems.push('a card wider than the screen');
    }
    return problems;
  });
}

async function check(page: Page, route: string, found: Record<string, string[]>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.goto(route);
    await settle(page);
    const problems = width === 375 ? await phoneProblems(page) : await deskProblems(page);
    if (problems.length) found[`${width} ${route}`] = problems;
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${width}-${route.replace(/\W+/g, '_')}.png`), fullPage: width === 375 });
  }
}

describe('the list kit', () => {
  it('shows the administration lists at a glance at every width', { timeout: 600_000 }, async () => {
    const found: Record<string, string[]> = {};
    const byRole: [string, string[]][] = [
      [ADMINS.content, ['/admin/content/notice', '/admin/content/news']],
      [ADMINS.training, ['/admin/courses', '/admin/certificates', '/admin/exams/questions', '/admin/exams/papers', '/admin/training/topics', '/admin/training/classes', '/admin/people', '/admin/imports/history', '/admin/media']],
      [ADMINS.system, ['/admin/audit']],
    ];
    for (const [mobile, routes] of byRole) {
      const { page, errors, close } = await browser.open('desktop');
      await openAdmin(page, baseUrl, mobile, routes[0]);
      for (const route of routes) await check(page, route, found);
      expect(errors).toEqual([]);
      await close();
    }
    expect(found).toEqual({});
  });

  it('shows the teacher’s and the learner’s lists at a glance at every width', { timeout: 600_000 }, async () => {
    const found: Record<string, string[]> = {};
    for (const [account, landing, routes] of [
      [ACCOUNTS.teacher, '/class/teacherinfo', ['/class/classcourse1', '/class/myclass1', '/class/classstatistics1', '/class/work', '/class/message1', '/class/remind']],
      [ACCOUNTS.learner, null, ['/learningClassroom/myhomework', '/learningClassroom/printcertificate']],
    ] as const) {
      const { page, errors, close } = await browser.open('desktop');
      await page.goto('/index');
      await loginWithPassword(page, baseUrl, account.phone, account.password);
      if (landing) await eventually(() => pathOf(page)).toBe(landing);
      for (const route of routes) await check(page, route, found);
      expect(errors).toEqual([]);
      await close();
    }
    expect(found).toEqual({});
  });

  it('folds a notice row’s actions beyond two into 更多 and keeps 删除 behind its confirmation', { timeout: 120_000 }, async () => {
    const { page, close } = await browser.open('desktop');
    await openAdmin(page, baseUrl, ADMINS.content, '/admin/content/notice');
    await settle(page);
    const row = page.locator('.data-table .ant-table-tbody tr.ant-table-row').first();
    const inline = await row.locator('td.list-actions').getByRole('button').allTextContents();
    expect(inline.map((t) => t.trim())).toEqual(['编辑', expect.stringMatching(/^(下线|发布)$/), expect.stringMatching(/^更多/)]);
    await row.getByRole('button', { name: /更多操作/ }).click();
    const menu = page.locator('.list-actions-menu').last();
    await expect.poll(() => menu.getByRole('button', { name: /^删除/ }).count()).toBe(1);
    await menu.getByRole('button', { name: /^删除/ }).click();
    await eventually(() => page.locator('.ant-popconfirm').filter({ hasText: '删除后不可恢复' }).count()).toBe(1);
    await close();
  });
});
