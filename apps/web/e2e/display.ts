/**
 * The display settings (关怀版, the toolbar's) as the browser tests set and measure them: set
 * in storage before any page of the context loads (as the device remembers them), and the page's care
 * mode measured from computed styles.
 */
import type { Page } from 'playwright-core';
import { DISPLAY_SETTINGS_KEY, type DisplaySettings } from '@portal/contract';
import { a11yViolations } from './helpers.ts';

export const STANDARD: DisplaySettings = { care: false, zoom: 1, contrast: 'none', bigCursor: false, guide: 'none', readAloud: false, plain: false };

/** Every page of this context opens with these settings stored, as a device that remembers them. */
export async function storeDisplay(page: Page, settings: Partial<DisplaySettings>): Promise<void> {
  await page.context().addInitScript(
    ([key, value]) => {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    },
    [DISPLAY_SETTINGS_KEY, JSON.stringify({ ...STANDARD, ...settings })] as const,
  );
}

export interface CareFindings {
  /** The page scrolls sideways by this many px (0: it does not). */
  sideways: number;
  /** Texts that reach past the window's right edge (outside a region that scrolls on purpose): cut off or off screen. */
  outside: string[];
  /** Visible texts under 18 px: the first few, with their size. */
  smallText: string[];
  /** Texts whose line height is under 1.3 times their size. */
  tightLines: string[];
  /** Visible clickable targets under 44 × 44 px. */
  smallTargets: string[];
  /**
   * Boxes that scroll sideways now (a wide table in its own scroll box) without being a named region a
   * keyboard reaches (role region, a name, tabindex 0): what they hide past their edge is reached only
   * by a mouse or a finger. `outside` leaves such boxes out, as a region that scrolls on purpose.
   */
  unnamedScrollers: string[];
}

