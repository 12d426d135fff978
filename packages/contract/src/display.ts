/**
 * The display settings' marks on the page's root: `data-care`, `data-contrast`,
 * `data-cursor`, `data-guide`, `data-zoom` and `data-plain` (纯文本). The styles (apps/web/src/app/
 * display.css) and antd's theme (AntdScope) follow these marks, so one layout serves every mode.
 *
 * Written as one self-contained function (it refers to nothing outside itself): the head script of a page rendered on the
 * server embeds its source (apps/server/src/http/bootScript.ts) to mark the root before the first
 * paint, and the web app calls the same function when the settings change. Anything not one of the
 * toolbar's choices is read as the standard setting.
 */
export function markDisplay(root: HTMLElement, settings: unknown): void {
  const s = (settings && typeof settings === 'object' ? settings : {}) as Record<string, unknown>;
  const set = (name: string, value: string | null) => {
    if (value === null) root.removeAttribute(name);
    else root.setAttribute(name, value);
  };
  set('data-care', s.care === true ? '' : null);
  set('data-contrast', s.contrast === 'blackOnYellow' || s.contrast === 'yellowOnBlack' ? s.contrast : null);
  set('data-cursor', s.bigCursor === true ? 'big' : null);
  set('data-plain', s.plain === true ? '' : null);
  set('data-guide', s.guide === 'line' || s.guide === 'cross' ? s.guide : null);
  // The styles know the toolbar's steps (ZOOM_STEPS), 125 % to 200 %.
  set('data-zoom', s.zoom === 1.25 || s.zoom === 1.5 || s.zoom === 1.75 || s.zoom === 2 ? String(s.zoom) : null);
}
