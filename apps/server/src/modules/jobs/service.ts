/**
 * The jobs queue (owns table `jobs`): work that must survive a restart and run once across server
 * instances — media transcoding, scheduled reminders. One mechanism for every such feature
 * (ARCHITECTURE.md §6, ADR 0029).
 *
 * - `register(kind, handler, { leaseSeconds, concurrency, maxAttempts })` at build time, in every
 *   instance that should run that kind.
 * - `enqueue(dbOrTx, { kind, payload, runAt?, key? })` inside the caller's transaction, so a job exists
 *   exactly when the change that asked for it committed. A `key` is unique among waiting jobs:
 *   enqueueing it again answers the waiting one (`created: false`); a running job does not count.
 * - An instance claims a due job with FOR UPDATE SKIP LOCKED and holds a lease it renews while the
 *   handler runs; a job whose instance died is claimed again once its lease expires. A handler that
 *   lost its lease sees `ctx.signal` aborted and its result is ignored. Handlers must be idempotent
 *   (a crash after the work but before `done` runs it again).
 * - A failure is retried after a back-off until `maxAttempts`, then the job is `failed` with the error.
 * - A recurring schedule is a handler that enqueues its own next run (same key pattern) before it ends.
 * - `runDue()` claims and runs everything due now and waits for it (tests; the runner calls the same).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';

export type JobStatus = (typeof jobs.$inferSelect)['status'];
export type JobRow = typeof jobs.$inferSelect;

export interface JobContext {
  id: string;
  kind: string;
  payload: unknown;
  /** 1 on the first run. */
  attempt: number;
  /** Aborted when this instance lost the job's lease (or is closing): stop and return. */
  signal: AbortSignal;
  /** Progress shown to people (0–100) with an optional note; also renews the lease. */
  progress(percent: number, note?: string): Promise<void>;
}

export type JobHandler = (ctx: JobContext) => Promise<unknown>;

export interface JobOptions {
  /** How long a claim holds without renewal (renewed every third of it while the handler runs). */
  leaseSeconds?: number;
  /** Jobs of this kind one instance runs at once. */
  concurrency?: number;
  /** Runs before the job is `failed`. */
  maxAttempts?: number;
}

export interface EnqueueSpec {
  kind: string;
  payload?: unknown;
  runAt?: Date;
  key?: string;
  maxAttempts?: number;
}

export interface Jobs {
  register(kind: string, handler: JobHandler, options?: JobOptions): void;
  enqueue(q: Db, spec: EnqueueSpec): Promise<{ id: string; created: boolean }>;
  get(id: string): Promise<JobRow | undefined>;
  /** Cancels the unfinished job of this key that has not started; true when there was one. */
  cancel(q: Db, key: string): Promise<boolean>;
  /** Claims and runs every due job of the registered kinds (respecting concurrency) and waits for them. */
  runDue(): Promise<number>;
  /** Polls every `intervalMs` until stop(); returns stop. */
  start(intervalMs: number): () => Promise<void>;
  /**
   * Deletes finished jobs: done and cancelled ones finished more than `keepDays` ago, failed ones
   * (kept for their error) after three times that. Waiting and running jobs are never touched.
   */
  prune(keepDays: number): Promise<number>;
}

/** The daily housekeeping job (app.ts): prunes finished jobs and abandoned uploads. */
export const HOUSEKEEPING_JOB = 'housekeeping';

const DEFAULTS = { leaseSeconds: 60, concurrency: 1, maxAttempts: 3 } as const;
/** Seconds before a failed job runs again: 30 s, 2 min, 4.5 min… */
export const retryDelaySeconds = (attempt: number) => 30 * attempt * attempt;

