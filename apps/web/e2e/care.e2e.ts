/**
 * 关怀版 and the accessibility toolbar in the browser: care mode on every route measured
 * from computed styles (no sideways scroll, text ≥ 18 px, line height, targets ≥ 44 px) and judged by
 * axe (any impact, and again in a high-contrast pair switched in place), zoom 200 % without sideways scroll
 * (every page of the portal and /admin, at 1280 and 375 px; the learner's pages also in care mode),
 * the mode painted before any script runs, the toolbar by keyboard with its settings surviving a reload and following the person
 * to another browser, and a whole exam taken by keyboard in care mode. CARE_SHOTS=<dir> saves a
 * screenshot of each page.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DISPLAY_SETTINGS_KEY, person, STORAGE_KEY, urlOf } from '@portal/contract';
import { a11yViolations, ACCOUNTS, apiToken, browserOfThisFile, eventually, loginWithPassword, openLoginModal, pathOf, type Size } from './helpers.ts';
import { ADMINS, openAdmin } from './admin.ts';
import { contrastFindings, measureCare, STANDARD, storeDisplay, textOverlaps } from './display.ts';
import { EXAM, LEARNER, logIn, openVisit, PUBLIC, STUDY, TEACHER, type Visit } from './routes.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const SHOTS = process.env.CARE_SHOTS ?? '';
const PASSWORD = 'Study@2026';
/** Learners with no record, each for one test here (the demo exam takes one attempt per person). */
const CARE_EXAM = { desktop: { phone: '13900010080', password: PASSWORD }, phone: { phone: '13900010081', password: PASSWORD } };
const CARE_STUDY = { phone: '13900010082', password: PASSWORD };
const TOOLBAR_PERSON = '13900010083';
const KEYBOARD_EXAM = '13900010084';
/** Learners with no record for the exam pages zoomed to 200 %, one for each width (13900010132: the 1920 px walk). */
const ZOOM_EXAM = { desktop: { phone: '13900010130', password: PASSWORD }, phone: { phone: '13900010131', password: PASSWORD } };

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name.replace(/[/?=&]/g, '_')}.png` });
};

/** Opens each visit with the settings stored on the device; what the judge found, by address. */
async function walk(size: Size, visits: Visit[], judge: (page: Page) => Promise<unknown[] | Record<string, unknown>>, opts: { settings: Parameters<typeof storeDisplay>[1]; account?: { phone: string; password: string }; tag: string }) {
  const { page, close } = await browser.open(size, { bypassCSP: true });
  await storeDisplay(page, opts.settings);
  if (opts.account) {
    await logIn(page, opts.account);
    // The account's own settings win at login (a walk before this one gave it the standard ones back):
    // this walk's settings go onto the account and this device, as a person who switched them on would.
    const wanted = { ...STANDARD, ...opts.settings };
    await saveOnAccount(page, wanted);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [DISPLAY_SETTINGS_KEY, JSON.stringify(wanted)] as const);
  }
  const found: Record<string, unknown> = {};
  for (const visit of visits) {
    const address = await openVisit(page, visit);
    await shot(page, `${opts.tag}${address}-${size}`);
    const seen = await judge(page);
    if (Array.isArray(seen) ? seen.length > 0 : Object.keys(seen).length > 0) found[address] = seen;
  }
  // The login took this device's settings onto the account (it had none): the shared demo accounts
  // are given the standard ones back, so the other browser tests see them as they were.
  if (opts.account) await saveOnAccount(page, STANDARD);
  await close();
  return found;
}

/** Stores `settings` on the account of the page's login, or of `token`. */
async function saveOnAccount(page: Page | string, settings: typeof STANDARD) {
  const token = typeof page === 'string' ? page : await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token ?? '', STORAGE_KEY);
  const r = await fetch(`${baseUrl}${urlOf(person.saveDisplaySettings, '')}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(settings) });
  expect(r.status).toBe(200);
}

/**
 * The care mode's measures, only those that fail; axe's findings of any impact; then axe again with
 * care mode in a high-contrast pair (switched in place: 黄底黑字 at 1280 px, 黑底黄字 at 375 px, the
 * other pair of each width is judged in standard mode by accessibility.e2e.ts).
 */
