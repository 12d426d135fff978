import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every script and style sheet of the build, which
 * the server sends as they are (@fastify/static preCompressed): smaller than compressing each response
 * at a fast level, and no compression work on the server while a page loads.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'portal-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((f) => /\.(js|css|svg|json)$/.test(f) && !f.startsWith('.vite/'));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(dir, f);
          const data = await readFile(file);
          if (data.length < 1024) return;
          const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length };
          await writeFile(`${file}.br`, await br(data, { params }));
          await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The contract's call references (packages/contract/src/refs.ts) as data: the module is run here, at
 * build time, and the browser gets the references it exports, without the contract's schemas behind
 * them. The client loads the contract itself when it makes a call (ADR 0011). The dev server reads the
 * module once: restart it after adding a call to the contract.
 */
function contractRefs(): Plugin {
  const refsModule = fileURLToPath(new URL('../../packages/contract/src/refs.ts', import.meta.url));
  return {
    name: 'portal-contract-refs',
    async load(id) {
      if (id.split('?')[0] !== refsModule) return null;
      const refs = (await import(pathToFileURL(refsModule).href)) as Record<string, unknown>;
      return Object.entries(refs)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join('\n');
    },
  };
}

/**
 * /certificate-sw.js, the certificate check's service worker (src/serviceWorker/certificate-sw.js),
 * with the files the check page can load: the entry and everything it imports, statically or lazily,
 * except the other pages and the administration area, with their style sheets and assets. The version
 * is a hash of that list, so each release installs a new worker that keeps its own copy.
 */
function certificateOffline(): Plugin {
  const template = fileURLToPath(new URL('./src/serviceWorker/certificate-sw.js', import.meta.url));
  const otherPage = (id: string | null) => id !== null && /[\\/]src[\\/](pages|admin)[\\/]/.test(id) && !/[\\/]src[\\/]pages[\\/]certificate[\\/]/.test(id);
  return {
    name: 'portal-certificate-offline',
    apply: 'build',
    // After the bundle is final: Vite drops the chunks that only carried a style sheet late.
    async writeBundle(options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      const files = new Set<string>();
      const todo = [...chunks.values()].filter((c) => c.isEntry);
      for (let c = todo.pop(); c; c = todo.pop()) {
        if (files.has(c.fileName) || otherPage(c.facadeModuleId)) continue;
        files.add(c.fileName);
        for (const f of [...(c.viteMetadata?.importedCss ?? []), ...(c.viteMetadata?.importedAssets ?? [])]) files.add(f);
        for (const f of [...c.imports, ...c.dynamicImports]) if (chunks.has(f)) todo.push(chunks.get(f)!);
      }
      const list = [...files].sort().map((f) => `/${f}`);
      const build = { version: createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 12), files: list };
      const source = await readFile(template, 'utf8');
      const marker = "{ version: 'dev', files: [] }";
      if (!source.includes(marker)) throw new Error(`${template} lost its ${marker}`);
      await writeFile(path.join(options.dir ?? 'dist', 'certificate-sw.js'), source.replace(marker, JSON.stringify(build)));
    },
  };
}

/**
 * The contract's call groups (packages/contract/src/calls/<group>.ts, the administration's in
 * calls/admin/<area>.ts), each built into a chunk of its own, with a priority above that of every group
 * that imports it: a chunk group takes the modules its own modules import that no group has taken yet,
 * so a group imported by others (content, catalog…) must take its module first, or it ends up in the
 * chunk of a group that imports it (contract-admin-courses).
 */
const CALLS_DIR = fileURLToPath(new URL('../../packages/contract/src/calls', import.meta.url));
const CALL_GROUPS = (() => {
  const callFiles = (dir: string) => readdirSync(path.join(CALLS_DIR, dir)).filter((f) => /^\w+\.ts$/.test(f) && !f.endsWith('.test.ts'));
  // Names relative to calls/, without the extension: `content`, `admin/content`.
  const names = [...callFiles('.').map((f) => f.slice(0, -3)), ...callFiles('admin').map((f) => `admin/${f.slice(0, -3)}`)];
  const importsOf = new Map(
    names.map((n) => [
      n,
      [...readFileSync(path.join(CALLS_DIR, `${n}.ts`), 'utf8').matchAll(/from '(\.\.?\/[\w/]+)\.ts'/g)]
        .map((m) => path.posix.join(path.posix.dirname(n), m[1]!))
        .filter((target) => names.includes(target)),
    ]),
  );
  const depth = new Map<string, number>();
  // The longest chain of groups importing this one (the call modules import each other without cycles).
  const depthOf = (n: string): number => {
    if (!depth.has(n)) depth.set(n, Math.max(0, ...names.filter((m) => importsOf.get(m)!.includes(n)).map((m) => depthOf(m) + 1)));
    return depth.get(n)!;
  };
  return names.map((name) => ({ name, priority: 10 + depthOf(name) }));
})();

/** The dev server proxies the API to a locally started server (PORT 8080 by default). */
const api = process.env.PORTAL_API ?? 'http://localhost:8080';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), contractRefs(), certificateOffline(), precompress()],
  server: {
    proxy: { '/v1': api, '/video_learning': api, '/uploads': api, '/media': api, '/dev': api },
  },
  // The server's rendering bundle (entry-server.tsx → dist-ssr) carries its dependencies with it.
  ssr: { noExternal: true },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    // bench/run.ts and the server's rendering read it (which chunks and styles a page loads).
    manifest: !isSsrBuild,
    ...(isSsrBuild ? { copyPublicDir: false } : {}),
    // React DOM, the router and TanStack Query each in chunks of their own: a page rendered on the
    // server evaluates the entry's chunks one per task (the server's bootScript.ts), so that none of
    // them blocks the page for long. zod and the contract's schemas are not in the entry at all: the
    // client loads them with the first call (ADR 0011), a call group at a time; the contract's constants, messages and access
    // rules (contract/base) stay where the entry's modules need them.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]|src[\\/]vendor[\\/]reactEager\.ts$/ },
                { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
                { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
                // The priorities: zod, then contract/base, then the envelopes, then the call groups (see CALL_GROUPS).
                { name: 'zod', priority: 300, test: /node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/]src[\\/]zodSetup\.ts$/ },
                // The contract's schema-free part (contract/base, the call references) first, so that the
                // group below does not take these modules, which its own modules also import, with it.
                { name: 'contract-base', priority: 200, test: /packages[\\/]contract[\\/]src[\\/](constants|messages|callDef|base|refs|access[\\/]\w+)\.ts$/ },
                // The envelopes and the form fields' rules in one chunk; each call group in a chunk of its own
                // (contract-learning…), loaded when a call of the group is first made (api/client.ts).
                { name: 'contract', priority: 100, test: /packages[\\/]contract[\\/]src[\\/](call|rules[\\/]fields)\.ts$/ },
                ...CALL_GROUPS.map(({ name, priority }) => ({
                  name: `contract-${name.replace('/', '-')}`,
                  priority,
                  test: new RegExp(`packages[\\\\/]contract[\\\\/]src[\\\\/]calls[\\\\/]${name.replace('/', '[\\\\/]')}\\.ts$`),
                })),
              ],
            },
          },
        },
  },
}));
