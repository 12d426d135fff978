import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The dev server proxies the API to a locally started server (PORT 8080 by default). */
const api = process.env.PORTAL_API ?? 'http://localhost:8080';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
    // React DOM, the router, TanStack Query, zod and the contract's calls each in chunks of their own:
    // a page rendered on the server evaluates the entry's chunks one per task (the server's
    // bootScript.ts), so that none of them blocks the page for long.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
                { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
                { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
                // The contract's calls, one chunk per area: building their schemas is most of its cost.
                { name: (id: string) => /packages[\\/]contract[\\/]src[\\/]calls[\\/](\w+)\.ts$/.exec(id)?.[1]?.replace(/^/, 'calls-') ?? null },
              ],
            },
          },
        },
  },
}));