async function careFindings(page: Page, size: 'desktop' | 'phone'): Promise<Record<string, unknown>> {
  const m = await measureCare(page);
  const out: Record<string, unknown> = {};
  if (m.sideways > 0) out.sideways = m.sideways;
  if (m.outside.length) out.outside = m.outside;
  if (m.smallText.length) out.smallText = m.smallText;
  if (m.tightLines.length) out.tightLines = m.tightLines;
  if (m.smallTargets.length) out.smallTargets = m.smallTargets;
  let axe = await a11yViolations(page, { impacts: 'all', bestPractice: true });
  if (axe.length) {
    await page.waitForTimeout(1_000);
    axe = await a11yViolations(page, { impacts: 'all', bestPractice: true });
  }
  if (axe.length) out.axe = axe;
  const contrast = await contrastFindings(page, size === 'desktop' ? 'blackOnYellow' : 'yellowOnBlack');
  if (contrast.length) out.contrast = contrast;
  return out;
}

/** /admin's sections, and the lists behind their tabs, as the administrators whose roles open them. */
const ADMIN_VISITS: { mobile: string; visits: [address: string, heading: string | RegExp][] }[] = [
  {
    mobile: ADMINS.training,
    visits: [
      ['/admin', /^您好/],
      ['/admin/people', '人员与单位'],
      ['/admin/imports', '数据导入'],
      ['/admin/certificates', '证书管理'],
      ['/admin/certificates/rules', '证书管理'],
      ['/admin/courses', '课程管理'],
      ['/admin/media', '媒体库'],
      ['/admin/exams', '考试管理'],
      ['/admin/exams/papers', '考试管理'],
      ['/admin/exams/papers/new', '考试管理'],
      ['/admin/training', '培训管理'],
      ['/admin/training/classes', '培训管理'],
      ['/admin/training/years', '培训管理'],
    ],
  },
  { mobile: ADMINS.content, visits: [['/admin/content', '内容管理']] },
  {
    mobile: ADMINS.system,
    visits: [
      ['/admin/audit', '审计日志'],
      ['/admin/ops', '运维状态'],
    ],
  },
];

/** Opens each /admin visit with the settings stored on the device; what the judge found, by address and size. */
async function walkAdmin(size: Size, settings: Parameters<typeof storeDisplay>[1], judge: (page: Page) => Promise<string[]>, tag: string) {
  const found: Record<string, string[]> = {};
  for (const { mobile, visits } of ADMIN_VISITS) {
    const { page, close } = await browser.open(size);
    await storeDisplay(page, settings);
    await openAdmin(page, baseUrl, mobile, visits[0]![0]);
    for (const [address, heading] of visits) {
      if (pathOf(page) !== address) await page.goto(address);
      await eventually(() => page.getByRole('heading', { name: heading }).first().isVisible(), { timeout: 15_000, message: `${address} has its title` }).toBe(true);
      await eventually(() => page.locator('.ant-spin-spinning, .page-loading, .ant-skeleton-active').count(), { message: `${address} finished loading` }).toBe(0);
      await shot(page, `${tag}${address}-${size}`);
      const out = await judge(page);
      if (out.length) found[`${address} ${size}`] = out;
    }
    await close();
  }
  return found;
}

const GROUPS: { name: string; visits: Visit[]; account?: (size: 'desktop' | 'phone') => { phone: string; password: string } }[] = [
  { name: 'the public pages, as a visitor', visits: PUBLIC },
  { name: "the learner's pages", visits: LEARNER, account: () => ACCOUNTS.learner },
  { name: 'the study pages', visits: STUDY, account: () => CARE_STUDY },
  { name: 'the exam pages', visits: EXAM, account: (size) => CARE_EXAM[size] },
  { name: "the teacher's class area", visits: TEACHER, account: () => ACCOUNTS.teacher },
];

describe('关怀版 on every route', () => {
  for (const size of ['desktop', 'phone'] as const) {
    const width = size === 'desktop' ? 1280 : 375;
    for (const group of GROUPS) {
      it(`${group.name} in care mode at ${width} px: no sideways scroll, text ≥ 18 px, lines ≥ 1.3, targets ≥ 44 px, no axe finding of any impact, and none in ${size === 'desktop' ? '黄底黑字' : '黑底黄字'}`, { timeout: 300_000 }, async () => {
        expect(await walk(size, group.visits, (page) => careFindings(page, size), { settings: { care: true }, account: group.account?.(size), tag: 'care' })).toEqual({});
      });
    }
  }
});

