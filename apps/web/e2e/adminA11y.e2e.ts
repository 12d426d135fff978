/**
 * The administration area (/admin) against the accessibility rules the learner's pages are held to
 * (care.e2e.ts): every section, its tabs and main states (the list, an open form drawer or modal, a
 * record's editor or preview opened from the list), as the administrators whose roles see them, at 1280
 * and 375 px. Each state is judged by axe (any impact, with best practices) in standard mode; then care
 * mode is switched on in place and the page is measured (text, lines, sideways scroll, targets) and
 * judged again; then, still in care mode, one high-contrast pair (黄底黑字 at 1280 px, 黑底黄字 at
 * 375 px) with text at 7:1. Then the keyboard: the unit tree of 人员与单位, a drawer and a modal holding
 * and giving back the focus, and the folded section menu of a phone. ADMIN_A11Y_SHOTS=<dir> saves a
 * screenshot of each state in care mode. docs/decisions/0044-admin-care-and-keyboard.md.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { a11yViolations, browserOfThisFile, eventually, LIST_ROWS, rowAction, settleAnimations } from './helpers.ts';
import { contrastFindings, measureCare, switchDisplay } from './display.ts';
import { ADMINS, adminSession, openAdmin } from './admin.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const SHOTS = process.env.ADMIN_A11Y_SHOTS ?? '';
/** A new session may wait out the SMS resend interval (61 s) when another file just ended this administrator's. */
const LOGIN_WAIT_MS = 150_000;

type Who = keyof typeof ADMINS;
/** A state of a page reached by a click (a drawer, a modal), judged after the page itself; `close` brings the page back. */
interface Opened {
  name: string;
  reach: (page: Page) => Promise<void>;
}
interface AdminVisit {
  path: string;
  /** Something that is there once the page has its data (a table's row by default). */
  ready?: string;
  /** The page was judged on an earlier visit: only its states now. */
  skipSelf?: boolean;
  states?: Opened[];
}

const ROWS = '.ant-table-row';
/** A table's rows or its empty row, or on a phone a list's cards or its empty state: the list has answered. */
const LISTED = `.ant-table-tbody > tr:not([aria-hidden]), ${LIST_ROWS}, main .ant-empty`;
const dialogOpen = (name: string | RegExp) => async (page: Page) => {
  await eventually(() => page.getByRole('dialog', { name }).last().isVisible(), { timeout: 15_000, message: `dialog ${name}` }).toBe(true);
};
const clickThen = (button: string | RegExp, name: string | RegExp, scope = 'main'): Opened => ({
  name: typeof name === 'string' ? name : String(button),
  reach: async (page) => {
    await page.locator(scope).getByRole('button', { name: button }).first().click();
    await dialogOpen(name)(page);
  },
});

/** The first row's action opening a dialog: in the row at desk width, in its card's 操作 menu on a phone. */
const rowThen = (action: RegExp, name: RegExp): Opened => ({
  name: String(name),
  reach: async (page) => {
    await rowAction(page, page.locator(LIST_ROWS).first(), action);
    await dialogOpen(name)(page);
  },
});

/** The first row's link or button to a record's own page (an editor, a preview): followed, then judged (the walk's last state of its visit). */
const follow = (name: RegExp, label: string): Opened => ({
  name: label,
  reach: async (page) => {
    const before = page.url();
    // A third or later action is folded into the row's 更多 menu (a card's 操作 menu on a phone).
    await rowAction(page, page.locator(LIST_ROWS).first(), name);
    await eventually(() => page.url() !== before, { timeout: 15_000, message: label }).toBe(true);
    await eventually(() => page.locator('main :is(h2, h3)').last().isVisible(), { timeout: 15_000 }).toBe(true);
    await eventually(() => page.locator('main .ant-spin-spinning').count(), { timeout: 15_000 }).toBe(0);
  },
});

