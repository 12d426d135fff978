/**
 * Menus, the category tree and the video player by the keyboard alone (WAI-ARIA's menubar,
 * tree and slider patterns): the header's 主菜单, the class area's side menu, the administration's
 * antd menu, the course category tree on /course, and the study page's player controls. Each is
 * reached by Tab and driven by arrows, Home / End, Enter, Space and Escape; the test checks where the
 * focus is and what got chosen.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { catalog } from '@portal/contract';
import { ACCOUNTS, browserOfThisFile, eventually, loginWithPassword, pathOf } from './helpers.ts';
import { ADMINS, openAdmin } from './admin.ts';
import { logIn } from './routes.ts';
import { findCourse, firstIds, launchMediaBrowser, singleVideo, videoState } from './study.ts';

const baseUrl = inject('baseUrl');
mkdirSync('test-results/keys', { recursive: true });
const browser = browserOfThisFile(launchMediaBrowser);
/** A learner with no learning record (seed-learning.ts), for the player's test alone. */
const PLAYER_LEARNER = '13900010093';
/** A learner with no learning record that no other test uses, for the replay (13900010150… of the demo classes completed it). */
const REPLAY_LEARNER = '13900010077';

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

  it("the phone's menu drawer: its 主菜单 is a vertical menubar, Down / Up / End move, Enter opens, Escape closes the drawer and returns the focus", { timeout: 60_000 }, async () => {
    const { page, close } = await browser.open('phone');
    await page.goto('/index');
    const burger = page.getByRole('button', { name: '打开菜单' });
    await burger.focus();
    await page.keyboard.press('Enter');
    const drawer = page.locator('.header-drawer');
    const bar = drawer.getByRole('menubar', { name: '主菜单' });
    await eventually(() => bar.isVisible()).toBe(true);
    expect(await bar.getAttribute('aria-orientation')).toBe('vertical');
    await bar.locator('[tabindex="0"]').focus();
    expect(await focused(page)).toBe('首页');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('学院概况');
    await page.keyboard.press('End');
    expect(await focused(page)).toBe('数字图书');
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe('在线考试');
    await page.keyboard.press('Escape');
    await eventually(() => isFocused(burger)).toBe(true);
    await burger.press('Enter');
    await eventually(() => bar.isVisible()).toBe(true);
    await bar.locator('[tabindex="0"]').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await eventually(() => pathOf(page)).toBe('/about');
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

describe("the video player's controls by keyboard", () => {
  it('every control is named and reached by Tab; Space and Enter press, arrows move the sliders; the state is announced; the progress never passes the furthest point watched', { timeout: 120_000 }, async () => {
    const { page, close } = await browser.open('desktop');
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, PLAYER_LEARNER, 'Study@2026');
    const course = await findCourse(baseUrl, firstIds(64), singleVideo);
    await page.goto(`/study?courseId=${course.id}`);
    await eventually(() => page.getByRole('heading', { name: course.title, level: 1 }).isVisible()).toBe(true);
    await eventually(async () => (await videoState(page)).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const bar = page.getByRole('group', { name: /^播放控制：/ });
    await page.locator('.player').screenshot({ path: 'test-results/keys/player-1280.png' });
    // The browser's own controls are gone: ours, each named in Chinese, in this order by Tab.
    expect(await page.locator('video').first().getAttribute('controls')).toBeNull();
    const names = await bar.locator('button, input, select').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    expect(names.slice(0, 5)).toEqual(['播放', '进度', '静音', '音量', '倍速']);
    expect(names[names.length - 1]).toBe('全屏');
    const play = bar.getByRole('button', { name: '播放' });
    await tabTo(page, play, 80);
    for (const name of names.slice(1)) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(name);
    }

    // 播放 by Enter: it plays, and the button now says 暂停.
    await play.focus();
    await page.keyboard.press('Enter');
    await eventually(async () => (await videoState(page)).paused).toBe(false);
    const pauseButton = bar.getByRole('button', { name: '暂停' });
    expect(await isFocused(pauseButton)).toBe(true);
    await eventually(async () => (await videoState(page)).t, { timeout: 20_000 }).toBeGreaterThan(7);
    await page.keyboard.press('Space');
    await eventually(async () => (await videoState(page)).paused).toBe(true);
    // The button's name follows the video's own pause event, a render later.
    await eventually(async () => bar.getByRole('button', { name: '播放' }).count()).toBe(1);
    const watched = (await videoState(page)).t;

    // 进度: a slider whose value is said in words; Left goes back 5 s; End, Page Up and Right cannot
    // pass the furthest point watched (a chapter not yet completed), and the page says why.
    const progress = bar.getByRole('slider', { name: '进度' });
    const duration = await page.locator('video').first().evaluate((v: HTMLVideoElement) => v.duration);
    const total = (s: number) => `${Math.floor(s) >= 60 ? `${Math.floor(Math.floor(s) / 60)}分` : ''}${Math.floor(s) % 60 ? `${Math.floor(s) % 60}秒` : ''}`;
    expect(await progress.getAttribute('aria-valuetext')).toMatch(new RegExp(`^已播放 \\d+秒，共 ${total(duration)}$`));
    await progress.focus();
    await page.keyboard.press('ArrowLeft');
    await eventually(async () => (await videoState(page)).t).toBeLessThan(watched - 4);
    await eventually(() => progress.getAttribute('aria-valuetext')).toMatch(/^已播放 (\d+秒|0秒)，共 /);
    for (const key of ['End', 'PageUp', 'ArrowRight', 'ArrowRight', 'ArrowRight']) {
      await page.keyboard.press(key);
      expect((await videoState(page)).t).toBeLessThanOrEqual(watched + 2.01);
    }
    await eventually(() => page.getByRole('alert').filter({ hasText: '未完成学习的章节不能拖动到未观看的部分' }).isVisible()).toBe(true);
    await page.keyboard.press('Home');
    await eventually(async () => (await videoState(page)).t).toBe(0);
    expect(await progress.getAttribute('aria-valuetext')).toMatch(/^已播放 0秒，共 /);

    // 静音 by Space: pressed, and the video muted; again, not.
    const mute = bar.getByRole('button', { name: '静音' });
    await mute.focus();
    await page.keyboard.press('Space');
    await eventually(() => mute.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('video').first().evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await page.keyboard.press('Enter');
    await eventually(() => mute.getAttribute('aria-pressed')).toBe('false');
    // 音量 by arrows, said as a percentage.
    const volume = bar.getByRole('slider', { name: '音量' });
    await volume.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await eventually(() => volume.getAttribute('aria-valuetext')).toBe('音量 80%');
    expect(await page.locator('video').first().evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.8);
    await page.keyboard.press('Home');
    await eventually(() => volume.getAttribute('aria-valuetext')).toBe('音量 0%');
    expect(await mute.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('End');
    await eventually(() => volume.getAttribute('aria-valuetext')).toBe('音量 100%');
    // 倍速: a list chosen by arrows.
    const rate = bar.getByRole('combobox', { name: '倍速' });
    await rate.focus();
    await page.keyboard.press('ArrowDown');
    await eventually(() => page.locator('video').first().evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.25);
    // 全屏: pressed while the player fills the screen; Escape leaves it.
    const full = bar.getByRole('button', { name: '全屏' });
    await full.focus();
    await page.keyboard.press('Enter');
    await eventually(() => full.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Enter');
    await eventually(() => full.getAttribute('aria-pressed')).toBe('false');
    await close();
  });

  it("a live lesson's replay has the same controls: the whole progress, held to the furthest point watched until the lesson is completed", { timeout: 120_000 }, async () => {
    const { page, close } = await browser.open('desktop');
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, REPLAY_LEARNER, 'Study@2026');
    // The demo's one ended lesson with a replay.
    const now = Date.now();
    const ended = (r: catalog.CourseResource) => r.kind === 'live' && Date.parse(r.liveEnd ?? '') < now;
    const course = await findCourse(baseUrl, firstIds(64), (c) => c.resources.some(ended));
    const lesson = course.resources.find(ended)!;
    await page.goto(`/studylive1?courseId=${course.id}&resourceId=${lesson.id}`);
    await eventually(() => page.getByText('直播已结束 · 回放').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(Number(await page.getByTestId('study-left').getAttribute('data-seconds'))).toBeGreaterThan(0);
    await eventually(async () => (await videoState(page)).ready, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    expect(await page.locator('video').first().getAttribute('controls')).toBeNull();
    const bar = page.getByRole('group', { name: /^播放控制：直播回放：/ });
    const play = bar.getByRole('button', { name: '播放' });
    await tabTo(page, play, 80);
    // One rendition (the demo's recording): no 清晰度.
    const names: (string | null | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      names.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')));
    }
    expect(names).toEqual(['进度', '静音', '音量', '倍速', '全屏']);
    await page.locator('.player').screenshot({ path: 'test-results/keys/player-replay-1280.png' });
    // Not completed by this learner: End on 进度 is refused, the page says why.
    const progress = bar.getByRole('slider', { name: '进度' });
    await progress.focus();
    await page.keyboard.press('End');
    await eventually(() => page.getByText('未完成学习的章节不能拖动到未观看的部分').isVisible()).toBe(true);
    expect((await videoState(page)).t).toBeLessThan(5);
    expect(await progress.getAttribute('aria-valuetext')).toMatch(/^已播放 \d+秒，共 /);
    // 播放 by Enter: the replay plays and counts.
    await page.locator('video').first().evaluate((v: HTMLVideoElement) => (v.muted = true));
    await play.focus();
    await page.keyboard.press('Enter');
    await eventually(async () => (await videoState(page)).t, { timeout: 20_000 }).toBeGreaterThan(2);
    await eventually(() => page.getByTestId('study-counting').textContent()).toBe('计时中');
    await close();
  });
});
