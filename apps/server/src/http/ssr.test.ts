/**
 * Server rendering of /index and /course (http/ssr.ts) against a built web app in miniature: an
 * index.html and manifest shaped like Vite's, and a rendering bundle that calls the server through
 * the transport it is given, the way apps/web/src/entry-server.tsx does. The real bundle is covered by
 * the browser tests (public.e2e.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContent, person, urlOf } from '@portal/contract';
import { createTestApp, DEMO_ADMINS, PRODUCT, type TestApp } from '../test/harness.ts';
import { BOOT_SCRIPT, HEAD_SCRIPT } from './bootScript.ts';

const TEMPLATE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>干部网络学院</title>
    <script type="module" crossorigin src="/assets/index-E.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-R.js">
    <link rel="stylesheet" crossorigin href="/assets/index-E.css">
  </head>
  <body>
    <!--app-loading-->
    <div id="app-loading" role="status">正在加载，请稍候…</div>
    <!--/app-loading-->
    <div id="root"></div>
  </body>
</html>
`;

const MANIFEST = {
  'index.html': { file: 'assets/index-E.js', css: ['assets/index-E.css'], imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-R.js' },
  'src/pages/index/Page.tsx': { file: 'assets/Page-I.js', css: ['assets/Page-I.css'], imports: ['_react.js', '_public.js'] },
  '_public.js': { file: 'assets/public-P.js', css: ['assets/public-P.css'] },
  'src/pages/examInfo/Page.tsx': { file: 'assets/Page-S.js', imports: ['_react.js', '_study.js'] },
  '_study.js': { file: 'assets/study-S.js', css: ['assets/study-S.css'], imports: ['_zod.js'] },
  '_zod.js': { file: 'assets/zod-Z.js' },
  '_contract-person-C.js': { file: 'assets/contract-person-C.js', name: 'contract-person', imports: ['_zod.js'] },
};

/**
 * The rendering bundle in miniature. `?fail` throws; `?probe=<path>&method=<method>` also asks that
 * call and shows its answer's data (to see whom the server answers); every rendering is counted.
 */
const BUNDLE = `
let count = 0;
export const SSR_STATE_ID = 'portal-ssr-state';
export const renderings = () => count;
export async function renderPage(url, transport) {
  count++;
  const u = new URL(url, 'http://portal.local');
  if (u.searchParams.has('fail')) throw new Error('rendering failed');
  const config = await (await transport('/video_learning/portalConfig', { method: 'GET', headers: { Accept: 'application/json' } })).json();
  const probe = u.searchParams.get('probe');
  const method = u.searchParams.get('method') ?? 'GET';
  const answer = probe ? await (await transport(probe, { method, headers: { Accept: 'application/json' } })).json() : null;
  const probed = answer ? JSON.stringify(answer.obj ?? answer.data ?? null) : '';
  const name = config.obj.collegeName;
  return {
    html: '<h1>' + name + '</h1><p>$& $\\' $1</p><pre id="probe">' + probed + '</pre>',
    state: JSON.stringify({ queries: [{ queryHash: 'portalConfig', name }] }).replace(/</g, '\\\\u003c'),
    title: '首页 - ' + name,
  };
}
`;

const BIG_SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'第${i}行'`).join(',')}];\n`;

