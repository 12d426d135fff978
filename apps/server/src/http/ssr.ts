/**
 * The public portal's first screens rendered on the server (ADR 0008): /index and /course come with
 * their HTML and the answers they were rendered with, so a visitor sees the page (and its largest
 * picture starts loading) before the JavaScript has arrived; the browser then hydrates it. The study
 * pages come with their public part (the course's head and chapters, ADR 0047), rendered the same way.
 *
 * The rendering is the web app's own (apps/web/src/entry-server.tsx, built into WEB_SSR_DIST). Its
 * calls are answered by this server's router through app.inject, as a visitor: no header of the
 * request is passed on, so nothing personal is ever rendered or cached. A rendering is reused for
 * SSR_CACHE_SECONDS per address. Whatever goes wrong (no bundle, a throw, more than RENDER_TIMEOUT_MS),
 * the page falls back to the plain index.html that the browser renders by itself. The bundle is
 * loaded once, at start; a web app rebuilt under a running server is rendered by the browser until
 * the server restarts (an old rendering must not meet new scripts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, HTTPMethods } from 'fastify';
import { flattenRoutes } from '@portal/contract';
import { bootScriptTag, HEAD_SCRIPT } from './bootScript.ts';

/** The public pages rendered on the server (with any query string), each rendered once at start. */
const PUBLIC_PATHS: readonly string[] = ['/index', '/course'];
/**
 * The paths rendered on the server: the public pages, and the pages behind a login that have a public
 * part (RouteSpec.preview, the study pages: the course's head and chapters, ADR 0047), rendered as a
 * visitor's request like the others.
 */
export const SSR_PATHS: readonly string[] = [...PUBLIC_PATHS, ...flattenRoutes().flatMap((r) => (r.preview ? [r.path] : []))];
const RENDER_TIMEOUT_MS = 3000;
const CACHE_MAX_ENTRIES = 200;

type Transport = (url: string, init: RequestInit) => Promise<Response>;
/** What apps/web/src/entry-server.tsx exports (its bundle is loaded at run time, so the shape is restated here). */
interface EntryServer {
  SSR_STATE_ID: string;
  renderPage(url: string, transport: Transport): Promise<{ html: string; state: string; title: string } | null>;
}

interface Manifest {
  [key: string]: { file: string; name?: string; css?: string[]; imports?: string[] };
}

interface Loaded<T> {
  mtimeMs: number;
  value: T;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The chunks and styles a manifest entry loads statically, in order, each once. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const out = { js: [] as string[], css: [] as string[] };
  const visit = (k: string) => {
    const e = manifest[k];
    if (!e || seen.has(k)) return;
    seen.add(k);
    for (const i of e.imports ?? []) visit(i);
    out.js.push(e.file);
    out.css.push(...(e.css ?? []));
  };
  visit(key);
  return out;
}

export interface Ssr {
  /** The whole HTML of `url` rendered on the server, or null when the browser should render it. */
  page(url: string): Promise<string | null>;
  /** Forgets every rendering (the content changed): the next visitor of each address gets a new one. */
  forget(): void;
  /**
   * The page the browser renders by itself (index.html) at `pathname`, with its route's own chunks
   * and styles asked for beside the entry's; null when the path has no page of its own (or no build).
   */
  shell(pathname: string): string | null;
}

/** The entry's chunks and styles (index.html links them) and a page's own, less the entry's. */
function assetsOf(manifest: Manifest, page: string) {
  const seen = new Set<string>();
  const entry = closure(manifest, 'index.html', seen);
  return { entry, own: closure(manifest, `src/pages${page}/Page.tsx`, seen) };
}

