/**
 * An open-loop latency probe: one request to `url` every `everyMs`, sent on schedule whether or not
 * the previous ones were answered, so a stalled server shows as long waits of every request due
 * meanwhile (a closed loop would send one and wait, and hide them). Each latency counts from when the
 * request was due, not from when it was sent. Run it beside heavy work to see what cheap calls suffer.
 *
 *   const p = probe(`${base}/video_learning/getSessionPerson`, { method: 'POST', headers: { authorization } });
 *   …heavy work…
 *   const stats = await p.stop(); // { sent, answered, failed, p50_ms, p90_ms, p99_ms, max_ms }
 */
import http from 'node:http';

export interface ProbeOptions {
  /** Between two requests; default 50 ms. */
  everyMs?: number;
  method?: string;
  headers?: Record<string, string>;
}

export interface ProbeStats {
  sent: number;
  answered: number;
  /** Not a 2xx answer, or no answer within 30 s after stop(). */
  failed: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
}

/** The p-quantile (0..1) of a sample, nearest rank; NaN when empty. */
const quantile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN);
const round = (ms: number) => Math.round(ms * 10) / 10;

export function probe(url: string, options: ProbeOptions = {}): { stop(): Promise<ProbeStats> } {
  const everyMs = options.everyMs ?? 50;
  // Its own connections, as many as requests outstanding: a slow answer never delays the next request.
  const agent = new http.Agent({ keepAlive: true });
  const latencies: number[] = [];
  let sent = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();

  const send = (due: number) => {
    sent++;
    const done = new Promise<void>((resolve) => {
      const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300) latencies.push(performance.now() - due);
          else failed++;
          resolve();
        });
      });
      req.on('error', () => {
        failed++;
        resolve();
      });
      req.end();
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };

  // Each tick sends every request that has come due: if the probe's own thread was late, none is skipped.
  let next = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    while (started + next * everyMs <= now) send(started + next++ * everyMs);
  }, everyMs / 5);

  return {
    async stop() {
      clearInterval(timer);
      const deadline = new Promise<'late'>((r) => setTimeout(() => r('late'), 30_000).unref());
      const outcome = await Promise.race([Promise.all(inFlight).then(() => 'ok' as const), deadline]);
      if (outcome === 'late') failed += inFlight.size;
      agent.destroy();
      const sorted = [...latencies].sort((a, b) => a - b);
      return { sent, answered: latencies.length, failed, p50_ms: round(quantile(sorted, 0.5)), p90_ms: round(quantile(sorted, 0.9)), p99_ms: round(quantile(sorted, 0.99)), max_ms: round(sorted.at(-1) ?? NaN) };
    },
  };
}