describe('zoom', () => {
  // 200 % on every page, at 1280 px and on a phone: no sideways scroll, no text past the edge, a box
  // that scrolls sideways on its own (a wide table) a named region a keyboard reaches, and the phone's
  // layout taken wherever the zoomed page is phone-wide.
  const zoomed = async (page: Page) => {
    const m = await measureCare(page);
    const out = m.sideways > 0 ? [`${m.sideways}px`, ...m.outside] : [...m.outside];
    out.push(...m.unnamedScrollers.map((s) => `scrolls sideways outside a named region: ${s}`));
    const layout = await page.evaluate(() => ({
      width: document.getElementById('root')!.clientWidth,
      burger: document.querySelector('.header-burger') ? getComputedStyle(document.querySelector('.header-burger')!).display !== 'none' : null,
      nav: document.querySelector('.header-nav') ? getComputedStyle(document.querySelector('.header-nav')!).display !== 'none' : null,
    }));
    // At 200 % the page is 640 px (1280) or 187 px (375) wide: under 768 px, the phone's header.
    if (layout.width > 768) out.push(`the page is ${layout.width}px wide at 200 %`);
    if (layout.burger === false || layout.nav === true) out.push(`the desktop header at ${layout.width}px`);
    return out;
  };
  const BOTH = ['desktop', 'phone'] as const;
  const groups: [string, Visit[], (size: 'desktop' | 'phone') => { phone: string; password: string } | undefined][] = [
    ['the public pages', PUBLIC, () => undefined],
    ["the learner's pages", LEARNER, () => ACCOUNTS.learner],
    ['the study pages', STUDY, () => CARE_STUDY],
    // The demo exam takes one attempt per person: a learner of its own at each width.
    ['the exam pages', EXAM, (size) => ZOOM_EXAM[size]],
    ["the teacher's class area", TEACHER, () => ACCOUNTS.teacher],
  ];
  for (const [name, visits, account] of groups) {
    it(`${name} zoomed to 200 % at 1280 and 375 px: the phone layout, no sideways scroll, no text past the edge`, { timeout: 400_000 }, async () => {
      for (const size of BOTH) expect(await walk(size, visits, zoomed, { settings: { zoom: 2 }, account: account(size), tag: 'zoom' })).toEqual({});
    });
  }

  // 关怀版 and 200 % together (the zoom a person who needs larger text also sets): the page is 640 px
  // wide with text a third larger. A list's table gives way to cards, a column's picture stays above
  // its title (both failed here: 13 px sideways on 打印证书, titles a character a line on 学习专栏).
  it("the learner's pages in care mode zoomed to 200 % at 1280 px: no sideways scroll, no text past the edge or over other text", { timeout: 400_000 }, async () => {
    const judge = async (page: Page) => [...(await zoomed(page)), ...(await textOverlaps(page))];
    expect(await walk('desktop', LEARNER, judge, { settings: { care: true, zoom: 2 }, account: ACCOUNTS.learner, tag: 'care-zoom' })).toEqual({});
  });

  // /admin has no toolbar, but the device's 页面缩放 holds there too (the administrator may have set it on the portal).
  it('the administration area zoomed to 200 % at 1280 and 375 px: the menu folded, no sideways scroll, no text past the edge, wide tables in named regions', { timeout: 400_000 }, async () => {
    const folded = async (page: Page) => {
      const out = await zoomed(page);
      // The page is under antd's lg (992 px) at 200 %: the side menu folds behind its trigger.
      const menu = await page.locator('.admin-sider').evaluate((el) => el.clientWidth);
      if (menu > 0) out.push(`the side menu open, ${menu}px`);
      return out;
    };
    for (const size of BOTH) expect(await walkAdmin(size, { zoom: 2 }, folded, 'zoom')).toEqual({});
  });
});