const GROUPS: { who: Who; visits: AdminVisit[] }[] = [
  {
    who: 'content',
    visits: [
      { path: '/admin', ready: '.admin-home-link' },
      { path: '/admin/content/notice', states: [clickThen('新建通知公告', '新建通知公告')] },
      { path: '/admin/content/news' },
      { path: '/admin/content/download' },
      { path: '/admin/content/faq' },
      { path: '/admin/content/carousel' },
      { path: '/admin/content/about' },
      { path: '/admin/content/link' },
    ],
  },
  {
    who: 'training',
    visits: [
      { path: '/admin/people', ready: '.ant-tree-treenode', states: [rowThen(/^修改 /, /^修改人员：/), clickThen('新建单位', '新建单位')] },
      { path: '/admin/imports', ready: 'main h2' },
      { path: '/admin/imports/history' },
      { path: '/admin/certificates' },
      { path: '/admin/certificates/rules', states: [rowThen(/发证规则 /, /^发证规则：/)] },
      { path: '/admin/courses', states: [follow(/^编辑$/, '编辑课程')] },
      { path: '/admin/courses/new', ready: 'main form' },
      { path: '/admin/media' },
      { path: '/admin/exams/questions', states: [clickThen('新增试题', '新增试题')] },
      { path: '/admin/exams/papers', states: [follow(/^预览$/, '预览')] },
      { path: '/admin/exams/papers', skipSelf: true, states: [follow(/^成绩$/, '成绩')] },
      { path: '/admin/exams/papers', skipSelf: true, states: [follow(/^编辑$/, '编辑考试')] },
      { path: '/admin/exams/papers/new', ready: 'main form' },
      { path: '/admin/training/topics', states: [follow(/^编辑培训项目 /, '编辑培训项目')] },
      { path: '/admin/training/classes', states: [follow(/^管理班级 /, '管理班级')] },
      { path: '/admin/training/years', states: [clickThen('新建年度', '新建培训年度')] },
    ],
  },
  {
    who: 'system',
    visits: [
      { path: '/admin/ops', ready: 'main .ant-descriptions' },
      { path: '/admin/audit' },
    ],
  },
];

async function settle(page: Page, visit: AdminVisit) {
  await eventually(() => page.locator('main h2').first().isVisible(), { timeout: 15_000, message: `${visit.path}: its heading` }).toBe(true);
  await eventually(() => page.locator(visit.ready ?? LISTED).count(), { timeout: 15_000, message: `${visit.path}: ${visit.ready ?? LISTED}` }).toBeGreaterThan(0);
  await eventually(() => page.locator('main .ant-spin-spinning').count(), { timeout: 15_000 }).toBe(0);
}

const axeAll = async (page: Page) => {
  let found = await a11yViolations(page, { impacts: 'all', bestPractice: true });
  if (found.length > 0) {
    await page.waitForTimeout(1_000);
    found = await a11yViolations(page, { impacts: 'all', bestPractice: true });
  }
  return found;
};

async function setCare(page: Page, care: boolean) {
  await switchDisplay(page, { care });
  await page.waitForFunction((c) => document.documentElement.hasAttribute('data-care') === c, care);
  // antd's sizes follow the theme on the next render, some with a transition (a tag's text grows over 0.2 s).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await settleAnimations(page, 2000);
}

/** Everything found in one state: axe in standard mode, care mode's measures and axe, and the contrast pair. */
async function judge(page: Page, size: 'desktop' | 'phone', tag: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  // The pointer off the controls: a tooltip left by the click that opened a drawer (a tap on a phone
  // leaves the pointer there) is a passing popup outside every landmark, not the page.
  await page.mouse.move(1, 1);
  const standard = await axeAll(page);
  if (standard.length) out.axe = standard;
  await setCare(page, true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${tag.replace(/[/?=&: ]/g, '_')}-${size}.png` });
  const m = await measureCare(page);
  if (m.sideways > 0) {
    // What reaches past the window's edge (the outermost such boxes), to say what makes it scroll.
    const wide = await page.evaluate(() => {
      const w = document.documentElement.clientWidth;
      return [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > w + 1 && !(el.parentElement && el.parentElement.getBoundingClientRect().right > w + 1))
        .slice(0, 4)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')} to ${Math.round(el.getBoundingClientRect().right)}px`);
    });
    out.sideways = `${m.sideways}px: ${wide.join(', ')}`;
  }
  if (m.outside.length) out.outside = m.outside;
  if (m.smallText.length) out.smallText = m.smallText;
  if (m.tightLines.length) out.tightLines = m.tightLines;
  if (m.smallTargets.length) out.smallTargets = m.smallTargets;
  const care = await axeAll(page);
  if (care.length) out.careAxe = care;
  const contrast = await contrastFindings(page, size === 'desktop' ? 'blackOnYellow' : 'yellowOnBlack');
  if (contrast.length) out.contrast = contrast;
  await setCare(page, false);
  return out;
}

