/** Shared pieces of the browser tests: the system Chromium, pages at a size, and the server's development doubles. */
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { STORAGE_KEY } from '@portal/contract';
import { CHROMIUM_PATH } from './chromium.ts';

export const ACCOUNTS = {
  learner: { phone: '13800000001', password: 'Study@2026' },
  trainNoExam: { phone: '13800000002', password: 'Study@2026' },
  trainExam: { phone: '13800000003', password: 'Study@2026' },
  teacher: { phone: '13800000004', password: 'Teach@2026' },
  learnerLevel8: { phone: '13800000005', password: 'Study@2026' },
  unregistered: { phone: '13900000000', password: 'Study@2026' },
} as const;

/** expect.poll with a patience fit for a shared 2-core machine (vitest's default is 1 s). */
export function eventually<T>(fn: () => T | Promise<T>, options: { timeout?: number; message?: string } = {}) {
  return expect.poll(fn, { timeout: 10_000, interval: 100, ...options });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface Opened {
  page: Page;
  /** Uncaught page errors seen so far (a test may assert there were none). */
  errors: string[];
  close: () => Promise<void>;
}

/**
 * The browser of one test file: launched before its tests and closed after them; `open` gives a fresh
 * context (openPage) on the server the global setup started.
 */
export function browserOfThisFile(launch: () => Promise<Browser> = launchBrowser) {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    open(size: Size = 'desktop', opts: PageOptions = {}): Promise<Opened> {
      if (!browser) throw new Error('the browser of this file is not launched yet');
      return openPage(browser, inject('baseUrl'), size, opts);
    },
  };
}

/** `timezoneId`: the computer's time zone (the system's by default). */
export interface PageOptions {
  bypassCSP?: boolean;
  javaScriptEnabled?: boolean;
  timezoneId?: string;
}

/** The window sizes of the browser tests: desktop 1280 × 900, phone 375 × 740 (touch), wide 1920 × 1080 (a large office screen). */
export type Size = 'desktop' | 'phone' | 'wide';
const VIEWPORTS: Record<Size, { width: number; height: number }> = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 740 }, wide: { width: 1920, height: 1080 } };

/** A fresh browser context (its own storage) at desktop 1280 px, phone 375 px or wide 1920 px. */
export async function openPage(browser: Browser, baseUrl: string, size: Size = 'desktop', opts: PageOptions = {}): Promise<Opened> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    bypassCSP: opts.bypassCSP ?? false,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    locale: 'zh-CN',
    timezoneId: opts.timezoneId,
    viewport: VIEWPORTS[size],
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

export async function devCaptcha(baseUrl: string, id: string): Promise<string> {
  const r = await fetch(`${baseUrl}/dev/captcha/${encodeURIComponent(id)}`);
  expect(r.status, 'dev captcha answer').toBe(200);
  return ((await r.json()) as { captcha: string }).captcha;
}

