/**
 * What the bench sections share: a server started as `npm start` would (its own process, so the
 * bench's own work never sits in the server's event loop), the open-loop probe that measures what a
 * cheap call waits while heavy work runs, and the server's resident memory read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Ready when `ready` answers: the first page by default (the start bar); /healthz where the web build is not needed. */
export async function startServer(dataDir: string, port: number, env: Record<string, string> = {}, ready = '/index'): Promise<{ child: ChildProcess; ms: number }> {
  const t0 = performance.now();
  // Another server on the port would answer the polls below in this one's place.
  const taken = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use`);
  // BENCH_NODE_ARGS (e.g. --cpu-prof) profiles the server under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/src/main.ts')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise<{ child: ChildProcess; ms: number }>((resolve, reject) => {
    const poll = async () => {
      try {
        const r = await fetch(`http://127.0.0.1:${port}${ready}`);
        if (r.ok) return resolve({ child, ms: performance.now() - t0 });
        // The server answers, but not the first page: the web build is missing.
        if (r.status === 404 && (await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
          child.kill('SIGTERM');
          return reject(new Error(`${ready} answers 404: build the web app first (npm run build)`));
        }
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) return reject(new Error('server exited'));
      setTimeout(poll, 50);
    };
    void poll();
  });
}

export const stop = (c: ChildProcess) =>
  new Promise<void>((r) => {
    if (c.exitCode !== null) return r();
    c.once('exit', () => r());
    c.kill('SIGTERM');
  });

/** The p-quantile (0..1) of a sample, nearest rank. */
export const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/** A session token of `phone`, opened by logging in as the web page does (the development captcha endpoint answers the captcha). */
export async function logIn(base: string, phone: string, password: string): Promise<string> {
  const cap = (await (await fetch(`${base}/v1/portal/uc/session/captcha/request_image_code`, { method: 'POST' })).json()) as { data: { id: string } };
  const answer = ((await (await fetch(`${base}/dev/captcha/${cap.data.id}`)).json()) as { captcha: string }).captcha;
  const login = (await (
    await fetch(`${base}/v1/portal/uc/session/username_login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ captcha_session_id: cap.data.id, captcha: answer, username: phone, password, expires: 604800 }),
    })
  ).json()) as { data: { authorization: { id: string } } };
  return login.data.authorization.id;
}

/** The process's resident memory now and its peak since the last reset, in MB (Linux /proc). */
export function memoryOf(pid: number): { rssMB: number; peakMB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMB: Math.round(kb('VmRSS') / 1024), peakMB: Math.round(kb('VmHWM') / 1024) };
}
/** Starts the peak (VmHWM) over from the present resident size (writing 5 to clear_refs, Linux ≥ 4.0). */
export const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');
