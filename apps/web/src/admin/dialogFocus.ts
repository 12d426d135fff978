/**
 * Tab and Shift+Tab go round inside the open drawer or modal. antd's focus lock pulls the focus back
 * only when it lands on something else in the page (a `focusin`); from the last control of a drawer
 * that is also the last of the document, Tab left the page altogether (the focus on <body>, then the
 * browser's own bar). Here the last control's Tab goes to the first, the first's Shift+Tab to the last.
 *
 * And the focus goes back to what opened the dialog. antd gives it back after its closing animation,
 * which never runs for a drawer or modal that the page unmounts on close (`{editing ? <Drawer open> :
 * null}`, as most of the area's do): the focus was left on <body>. The control the focus came from
 * when it first entered a dialog is kept, and given the focus again once no dialog is open and the
 * focus is nowhere.
 */
import { useEffect } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

function controls(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[aria-hidden="true"], [inert]');
  });
}

function onKey(e: KeyboardEvent) {
  if (e.key !== 'Tab' || e.defaultPrevented) return;
  const open = [...document.querySelectorAll<HTMLElement>('.ant-drawer-open, .ant-modal-wrap')].filter((b) => getComputedStyle(b).display !== 'none');
  const box = open[open.length - 1];
  if (!box) return;
  const list = controls(box);
  const first = list[0];
  const last = list[list.length - 1];
  if (!first || !last) return;
  const at = document.activeElement;
  const inside = at instanceof HTMLElement && box.contains(at);
  if (!inside || (!e.shiftKey && at === last) || (e.shiftKey && (at === first || !list.includes(at)))) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}

const DIALOG = '.ant-drawer, .ant-modal-wrap, .ant-modal';
const dialogOpen = () => [...document.querySelectorAll<HTMLElement>('.ant-drawer-open, .ant-modal-wrap')].some((b) => getComputedStyle(b).display !== 'none');

export function useDialogTabWrap() {
  useEffect(() => {
    let opener: HTMLElement | null = null;
    const onFocusIn = (e: FocusEvent) => {
      const to = e.target instanceof HTMLElement ? e.target : null;
      const from = e.relatedTarget instanceof HTMLElement ? e.relatedTarget : null;
      if (to?.closest(DIALOG)) {
        if (from && !from.closest(DIALOG)) opener = from;
      } else opener = null;
    };
    const giveBack = new MutationObserver(() => {
      if (!opener || document.activeElement !== document.body || dialogOpen()) return;
      const back = opener;
      opener = null;
      if (back.isConnected) back.focus();
    });
    giveBack.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('focusin', onFocusIn, true);
    return () => {
      giveBack.disconnect();
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('focusin', onFocusIn, true);
    };
  }, []);
}