/** Measures the page as it stands against the care mode's rules (computed styles and boxes). */
export function measureCare(page: Page): Promise<CareFindings> {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !el.closest('[aria-hidden="true"], .visually-hidden, .ant-tooltip, .ant-select-dropdown-hidden');
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 12)}"`;
    const smallText: string[] = [];
    const tightLines: string[] = [];
    const outside: string[] = [];
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element) => {
      for (let e: Element | null = el.parentElement; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (/(auto|scroll)/.test(s.overflowX) || s.position === 'fixed' || e.matches('.carousel-track, .ant-table-content, .ant-tabs-nav-list')) return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      // Elements that hold text of their own (a text node with letters), not their children's.
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /[\p{L}\p{N}]/u.test(n.textContent ?? ''));
      if (!own || !shown(el) || el.closest('svg, .reading-guide, .brand-logo')) continue;
      const s = getComputedStyle(el);
      if (el.getBoundingClientRect().right > width + 1 && !scrolls(el)) outside.push(`${name(el)} to ${Math.round(el.getBoundingClientRect().right)}px`);
      const size = parseFloat(s.fontSize);
      if (size < 17.5) smallText.push(`${name(el)} ${size}px`);
      const lh = s.lineHeight === 'normal' ? size * 1.2 : parseFloat(s.lineHeight);
      // Running text (more than one line) may not be tight; a one-line label (a button, a percentage) has no lines to space.
      if (lh < size * 1.3) {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) tightLines.push(`${name(el)} ${lh}/${size}`);
      }
    }
    const smallTargets: string[] = [];
    for (const el of document.body.querySelectorAll('a[href], button, [role="button"], [role="tab"], input[type="checkbox"], input[type="radio"], select')) {
      if (!shown(el) || (el as HTMLButtonElement).disabled) continue;
      // A checkbox or radio is clicked through its label (antd draws the box in a wrapper label).
      const target = el.matches('input') ? (el.closest('label') ?? el) : el;
      const r = target.getBoundingClientRect();
      if (r.width < 43.5 || r.height < 43.5) smallTargets.push(`${name(target)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    const unnamedScrollers: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.scrollWidth <= el.clientWidth + 1 || !/(auto|scroll)/.test(getComputedStyle(el).overflowX) || !shown(el)) continue;
      const region = el.getAttribute('role') === 'region' && (el.getAttribute('aria-label') ?? el.getAttribute('aria-labelledby') ?? '') !== '';
      if (!region || el.getAttribute('tabindex') !== '0') unnamedScrollers.push(`${name(el)} ${el.scrollWidth - el.clientWidth}px`);
    }
    return {
      unnamedScrollers: unnamedScrollers.slice(0, 8),
      sideways: Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
      outside: outside.slice(0, 8),
      smallText: smallText.slice(0, 8),
      tightLines: tightLines.slice(0, 8),
      smallTargets: smallTargets.slice(0, 8),
    };
  });
}

/**
 * Switches the open page to these settings in place, as another tab of the browser would (the app
 * follows the stored record on a `storage` event): the page is judged again without a second visit.
 * Gives back what was stored before, for `switchDisplay(page, before)` to restore.
 */
export async function switchDisplay(page: Page, settings: Partial<DisplaySettings>): Promise<DisplaySettings> {
  const before = await page.evaluate(
    ([key, patch, standard]) => {
      const was = { ...standard, ...(JSON.parse(localStorage.getItem(key) ?? 'null') as object | null) } as typeof standard;
      const next = JSON.stringify({ ...was, ...patch });
      localStorage.setItem(key, next);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: next }));
      return was;
    },
    [DISPLAY_SETTINGS_KEY, settings, STANDARD] as const,
  );
  const contrast = settings.contrast ?? before.contrast;
  await page.waitForFunction((c) => (document.documentElement.dataset.contrast ?? 'none') === c, contrast);
  // antd's theme follows on the next render: two frames.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return before;
}

/** The page in a high-contrast pair, switched in place and back: axe's findings of any impact, text at 7:1. */
export async function contrastFindings(page: Page, contrast: 'blackOnYellow' | 'yellowOnBlack'): Promise<string[]> {
  const before = await switchDisplay(page, { contrast });
  const judge = () => a11yViolations(page, { impacts: 'all', bestPractice: true, enhancedContrast: true });
  let violations = await judge();
  // antd's colours follow the theme with a transition; one caught mid-way is judged again.
  if (violations.length > 0) {
    await page.waitForTimeout(1_000);
    violations = await judge();
  }
  await switchDisplay(page, before);
  return violations;
}

/**
 * Texts drawn over other texts as the page stands (a label under a badge, a line under a box placed
 * over it): each pair of visible text boxes that cross by more than 2 px each way, each box cut to what
 * its clipping ancestors show (an ellipsis title does not reach under the date beside it). A layer that
 * stays in view while the page scrolls (a sticky verdict form, a fixed bar) covers what scrolls under it
 * by design: a text in such a layer is judged only against texts of the same layer. A table's fixed
 * column is no such layer: a desk table that fits its width leaves nothing under it.
 */
export function textOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const W = document.documentElement.clientWidth;
    const clipOf = (el: Element) => {
      let [l, t, r, b] = [-Infinity, -Infinity, Infinity, Infinity];
      for (let e: Element | null = el; e && e !== document.documentElement; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
          const c = e.getBoundingClientRect();
          [l, t, r, b] = [Math.max(l, c.left), Math.max(t, c.top), Math.min(r, c.right), Math.min(b, c.bottom)];
        }
        if (s.position === 'fixed') break;
      }
      return { l, t, r, b };
    };
    const layerOf = (el: Element) => {
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
        if (/^(sticky|fixed)$/.test(getComputedStyle(e).position) && !e.matches('td, th')) return e;
      }
      return null;
    };
    const boxes: { el: Element; layer: Element | null; l: number; t: number; r: number; b: number; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!/[\p{L}\p{N}]/u.test(n.textContent ?? '')) continue;
      const el = n.parentElement;
      if (!el || el.closest('[aria-hidden="true"], .visually-hidden, script, style, noscript, svg, .ant-tooltip')) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const clip = clipOf(el);
      const layer = layerOf(el);
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const q of range.getClientRects()) {
        const box = { el, layer, l: Math.max(q.left, clip.l, 0), t: Math.max(q.top, clip.t), r: Math.min(q.right, clip.r, W), b: Math.min(q.bottom, clip.b), text: (n.textContent ?? '').trim().slice(0, 12) };
        if (box.r - box.l > 2 && box.b - box.t > 2) boxes.push(box);
      }
    }
    const found: string[] = [];
    for (let i = 0; i < boxes.length && found.length < 8; i++) {
      for (let j = i + 1; j < boxes.length && found.length < 8; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.el === b.el || a.layer !== b.layer) continue;
        if (Math.min(a.r, b.r) - Math.max(a.l, b.l) > 2 && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 2) found.push(`"${a.text}" over "${b.text}" at ${Math.round(Math.max(a.l, b.l))},${Math.round(Math.max(a.t, b.t))}`);
      }
    }
    return found;
  });
}
