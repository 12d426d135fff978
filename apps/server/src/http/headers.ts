/**
 * Security headers (QUALITY.md): CSP, nosniff, frame-ancestors, Referrer-Policy and friends,
 * computed once at start. (A per-request policy builder cost ~8% of the CPU of a progress report.)
 */
import type { FastifyInstance } from 'fastify';
import { BOOT_SCRIPT_CSP, HEAD_SCRIPT_CSP } from './bootScript.ts';

const CSP = [
  "default-src 'self'",
  // The server-rendered pages' two inline scripts are allowed by their hashes (bootScript.ts), no other inline script.
  `script-src 'self' ${BOOT_SCRIPT_CSP} ${HEAD_SCRIPT_CSP}`,
  // antd writes its component styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export function securityHeaders(production: boolean): Record<string, string> {
  return {
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'origin-agent-cluster': '?1',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, production: boolean) {
  const headers = securityHeaders(production);
  app.addHook('onRequest', async (_req, reply) => {
    // Set before the handler so a route (uploads) may tighten its own policy.
    reply.headers(headers);
  });
}

/**
 * `Server-Timing: app;dur=<ms>` on every answer: the time from the request's arrival to its answer,
 * shown by the browser's developer tools and read by the bench (QUALITY.md's "server time").
 */
export function registerServerTiming(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every answer, progress reports included.
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
    done(null, payload);
  });
}