describe('the administration area: no axe finding of any impact, care mode and high contrast', () => {
  for (const size of ['desktop', 'phone'] as const) {
    const width = size === 'desktop' ? 1280 : 375;
    for (const group of GROUPS) {
      it(`as the ${group.who} administrator at ${width} px`, { timeout: 400_000 }, async () => {
        await adminSession(baseUrl, ADMINS[group.who]);
        const { page, close, errors } = await browser.open(size, { bypassCSP: true });
        await openAdmin(page, baseUrl, ADMINS[group.who], '/admin');
        const found: Record<string, unknown> = {};
        for (const visit of group.visits) {
          await page.goto(visit.path);
          await settle(page, visit);
          const seen = visit.skipSelf ? {} : await judge(page, size, visit.path);
          if (Object.keys(seen).length) found[visit.path] = seen;
          for (const state of visit.states ?? []) {
            await state.reach(page);
            await page.waitForTimeout(400);
            const inState = await judge(page, size, `${visit.path} ${state.name}`);
            if (Object.keys(inState).length) found[`${visit.path} ${state.name}`] = inState;
            await page.keyboard.press('Escape');
            await page.waitForTimeout(300);
          }
        }
        expect(found).toEqual({});
        expect(errors).toEqual([]);
        await close();
      });
    }
  }
});

describe('the administration login', () => {
  for (const size of ['desktop', 'phone'] as const) {
    it(`/admin/login at ${size === 'desktop' ? 1280 : 375} px`, { timeout: LOGIN_WAIT_MS }, async () => {
      const { page, close } = await browser.open(size, { bypassCSP: true });
      await page.goto('/admin/login');
      await eventually(() => page.locator('.admin-login-card').isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await judge(page, size, '/admin/login')).toEqual({});
      await close();
    });
  }
});

const isFocused = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
/** Presses Tab from the top of the page until the element matching `selector` has the focus; how many presses. */
async function tabTo(page: Page, selector: string, most: number): Promise<number> {
  await page.locator('body').focus();
  for (let i = 1; i <= most; i++) {
    await page.keyboard.press('Tab');
    if (await isFocused(page, selector)) return i;
  }
  throw new Error(`${selector} not reached by ${most} presses of Tab`);
}