export function makeJobs(db: Db, opts: { instanceId?: string; log?: { error(obj: object, msg: string): void } } = {}): Jobs {
  const instanceId = opts.instanceId ?? randomUUID();
  const handlers = new Map<string, { handler: JobHandler; options: Required<JobOptions> }>();
  const running = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const closing = new AbortController();

  const rows = async (q: Db, query: ReturnType<typeof sql>) => ((await q.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  /** One due job of these kinds, now running under this instance's lease. */
  async function claim(kinds: string[]): Promise<JobRow | null> {
    const [row] = await rows(
      db,
      sql`update ${jobs} set status = 'running', attempts = attempts + 1, locked_by = ${instanceId},
                 locked_until = now() + make_interval(secs => case kind ${sql.join(
                   kinds.map((k) => sql`when ${k} then ${handlers.get(k)!.options.leaseSeconds}::int`),
                   sql` `,
                 )} end)
           where id = (select id from ${jobs}
                        where kind in (${sql.join(
                          kinds.map((k) => sql`${k}`),
                          sql`, `,
                        )})
                          and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
                        order by run_at limit 1 for update skip locked)
       returning id`,
    );
    if (!row) return null;
    return (await db.select().from(jobs).where(eq(jobs.id, row.id as string)))[0] ?? null;
  }

  async function finish(id: string, set: Partial<typeof jobs.$inferInsert>): Promise<void> {
    await db
      .update(jobs)
      .set({ ...set, lockedBy: null, lockedUntil: null })
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, instanceId), eq(jobs.status, 'running')));
  }

  async function execute(job: JobRow): Promise<void> {
    const { handler, options } = handlers.get(job.kind)!;
    if (job.attempts > job.maxAttempts) {
      await finish(job.id, { status: 'failed', finishedAt: new Date(), error: job.error ?? '多次运行未完成（运行它的实例中断）' });
      return;
    }
    const lost = new AbortController();
    const signal = AbortSignal.any([lost.signal, closing.signal]);
    const renew = async (set: Partial<typeof jobs.$inferInsert> = {}) => {
      const held = await db
        .update(jobs)
        .set({ ...set, lockedUntil: sql`now() + make_interval(secs => ${options.leaseSeconds}::int)` })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, instanceId), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      if (held.length === 0) lost.abort();
    };
    const renewing = setInterval(() => {
      renew().catch((err: unknown) => opts.log?.error({ err, job: job.id }, 'job lease renewal failed'));
    }, (options.leaseSeconds * 1000) / 3);
    renewing.unref();
    try {
      const result = await handler({
        id: job.id,
        kind: job.kind,
        payload: job.payload,
        attempt: job.attempts,
        signal,
        progress: (percent, note) => renew({ progress: Math.max(0, Math.min(100, Math.round(percent))), progressNote: note ?? null }),
      });
      clearInterval(renewing);
      if (!lost.signal.aborted) await finish(job.id, { status: 'done', progress: 100, result: result ?? null, error: null, finishedAt: new Date() });
    } catch (err) {
      clearInterval(renewing);
      opts.log?.error({ err, job: job.id, kind: job.kind }, 'job failed');
      if (lost.signal.aborted) return;
      const error = err instanceof Error ? err.message : String(err);
      if (job.attempts >= job.maxAttempts) await finish(job.id, { status: 'failed', error, finishedAt: new Date() });
      else await finish(job.id, { status: 'queued', error, runAt: new Date(Date.now() + retryDelaySeconds(job.attempts) * 1000) });
    }
  }

  /** Claims what this instance has room for and starts it; the promises of what started. */
  async function tick(): Promise<Promise<void>[]> {
    const started: Promise<void>[] = [];
    for (;;) {
      const free = [...handlers].filter(([kind, h]) => (running.get(kind) ?? 0) < h.options.concurrency).map(([kind]) => kind);
      if (free.length === 0 || closing.signal.aborted) return started;
      const job = await claim(free);
      if (!job) return started;
      running.set(job.kind, (running.get(job.kind) ?? 0) + 1);
      const p = execute(job)
        .catch((err: unknown) => opts.log?.error({ err, job: job.id }, 'job bookkeeping failed'))
        .finally(() => {
          running.set(job.kind, (running.get(job.kind) ?? 1) - 1);
          inFlight.delete(p);
        });
      inFlight.add(p);
      started.push(p);
    }
  }

  return {
    register(kind, handler, options = {}) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
      handlers.set(kind, { handler, options: { ...DEFAULTS, ...options } });
    },

    async enqueue(q, spec) {
      const id = randomUUID();
      const [row] = await rows(
        q,
        sql`insert into ${jobs} (id, kind, payload, key, run_at, max_attempts)
            values (${id}, ${spec.kind}, ${JSON.stringify(spec.payload ?? {})}::jsonb, ${spec.key ?? null},
                    ${(spec.runAt ?? new Date()).toISOString()}::timestamptz, ${spec.maxAttempts ?? DEFAULTS.maxAttempts})
            on conflict (key) where status = 'queued' do nothing
            returning id`,
      );
      if (row) return { id, created: true };
      const [waiting] = await q
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.key, spec.key!), eq(jobs.status, 'queued')));
      return { id: waiting!.id, created: false };
    },

    async get(id) {
      return (await db.select().from(jobs).where(eq(jobs.id, id)))[0];
    },

    async prune(keepDays) {
      const gone = await rows(
        db,
        sql`delete from ${jobs} where (status in ('done', 'cancelled') and finished_at < now() - ${keepDays} * interval '1 day')
              or (status = 'failed' and finished_at < now() - ${3 * keepDays} * interval '1 day') returning id`,
      );
      return gone.length;
    },

    async cancel(q, key) {
      const r = await q
        .update(jobs)
        .set({ status: 'cancelled', finishedAt: new Date() })
        .where(and(eq(jobs.key, key), eq(jobs.status, 'queued')))
        .returning({ id: jobs.id });
      return r.length > 0;
    },

    async runDue() {
      let n = 0;
      for (;;) {
        const started = await tick();
        if (started.length === 0) {
          if (inFlight.size === 0) return n;
          await Promise.race(inFlight);
          continue;
        }
        n += started.length;
        await Promise.all(started);
      }
    },

    start(intervalMs) {
      let timer: NodeJS.Timeout | undefined;
      let stopped = false;
      const loop = () => {
        tick()
          .catch((err: unknown) => opts.log?.error({ err }, 'jobs poll failed'))
          .finally(() => {
            if (!stopped) {
              timer = setTimeout(loop, intervalMs);
              timer.unref();
            }
          });
      };
      loop();
      return async () => {
        stopped = true;
        clearTimeout(timer);
        closing.abort();
        await Promise.allSettled([...inFlight]);
      };
    },
  };
}
