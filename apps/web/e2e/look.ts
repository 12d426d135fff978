/**
 * One look: whatever a page shows is drawn in the college's colours. antd falls back to its own
 * blue wherever its theme does not reach (a static Modal.confirm, a "blue" preset tag, a token left
 * at its default) and a style sheet can hard-code one; this walks every element a person can see,
 * with its ::before and ::after, and names each colour that is antd's blue — its palette as antd 5
 * and 6 draw it and as antd 4 did, and any other strong blue — and each preset-blue class.
 */
import type { Page } from 'playwright-core';

/** antd's blue, every step of its palette (antd 5/6, then antd 4) and its default focus outline. */
export const ANTD_BLUES = [
  ...['#e6f4ff', '#bae0ff', '#91caff', '#69b1ff', '#4096ff', '#1677ff', '#0958d9', '#003eb3', '#002c8c', '#001d66'],
  ...['#e6f7ff', '#bae7ff', '#91d5ff', '#69c0ff', '#40a9ff', '#1890ff', '#096dd9', '#0050b3', '#003a8c', '#002766'],
  '#0591ff',
];

/** Elements and colours on the page that are antd's blue (or another strong blue); empty when there are none. */
export async function blueFindings(page: Page): Promise<string[]> {
  return page.evaluate((blues) => {
    const named = new Set(blues.map((h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)).join(',')));
    /** A colour is blue when it is one of antd's, or a saturated blue of any shade (a hard-coded stray). */
    const isBlue = (r: number, g: number, b: number) => {
      if (named.has(`${r},${g},${b}`)) return true;
      const max = Math.max(r, g, b) / 255;
      const min = Math.min(r, g, b) / 255;
      const l = (max + min) / 2;
      if (max === min || l < 0.15 || l > 0.97) return false;
      const s = (max - min) / (1 - Math.abs(2 * l - 1));
      const d = max - min;
      const rn = r / 255;
      const gn = g / 255;
      const hue = max === rn ? 60 * (((gn - b / 255) / d) % 6) : max === gn ? 60 * ((b / 255 - rn) / d + 2) : 60 * ((rn - gn) / d + 4);
      return s >= 0.6 && hue >= 200 && hue <= 235;
    };
    const bluesIn = (value: string) =>
      [...value.matchAll(/rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/g)]
        .filter((m) => m[4] === undefined || parseFloat(m[4]) > 0)
        .filter((m) => isBlue(Math.round(+m[1]!), Math.round(+m[2]!), Math.round(+m[3]!)))
        .map((m) => m[0]);
    const label = (el: Element, pseudo: string) => {
      const cls = [...el.classList].filter((c) => !/^css-|^:/.test(c)).slice(0, 3);
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 20);
      return `${el.tagName.toLowerCase()}${cls.map((c) => `.${c}`).join('')}${pseudo}${text ? ` “${text}”` : ''}`;
    };
    const found = new Set<string>();
    for (const el of document.querySelectorAll('body *')) {
      const presetBlue = [...el.classList].find((c) => /^ant-[\w-]*-(blue|geekblue)(-inverse)?$/.test(c));
      if (presetBlue) found.add(`${label(el, '')}: class ${presetBlue}`);
      const own = getComputedStyle(el);
      // What nobody can see is not judged: hidden, empty boxes, transparent parts.
      if (own.visibility === 'hidden' || el.getClientRects().length === 0 || own.opacity === '0') continue;
      for (const pseudo of ['', '::before', '::after']) {
        const style = pseudo ? getComputedStyle(el, pseudo) : own;
        if (pseudo && (style.content === 'none' || style.content === 'normal')) continue;
        const props: [string, string][] = [
          ['background-color', style.backgroundColor],
          ['background-image', style.backgroundImage],
          ['box-shadow', style.boxShadow],
        ];
        // Text colour counts where there is text or an icon drawn in it.
        if ([...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()) || el.closest('svg') || pseudo) props.push(['color', style.color]);
        if (el instanceof SVGElement) props.push(['fill', style.fill], ['stroke', style.stroke]);
        for (const side of ['top', 'right', 'bottom', 'left']) {
          if (parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0 && style.getPropertyValue(`border-${side}-style`) !== 'none') props.push([`border-${side}-color`, style.getPropertyValue(`border-${side}-color`)]);
        }
        if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) props.push(['outline-color', style.outlineColor]);
        for (const [prop, value] of props) for (const blue of bluesIn(value)) found.add(`${label(el, pseudo)}: ${prop} ${blue}`);
      }
    }
    return [...found].slice(0, 30);
  }, ANTD_BLUES);
}
