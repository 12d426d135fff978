/**
 * Starts the real server (apps/server/src/main.ts) on a free port with a fresh embedded database
 * and the already built web app, gives tests its base URL (inject('baseUrl')), and stops it after.
 * Fails at once when the system Chromium is missing: browser tests never skip silently.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// E2E_WEB_DIST lets two builds be tested side by side (e.g. `vite build --outDir /tmp/dist-a`).
const webDist = process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
const serverMain = path.join(repoRoot, 'apps/server/src/main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: apt-get install -y chromium fonts-wqy-microhei`);
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('apps/web/dist is not built: run `npm run build` first (npm run test:e2e does).');
  // The server renders /index and /course with the bundle built beside dist (ADR 0008); the browser tests cover it.
  if (!existsSync(path.join(webDist, '..', 'dist-ssr', 'entry-server.js'))) throw new Error('apps/web/dist-ssr is not built: run `npm run build` first.');
  if (!existsSync(serverMain)) throw new Error(`The server is missing at ${serverMain}`);

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const log: string[] = [];
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      // Jobs run as in production: the media library's test watches a transcode reach 就绪.
      JOBS_RUNNER: 'on',
      JOBS_POLL_MS: '500',
      WEB_DIST: webDist,
      WEB_SSR_DIST: path.join(webDist, '..', 'dist-ssr'),
      LOG_LEVEL: 'warn',
      // Every browser test comes from one IP: per-IP limits sized for people, not for a test suite.
      RATE_LIMIT_PER_MINUTE: '100000',
      SMS_DAILY_CAP_PER_PHONE: '1000',
      SMS_NOTICE_DAILY_CAP_PER_PHONE: '1000',
      SMS_DAILY_CAP_PER_IP: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => log.push(d.toString()));
  let exited: number | null = null;
  child.on('exit', (code) => {
    exited = code ?? -1;
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 110_000;
  for (;;) {
    if (exited !== null) throw new Error(`The server exited (${exited}) before answering:\n${log.join('').slice(-4000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer within 110 s:\n${log.join('').slice(-4000)}`);
    }
    const ok = await fetch(`${baseUrl}/video_learning/portalConfig`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide('baseUrl', baseUrl);

  return async () => {
    if (exited === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
      if (exited === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
