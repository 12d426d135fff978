/**
 * Operations: Prometheus metrics, health and readiness, request ids.
 *
 * Every app has a registry of its own (tests build several apps in one process). Metrics are labelled
 * by the route pattern (`/v1/:product/...`, never the raw address: a raw address would make a series
 * per id). The hot paths pay one counter increment and one histogram observation: the labelled
 * children of a route are made once, on its first answer with a given status, and kept on the route.
 *
 * `/metrics` is never public by default: on the application's port it answers only a bearer token
 * equal to METRICS_TOKEN (404 otherwise, and always 404 without a token configured); with
 * METRICS_PORT it is also served, without a token, on an internal address (METRICS_HOST, default
 * 127.0.0.1) that the proxy does not forward.
 */
import { createServer, type Server } from 'node:http';
import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type LabelValues } from 'prom-client';
import { MIGRATIONS_DIR, migrationsSchemaOf, type Db } from '../db/client.ts';

/** Seconds: from a fast cached answer to a slow export. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** /readyz answers 503 when the database has not answered within this. */
export const READY_TIMEOUT_MS = 2000;

export type ProgressOutcome = 'accepted' | 'duplicate' | 'inactive' | 'seekRefused' | 'sessionMissing' | 'busy';
const PROGRESS_OUTCOMES: readonly ProgressOutcome[] = ['accepted', 'duplicate', 'inactive', 'seekRefused', 'sessionMissing', 'busy'];

export interface Metrics {
  registry: Registry;
  /** One progress report (learning module): accepted, or why it counted nothing. */
  progressReport(outcome: ProgressOutcome): void;
  /** One exam answer saved (exam module). */
  examAnswerSaved(): void;
  /** One login attempt's outcome (uc module, through the audit log): reason is the audit's reason code. */
  login(outcome: 'success' | 'failure', reason: string | undefined): void;
  /** Database time of one statement. */
  query(seconds: number): void;
}

/** Pool use now: connections open, idle, and callers waiting for one. */
type PoolReader = { current: () => { total: number; idle: number; waiting: number } };

interface RouteMetrics {
  byStatus: Map<number, { count: ReturnType<Counter<'method' | 'route' | 'status'>['labels']>; duration: ReturnType<Histogram<'method' | 'route' | 'status'>['labels']> }>;
  method: string;
  route: string;
}

export function makeMetrics(opts: { database: 'postgres' | 'pglite'; defaultMetrics?: boolean }): Metrics & {
  http: { requests: Counter<'method' | 'route' | 'status'>; duration: Histogram<'method' | 'route' | 'status'> };
  pool: { max: Gauge; read: PoolReader };
} {
  const registry = new Registry();
  if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new Counter({ name: 'portal_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const duration = new Histogram({ name: 'portal_http_request_duration_seconds', help: 'Time from a request arriving to its answer, by method, route pattern and status', labelNames: ['method', 'route', 'status'], buckets: HTTP_BUCKETS, registers: [registry] });
  const progress = new Counter({ name: 'portal_progress_reports_total', help: 'Progress reports by outcome: accepted, or refused (counted nothing) and why', labelNames: ['outcome'], registers: [registry] });
  const answers = new Counter({ name: 'portal_exam_answers_saved_total', help: 'Exam answers saved', registers: [registry] });
  const logins = new Counter({ name: 'portal_logins_total', help: 'Login attempts by outcome and refusal reason', labelNames: ['outcome', 'reason'], registers: [registry] });
  const queries = new Histogram({ name: 'portal_db_query_duration_seconds', help: 'Database time of one statement', labelNames: ['database'], buckets: DB_BUCKETS, registers: [registry] });
  const read: PoolReader = { current: () => ({ total: 0, idle: 0, waiting: 0 }) };
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database connections: total open, idle, and callers waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const now = read.current();
      this.set({ state: 'total' }, now.total);
      this.set({ state: 'idle' }, now.idle);
      this.set({ state: 'waiting' }, now.waiting);
    },
  });
  const max = new Gauge({ name: 'portal_db_pool_max', help: 'Database connections this instance may open', registers: [registry] });

  const progressChildren = new Map(PROGRESS_OUTCOMES.map((o) => [o, progress.labels(o)]));
  const loginSuccess = logins.labels('success', '');
  const queryChild = queries.labels(opts.database);
  for (const c of progressChildren.values()) c.inc(0);
  loginSuccess.inc(0);
  answers.inc(0);
  return {
    registry,
    http: { requests, duration },
    pool: { max, read },
    progressReport: (outcome) => progressChildren.get(outcome)?.inc(),
    examAnswerSaved: () => answers.inc(),
    login: (outcome, reason) => {
      if (outcome === 'success') loginSuccess.inc();
      // Reasons are the audit's codes; anything else is not a label value (a label per value would grow without end).
      else logins.labels('failure', reason && /^[A-Za-z]{1,32}$/.test(reason) ? reason : 'other').inc();
    },
    query: (seconds) => queryChild.observe(seconds),
  };
}

