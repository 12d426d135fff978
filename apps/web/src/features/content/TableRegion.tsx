/**
 * antd's Table scrolls sideways inside its own box (`.ant-table-content`, `.ant-table-body`: scroll.x),
 * which a keyboard cannot reach and a screen reader does not name (WCAG 2.1.1; axe's
 * scrollable-region-focusable). Around a table, this makes that box a named region, and a Tab stop
 * while it has something to scroll (a phone, a narrow window, 页面缩放 200 %), none while it has not.
 * The teacher's desk tables (deskTable), a topic's plan tables and /admin's lists are in one of these; a
 * ScrollRegion instead scrolls the whole table with its pager, which would then sit at the end of the
 * table's scrolled width.
 */
import { useEffect, useRef, type ReactNode } from 'react';

export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const mark = () => {
      for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        if (box.getAttribute('aria-label') !== label) {
          box.setAttribute('role', 'region');
          box.setAttribute('aria-label', label);
          sized.observe(box);
        }
        const scrolls = box.scrollWidth > box.clientWidth + 1;
        if (scrolls && box.tabIndex !== 0) box.tabIndex = 0;
        else if (!scrolls && box.hasAttribute('tabindex')) box.removeAttribute('tabindex');
      }
    };
    // Rows loaded, a page turned, columns shown (children), or the window or the zoom changed (size).
    const sized = new ResizeObserver(mark);
    const changed = new MutationObserver(mark);
    changed.observe(root, { childList: true, subtree: true });
    mark();
    return () => {
      changed.disconnect();
      sized.disconnect();
    };
  }, [label]);
  return <div ref={frame}>{children}</div>;
}
