/**
 * The heartbeat bench's load generator (docs/decisions/0050): closed loop, as autocannon, on
 * `connections` keep-alive connections, each sending its next request as soon as it has read the
 * answer to the last, for `seconds`. It does as little per request as a client can: a request is
 * one buffer written once, an answer is read up to its Content-Length and kept as bytes, and the
 * answers are looked at after the run. On this two-core machine the generator shares the cores with
 * the server and PostgreSQL; autocannon spent about half as much CPU again on a progress report as
 * on a bare request (building each dynamic request, and parsing every answer's headers into an
 * object for its response hook), which the reports paid for and the bare route did not.
 */
import net from 'node:net';
import { pct } from './server.ts';

export interface LoadResult {
  /** Answers read within the run. */
  total: number;
  perSecond: number;
  /** Latency from the request's write to its answer's last byte, ms. */
  p50: number;
  p99: number;
  /** Answers whose status was not 2xx, and connections that failed. */
  non2xx: number;
  errors: number;
  /** With `keepAnswers`: each answer's status and body, in the order they were read. */
  answers: { status: number; body: Buffer }[];
}

/** One request as it goes on the wire (HTTP/1.1, keep-alive). */
export function httpRequest(method: string, path: string, headers: Record<string, string>, body = ''): Buffer {
  const head = [`${method} ${path} HTTP/1.1`, 'host: 127.0.0.1', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body || method !== 'GET') head.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`);
}

const HEAD_END = Buffer.from('\r\n\r\n');
const LENGTH = /\r\ncontent-length: *(\d+)/i;

export function load(opts: { port: number; connections: number; seconds: number; next: () => Buffer; keepAnswers?: boolean }): Promise<LoadResult> {
  const latencies: number[] = [];
  const answers: { status: number; body: Buffer }[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const end = started + opts.seconds * 1000;

  const connection = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect(opts.port, '127.0.0.1');
      socket.setNoDelay(true);
      let pending: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      let done = false;
      const send = () => {
        sentAt = performance.now();
        socket.write(opts.next());
      };
      socket.on('connect', send);
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        const headEnd = pending.indexOf(HEAD_END);
        if (headEnd < 0) return;
        const head = pending.toString('latin1', 0, headEnd);
        const length = LENGTH.exec(head);
        if (!length) {
          // Every answer of these calls carries its length; anything else (chunked) is not counted as read.
          socket.destroy();
          return;
        }
        const bodyEnd = headEnd + 4 + Number(length[1]);
        if (pending.length < bodyEnd) return;
        const now = performance.now();
        const status = Number(head.slice(9, 12));
        latencies.push(now - sentAt);
        if (status < 200 || status > 299) non2xx++;
        if (opts.keepAnswers) answers.push({ status, body: pending.subarray(headEnd + 4, bodyEnd) });
        pending = pending.subarray(bodyEnd);
        if (now < end) send();
        else {
          done = true;
          socket.end();
          resolve();
        }
      });
      // A connection refused, reset or closed by the server before the run's end is an error; the others go on.
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (!done) errors++;
        done = true;
        resolve();
      });
    });

  return Promise.all(Array.from({ length: opts.connections }, connection)).then(() => {
    const seconds = (performance.now() - started) / 1000;
    const at = (p: number) => (latencies.length ? +pct(latencies, p).toFixed(1) : 0);
    return { total: latencies.length, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), non2xx, errors, answers };
  });
}