/**
 * Times every statement and reports pool use at scrape time. PostgreSQL: the pool's clients are
 * wrapped as they are handed out (both `pool.query` and transactions go through `acquire`). PGlite:
 * one connection whose statements queue; in flight beyond the first are counted as waiting.
 */
export function instrumentDatabase(db: Db, metrics: ReturnType<typeof makeMetrics>) {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  const observe = (start: number) => metrics.query((performance.now() - start) / 1000);
  if (typeof client.totalCount === 'number') {
    const pool = client as unknown as { options: { max: number }; totalCount: number; idleCount: number; waitingCount: number; on(event: 'acquire', cb: (c: Record<string | symbol, unknown>) => void): void };
    const wrapped = Symbol('timed');
    pool.on('acquire', (c) => {
      if (c[wrapped]) return;
      c[wrapped] = true;
      const query = c.query as (...args: unknown[]) => unknown;
      c.query = function timedQuery(this: unknown, ...args: unknown[]) {
        const start = performance.now();
        const last = args.length - 1;
        const cb = args[last];
        if (typeof cb === 'function') {
          args[last] = (err: unknown, res: unknown) => {
            observe(start);
            (cb as (e: unknown, r: unknown) => void)(err, res);
          };
          return query.apply(this, args);
        }
        const r = query.apply(this, args);
        if (r && typeof (r as Promise<unknown>).then === 'function') (r as Promise<unknown>).then(() => observe(start), () => observe(start));
        return r;
      };
    });
    metrics.pool.max.set(pool.options.max);
    metrics.pool.read.current = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return;
  }
  // PGlite
  let inFlight = 0;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = client[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (typeof original !== 'function') continue;
    client[method] = async function timed(this: unknown, ...args: unknown[]) {
      const start = performance.now();
      inFlight++;
      try {
        return await original.apply(this, args);
      } finally {
        inFlight--;
        // A transaction's own statements are inside it: its time is counted once, as one.
        observe(start);
      }
    };
  }
  metrics.pool.max.set(1);
  metrics.pool.read.current = () => ({ total: 1, idle: inFlight === 0 ? 1 : 0, waiting: Math.max(0, inFlight - 1) });
}

/** Counts and times every answer by its route pattern; `(unmatched)` for answers of no route. */
export function registerHttpMetrics(app: FastifyInstance, metrics: ReturnType<typeof makeMetrics>) {
  const unmatched = new Map<string, RouteMetrics>();
  const forRoute = (method: string, route: string): RouteMetrics => ({ byStatus: new Map(), method, route });
  app.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method.join(',') : opts.method;
    opts.config = { ...(opts.config as object), metrics: forRoute(methods, opts.url ?? opts.path) } as typeof opts.config;
  });
  // A callback hook: it runs on every answer.
  app.addHook('onResponse', (req, reply, done) => {
    let m = (req.routeOptions.config as { metrics?: RouteMetrics } | undefined)?.metrics;
    if (!m) {
      m = unmatched.get(req.method);
      if (!m) unmatched.set(req.method, (m = forRoute(req.method, '(unmatched)')));
    }
    const status = reply.statusCode;
    let child = m.byStatus.get(status);
    if (!child) {
      const labels: LabelValues<'method' | 'route' | 'status'> = { method: m.method, route: m.route, status: String(status) };
      child = { count: metrics.http.requests.labels(labels), duration: metrics.http.duration.labels(labels) };
      m.byStatus.set(status, child);
    }
    child.count.inc();
    child.duration.observe(reply.elapsedTime / 1000);
    done();
  });
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The request id: a per-process random prefix and a counter (unique across instances, no randomness
 * per request), or, behind a trusted proxy (TRUST_PROXY), the proxy's X-Request-Id when it looks like
 * one (8-64 letters, digits and `._:-`). Carried in every answer's X-Request-Id and every log line.
 */
