/**
 * The page's width as its layout sees it: the window's width divided by the toolbar's zoom (CSS `zoom`
 * on <body>, display.css), as #root measures itself. The styles' breakpoints are container queries on #root, which see this width;
 * a script that picks a layout by width (a table or cards, antd's responsive columns) asks here instead
 * of window.matchMedia, which sees the window's width at any zoom.
 */
import { useSyncExternalStore } from 'react';
import { display } from './display.ts';

/** The width in CSS pixels of the zoomed page (what `@container page` compares with). */
export function pageWidth(): number {
  // An element inside the zoomed body measures its clientWidth in its own (zoomed) CSS pixels: at
  // 1280 px and 200 %, #root is 640 px wide.
  return (document.getElementById('root') ?? document.documentElement).clientWidth;
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  const stop = display.subscribe(onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    stop();
  };
}

/** Whether the zoomed page is narrower than `px` (as `@container page (max-width: px - 0.02)`), following resizing and zooming. */
export function usePageNarrowerThan(px: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pageWidth() < px,
    () => false,
  );
}

/** The breakpoints of antd's Grid (xs < 576 ≤ sm < 768 ≤ md < 992 ≤ lg < 1200 ≤ xl < 1600 ≤ xxl) for the zoomed page. */
export function usePageBreakpoint(): 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl' {
  return useSyncExternalStore(
    subscribe,
    () => {
      const w = pageWidth();
      return w < 576 ? 'xs' : w < 768 ? 'sm' : w < 992 ? 'md' : w < 1200 ? 'lg' : w < 1600 ? 'xl' : 'xxl';
    },
    () => 'lg',
  );
}
