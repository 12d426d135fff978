/**
 * The public portal and the course catalogue as a visitor and a learner use them: the home page's
 * sections, a news article, a notice, the catalogue (search, category, sort, page 2), the certificate
 * check (found and not found), adding a course, the charts (axe on every page: accessibility.e2e.ts).
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { LOADING_FADE_MS, SIDE_PANEL_OFFSET_PX } from '@portal/contract';
import { ACCOUNTS, browserOfThisFile, demoCertificateNo, dialog, eventually, layoutShift, loginWithPassword, nextCaptchaId, pathOf, scrollHomeToEnd, watchLayoutShifts } from './helpers.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();

const search = (page: Page) => new URL(page.url()).searchParams;
/** The titles of the catalogue's current list, once no request for it is in flight. */
async function courseTitles(page: Page): Promise<string[]> {
  await eventually(() => page.locator('.course-results [aria-busy="true"]').count()).toBe(0);
  return page.locator('.course-results .course-grid').locator('.course-title').allTextContents();
}

/**
 * Whether the catalogue lists courses and every card mentions the word. The address changes before React
 * renders the new list (the router's navigation is a transition), so a test waits for the list itself.
 */
async function everyCardMentions(page: Page, word: string): Promise<boolean> {
  if ((await courseTitles(page)).length === 0) return false;
  const cards = await page.locator('.course-results .course-grid').locator('.course-body').allTextContents();
  return cards.length > 0 && cards.every((t) => t.includes(word));
}

/**
 * How a server-rendered page loaded its files: when its scripts were asked for, against the page's
 * load event, and whether any style sheet was fetched (they all come inside the page).
 */
const loadOrder = (page: Page) =>
  page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const files = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = files.filter((f) => /\/assets\/.*\.js$/.test(f.name));
    return {
      load: nav.loadEventStart,
      firstScript: Math.min(...scripts.map((f) => f.startTime)),
      scripts: scripts.length,
      styleSheets: files.filter((f) => /\.css$/.test(f.name)).length,
    };
  });