/** A password login through the API (the development endpoint answers the captcha): the envelope's code (0 on success) and the token. */
export async function apiLogin(baseUrl: string, phone: string, password: string): Promise<{ code: number; token: string | null }> {
  const cap = (await (await fetch(`${baseUrl}/v1/portal/uc/session/captcha/request_image_code`, { method: 'POST' })).json()) as { data: { id: string } };
  const r = await fetch(`${baseUrl}/v1/portal/uc/session/username_login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ captcha_session_id: cap.data.id, captcha: await devCaptcha(baseUrl, cap.data.id), username: phone, password, expires: 604800 }),
  });
  const body = (await r.json()) as { code: number; data: { authorization: { id: string } } | null };
  return { code: body.code, token: body.data?.authorization.id ?? null };
}

/** A session token of `phone`, logged in by password through the API; a refused login fails the test. */
export async function apiToken(baseUrl: string, phone: string, password: string): Promise<string> {
  const { code, token } = await apiLogin(baseUrl, phone, password);
  expect(token, `login of ${phone} refused (code ${code})`).toBeTruthy();
  return token!;
}

export async function devSms(baseUrl: string, phone: string): Promise<string> {
  const r = await fetch(`${baseUrl}/dev/sms?phone=${phone}`);
  expect(r.status, 'dev sms outbox').toBe(200);
  return ((await r.json()) as { code: string }).code;
}

/** Waits for the next request_image_code answer and gives its captcha id. */
export function nextCaptchaId(page: Page): Promise<string> {
  return page
    .waitForResponse((r) => r.url().includes('/captcha/request_image_code') && r.status() === 200)
    .then(async (r) => ((await r.json()) as { data: { id: string } }).data.id);
}

export const dialog = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title });

/** A toast (antd notification) with this text. */
export const toastWith = (page: Page, text: string): Locator => page.locator('.ant-notification-notice').filter({ hasText: text });

/**
 * Waits (up to 20 s: a loaded CI machine) for exactly one toast with this text. When it does not come,
 * the failure says what the page did show instead: the toasts and the open dialogs, so a flake on CI
 * tells its cause (a refusal, a press that never landed) rather than only "expected 0 to be 1".
 */
export async function expectOneToast(page: Page, text: string, timeout = 20_000): Promise<void> {
  try {
    await eventually(() => toastWith(page, text).count(), { timeout }).toBe(1);
  } catch (err) {
    const toasts = await page.locator('.ant-notification-notice').allTextContents();
    const dialogs = await page.getByRole('dialog').allTextContents();
    throw new Error(`no single toast "${text}" within ${timeout} ms; toasts shown: ${JSON.stringify(toasts)}; dialogs open: ${JSON.stringify(dialogs)}`, { cause: err });
  }
}

/** Opens the login modal from the header (a visitor's 登录) and waits for its captcha. */
export async function openLoginModal(page: Page): Promise<{ modal: Locator; captchaId: string }> {
  const captcha = nextCaptchaId(page);
  await page.getByRole('navigation', { name: '账户' }).getByRole('button', { name: '登录', exact: true }).click();
  const modal = dialog(page, '用户登录');
  await eventually(() => modal.isVisible()).toBe(true);
  return { modal, captchaId: await captcha };
}

/** Fills and submits the password form of an open login modal. */
export async function submitPasswordLogin(page: Page, baseUrl: string, modal: Locator, captchaId: string, phone: string, password: string) {
  await modal.getByLabel('手机号', { exact: true }).fill(phone);
  await modal.getByLabel('密码', { exact: true }).fill(password);
  await modal.getByLabel('验证码', { exact: true }).fill(await devCaptcha(baseUrl, captchaId));
  await modal.getByRole('button', { name: '登录', exact: true }).click();
}

/** Password login from the index page as a person would; waits for 登录成功！. */
export async function loginWithPassword(page: Page, baseUrl: string, phone: string, password: string) {
  const { modal, captchaId } = await openLoginModal(page);
  await submitPasswordLogin(page, baseUrl, modal, captchaId, phone, password);
  await eventually(() => toastWith(page, '登录成功！').count(), { timeout: 15_000 }).toBeGreaterThan(0);
}

export async function storedRecord(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The demo's first certificate, issued last year to learner 13800000001 (checked against the server). */
export async function demoCertificateNo(baseUrl: string): Promise<string> {
  const no = `ZS${new Date().getFullYear() - 1}000001`;
  const r = await fetch(`${baseUrl}/video_learning/education/index/findCertificateByNo?certNo=${no}`, { method: 'POST' });
  const body = (await r.json()) as { obj: { certNo: string } | null };
  expect(body.obj?.certNo, `demo certificate ${no}`).toBe(no);
  return no;
}

/** Scrolls to the bottom so the home page's deferred sections load. */
export async function scrollHomeToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await eventually(() => page.getByRole('heading', { name: '友情链接' }).isVisible()).toBe(true);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

const require = createRequire(import.meta.url);
/**
 * What axe-core judges. `impacts`: 'serious' (serious and critical only, the default) or 'all' (minor
 * and moderate too). `bestPractice`: axe's best practices as well (landmarks, regions, heading order,
 * one h1), which the 'all' walks of every route use. `enhancedContrast`: text at 7:1 (WCAG AAA 1.4.6),
 * for the high-contrast modes, which promise more than AA's 4.5:1.
 */
export interface AxeOptions {
  impacts?: 'serious' | 'all';
  bestPractice?: boolean;
  enhancedContrast?: boolean;
}

/** Waits for the page's finite animations to end (spinners are not waited for), at most `ms`. */
export async function settleAnimations(page: Page, ms: number): Promise<void> {
  await page.evaluate(
    (limit) =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((r) => setTimeout(r, limit)),
      ]),
    ms,
  );
}

/** axe-core's WCAG 2.0/2.1 A and AA findings on the current page (the page needs bypassCSP to inject axe), as `rule: targets`. */
export async function a11yViolations(page: Page, opts: AxeOptions = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  // The page as it settles: a button that just became enabled fades from its disabled colours for a
  // moment, and axe caught it half way under load (colour contrast of a passing page). Endless
  // animations (spinners) are not waited for.
  await settleAnimations(page, 3000);
  const tags = ['wcag2a', 'wcag2aa', ...(opts.impacts === 'all' ? ['wcag21a', 'wcag21aa'] : []), ...(opts.bestPractice ? ['best-practice'] : [])];
  const found = await page.evaluate(
    async ([values, enhanced]) => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values }, ...(enhanced ? { rules: { 'color-contrast-enhanced': { enabled: true } } } : {}) });
      // An element on its way out (antd's leave motion: a toast closing by itself, a modal fading) is
      // judged half transparent by colour contrast; it is gone a moment later and was judged while shown.
      const leaving = /\bant-[\w-]+-leave\b/;
      return result.violations
        .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).filter((t) => !leaving.test(t)) }))
        .filter((v) => v.nodes.length > 0)
        .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.join(', ') }));
    },
    [tags, opts.enhancedContrast === true] as const,
  );
  return found.filter((v) => opts.impacts === 'all' || v.impact === 'serious' || v.impact === 'critical').map((v) => (opts.impacts === 'all' ? `${v.id} (${v.impact}): ${v.targets}` : `${v.id}: ${v.targets}`));
}

/** axe-core's WCAG 2 A/AA findings of serious or critical impact on the current page (the page needs bypassCSP to inject axe). */
export const seriousA11yViolations = (page: Page): Promise<string[]> => a11yViolations(page);

/** Watches the page from its first byte: the layout shifts (CLS, as Lighthouse adds them) from now on. */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
/** The layout shifts added up since watchLayoutShifts. */
export const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

/**
 * A row's cell under the column headed `header`. The list kit orders a table's columns by its plan
 * (title first, state and time beside it), so a test names the column instead of counting to it.
 */
export async function cellUnder(row: Locator, header: string): Promise<Locator> {
  const table = row.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-table ")][1]');
  const heads = (await table.locator('.ant-table-thead tr').last().locator('th').allTextContents()).map((h) => h.trim());
  const at = heads.indexOf(header);
  if (at < 0) throw new Error(`no column headed ${header}: ${heads.join(' | ')}`);
  return row.locator('td').nth(at);
}

/** A list's rows: a table's rows at desk width, its cards below 768 px (ResponsiveTable). */
export const LIST_ROWS = '.ant-table-row, .rt-card';

/**
 * Clicks the action `name` (a button or link) of one row of a list. A row shows its first two actions
 * and folds the rest into 更多, and a phone card keeps all of them in its one 操作 menu (RowActions.tsx),
 * so the action is clicked where it is: in the row if shown there, else in the menu its opener shows.
 */
export async function rowAction(page: Page, row: Locator, name: string | RegExp): Promise<void> {
  const named = (scope: Locator) => scope.getByRole('link', { name }).or(scope.getByRole('button', { name })).first();
  const inline = named(row);
  const opener = row.getByRole('button', { name: /^(更多)?操作( |$)/ }).first();
  // Wait for the row to be drawn before deciding that the action is not in it.
  await eventually(async () => (await inline.isVisible()) || (await opener.isVisible()), { timeout: 15_000, message: `row action ${String(name)}` }).toBe(true);
  if (await inline.isVisible()) {
    await inline.click();
    return;
  }
  await opener.click();
  // The menu is a popover outside the row; only the open one is visible.
  const item = named(page.locator('.list-actions-menu:visible').last());
  await eventually(() => item.isVisible(), { timeout: 10_000, message: `${String(name)} in the row's menu` }).toBe(true);
  await item.click();
}
