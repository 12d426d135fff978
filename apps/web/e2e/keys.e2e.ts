/**
 * Menus, the category tree and the video player by the keyboard alone (issue 27, WAI-ARIA's menubar,
 * tree and slider patterns): the header's 主菜单, the class area's side menu, the administration's
 * antd menu, the course category tree on /course, and the study page's player controls. Each is
 * reached by Tab and driven by arrows, Home / End, Enter, Space and Escape; the test checks where the
 * focus is and what got chosen.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ACCOUNTS, browserOfThisFile, eventually, pathOf } from './helpers.ts';
import { ADMINS, openAdmin } from './admin.ts';
import { logIn } from './routes.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/** Presses Tab from the top of the page until `target` has the focus (at most `max` presses); how many it took. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<number> {
  await page.locator('body').focus();
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return i;
  }
  throw new Error('not reached by Tab');
}

describe('menus and the category tree by arrow keys', () => {
  it('the header 主菜单 is one Tab stop; arrows, Home and End move; Enter opens; the course category tree opens, closes and chooses', { timeout: 120_000 }, async () => {
    const { page, close } = await browser.open('desktop');
    await page.goto('/index');
    const bar = page.getByRole('menubar', { name: '主菜单' }).first();
    const items = bar.getByRole('menuitem');
    await eventually(() => items.count()).toBe(8);
    // The Tab stop is the current page's item; the others are not in the Tab order.
    expect(await bar.locator('[tabindex="0"]').allInnerTexts()).toEqual(['首页']);
    await tabTo(page, items.first());
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toBe('学院概况');
    await page.keyboard.press('End');
    expect(await focused(page)).toBe('数字图书');
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toBe('首页');
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toBe('数字图书');
    await page.keyboard.press('Home');
    expect(await focused(page)).toBe('首页');
    // Tab leaves the menubar at once, Shift+Tab comes back to the item last focused.
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toBe('课程分类');
    await page.keyboard.press('Tab');
    expect(await bar.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('课程分类');
    await page.keyboard.press('Enter');
    await eventually(() => pathOf(page)).toBe('/course');

    // The category tree: one Tab stop (全部课程, chosen), Down / Up, Right into a category, Left out and closed.
    const tree = page.getByRole('tree', { name: '课程分类' });
    const rows = tree.getByRole('treeitem');
    await eventually(() => rows.count()).toBeGreaterThan(3);
    const all = rows.first();
    expect(await all.getAttribute('aria-selected')).toBe('true');
    await tabTo(page, all);
    expect(await tree.locator('[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    const top = page.locator(':focus');
    expect(await top.getAttribute('aria-level')).toBe('1');
    expect(await top.getAttribute('aria-expanded')).toBe('true');
    const topName = (await top.locator('.tree-name').textContent()) ?? '';
    await page.keyboard.press('ArrowRight');
    const child = page.locator(':focus');
    expect(await child.getAttribute('aria-level')).toBe('2');
    const childName = (await child.locator('.tree-name').textContent()) ?? '';
    await page.keyboard.press('ArrowLeft');
    expect(await page.locator(':focus .tree-name').textContent()).toBe(topName);
    await page.keyboard.press('ArrowLeft');
    const topRow = rows.filter({ hasText: topName }).first();
    expect(await topRow.getAttribute('aria-expanded')).toBe('false');
    expect(await rows.filter({ hasText: childName }).isVisible()).toBe(false);
    // Closed, Down passes over its children to the next category.
    await page.keyboard.press('ArrowDown');
    expect(await page.locator(':focus').getAttribute('aria-level')).toBe('1');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    expect(await topRow.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowRight');
    expect(await page.locator(':focus .tree-name').textContent()).toBe(childName);
    // Enter chooses: the address and the list follow, the chosen category is selected and the Tab stop.
    await page.keyboard.press('Enter');
    await eventually(() => new URL(page.url()).searchParams.get('categoryId')).not.toBeNull();
    await eventually(() => page.locator('#course-list-title').textContent()).toContain(childName);
    const chosen = rows.filter({ hasText: childName }).first();
    expect(await chosen.getAttribute('aria-selected')).toBe('true');
    expect(await isFocused(chosen)).toBe(true);
    expect(await all.getAttribute('aria-selected')).toBe('false');
    // End and Home; Space chooses too.
    await page.keyboard.press('Home');
    expect(await isFocused(all)).toBe(true);
    await page.keyboard.press('Space');
    await eventually(() => all.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('End');
    expect(await isFocused(rows.last())).toBe(true);
    await close();
  });

  it("the class area's side menu: one Tab stop at the current page, Up / Down, Home / End, Enter opens", { timeout: 120_000 }, async () => {
    const { page, close } = await browser.open('desktop');
    await logIn(page, ACCOUNTS.learner);
    await page.goto('/learningClassroom/ongoingTopic');
    const side = page.getByRole('menubar', { name: '学习课堂' });
    const items = side.getByRole('menuitem');
    await eventually(() => items.count()).toBeGreaterThan(3);
    const current = side.locator('[aria-current="page"]');
    expect(await current.getAttribute('tabindex')).toBe('0');
    expect(await side.locator('[tabindex="0"]').count()).toBe(1);
    const names = await items.allInnerTexts();
    await tabTo(page, current);
    const at = names.indexOf((await current.innerText()).trim());
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe(names[at + 1]);
    await page.keyboard.press('End');
    expect(await focused(page)).toBe(names[names.length - 1]);
    await page.keyboard.press('Home');
    expect(await focused(page)).toBe(names[0]);
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe(names[names.length - 1]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const target = names[1]!;
    expect(await focused(page)).toBe(target);
    const href = await items.nth(1).getAttribute('href');
    await page.keyboard.press('Enter');
    await eventually(() => pathOf(page)).toBe(href);
    await eventually(() => side.locator('[aria-current="page"]').innerText()).toBe(target);
    // Space opens a menu item too (WAI-ARIA's menubar), as Enter does.
    await side.locator('[tabindex="0"]').focus();
    await page.keyboard.press('ArrowDown');
    const next = await items.nth(2).getAttribute('href');
    await page.keyboard.press('Space');
    await eventually(() => pathOf(page)).toBe(next);
    await close();
  });

  it("the administration's side menu (antd): Down / Up move, Enter opens the section, its links no Tab stops of their own", { timeout: 120_000 }, async () => {
    const { page, close } = await browser.open('desktop', { bypassCSP: true });
    await openAdmin(page, baseUrl, ADMINS.system, '/admin');
    const menu = page.getByRole('navigation', { name: '管理后台栏目' }).getByRole('menu');
    const items = menu.getByRole('menuitem');
    await eventually(() => items.count()).toBeGreaterThan(2);
    const names = await items.allInnerTexts();
    // Tab reaches the menu once (antd's list is the Tab stop); the links inside its items are not stops of their own.
    expect(await menu.locator('a[tabindex="-1"]').count()).toBe(names.length);
    const taken = await tabTo(page, menu, 10);
    await page.keyboard.press('Tab');
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await isFocused(menu)).toBe(true);
    expect(taken).toBeLessThan(5);
    // Down enters at the first item, and moves on; End, Home; Up.
    await page.keyboard.press('ArrowDown');
    await eventually(() => focused(page)).toBe(names[0]);
    await page.keyboard.press('ArrowDown');
    await eventually(() => focused(page)).toBe(names[1]);
    await page.keyboard.press('End');
    await eventually(() => focused(page)).toBe(names[names.length - 1]);
    await page.keyboard.press('Home');
    await eventually(() => focused(page)).toBe(names[0]);
    await page.keyboard.press('ArrowUp');
    await eventually(() => focused(page)).toBe(names[names.length - 1]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await eventually(() => focused(page)).toBe(names[2]);
    // Enter opens the section, once: its menu item is selected and the page's title is the section's.
    const before = await page.evaluate(() => history.length);
    await page.keyboard.press('Enter');
    await eventually(() => menu.locator('.ant-menu-item-selected').innerText()).toBe(names[2]);
    expect(pathOf(page)).toMatch(/^\/admin\/[a-z]+$/);
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await close();
  });
});