describe('a wide screen', () => {
  // 1920 px in standard mode, one walk of every page and /admin's sections (no axe: the other walks
  // judge the same pages): no sideways scroll, no text past the edge or over other text, and the page's
  // content on the edges of the header's rows (1200 px, centred). The teacher's class area takes the
  // screen's width on purpose (areas.ts `wide`: its tables' columns), so only the header is judged there.
  const WIDE_EXAM = { phone: '13900010132', password: PASSWORD };
  const judged = async (page: Page) => {
    const m = await measureCare(page);
    const out = m.sideways > 0 ? [`${m.sideways}px`, ...m.outside] : [...m.outside];
    out.push(...(await textOverlaps(page)).map((o) => `text over text: ${o}`));
    const edges = await page.evaluate(() => {
      const inner = (el: Element | null) => {
        if (!el) return null;
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return [Math.round(r.left + parseFloat(s.paddingLeft)), Math.round(r.right - parseFloat(s.paddingRight))];
      };
      const right = (el: Element | null) => (el ? Math.round(el.getBoundingClientRect().right) : null);
      return {
        header: inner(document.querySelector('.header-brand-inner')),
        rows: ['.header-top-inner', '.header-nav-inner', 'footer .footer-inner'].map((q) => inner(document.querySelector(q))),
        content: inner(document.querySelector('main .page-container:not(.classroom-wide)')),
        ends: [right(document.querySelector('.header-tools')), right(document.querySelector('.header-display'))],
      };
    });
    if (edges.header) {
      const [left, right] = edges.header;
      for (const row of [...edges.rows, edges.content]) if (row && (Math.abs(row[0]! - left!) > 1 || Math.abs(row[1]! - right!) > 1)) out.push(`edges ${row.join('–')} under the header's ${left}–${right}`);
      for (const end of edges.ends) if (end !== null && Math.abs(end - right!) > 1) out.push(`the header's links or buttons end at ${end}, its rows at ${right}`);
    }
    return out;
  };
  it('every page and /admin at 1920 px: no sideways scroll, no text past the edge or over other text, the content on the header’s edges', { timeout: 600_000 }, async () => {
    const found: Record<string, unknown> = {};
    const groups: [Visit[], { phone: string; password: string } | undefined][] = [
      [PUBLIC, undefined],
      [LEARNER, ACCOUNTS.learner],
      [STUDY, CARE_STUDY],
      [EXAM, WIDE_EXAM],
      [TEACHER, ACCOUNTS.teacher],
    ];
    for (const [visits, account] of groups) Object.assign(found, await walk('wide', visits, judged, { settings: {}, account, tag: 'wide' }));
    Object.assign(found, await walkAdmin('wide', {}, judged, 'wide'));
    expect(found).toEqual({});
  });
});