describe('the public portal', () => {
  it('/index and /course come rendered by the server: readable without scripts, then hydrated in place without an error', async () => {
    // Without JavaScript: the server's page is the whole first screen, its largest picture included.
    const still = await browser.open('desktop', { javaScriptEnabled: false });
    await still.page.goto('/index');
    expect(await still.page.title()).toMatch(/^首页 - /);
    const firstNews = still.page.locator('.carousel-slide img').first();
    expect(await firstNews.getAttribute('alt')).toBeTruthy();
    expect(await firstNews.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await still.page.getByRole('heading', { name: '通知公告' }).isVisible()).toBe(true);
    expect(await still.page.locator('#app-loading').count()).toBe(0);
    await still.page.goto('/course?sort=popular&page=2');
    expect(await still.page.title()).toMatch(/^课程分类 - /);
    expect(await still.page.locator('.course-results .course-title').count()).toBeGreaterThan(0);
    const rendered = await still.page.locator('.course-results .course-title').allTextContents();
    await still.close();

    // With JavaScript (its entry held back 1 s, as on a slow line): the scripts are asked for only
    // once the page has loaded, its styles come inside it. The visitor scrolls the server's page
    // meanwhile; React then adopts the server's nodes (the same elements stay) without moving the
    // page back to the top or shifting anything on it, with no error or mismatch in the console.
    const { page, errors, close } = await browser.open();
    await watchLayoutShifts(page);
    const console: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') console.push(m.text());
    });
    await page.route('**/assets/index-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    await page.goto('/index', { waitUntil: 'commit' });
    await eventually(() => page.locator('.carousel-slide img').count()).toBeGreaterThan(0);
    const adopted = (selector: string) => page.evaluate((s) => Object.keys(document.querySelector(s) ?? {}).some((k) => k.startsWith('__reactFiber')), selector);
    const hydrated = () => adopted('.carousel');
    expect(await hydrated()).toBe(false);
    await page.evaluate(() => {
      (window as unknown as { __first: Element | null }).__first = document.querySelector('.carousel-slide img');
      window.scrollTo(0, 300);
    });
    await eventually(hydrated).toBe(true);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(300);
    expect(await page.evaluate(() => document.contains((window as unknown as { __first: Element | null }).__first))).toBe(true);
    const home = await loadOrder(page);
    expect(home.scripts).toBeGreaterThan(3);
    expect(home.firstScript).toBeGreaterThanOrEqual(home.load);
    expect(home.styleSheets).toBe(0);
    expect(await layoutShift(page)).toBeLessThan(0.001);
    // React's ids (useId) are the server's: 手机学习 names the panel it opens as the one it controls.
    const qr = page.getByRole('navigation', { name: '账户' }).getByRole('button', { name: '手机学习' });
    await qr.click();
    const controls = await qr.getAttribute('aria-controls');
    expect(controls).toBeTruthy();
    await eventually(() => page.getByRole('dialog', { name: '手机学习' }).getAttribute('id')).toBe(controls);

    // A press on 登录 before the scripts have arrived is not lost: the login form opens once they have
    // (the entry is still held back 1 s).
    await page.goto('/index', { waitUntil: 'commit' });
    const captcha = nextCaptchaId(page);
    await page.getByRole('navigation', { name: '账户' }).getByRole('button', { name: '登录', exact: true }).click();
    expect(await hydrated()).toBe(false);
    await eventually(() => dialog(page, '用户登录').isVisible()).toBe(true);
    expect(await captcha).toBeTruthy();
    // So is a search typed and sent (Enter) before then: the text stays in the box and is searched for.
    await page.goto('/course', { waitUntil: 'commit' });
    await page.getByLabel('搜索课程').fill('法治');
    await page.getByLabel('搜索课程').press('Enter');
    expect(await adopted('.course-results')).toBe(false);
    await eventually(() => search(page).get('keyword')).toBe('法治');
    expect(await page.getByLabel('搜索课程').inputValue()).toBe('法治');
    // A press on 搜索 or 清除 before then waits until the app has adopted the page's own content, not
    // only its root (React adopts the page in a later pass): the search is the app's, without loading
    // the page again, and 清除 empties it. At a quarter of this machine's speed, as on an old office
    // PC, where a press replayed between the two passes was dropped (清除) or reloaded the page (搜索).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const documents: string[] = [];
    const onRequest = (r: Request) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    };
    page.on('request', onRequest);
    await page.goto('/course', { waitUntil: 'commit' });
    await page.getByLabel('搜索课程').fill('法治');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    expect(await adopted('.course-results')).toBe(false);
    await eventually(() => everyCardMentions(page, '法治')).toBe(true);
    expect(search(page).get('keyword')).toBe('法治');
    expect(documents).toHaveLength(1);
    await page.goto('/course?keyword=法治', { waitUntil: 'commit' });
    await page.getByRole('button', { name: '清除' }).click();
    expect(await adopted('.course-results')).toBe(false);
    await eventually(() => search(page).get('keyword')).toBeNull();
    expect(await page.getByLabel('搜索课程').inputValue()).toBe('');
    page.off('request', onRequest);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // If the address has moved on before the scripts run (Back after a reload goes to an entry of the
    // same document, without loading it), the page is drawn for the new address instead of adopting
    // HTML rendered for another one.
    await page.goto('/course?sort=popular&page=2', { waitUntil: 'commit' });
    const pager = page.getByRole('navigation', { name: '课程分页' });
    await eventually(() => pager.getByRole('button', { name: '第2页' }).getAttribute('aria-current')).toBe('page');
    await page.evaluate(() => window.history.pushState(null, '', '/course?sort=popular'));
    expect(await adopted('.course-results')).toBe(false);
    await eventually(() => pager.getByRole('button', { name: '第1页' }).getAttribute('aria-current')).toBe('page');
    expect(await page.locator('#root > *').count()).toBe(1);
    await page.unroute('**/assets/index-*.js');

    await page.goto('/course?sort=popular&page=2');
    expect(await courseTitles(page)).toEqual(rendered);
    await eventually(() => adopted('.course-results')).toBe(true);
    await page.waitForTimeout(300);
    const course = await loadOrder(page);
    expect(course.firstScript).toBeGreaterThanOrEqual(course.load);
    expect(course.styleSheets).toBe(0);
    expect(await layoutShift(page)).toBeLessThan(0.001);
    expect(errors).toEqual([]);
    expect(console).toEqual([]);
    await close();
  });

  it('the loading overlay fades out in 400 ms on a page the browser renders; the side panel starts 181 px down and follows the scroll', async () => {
    const { page, close } = await browser.open();
    // Watch the overlay from the first byte: when it starts to fade, with what duration, and when it goes.
    await page.addInitScript(() => {
      const seen: { duration?: string; fadeAt?: number; goneAt?: number } = {};
      (window as unknown as { __overlay: typeof seen }).__overlay = seen;
      new MutationObserver(() => {
        const el = document.getElementById('app-loading');
        if (el && el.classList.contains('app-loading-done') && seen.fadeAt === undefined) {
          seen.fadeAt = performance.now();
          seen.duration = getComputedStyle(el).transitionDuration;
        }
        if (!el && seen.fadeAt !== undefined && seen.goneAt === undefined) seen.goneAt = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto('/noticeList');
    const overlay = () => page.evaluate(() => (window as unknown as { __overlay: { duration?: string; fadeAt?: number; goneAt?: number } }).__overlay);
    await eventually(async () => (await overlay()).goneAt !== undefined).toBe(true);
    const o = await overlay();
    expect(o.duration).toBe(`${LOADING_FADE_MS / 1000}s`);
    expect(o.goneAt! - o.fadeAt!).toBeGreaterThanOrEqual(LOADING_FADE_MS - 20);

    await page.goto('/index');
    const panel = page.getByRole('complementary', { name: '快捷入口' });
    await eventually(() => panel.isVisible()).toBe(true);
    expect((await panel.boundingBox())?.y).toBe(SIDE_PANEL_OFFSET_PX);
    // 市级平台 opens the ten cities' platforms beside the panel; Escape closes them.
    const cities = page.getByRole('region', { name: '市级二级平台' });
    await panel.getByRole('button', { name: '市级平台' }).click();
    await eventually(() => cities.isVisible()).toBe(true);
    expect(await cities.getByRole('link').count()).toBe(10);
    await page.mouse.move(10, 10);
    await page.keyboard.press('Escape');
    await eventually(() => cities.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await eventually(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect((await panel.boundingBox())?.y).toBe(SIDE_PANEL_OFFSET_PX);
    await close();
  });

  it('a visitor reads the home page, a news article and a notice', async () => {
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('欢迎来到');
    const carousel = page.getByRole('region', { name: '图片新闻' });
    await eventually(() => carousel.getByRole('link').count()).toBe(1);
    await eventually(() => page.getByLabel('实时通知').locator('li').count()).toBeGreaterThan(0);
    // The ticker shows one notice at a time and moves the next one up; while the pointer is over it,
    // it stays. Nothing on the first screen is animated without end (the compositor rests between moves).
    const shownNotice = () =>
      page.evaluate(() => {
        const box = document.querySelector('.ticker-window')!.getBoundingClientRect();
        const inView = [...document.querySelectorAll('.ticker-track li')].filter((li) => Math.abs(li.getBoundingClientRect().top - box.top) < 2);
        return inView.map((li) => li.textContent).join(' | ');
      });
    const first = await shownNotice();
    expect(first).not.toBe('');
    expect(first).not.toContain(' | ');
    await eventually(shownNotice).not.toBe(first);
    const endless = () =>
      page.evaluate(
        () =>
          document.getAnimations().filter((a) => {
            const target = (a.effect as KeyframeEffect | null)?.target;
            return a.playState === 'running' && a.effect?.getTiming().iterations === Infinity && !!target && target.getBoundingClientRect().top < innerHeight;
          }).length,
      );
    expect(await endless()).toBe(0);
    await page.locator('.ticker-window').hover();
    await page.waitForTimeout(600);
    const held = await shownNotice();
    await page.waitForTimeout(4500);
    expect(await shownNotice()).toBe(held);
    await page.mouse.move(0, 0);
    await eventually(() => page.getByText('当前在线', { exact: true }).isVisible()).toBe(true);
    await eventually(() => page.getByRole('list', { name: '各市注册人数' }).locator('li').count()).toBe(10);

    await scrollHomeToEnd(page);
    for (const section of ['培训计划与课程', '精品课程', '在线考试', '最新证书', '友情链接']) {
      expect(await page.getByRole('heading', { name: section, level: 2 }).isVisible(), section).toBe(true);
    }
    await eventually(() => page.getByRole('heading', { name: /年度学习排行$/ }).isVisible()).toBe(true);
    await eventually(() => page.getByRole('list', { name: '学员排行' }).locator('li').count()).toBeGreaterThan(0);
    // Recently issued certificates show masked names only.
    const names = await page.locator('.cert-list .cert-name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toContain('*');
    // The course browser: year → install → plan → courses.
    const browserPanel = page.locator('section[aria-labelledby="home-browser"]');
    await eventually(() => browserPanel.locator('.course-card').count()).toBeGreaterThan(0);
    expect(await browserPanel.getByLabel('培训安排').locator('option').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: '热门课程' }).click();
    await eventually(() => page.locator('section[aria-labelledby="home-courses"] .course-card').count()).toBe(8);

    // The news carousel opens the article; previous/next move between articles.
    await page.evaluate(() => window.scrollTo(0, 0));
    const slide = carousel.getByRole('link');
    const title = (await slide.getAttribute('aria-label')) ?? (await slide.locator('.carousel-title').textContent()) ?? '';
    await slide.click();
    await eventually(() => pathOf(page)).toBe('/pictureNewInfo');
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await eventually(() => page.title()).toMatch(/^图片新闻 - /);
    const nextLink = page.getByRole('navigation', { name: '上一篇和下一篇' }).getByRole('link').last();
    const nextTitle = await nextLink.textContent();
    await nextLink.click();
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(nextTitle);

    // A notice with attachments, from the home page's notice list.
    await page.goto('/index');
    const notices = page.locator('section[aria-labelledby="home-notices"]');
    const annualNotice = notices.getByRole('link', { name: /年度全省公务员网络培训工作的通知$/ });
    await eventually(() => annualNotice.isVisible()).toBe(true);
    await annualNotice.click();
    await eventually(() => pathOf(page)).toBe('/noticeInfo');
    await eventually(() => page.getByRole('heading', { name: /^附件/ }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '培训安排表.pdf' }).getAttribute('href')).toMatch(/\.pdf$/);
    // More notices → the paged, searchable list.
    await page.goto('/index');
    await notices.getByRole('link', { name: /更多/ }).click();
    await eventually(() => pathOf(page)).toBe('/noticeList');
    await page.getByLabel('搜索通知公告').fill('维护');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await eventually(() => search(page).get('keyword')).toBe('维护');
    // The list answers after the address changes: wait for the filtered rows, not just any rows.
    const titles = () => page.locator('.notice-list a').allTextContents();
    await eventually(async () => (await titles()).length > 0 && (await titles()).every((t) => t.includes('维护'))).toBe(true);
    await page.getByLabel('搜索通知公告').fill('没有这样的公告标题');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await eventually(() => page.getByText('没有找到与“没有这样的公告标题”相关的公告').isVisible()).toBe(true);
    await page.goto('/pictureNewInfo?id=999999');
    await eventually(() => page.getByText('该新闻不存在或已删除。').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('a visitor browses the course catalogue: search, category, sort and page 2, kept in the address', async () => {
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await page.getByRole('navigation', { name: '主菜单' }).getByText('课程分类').click();
    await eventually(() => pathOf(page)).toBe('/course');
    await eventually(() => page.locator('.course-results .course-card').count()).toBe(12);
    await eventually(() => page.getByRole('heading', { name: '猜你喜欢' }).isVisible()).toBe(true);
    // A visitor sees no progress or add buttons.
    expect(await page.getByRole('button', { name: /^加入我的课程/ }).count()).toBe(0);

    await page.getByLabel('搜索课程').fill('法治');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await eventually(() => search(page).get('keyword')).toBe('法治');
    await eventually(() => everyCardMentions(page, '法治')).toBe(true);
    await page.getByRole('button', { name: '清除' }).click();
    await eventually(() => search(page).get('keyword')).toBeNull();

    const tree = page.getByRole('navigation', { name: '课程分类' });
    await tree.getByRole('treeitem', { name: /^依法行政/ }).click();
    await eventually(() => search(page).get('categoryId')).not.toBeNull();
    await eventually(() => page.getByRole('heading', { name: '依法行政', level: 2 }).isVisible()).toBe(true);
    await eventually(async () => (await courseTitles(page)).length).toBeGreaterThan(0);
    const cats = await page.locator('.course-results .course-grid').locator('.course-card').count();
    expect(cats).toBeLessThanOrEqual(12);

    await tree.getByRole('treeitem', { name: /^全部课程/ }).click();
    await eventually(() => search(page).get('categoryId')).toBeNull();
    await page.getByRole('group', { name: '排序' }).getByRole('button', { name: '最热' }).click();
    await eventually(() => search(page).get('sort')).toBe('popular');
    // The pressed chip is drawn in the same render as the new query, so the list read after it is the popular one.
    await eventually(() => page.getByRole('group', { name: '排序' }).getByRole('button', { name: '最热' }).getAttribute('aria-pressed')).toBe('true');
    await eventually(() => page.locator('.course-results .course-card').count()).toBe(12);
    const firstPage = await courseTitles(page);
    await page.getByRole('navigation', { name: '课程分页' }).getByRole('button', { name: '第2页' }).click();
    await eventually(() => search(page).get('page')).toBe('2');
    await eventually(() => page.getByRole('navigation', { name: '课程分页' }).getByRole('button', { name: '第2页' }).getAttribute('aria-current')).toBe('page');
    await eventually(async () => (await courseTitles(page))[0]).not.toBe(firstPage[0]);
    const secondPage = await courseTitles(page);
    expect(secondPage.some((t) => firstPage.includes(t))).toBe(false);

    // Refresh and back keep the state.
    await page.reload();
    await eventually(async () => (await courseTitles(page)).join()).toBe(secondPage.join());
    expect(await page.getByRole('button', { name: '第2页' }).getAttribute('aria-current')).toBe('page');
    await page.goBack();
    await eventually(() => search(page).get('page')).toBeNull();
    await eventually(async () => (await courseTitles(page)).join()).toBe(firstPage.join());

    // A card opens the course's study page.
    const href = await page.locator('.course-results .course-title a').first().getAttribute('href');
    expect(href).toMatch(/^\/study\?courseId=\d+$/);
    expect(errors).toEqual([]);
    await close();
  });

  it("the contract's schemas come with the first call: /course is read and adopted without them, a search brings them", async () => {
    const { page, errors, close } = await browser.open('phone');
    // zod and the contract's schemas (not contract-base, the constants and call references the entry needs).
    const schemaFiles: string[] = [];
    page.on('request', (r) => {
      const file = new URL(r.url()).pathname;
      if (/^\/assets\/(zod-|contract-(?!base-))[\w-]+\.js$/.test(file)) schemaFiles.push(file);
    });
    await page.goto('/course');
    await eventually(() => page.evaluate(() => Object.keys(document.querySelector('.course-results') ?? {}).some((k) => k.startsWith('__reactFiber')))).toBe(true);
    await page.waitForTimeout(500);
    expect(schemaFiles).toEqual([]);
    await page.getByLabel('搜索课程').fill('法治');
    await page.getByLabel('搜索课程').press('Enter');
    await eventually(() => search(page).get('keyword')).toBe('法治');
    await eventually(() => everyCardMentions(page, '法治')).toBe(true);
    expect(schemaFiles.some((f) => f.startsWith('/assets/zod-'))).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('a certificate is checked by number (found, with a masked name) and by a QR address; an unknown number is not found', async () => {
    const no = await demoCertificateNo(baseUrl);
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await scrollHomeToEnd(page);
    await page.locator('section[aria-labelledby="home-certificates"]').getByRole('link', { name: /证书查询/ }).click();
    await eventually(() => pathOf(page)).toBe('/certificate');

    await page.getByRole('button', { name: '查询', exact: true }).click();
    await eventually(() => page.getByRole('alert').filter({ hasText: '请输入证书编号' }).isVisible()).toBe(true);

    await page.getByLabel('证书编号').fill(no);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await eventually(() => page.getByRole('heading', { name: '证书有效' }).isVisible()).toBe(true);
    const result = page.locator('.cert-result');
    expect(await result.textContent()).toContain(no);
    expect(await result.textContent()).toContain('张*');
    expect(await result.textContent()).not.toContain('张伟');
    expect(search(page).get('no')).toBe(no);

    // With the holder's full name, the same certificate matches; with a wrong name it does not.
    await page.getByLabel('持证人姓名（选填）').fill('李四');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await eventually(() => page.getByRole('heading', { name: '未查询到该证书' }).isVisible()).toBe(true);
    await page.getByLabel('持证人姓名（选填）').fill('张伟');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await eventually(() => page.getByRole('heading', { name: '证书有效' }).isVisible()).toBe(true);

    await page.getByLabel('持证人姓名（选填）').fill('');
    await page.getByLabel('证书编号').fill('ZS1999999999');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await eventually(() => page.getByRole('heading', { name: '未查询到该证书' }).isVisible()).toBe(true);

    // The printed certificate's QR code opens the page with the number: it runs at once.
    await page.goto(`/certificate?no=${no}`);
    await eventually(() => page.getByRole('heading', { name: '证书有效' }).isVisible()).toBe(true);
    expect(await page.getByLabel('证书编号').inputValue()).toBe(no);
    expect(errors).toEqual([]);
    await close();
  });

  it('the download centre, common questions and the college overview show their content', async () => {
    const { page, errors, close } = await browser.open('phone');
    await page.goto('/download');
    await eventually(() => page.locator('.download-table tbody tr').count()).toBeGreaterThan(0);
    const firstRow = page.locator('.download-table tbody tr').first();
    expect(await firstRow.textContent()).toMatch(/\d+(\.\d)? (B|KB|MB)/);
    const link = firstRow.getByRole('link', { name: /^下载 / });
    const before = Number((await firstRow.locator('.download-count').textContent())?.replace(/,/g, ''));
    const r = await page.request.get(`${baseUrl}${await link.getAttribute('href')}`, { maxRedirects: 0 });
    expect(r.status()).toBe(302);
    await page.reload();
    await eventually(async () => Number((await page.locator('.download-table tbody tr').first().locator('.download-count').textContent())?.replace(/,/g, ''))).toBe(before + 1);
    await page.getByRole('button', { name: '移动客户端' }).click();
    await eventually(() => search(page).get('category')).toBe('app');

    await page.goto('/question');
    await eventually(() => page.locator('.faq-item').count()).toBeGreaterThan(3);
    await page.getByLabel('搜索常见问题').fill('密码');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await eventually(() => page.getByText('忘记密码怎么办？').isVisible()).toBe(true);

    await page.goto('/about');
    await eventually(() => page.getByRole('heading', { name: '学院简介' }).isVisible()).toBe(true);
    await eventually(() => page.locator('.about-gallery img').count()).toBeGreaterThan(0);
    await eventually(() => page.locator('section[aria-labelledby="about-notices"] .notice-list li').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('/charts draws its charts (canvases) with ECharts loaded only there', async () => {
    const { page, errors, close } = await browser.open();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/index');
    await eventually(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await scrollHomeToEnd(page);
    const homeScripts = scripts.length;
    await page.getByRole('link', { name: /更多统计/ }).click();
    await eventually(() => pathOf(page)).toBe('/charts');
    await eventually(() => page.locator('.chart-box canvas').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    expect(scripts.length).toBeGreaterThan(homeScripts);
    await eventually(() => page.getByRole('img', { name: /年度地市学时排行：/ }).isVisible()).toBe(true);
    // Another year redraws.
    const years = page.getByRole('group', { name: '统计年度' }).getByRole('button');
    if ((await years.count()) > 1) {
      await years.nth(1).click();
      await eventually(() => page.locator('.chart-box canvas').count()).toBeGreaterThanOrEqual(2);
    }
    expect(errors).toEqual([]);
    await close();
  });
});

describe('a learner and the catalogue', () => {
  it('a learner sees progress on cards, adds a course to their courses and sees 已加入', async () => {
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    await page.goto('/course?sort=popular');
    await eventually(() => page.locator('.course-results .course-card').count()).toBe(12);
    await eventually(() => page.locator('.course-results .course-learner').count()).toBe(12);
    const add = page.locator('.course-results').getByRole('button', { name: /^加入我的课程：/ }).first();
    await eventually(() => add.count()).toBe(1);
    const label = (await add.getAttribute('aria-label')) ?? '';
    const title = label.replace(/^加入我的课程：/, '');
    await add.click();
    const card = page.locator('.course-results .course-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await eventually(() => card.first().getByText('已加入', { exact: true }).isVisible()).toBe(true);
    // The server keeps it: after a reload the card still says 已加入.
    await page.reload();
    await eventually(() => card.first().getByText('已加入', { exact: true }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});
