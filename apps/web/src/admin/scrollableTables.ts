/**
 * A table wider than its box scrolls sideways (antd's `scroll.x`): a keyboard must be able to scroll it
 * (the area's tables outside a TableRegion: the media library, the exam editor's paper, the pickers),
 * too (WCAG 2.1.1; axe's scrollable-region-focusable), also when its rows have no button or link to
 * Tab to. While a table's box scrolls it is a Tab stop of its own, a region named for what it is (the
 * arrow keys then scroll it); when it fits again it stops being one.
 *
 * And a date range's second field: antd labels the first one only (the form item's label is for its
 * id), the second had just a placeholder (axe: label-title-only). It is named "<label> 结束".
 */
import { useEffect, type RefObject } from 'react';

const NAME = '表格（可左右滚动，聚焦后用方向键查看）';

function nameRangeEnds(root: HTMLElement) {
  for (const input of root.querySelectorAll<HTMLInputElement>('.ant-picker-range input')) {
    if (input.labels?.length || input.hasAttribute('aria-label') || input.hasAttribute('aria-labelledby')) continue;
    const picker = input.closest('.ant-picker-range')!;
    const which = [...picker.querySelectorAll('input')].indexOf(input) === 0 ? '开始' : '结束';
    const label = input.closest('.ant-form-item')?.querySelector('.ant-form-item-label label')?.textContent?.trim() ?? '';
    input.setAttribute('aria-label', label ? `${label} ${which}` : `${which}${input.placeholder ? `（${input.placeholder}）` : ''}`);
  }
}

function mark(root: HTMLElement) {
  nameRangeEnds(root);
  for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
    // A table in a TableRegion (AdminList's, a topic's plans) is named and kept by it.
    if (box.hasAttribute('aria-label') && box.getAttribute('aria-label') !== NAME) continue;
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    if (scrolls && box.getAttribute('tabindex') !== '0') {
      box.setAttribute('tabindex', '0');
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', NAME);
    } else if (!scrolls && box.getAttribute('aria-label') === NAME) {
      box.removeAttribute('tabindex');
      box.removeAttribute('role');
      box.removeAttribute('aria-label');
    }
  }
}

/** Keeps every table under `root` marked as it is drawn, resized, or its text grows (关怀版). */
export function useScrollableTables(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let queued = 0;
    const check = () => {
      cancelAnimationFrame(queued);
      queued = requestAnimationFrame(() => mark(el));
    };
    const mutations = new MutationObserver(check);
    mutations.observe(el, { childList: true, subtree: true });
    const sizes = new ResizeObserver(check);
    sizes.observe(el);
    window.addEventListener('resize', check);
    check();
    return () => {
      cancelAnimationFrame(queued);
      mutations.disconnect();
      sizes.disconnect();
      window.removeEventListener('resize', check);
    };
  }, [root]);
}