function builtApp(withBundle: boolean): { webDist: string; ssrDist: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-ssr-'));
  const webDist = path.join(root, 'dist');
  const ssrDist = path.join(root, 'dist-ssr');
  mkdirSync(path.join(webDist, '.vite'), { recursive: true });
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), TEMPLATE);
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(path.join(webDist, 'assets', 'index-E.css'), '.app{color:#262626}');
  writeFileSync(path.join(webDist, 'assets', 'Page-I.css'), '.home{margin:0}');
  writeFileSync(path.join(webDist, 'assets', 'public-P.css'), '.panel{padding:8px}');
  // A script as the build writes it: with its .br and .gz beside it (apps/web/vite.config.ts).
  writeFileSync(path.join(webDist, 'assets', 'big-B.js'), BIG_SCRIPT);
  writeFileSync(path.join(webDist, 'assets', 'big-B.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(path.join(webDist, 'assets', 'big-B.js.gz'), gzipSync(BIG_SCRIPT));
  if (withBundle) {
    mkdirSync(ssrDist);
    writeFileSync(path.join(ssrDist, 'entry-server.js'), BUNDLE);
  }
  return { webDist, ssrDist };
}

describe('server rendering of /index and /course', () => {
  let t: TestApp;
  let bare: TestApp;
  let ssrDist: string;

  beforeAll(async () => {
    const built = builtApp(true);
    ssrDist = built.ssrDist;
    t = await createTestApp({ WEB_DIST: built.webDist, WEB_SSR_DIST: built.ssrDist, SSR_CACHE_SECONDS: '60' });
    const noBundle = builtApp(false);
    bare = await createTestApp({ WEB_DIST: noBundle.webDist, WEB_SSR_DIST: noBundle.ssrDist });
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
  });

  const get = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers });

  it('/index comes rendered: the page, its title, its answers, its styles inside and its scripts started by the boot script', async () => {
    const res = await get(t, '/index');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    const name = t.config.COLLEGE_NAME;
    expect(html).toContain(`<div id="root"><h1>${name}</h1>`);
    expect(html).toContain(`<title>首页 - ${name}</title>`);
    // The answers, and the address they were rendered for (the browser may have moved on before its scripts ran).
    expect(html).toContain('<script id="portal-ssr-state" type="application/json" data-url="/index">{"queries":[{"queryHash":"portalConfig"');
    // The page's text is copied as it is, `$&` included.
    expect(html).toContain("<p>$& $' $1</p>");
    // No loading overlay over a page that is already there.
    expect(html).not.toContain('app-loading');
    // Styles inside the page, the entry's in place of its link; each file also named by a disabled
    // link (never fetched), so that the chunks' loader does not add it again.
    expect(html).toContain('<style>.app{color:#262626}</style><link rel="stylesheet" href="/assets/index-E.css" disabled>');
    expect(html).toContain('<style>.panel{padding:8px}</style><link rel="stylesheet" href="/assets/public-P.css" disabled>');
    expect(html).toContain('<style>.home{margin:0}</style><link rel="stylesheet" href="/assets/Page-I.css" disabled>');
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)?.every((l) => l.endsWith(' disabled>'))).toBe(true);
    // Scripts: nothing requested by the page itself; the boot script names the entry's chunks
    // (dependencies first) and the page's own, and the Content-Security-Policy allows exactly it.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    const boot = /<script data-chunks="([^"]*)" data-preload="([^"]*)">([\s\S]*?)<\/script>/.exec(html);
    expect(boot?.[1]).toBe('/assets/react-R.js /assets/index-E.js');
    expect(boot?.[2]).toBe('/assets/public-P.js /assets/Page-I.js');
    expect(boot?.[3]).toBe(BOOT_SCRIPT);
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(html.indexOf('data-chunks')).toBeGreaterThan(html.indexOf('portal-ssr-state'));
    // The head's script marks the stored person's menu before the first paint (a teacher never sees the visitor's learner menu).
    const mark = /<script>([\s\S]*?)<\/script><\/head>/.exec(html);
    expect(mark?.[1]).toBe(HEAD_SCRIPT);
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${hash(BOOT_SCRIPT)} ${hash(HEAD_SCRIPT)};`);
  });

  it('renders as a visitor: nothing of the request (its session) reaches the calls', async () => {
    const learner = await t.login('13800000001');
    const probe = `probe=${encodeURIComponent(urlOf(person.getSessionPerson, PRODUCT))}&method=${person.getSessionPerson.method}`;
    // The same call with the learner's token answers the learner: the probe can see a session.
    const own = await t.call(person.getSessionPerson, { token: learner });
    expect(own.json.obj).not.toBeNull();
    const res = await get(t, `/course?${probe}`, { authorization: learner });
    expect(res.body).toContain('<pre id="probe">null</pre>');
  });

  it('the study pages come rendered too, as a visitor\'s page (their public part: ADR 0047), whoever asks', async () => {
    const learner = await t.login('13800000001');
    const probe = `probe=${encodeURIComponent(urlOf(person.getSessionPerson, PRODUCT))}&method=${person.getSessionPerson.method}`;
    for (const page of ['/study', '/studypdf', '/studypdf1', '/studylive', '/studylive1']) {
      const res = await get(t, `${page}?courseId=3&${probe}`, { authorization: learner });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('portal-ssr-state');
      expect(res.body).toContain('<pre id="probe">null</pre>');
    }
  });

  it('reuses a rendering for SSR_CACHE_SECONDS, per address', async () => {
    const bundle = (await import(path.join(ssrDist, 'entry-server.js'))) as { renderings(): number };
    const before = bundle.renderings();
    await get(t, '/course?page=2');
    await get(t, '/course?page=2');
    expect(bundle.renderings()).toBe(before + 1);
    await get(t, '/course?page=3');
    expect(bundle.renderings()).toBe(before + 2);
  });

  it('a content administrator\'s change makes this instance render again at once (the others within SSR_CACHE_SECONDS)', async () => {
    const bundle = (await import(path.join(ssrDist, 'entry-server.js'))) as { renderings(): number };
    await get(t, '/course?page=4');
    const before = bundle.renderings();
    await get(t, '/course?page=4');
    expect(bundle.renderings()).toBe(before);
    const token = await t.adminLogin(DEMO_ADMINS.content);
    const saved = await t.call(adminContent.adminContentSave, { token, body: { kind: 'link', name: '示例网站', url: 'https://example.cn/' } });
    expect(saved.json.code).toBe(0);
    await get(t, '/course?page=4');
    expect(bundle.renderings()).toBe(before + 1);
  });

  it('a rendering that fails leaves the page to the browser (index.html as built)', async () => {
    const res = await get(t, '/course?fail=1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="app-loading"');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('portal-ssr-state');
  });

  it('other pages are rendered by the browser, their own chunks and styles asked for with the entry\'s', async () => {
    const res = await get(t, '/examInfo?id=3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('portal-ssr-state');
    // The person calls' schemas (the first calls of every page), then the page's chunks, dependencies
    // first, not the entry's again; fetched, not run (the router imports them).
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect([...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])).toEqual(['/assets/react-R.js', '/assets/zod-Z.js', '/assets/contract-person-C.js', '/assets/study-S.js', '/assets/Page-S.js']);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/study-S.css">');
    expect(head.match(/index-E\.css/g)).toHaveLength(1);
    // A path without a page of its own gets index.html as built.
    const other = await get(t, '/noSuchPage');
    expect(other.body).not.toContain('zod-Z.js');
    expect(other.body).toContain('<div id="root"></div>');
  });

  it('beyond SSR_RENDERS_PER_SECOND new renderings a second, the browser renders the page (0: every page)', async () => {
    const built = builtApp(true);
    const none = await createTestApp({ WEB_DIST: built.webDist, WEB_SSR_DIST: built.ssrDist, SSR_RENDERS_PER_SECOND: '0' });
    try {
      for (const url of ['/index', '/course?page=9', '/study?courseId=3']) {
        const res = await get(none, url);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<div id="root"></div>');
        expect(res.body).not.toContain('portal-ssr-state');
      }
    } finally {
      await none.close();
    }
    // The instance with the default (20) renders a new address.
    expect((await get(t, '/course?page=9')).body).toContain('portal-ssr-state');
  });

  it('without the rendering bundle every page is rendered by the browser', async () => {
    const res = await get(bare, '/index');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<div id="app-loading"');
  });

  it('scripts are sent as the build compressed them: brotli or gzip as the browser accepts, cached for good', async () => {
    const br = await get(t, '/assets/big-B.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await get(t, '/assets/big-B.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await get(t, '/assets/big-B.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });
});