describe('the settings before the first paint, by keyboard, and on the account', () => {
  it('a page rendered on the server is painted in care mode and high contrast before any script of the app runs', async () => {
    const { page, close } = await browser.open('desktop');
    await storeDisplay(page, { care: true, contrast: 'blackOnYellow' });
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto('/index');
    const root = await page.evaluate(() => ({ care: document.documentElement.hasAttribute('data-care'), contrast: document.documentElement.dataset.contrast, size: getComputedStyle(document.querySelector('main p, main li') ?? document.body).fontSize, brand: getComputedStyle(document.querySelector('.brand-name')!).fontSize }));
    // Body text at 18 px; a text larger than that keeps its own size (the college's name, 26 px).
    expect(root).toEqual({ care: true, contrast: 'blackOnYellow', size: '18px', brand: '26px' });
    await close();
  });

  it('the toolbar works by keyboard and is announced; its settings survive a reload and follow the person to another browser', { timeout: 120_000 }, async () => {
    // The account starts from the standard settings: on CI a failed test runs once more (ADR 0046),
    // and an attempt that got as far as saving them on the account would make the next log in with them.
    await saveOnAccount(await apiToken(baseUrl, TOOLBAR_PERSON, PASSWORD), STANDARD);
    const a = await browser.open('desktop');
    await a.page.goto('/index');
    await loginWithPassword(a.page, baseUrl, TOOLBAR_PERSON, PASSWORD);
    const opener = a.page.getByRole('button', { name: '无障碍' });
    // Tab from the top of the page to the toolbar's button.
    await a.page.locator('body').focus();
    for (let i = 0; i < 40 && !(await opener.evaluate((el) => el === document.activeElement)); i++) await a.page.keyboard.press('Tab');
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
    await a.page.keyboard.press('Enter');
    const bar = a.page.getByRole('region', { name: '无障碍工具条' });
    await eventually(() => bar.isVisible()).toBe(true);
    expect(await opener.getAttribute('aria-expanded')).toBe('true');
    // The focus is on its first button, 放大; four presses reach 200 %.
    for (let i = 0; i < 4; i++) await a.page.keyboard.press('Enter');
    const said = bar.getByRole('status');
    await eventually(() => said.textContent()).toBe('页面缩放 200%');
    expect(await a.page.evaluate(() => document.documentElement.dataset.zoom)).toBe('2');
    // Tab on to 黑底黄字 (past 缩小 and 重置) and press it.
    const yellow = bar.getByRole('button', { name: '黑底黄字' });
    for (let i = 0; i < 6 && !(await yellow.evaluate((el) => el === document.activeElement)); i++) await a.page.keyboard.press('Tab');
    await a.page.keyboard.press('Space');
    expect(await yellow.getAttribute('aria-pressed')).toBe('true');
    await eventually(() => said.textContent()).toBe('已切换为黑底黄字');
    // On to 纯文本: kept like the others (a person who reads text only wants it on the next page too).
    const plainText = bar.getByRole('button', { name: '纯文本' });
    for (let i = 0; i < 8 && !(await plainText.evaluate((el) => el === document.activeElement)); i++) await a.page.keyboard.press('Tab');
    await a.page.keyboard.press('Enter');
    expect(await plainText.getAttribute('aria-pressed')).toBe('true');
    await eventually(() => said.textContent()).toBe('已切换为纯文本');
    await a.page.keyboard.press('Escape');
    await eventually(() => bar.count()).toBe(0);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    // The care switch by keyboard too.
    await a.page.getByRole('button', { name: '关怀版' }).focus();
    await a.page.keyboard.press('Enter');
    await eventually(() => a.page.evaluate(() => document.documentElement.hasAttribute('data-care'))).toBe(true);
    await shot(a.page, 'toolbar-1280');

    // A reload: the same settings, on the root before the app has run.
    await a.page.reload();
    expect(await a.page.evaluate(() => ({ ...document.documentElement.dataset }))).toMatchObject({ zoom: '2', contrast: 'yellowOnBlack', care: '', plain: '' });
    // 纯文本 on the next article opened: its picture is not shown, its text is.
    await a.page.goto('/pictureNewInfo?id=1');
    // The article's own text (the breadcrumb above it, also a p, is there before the article has loaded).
    await eventually(() => a.page.locator('main article p').first().isVisible()).toBe(true);
    expect(await a.page.evaluate(() => [...document.querySelectorAll('main img')].map((i) => getComputedStyle(i).display))).toEqual(['none']);
    // On the account too.
    const token = await a.page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token: string }).token, STORAGE_KEY);
    await eventually(async () => {
      const r = await fetch(`${baseUrl}${urlOf(person.getDisplaySettings, '')}`, { method: 'POST', headers: { authorization: token } });
      return ((await r.json()) as { obj: unknown }).obj;
    }).toMatchObject({ care: true, zoom: 2, contrast: 'yellowOnBlack', plain: true });
    // A logout keeps the device's settings. At 1280 px and 200 % the page has the phone's layout
    // (docs/decisions/0041-zoom-layout.md): 退出登录 is in the menu drawer.
    await a.page.getByRole('button', { name: '打开菜单' }).click();
    await a.page.locator('.header-drawer').getByRole('button', { name: '退出登录' }).click();
    await eventually(() => a.page.evaluate((key) => localStorage.getItem(key), DISPLAY_SETTINGS_KEY)).toContain('"care":true');
    await a.close();

    // Another browser: standard until the person logs in, then theirs.
    const b = await browser.open('desktop');
    await b.page.goto('/index');
    expect(await b.page.evaluate(() => document.documentElement.hasAttribute('data-care'))).toBe(false);
    await loginWithPassword(b.page, baseUrl, TOOLBAR_PERSON, PASSWORD);
    await eventually(() => b.page.evaluate(() => ({ ...document.documentElement.dataset }))).toMatchObject({ zoom: '2', contrast: 'yellowOnBlack', care: '', plain: '' });
    // And on a phone's width, 200 % with large text still does not scroll sideways.
    await b.page.setViewportSize({ width: 375, height: 740 });
    await shot(b.page, 'toolbar-other-browser-375');
    await eventually(() => b.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await b.close();
  });

  it('the image captcha names its alternative beside it: the SMS login, one press away', async () => {
    const { page, close } = await browser.open('desktop');
    await page.goto('/index');
    const { modal } = await openLoginModal(page);
    const alternative = modal.getByRole('button', { name: '看不清图形验证码？改用短信验证码登录' });
    await alternative.focus();
    await page.keyboard.press('Enter');
    await eventually(() => modal.getByRole('tab', { name: '短信登录' }).getAttribute('aria-selected')).toBe('true');
    await close();
  });

  it('a whole exam by keyboard alone in care mode: choose, type, mark, move, hand in', { timeout: 240_000 }, async () => {
    const { page, close } = await browser.open('desktop');
    await storeDisplay(page, { care: true });
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, KEYBOARD_EXAM, PASSWORD);
    await page.goto('/onlineExam');
    const take = page.getByRole('button', { name: /^参加考试 公务员职业道德与廉洁从政知识测试/ });
    await take.focus();
    await page.keyboard.press('Enter');
    await eventually(() => pathOf(page)).toBe('/examInfo');
    const start = page.getByRole('button', { name: /开始考试|继续考试/ });
    await eventually(() => start.isVisible()).toBe(true);
    await start.focus();
    await page.keyboard.press('Enter');
    await eventually(() => pathOf(page)).toBe('/exam');
    await eventually(() => page.locator('#question-1').isVisible(), { timeout: 15_000 }).toBe(true);
    await shot(page, 'care-exam-1280');

    const sheet = page.getByRole('navigation', { name: '答题卡' });
    // One question at a time, by the keyboard: focus its field, answer (a choice by Space, a blank by
    // typing), mark the first, 下一题; until a blank has been typed into (the paper is shuffled).
    let typed = false;
    for (let no = 1; no <= 30 && !(typed && no > 3); no++) {
      const q = page.locator(`#question-${no}`);
      await eventually(() => q.isVisible()).toBe(true);
      const blank = q.locator('input.exam-fill, .exam-fill input');
      if ((await blank.count()) > 0) {
        await blank.focus();
        await page.keyboard.type('依法行政');
        await page.keyboard.press('Enter');
        typed = true;
      } else {
        await q.locator('input').first().focus();
        await page.keyboard.press('Space');
      }
      await eventually(() => q.locator('.exam-save').textContent()).toBe('已保存');
      // The save is announced.
      await eventually(() => page.getByRole('status').filter({ hasText: `第${no}题已保存` }).count()).toBe(1);
      if (no === 1) {
        await page.getByRole('checkbox', { name: '标记本题（稍后再看）' }).first().focus();
        await page.keyboard.press('Space');
        await eventually(() => sheet.getByRole('button', { name: /^第1题 已答 已标记/ }).count()).toBe(1);
      }
      await page.getByRole('button', { name: /下一题/ }).focus();
      await page.keyboard.press('Enter');
    }
    expect(typed).toBe(true);
    // Back to question 1 from the answer sheet.
    await sheet.getByRole('button', { name: /^第1题 / }).focus();
    await page.keyboard.press('Enter');
    await eventually(() => page.locator('#question-1').isVisible()).toBe(true);
    // Hand in: 交卷, then the confirmation's 交卷 by keyboard.
    await page.locator('.exam-bar').getByRole('button', { name: /^交\s*卷$/ }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog').filter({ hasText: '确认交卷' });
    await eventually(() => confirm.isVisible()).toBe(true);
    // The dialog holds the focus.
    expect(await confirm.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await confirm.getByRole('button', { name: /^交\s*卷$/ }).focus();
    await page.keyboard.press('Enter');
    await eventually(() => page.getByText(/分（满分\d+分）/).isVisible(), { timeout: 20_000 }).toBe(true);
    await close();
  });
});
