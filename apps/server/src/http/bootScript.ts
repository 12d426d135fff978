/**
 * The one inline script of a page rendered on the server (ADR 0009). The rendered page is readable
 * and its links work without the web app's scripts, so they wait until the page has loaded (its
 * pictures included) and a frame has been painted; then they are all requested (modulepreload, one
 * link per task) and evaluated one chunk per task, in the order of their imports, so that no single
 * task blocks the page for long. A page that has not loaded within three seconds (a picture that
 * hangs) starts them anyway. If a chunk cannot be fetched, the page stays as the server rendered it,
 * links working. (The early read of localStorage that keeps it out of the entry's evaluation is the
 * head script's, HEAD_SCRIPT below.)
 *
 * A link works before the app runs; a button does not. So a press on a button before then starts the
 * scripts at once and is kept, and the button is pressed again when the app has taken over the page
 * (HYDRATED_EVENT): a visitor who presses 登录 at once gets the login form a moment later.
 *
 * `data-chunks`: the entry's chunks, dependencies first, the entry last; `data-preload`: the page's
 * own chunks, which the router imports itself. The text never changes, so the Content-Security-Policy
 * allows it by its hash (BOOT_SCRIPT_CSP) rather than allowing inline scripts.
 */
import { createHash } from 'node:crypto';
import { DISPLAY_SETTINGS_KEY, HYDRATED_EVENT, markDisplay, PERSON_TYPE_TEACHER, STORAGE_KEY } from '@portal/contract';

export const BOOT_SCRIPT = `(function () {
  var data = document.currentScript.dataset, started = false, pressed = null;
  function start() {
    if (started) return;
    started = true;
    var chunks = data.chunks.split(' '), preloads = chunks.concat((data.preload || '').split(' '));
    (function preloadNext() {
      var href = preloads.shift();
      if (href === undefined) return;
      if (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      }
      setTimeout(preloadNext, 0);
    })();
    var next = 0;
    (function evaluateNext() {
      var href = chunks[next++];
      if (href) import(href).then(function () { setTimeout(evaluateNext, 0); }, function (err) { console.error(err); });
    })();
  }
  function early(event) {
    var button = event.target.closest && event.target.closest('button, [role="button"]');
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    pressed = button;
    start();
  }
  document.addEventListener('click', early, true);
  document.addEventListener('${HYDRATED_EVENT}', function () {
    document.removeEventListener('click', early, true);
    if (pressed && document.contains(pressed)) pressed.click();
    pressed = null;
  }, { once: true });
  function afterPaint() {
    requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(start, 0); }); });
  }
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
  setTimeout(start, 3000);
})();`;

/** The CSP source that allows exactly BOOT_SCRIPT. */
export const BOOT_SCRIPT_CSP = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** The boot script element for the entry's chunks (dependencies first) and the page's own. */
export function bootScriptTag(chunks: string[], preload: string[]): string {
  const list = (files: string[]) => files.map((f) => `/${f}`).join(' ');
  return `<script data-chunks="${list(chunks)}" data-preload="${list(preload)}">${BOOT_SCRIPT}</script>`;
}

/**
 * The other inline script, in the head of a page rendered on the server, marks the root before the
 * page is painted:
 * - with the menu of the person stored here. The server renders a visitor's page (it cannot know who is
 *   logged in: the session is in this browser's storage), whose menu is the learner's; a logged-in
 *   teacher must not see it, not even until the app takes over, so the frame's styles hide a menu drawn
 *   for the other kind (apps/web/src/app/menu.ts keeps the mark up to date once the app runs);
 * - with this browser's display settings (关怀版, zoom, contrast, pointer, reading guide), by
 *   the same function the app calls when they change (markDisplay), so a page in care mode or high
 *   contrast is never painted first in the standard look.
 * Reading localStorage here also loads the origin's storage, which would otherwise lengthen the entry's
 * evaluation (the session is read there; ADR 0011).
 */
export const HEAD_SCRIPT = `(function () {
  try {
    var s = JSON.parse(localStorage.getItem('${STORAGE_KEY}') || 'null');
    if (s && s.userInfo) document.documentElement.dataset.menu = s.userInfo.personType === ${PERSON_TYPE_TEACHER} ? 'teacher' : 'student';
  } catch (e) { /* storage blocked or unreadable: a visitor's page */ }
  try {
    (${markDisplay.toString()})(document.documentElement, JSON.parse(localStorage.getItem('${DISPLAY_SETTINGS_KEY}') || 'null'));
  } catch (e) { /* storage blocked or unreadable: the standard look */ }
})();`;

/** The CSP source that allows exactly HEAD_SCRIPT. */
export const HEAD_SCRIPT_CSP = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`;
