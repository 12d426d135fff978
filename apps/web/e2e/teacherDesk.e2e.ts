/**
 * The teacher's desk at the widths teachers use: every column header of every class table is in view
 * or reachable by the table's own sideways scroll (not hidden, not under a fixed column), none wraps,
 * the name and action columns stay in view at either end of the scroll, and the class area uses a
 * wide screen's width. On a phone: no sideways page scroll, the class picker fits, and the 提醒
 * button does not cover its card's title. DESK_SHOTS=<dir> saves a screenshot of each page and width.
 */
import { describe, expect, inject, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ACCOUNTS, browserOfThisFile, eventually, loginWithPassword, pathOf } from './helpers.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const SHOTS = process.env.DESK_SHOTS;

/** Every /class page with a class table (the first demo class, which has homework and practice reports). */
const TABLE_PAGES = ['teacherinfo', 'classstatistics', 'classstatistics1', 'classstatistics2', 'myclass1', 'classcourse1', 'work', 'work1', 'practice', 'message1', 'remind'];
const PICKER_PAGES = TABLE_PAGES.filter((p) => p !== 'teacherinfo');

async function openPage(page: Page, name: string) {
  await page.goto(`/class/${name}`);
  // A table at a desk; on a phone the list kit's cards (or its empty state) instead.
  await eventually(() => page.locator('.ant-table-thead th, .rt-cards, .ant-empty').count()).toBeGreaterThan(0);
  await eventually(() => page.locator('.ant-spin-spinning, .ant-skeleton').count()).toBe(0);
  // A table's rows arrive after its headers; let the columns settle to their final widths.
  await page.waitForTimeout(300);
}

/** What is wrong with the headers of the page's tables (empty when nothing is). */
function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const textOf = (el: Element) => (el.textContent ?? '').trim();
    /** The part of an element's box not clipped by an ancestor or the window, sideways. */
    const visibleBox = (el: Element) => {
      const r = el.getBoundingClientRect();
      let left = Math.max(r.left, 0);
      let right = Math.min(r.right, window.innerWidth);
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const ar = a.getBoundingClientRect();
        left = Math.max(left, ar.left);
        right = Math.min(right, ar.right);
      }
      return { left, right };
    };
    /** Shown at its place: inside the table's visible box and not covered (by a fixed column). */
    const seen = (th: HTMLElement, box: { left: number; right: number }) => {
      const r = th.getBoundingClientRect();
      if (r.left < box.left - 1 || r.right > box.right + 1) return false;
      const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      return top !== null && th.contains(top);
    };
    /** Lines the header's text takes (the boxes of its characters, not of the elements around them). */
    const lines = (th: HTMLElement) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const q of range.getClientRects()) if (q.width > 0) tops.add(Math.round(q.top));
      }
      return tops.size;
    };
    for (const wrapper of document.querySelectorAll('.ant-table-wrapper')) {
      if (wrapper.closest('.ant-drawer, .ant-modal')) continue;
      const box = visibleBox(wrapper);
      // The table's own scroll box (antd's, for a table given scroll.x); a page's scroll does not count.
      const own = wrapper.querySelector<HTMLElement>('.ant-table-content, .ant-table-header');
      const scrollable = own !== null && own.scrollWidth > own.clientWidth + 1;
      const ths = [...wrapper.querySelectorAll<HTMLElement>('.ant-table-thead th')].filter((th) => textOf(th) && !th.classList.contains('ant-table-selection-column'));
      for (const th of ths) {
        const name = textOf(th);
        const r0 = th.getBoundingClientRect();
        window.scrollTo(0, window.scrollY + r0.top - window.innerHeight / 2);
        if (lines(th) > 1) problems.push(`「${name}」 wraps`);
        if (seen(th, box)) continue;
        if (scrollable && own) {
          const r = th.getBoundingClientRect();
          own.scrollLeft += (r.left + r.right) / 2 - (box.left + box.right) / 2;
          const ok = seen(th, box);
          own.scrollLeft = 0;
          if (ok) continue;
        }
        problems.push(`「${name}」 is out of view and the table cannot scroll to it`);
      }
      // The name column (first) and the action column (操作) stay in view at either end of the scroll.
      const ends = [ths[0], ths.find((th) => textOf(th) === '操作')].filter((th): th is HTMLElement => th !== undefined);
      for (const at of scrollable && own ? [0, own.scrollWidth] : [0]) {
        if (own) own.scrollLeft = at;
        for (const th of ends) {
          window.scrollTo(0, window.scrollY + th.getBoundingClientRect().top - window.innerHeight / 2);
          if (!seen(th, box)) problems.push(`「${textOf(th)}」 is not in view with the table scrolled to ${at === 0 ? 'its start' : 'its end'}`);
        }
      }
      if (own) own.scrollLeft = 0;
    }
    return problems;
  });
}

describe("the teacher's desk", () => {
  it('shows every column of every class table at 1280, 1440 and 1920 px', { timeout: 300_000 }, async () => {
    const { page, errors, close } = await browser.open('desktop');
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.teacher.phone, ACCOUNTS.teacher.password);
    await eventually(() => pathOf(page)).toBe('/class/teacherinfo');
    const found: Record<string, string[]> = {};
    for (const width of [1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      for (const name of TABLE_PAGES) {
        await openPage(page, name);
        const problems = await headerProblems(page);
        if (problems.length) found[`${width} ${name}`] = problems;
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`), fullPage: true });
      }
      // A wide screen's width goes to the tables, not to empty margins (the public pages keep theirs).
      const main = await page.locator('.classroom-main').evaluate((el) => el.getBoundingClientRect().width);
      if (width === 1920 && main < 1500) found[`${width} width`] = [`the content area is ${main} px wide`];
    }
    expect(found).toEqual({});
    expect(errors).toEqual([]);
    await close();
  });

  it('fits a phone: no sideways page, the class picker within the screen, 提醒 clear of its title', { timeout: 240_000 }, async () => {
    const { page, errors, close } = await browser.open('desktop');
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.teacher.phone, ACCOUNTS.teacher.password);
    await eventually(() => pathOf(page)).toBe('/class/teacherinfo');
    await page.setViewportSize({ width: 375, height: 740 });
    const found: Record<string, string[]> = {};
    for (const name of PICKER_PAGES) {
      await openPage(page, name);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `375-${name}.png`), fullPage: true });
      const problems: string[] = [];
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (pageWidth > 375) problems.push(`the page is ${pageWidth} px wide`);
      const picker = await page.locator('.teacher-picker').first().boundingBox();
      if (!picker || picker.x < 0 || picker.x + picker.width > 375) problems.push(`the class picker spans ${picker?.x}…${picker ? picker.x + picker.width : '?'} px`);
      const label = await page.locator('.teacher-picker > span').first().boundingBox();
      if (!label || label.height > 30) problems.push(`班级： wraps (${label?.height} px high)`);
      if (name === 'classstatistics') {
        const title = await page.locator('.ant-card-head-title').filter({ hasText: '学习状态' }).boundingBox();
        const remind = await page.getByRole('button', { name: /提醒落后和未开始的学员/ }).boundingBox();
        expect(title && remind).toBeTruthy();
        const overlap = title!.x < remind!.x + remind!.width && remind!.x < title!.x + title!.width && title!.y < remind!.y + remind!.height && remind!.y < title!.y + title!.height;
        if (overlap) problems.push('提醒 covers the 学习状态 title');
      }
      if (problems.length) found[name] = problems;
    }
    expect(found).toEqual({});
    expect(errors).toEqual([]);
    await close();
  });
});