export function requestIdGenerator(trustProxy: boolean) {
  const prefix = randomBytes(4).toString('hex');
  let n = 0;
  return (req: { headers: Record<string, string | string[] | undefined> }) => {
    if (trustProxy) {
      const incoming = req.headers['x-request-id'];
      if (typeof incoming === 'string' && REQUEST_ID.test(incoming)) return incoming;
    }
    n = (n + 1) % Number.MAX_SAFE_INTEGER;
    return `${prefix}-${n.toString(36)}`;
  };
}

export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
}

/** Creation times of the migrations this build ships (drizzle's journal): a database must have applied each. */
function journalMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/**
 * Ready: the database answers within READY_TIMEOUT_MS and has applied every migration of this build
 * (drizzle's table of applied migrations holds each journal entry's creation time). Otherwise the
 * reason, for the log and the answer.
 */
export async function readiness(db: Db): Promise<{ ready: true } | { ready: false; reason: string }> {
  const expected = journalMigrations();
  const schema = migrationsSchemaOf(db);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([db.execute(sql`select created_at from ${sql.identifier(schema)}.${sql.identifier('__drizzle_migrations')}`), timeout]);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { created_at: string | number }[];
    const applied = new Set(rows.map((r) => Number(r.created_at)));
    const missing = expected.filter((m) => !applied.has(m.when));
    if (missing.length > 0) return { ready: false, reason: `migrations not applied: ${missing.map((m) => m.tag).join(', ')}` };
    return { ready: true };
  } catch (err) {
    return { ready: false, reason: err instanceof Error && err.message === 'timeout' ? 'database did not answer in time' : 'database unavailable' };
  } finally {
    clearTimeout(timer);
  }
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** GET /healthz, /readyz and /metrics (token) on the app; METRICS_PORT adds the internal listener. */
export function registerOperations(app: FastifyInstance, db: Db, metrics: Metrics, opts: { token?: string; host: string; port?: number }) {
  app.get('/healthz', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { ok: true };
  });
  app.get('/readyz', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const r = await readiness(db);
    if (r.ready) return { ok: true };
    req.log.warn({ reason: r.reason }, 'not ready');
    return reply.code(503).send({ ok: false, reason: r.reason });
  });

  const expected = opts.token ? sha256(`Bearer ${opts.token}`) : null;
  const allowed = (req: FastifyRequest) => {
    const given = req.headers.authorization;
    // Hashes of equal length, compared in constant time.
    return expected !== null && typeof given === 'string' && timingSafeEqual(sha256(given), expected);
  };
  const scrape = async (reply: FastifyReply) => reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType).send(await metrics.registry.metrics());
  app.get('/metrics', async (req, reply) => {
    // Not found rather than unauthorised: without the token the endpoint does not exist.
    if (!allowed(req)) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return scrape(reply);
  });

  if (opts.port === undefined) return;
  let internal: Server | null = null;
  app.addHook('onListen', async () => {
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      metrics.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text),
        (err: unknown) => {
          app.log.error({ err }, 'metrics failed');
          res.writeHead(500).end();
        },
      );
    });
    internal = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host, () => resolve());
    });
    const a = server.address();
    app.log.info({ metrics: typeof a === 'object' && a ? `${a.address}:${a.port}` : a }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    const s = internal;
    if (s) await new Promise((r) => s.close(r));
  });
}
