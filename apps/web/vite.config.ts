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
  },
}));