describe('the administration area by keyboard alone', () => {
  it("人员与单位's unit tree: one Tab stop, arrows move and open, Enter chooses as a click does; the node in hand is outlined", { timeout: LOGIN_WAIT_MS }, async () => {
    const { page, close } = await browser.open('desktop', { bypassCSP: true });
    await openAdmin(page, baseUrl, ADMINS.training, '/admin/people');
    const tree = page.getByRole('tree', { name: /^单位树/ });
    await eventually(() => tree.getByRole('treeitem').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await eventually(() => page.locator(ROWS).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const cities = await tree.getByRole('treeitem').allInnerTexts();
    // Tab reaches the tree; the node in hand (the first city) is marked for assistive technology and outlined.
    await tabTo(page, '.people-units [role="tree"]', 40);
    const activeName = () => page.evaluate(() => {
      const id = document.activeElement?.getAttribute('aria-activedescendant');
      return id ? (document.getElementById(id)?.textContent ?? '') : '';
    });
    await eventually(activeName).toBe(cities[0]);
    const outline = () => page.evaluate(() => {
      const s = getComputedStyle(document.querySelector('.ant-tree-treenode-active .ant-tree-node-content-wrapper')!);
      return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
    });
    expect(await outline()).toBe(true);
    // Down moves to the next city, Up back.
    await page.keyboard.press('ArrowDown');
    await eventually(activeName).toBe(cities[1]);
    await page.keyboard.press('ArrowUp');
    await eventually(activeName).toBe(cities[0]);
    // Right opens the city (its units appear), Right again enters its first unit, Left goes back up, Left closes.
    const first = tree.getByRole('treeitem').first();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowRight');
    await eventually(() => first.getAttribute('aria-expanded')).toBe('true');
    const units = tree.getByRole('treeitem').nth(1);
    const unitName = (await units.innerText()).replace(/（\d+）$/, '');
    await page.keyboard.press('ArrowRight');
    await eventually(activeName).toBe(await units.innerText());
    // Enter chooses the unit: it is selected, the address and the list follow (what a click does).
    await page.keyboard.press('Enter');
    await eventually(() => units.getAttribute('aria-selected')).toBe('true');
    await eventually(() => new URL(page.url()).searchParams.get('unitId')).toMatch(/^\d+$/);
    await eventually(() => page.getByText(`当前单位：${unitName}`).isVisible()).toBe(true);
    await eventually(() => page.locator(`${ROWS} .people-unit-cell`).allInnerTexts()).toEqual(expect.arrayContaining([unitName]));
    expect(new Set(await page.locator(`${ROWS} .people-unit-cell`).allInnerTexts())).toEqual(new Set([unitName]));
    // The focus stays in the tree after the list reloads; Left to the city, Enter chooses the city.
    expect(await isFocused(page, '.people-units [role="tree"]')).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await eventually(activeName).toBe(cities[0]);
    await page.keyboard.press('Enter');
    await eventually(() => first.getAttribute('aria-selected')).toBe('true');
    await eventually(() => new URL(page.url()).searchParams.get('cityId')).toMatch(/^\d+$/);
    expect(new URL(page.url()).searchParams.get('unitId') ?? '').toBe('');
    // Left closes the open city.
    await page.keyboard.press('ArrowLeft');
    await eventually(() => first.getAttribute('aria-expanded')).toBe('false');
    // In care mode a node's name and its open/close switch are pointer targets of 44 px or more.
    await setCare(page, true);
    const sizes = await page.evaluate(() =>
      [...document.querySelectorAll('.people-units :is(.ant-tree-switcher, .ant-tree-node-content-wrapper)')].map((el) => {
        const r = el.getBoundingClientRect();
        return Math.min(Math.round(r.width), Math.round(r.height));
      }),
    );
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(44);
    await setCare(page, false);
    await close();
  });

  it('a drawer and a modal hold the focus while open and give it back to the button that opened them', { timeout: LOGIN_WAIT_MS }, async () => {
    const { page, close } = await browser.open('desktop', { bypassCSP: true });
    await openAdmin(page, baseUrl, ADMINS.training, '/admin/people');
    await eventually(() => page.locator(ROWS).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // In the drawer or modal: its panel, or antd's frame around it (mask and panel), where antd's focus
    // lock may park the focus as it opens; Tab goes on into the panel from there.
    const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('.ant-drawer, .ant-modal-wrap, .ant-modal'));
    for (const [opener, title] of [
      [page.locator(ROWS).first().getByRole('button', { name: /^修改 / }), /^修改人员：/],
      [page.getByRole('button', { name: '新建单位' }), /^新建单位$/],
    ] as const) {
      await opener.focus();
      await page.keyboard.press('Enter');
      const box = page.getByRole('dialog', { name: title });
      await eventually(() => box.isVisible()).toBe(true);
      await eventually(inDialog, { message: `the focus in the dialog, not on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160))}` }).toBe(true);
      // Thirty presses of Tab, and as many of Shift+Tab, never leave it.
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        expect(await inDialog(), `Tab ${i + 1}: ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160))}`).toBe(true);
      }
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await inDialog(), `Shift+Tab ${i + 1}: ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160))}`).toBe(true);
      }
      await page.keyboard.press('Escape');
      await eventually(() => box.count()).toBe(0);
      await eventually(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    await close();
  });

  it('at 375 px the folded section menu opens from the header by keyboard, takes the focus, and Escape or a chosen section folds it again', { timeout: LOGIN_WAIT_MS }, async () => {
    const { page, close } = await browser.open('phone', { bypassCSP: true });
    await openAdmin(page, baseUrl, ADMINS.training, '/admin');
    const opener = page.getByRole('button', { name: '栏目' });
    await eventually(() => opener.isVisible(), { timeout: 15_000 }).toBe(true);
    const menu = page.locator('#admin-sider [role="menu"]');
    // Folded, the menu is no Tab stop.
    expect(await menu.evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    await tabTo(page, '.admin-menu-button', 10);
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await eventually(() => opener.getAttribute('aria-expanded')).toBe('true');
    await eventually(() => isFocused(page, '#admin-sider [role="menu"]')).toBe(true);
    await page.keyboard.press('Escape');
    await eventually(() => opener.getAttribute('aria-expanded')).toBe('false');
    await eventually(() => isFocused(page, '.admin-menu-button')).toBe(true);
    // Open again, Down to 人员与单位 (the second item), Enter: the section opens and the menu folds.
    await page.keyboard.press('Enter');
    await eventually(() => isFocused(page, '#admin-sider [role="menu"]')).toBe(true);
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await page.keyboard.press('ArrowDown');
    await eventually(focusedText).toBe('首页');
    await page.keyboard.press('ArrowDown');
    await eventually(focusedText).toBe('人员与单位');
    await page.keyboard.press('Enter');
    await eventually(() => new URL(page.url()).pathname).toBe('/admin/people');
    await eventually(() => opener.getAttribute('aria-expanded')).toBe('false');
    await close();
  });
});
