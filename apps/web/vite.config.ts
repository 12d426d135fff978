import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The dev server proxies the API to a locally started server (PORT 8080 by default). */
const api = process.env.PORTAL_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/v1': api, '/video_learning': api, '/uploads': api, '/media': api, '/dev': api },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    // bench/run.ts reads it to count what the first load of /index fetches.
    manifest: true,
  },
});
