/**
 * Arrow keys in our own menus and trees (WAI-ARIA's menubar and tree patterns): one Tab stop
 * per widget (roving tabindex), the arrows moving the focus between its items, Home / End to the first
 * and last. The header's 主菜单 and the class areas' side menus use `useMenuKeys`; the course category
 * tree (features/catalog/CategoryTree.tsx) uses `moveFocus` and adds the tree's own Left / Right.
 *
 * The items' tabindex is rendered (the current page's item, or the first, is the Tab stop, so a page
 * rendered on the server is right before any script runs) and then kept by the DOM: whichever item
 * takes the focus becomes the one Tab stop.
 */
import type { FocusEvent, KeyboardEvent } from 'react';

/** Items of a widget: its elements of `role`, not hidden (a collapsed branch's are not focusable). */
export function itemsOf(container: HTMLElement, role: string): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(`[role="${role}"]`)].filter((el) => !el.closest('[hidden]') && !el.hasAttribute('disabled'));
}

/** Makes `target` the widget's one Tab stop and focuses it. */
export function moveFocus(items: HTMLElement[], target: HTMLElement | undefined): void {
  if (!target) return;
  for (const el of items) el.tabIndex = el === target ? 0 : -1;
  target.focus();
}

/** Whichever item the focus reaches (a click, a Tab) becomes the Tab stop. */
export function keepTabStop(role: string) {
  return (e: FocusEvent<HTMLElement>) => {
    const item = (e.target as HTMLElement).closest<HTMLElement>(`[role="${role}"]`);
    if (!item || !e.currentTarget.contains(item)) return;
    for (const el of itemsOf(e.currentTarget, role)) el.tabIndex = el === item ? 0 : -1;
  };
}

/**
 * A menubar of links or buttons without submenus: Left / Right (horizontal) or Up / Down (vertical;
 * Left / Right too, for the phone's layout where a side menu wraps into rows) move, wrapping round;
 * Home / End; Space activates like Enter does.
 */
export function useMenuKeys(orientation: 'horizontal' | 'vertical') {
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const items = itemsOf(e.currentTarget, 'menuitem');
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const back = orientation === 'horizontal' ? ['ArrowLeft'] : ['ArrowUp', 'ArrowLeft'];
    const on = orientation === 'horizontal' ? ['ArrowRight'] : ['ArrowDown', 'ArrowRight'];
    let to: number | null = null;
    if (back.includes(e.key)) to = (at - 1 + items.length) % items.length;
    else if (on.includes(e.key)) to = (at + 1) % items.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = items.length - 1;
    else if (e.key === ' ' && items[at]!.tagName === 'A') {
      e.preventDefault();
      items[at]!.click();
      return;
    }
    if (to === null) return;
    e.preventDefault();
    moveFocus(items, items[to]);
  };
  return { onKeyDown, onFocus: keepTabStop('menuitem'), 'aria-orientation': orientation } as const;
}

/** The rendered tabindex of a widget's items: the current one, or else the first, is the Tab stop. */
export const tabStop = (isStop: boolean) => (isStop ? 0 : -1);
