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

export interface ProbeSummary {
  sent: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
  failed: number;
}

/**
 * Open loop: a cheap call every `everyMs` on a timer, whether or not the previous ones answered,
 * each timed from when it was due (so a stalled server shows as the wait it imposes, and the calls
 * queued behind it are counted, not skipped as a closed loop would).
 */
export function openLoopProbe(url: string, init: RequestInit, everyMs = 50) {
  const times: number[] = [];
  let failed = 0;
  const pending = new Set<Promise<void>>();
  const t0 = performance.now();
  let k = 0;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const due = t0 + k++ * everyMs;
    const p = fetch(url, init)
      .then(async (r) => {
        await r.arrayBuffer();
        if (!r.ok) failed++;
      })
      .catch(() => {
        failed++;
      })
      .then(() => {
        times.push(performance.now() - due);
      });
    pending.add(p);
    void p.finally(() => pending.delete(p));
    timer = setTimeout(tick, Math.max(0, t0 + k * everyMs - performance.now()));
  };
  tick();
  return {
    async stop(): Promise<ProbeSummary> {
      clearTimeout(timer);
      await Promise.all(pending);
      const r = (x: number) => +x.toFixed(1);
      return { sent: times.length, p50_ms: r(pct(times, 0.5)), p90_ms: r(pct(times, 0.9)), p99_ms: r(pct(times, 0.99)), max_ms: r(Math.max(...times)), failed };
    },
  };
}

/** The process's resident memory now and its peak since the last reset, in MB (Linux /proc). */
export function memoryOf(pid: number): { rssMB: number; peakMB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMB: Math.round(kb('VmRSS') / 1024), peakMB: Math.round(kb('VmHWM') / 1024) };
}
/** Starts the peak (VmHWM) over from the present resident size (writing 5 to clear_refs, Linux ≥ 4.0). */
export const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');
