/**
 * zod's settings, made before any schema is built (call.ts and rules/fields.ts import this first):
 * - A rule without a message of its own still answers in Chinese (server 400s and form errors alike).
 *   The Chinese messages alone: `z.locales` would bring zod's fifty languages into the browser's chunk.
 * - In a browser, zod does not compile its object parsers with `new Function`: the portal's
 *   Content-Security-Policy allows no eval there, and zod's probe for it (made when the first object
 *   schema is built) is reported by the browser as a CSP violation even though zod catches it
 *   (Lighthouse's best practices). The server keeps the compiled parsers.
 */
import { config } from 'zod';
import zhCN from 'zod/v4/locales/zh-CN.js';

config(zhCN());
if (typeof document !== 'undefined') config({ jitless: true });

export const ZOD_READY = true;
