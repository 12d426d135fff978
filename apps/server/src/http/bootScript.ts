/**
 * The one inline script of a page rendered on the server (ADR 0009). The rendered page is readable
 * and its links work without the web app's scripts, so they wait until the page has loaded (its
 * pictures included) and a frame has been painted; then they are all requested (modulepreload, one
 * link per task) and evaluated one chunk per task, in the order of their imports, so that no single
 * task blocks the page for long. While the page is parsed, before its first paint, the script reads
 * localStorage once: the first read loads the origin's storage synchronously, which would otherwise
 * lengthen the entry's evaluation (the session is read there; ADR 0011). A page that has not loaded within three seconds (a picture that hangs) starts them
 * anyway. If a chunk cannot be fetched, the page stays as the server rendered it, links working.
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
import { HYDRATED_EVENT, STORAGE_KEY } from '@portal/contract';

export const BOOT_SCRIPT = `(function () {
  var data = document.currentScript.dataset, started = false, pressed = null;
  try { localStorage.getItem('${STORAGE_KEY}'); } catch (e) { /* storage blocked: the app copes */ }
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
