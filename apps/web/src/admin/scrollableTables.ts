/**
 * A table wider than its box scrolls sideways (antd's `scroll.x`): a keyboard must be able to scroll it
 * too (WCAG 2.1.1; axe's scrollable-region-focusable), also when its rows have no button or link to
 * Tab to. While a table's box scrolls it is a Tab stop of its own, a region named for what it is (the
 * arrow keys then scroll it); when it fits again it stops being one.
 */
import { useEffect, type RefObject } from 'react';

const NAME = '表格（可左右滚动，聚焦后用方向键查看）';

function mark(root: HTMLElement) {
  for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
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