export function makeSsr(app: FastifyInstance, opts: { webDist: string; ssrDist: string; cacheSeconds: number; rendersPerSecond: number; log: FastifyBaseLogger }): Ssr {
  const bundleFile = path.join(opts.ssrDist, 'entry-server.js');
  const templateFile = path.join(opts.webDist, 'index.html');
  const manifestFile = path.join(opts.webDist, '.vite', 'manifest.json');
  const bundleAtStart = existsSync(bundleFile) ? statSync(bundleFile).mtimeMs : null;
  const bundle: Promise<EntryServer> | null = bundleAtStart === null ? null : (import(pathToFileURL(bundleFile).href) as Promise<EntryServer>);
  // Loaded now, not by the first visitor; a bundle that does not load is reported once and leaves rendering to the browser.
  bundle?.catch((err: unknown) => opts.log.error({ err }, 'the server rendering bundle does not load; the browser renders every page'));
  let staleReported = false;
  let shell: Loaded<{ template: string; manifest: Manifest; css: Map<string, string>; shells: Map<string, string | null> }> | null = null;
  const cache = new Map<string, { expires: number; html: Promise<string | null> }>();
  // New renderings started in the current second: every address of a study page (any query string) is
  // a rendering of its own, 10-20 ms of this instance's event loop, so a burst of new addresses (a script
  // asking for made-up ones) is rendered by the browsers instead, beyond rendersPerSecond.
  let second = 0;
  let startedThisSecond = 0;

  const transport: Transport = async (url, init) => {
    const res = await app.inject({ method: (init.method ?? 'GET') as HTTPMethods, url, headers: { accept: 'application/json' } });
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
  };

  /** The bundle loaded at start, while it is still the one on disk. */
  function entry(): Promise<EntryServer> | null {
    if (!bundle || !existsSync(bundleFile) || statSync(bundleFile).mtimeMs !== bundleAtStart) {
      if (bundle && !staleReported) {
        staleReported = true;
        opts.log.warn('the web app was rebuilt: pages are rendered in the browser until the server restarts');
      }
      return null;
    }
    return bundle;
  }

  function template(): { template: string; manifest: Manifest; css: Map<string, string>; shells: Map<string, string | null> } | null {
    if (!existsSync(templateFile) || !existsSync(manifestFile)) return null;
    const mtimeMs = statSync(templateFile).mtimeMs;
    if (shell?.mtimeMs !== mtimeMs) {
      shell = { mtimeMs, value: { template: readFileSync(templateFile, 'utf8'), manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest, css: new Map(), shells: new Map() } };
    }
    return shell.value;
  }

  async function render(url: string): Promise<string | null> {
    const loading = entry();
    const t = template();
    if (!loading || !t) return null;
    const server = await loading;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        opts.log.warn({ url }, 'server rendering took too long; the browser renders the page');
        resolve(null);
      }, RENDER_TIMEOUT_MS);
    });
    const page = await Promise.race([server.renderPage(url, transport), timeout]).finally(() => clearTimeout(timer));
    if (!page) return null;

    // The styles (the entry's and the page's, some 25 KB) come inside the page, so that it is painted
    // without another round trip. The scripts wait for the page to load and paint (bootScript.ts).
    const { entry: entryAssets, own } = assetsOf(t.manifest, url.split('?')[0] ?? '');
    const style = (f: string) => {
      let text = t.css.get(f);
      if (text === undefined) {
        text = readFileSync(path.join(opts.webDist, f), 'utf8').replace(/<\/style/gi, '<\\/style');
        t.css.set(f, text);
      }
      // The disabled link is not fetched; it tells the chunks' loader (Vite's preload helper looks for a
      // <link rel=stylesheet href>) that this file is on the page already. Without it, the first lazy
      // chunk would append the entry's styles again after the page's own, and the changed order of
      // equal rules would move the painted page about.
      return `<style>${text}</style><link rel="stylesheet" href="/${f}" disabled>`;
    };
    let html = t.template;
    for (const f of entryAssets.css) html = html.replace(`<link rel="stylesheet" crossorigin href="/${f}">`, () => style(f));
    return html
      .replace(/<script type="module" crossorigin src="[^"]*"><\/script>\s*/g, '')
      .replace(/<link rel="modulepreload" crossorigin href="[^"]*">\s*/g, '')
      .replace('</head>', () => `${own.css.map(style).join('')}<script>${HEAD_SCRIPT}</script></head>`)
      .replace('</body>', () => `${bootScriptTag(entryAssets.js, own.js)}</body>`)
      .replace(/<!--app-loading-->[\s\S]*<!--\/app-loading-->/, '')
      // Replacer functions: the page's text may hold `$&` and friends, which a replacement string would expand.
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div><script id="${server.SSR_STATE_ID}" type="application/json" data-url="${escapeHtml(url)}">${page.state}</script>`);
  }

  const ssr: Ssr = {
    async page(url) {
      const now = Date.now();
      const hit = cache.get(url);
      if (hit && hit.expires > now) return hit.html;
      const thisSecond = Math.floor(now / 1000);
      if (thisSecond !== second) {
        second = thisSecond;
        startedThisSecond = 0;
      }
      if (startedThisSecond >= opts.rendersPerSecond) return null;
      startedThisSecond++;
      const html = render(url).catch((err: unknown) => {
        opts.log.error({ err, url }, 'server rendering failed; the browser renders the page');
        return null;
      });
      if (opts.cacheSeconds > 0) {
        if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
        cache.set(url, { expires: now + opts.cacheSeconds * 1000, html });
      }
      return html;
    },
    forget: () => cache.clear(),
    shell(pathname) {
      const t = template();
      if (!t) return null;
      let html = t.shells.get(pathname);
      if (html === undefined) {
        // Without these links the page's chunks (and, through its imports, zod and its call groups'
        // schemas) are asked for only once the entry has run and the stored login's check has begun:
        // one more round trip before the learner's page (ADR 0026). Fetched, not evaluated: the router
        // still imports them when the page is rendered. The entry's own are in index.html already.
        // With them, the person calls' schemas (contract-person: the portal's configuration and the
        // stored login's check, the first calls of every page), which the client would ask for only
        // once zod has loaded.
        const seen = new Set<string>();
        closure(t.manifest, 'index.html', seen);
        const personKey = Object.keys(t.manifest).find((k) => t.manifest[k]!.name === 'contract-person');
        const person = personKey ? closure(t.manifest, personKey, seen) : { js: [], css: [] };
        const page = t.manifest[`src/pages${pathname}/Page.tsx`] ? closure(t.manifest, `src/pages${pathname}/Page.tsx`, seen) : null;
        const own = page ? { js: [...person.js, ...page.js], css: [...person.css, ...page.css] } : null;
        html = own
          ? t.template.replace(
              '</head>',
              () =>
                `${own.css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`).join('')}${own.js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('')}</head>`,
            )
          : null;
        if (t.shells.size < CACHE_MAX_ENTRIES) t.shells.set(pathname, html);
      }
      return html;
    },
  };
  // Once the server listens, render each page once, so that the first visitor neither waits for
  // the lazily loaded parts nor gets a page left to the browser.
  app.addHook('onListen', async () => {
    await Promise.all(PUBLIC_PATHS.map((p) => ssr.page(p)));
  });
  return ssr;
}
