/**
 * The jobs queue: each job runs once across instances, a dead instance's job is taken over after its
 * lease, failures are retried then failed, keys dedupe, and a recurring schedule enqueues itself.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openTestDatabase } from '../../db/testing.ts';
import type { Database } from '../../db/client.ts';
import { jobs as jobsTable } from '../../db/schema/index.ts';
import { makeJobs } from './service.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());
beforeEach(async () => {
  await database.db.delete(jobsTable);
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('jobs queue', () => {
  it('runs a job once when two instances look for due work at the same moment', async () => {
    const ran: string[] = [];
    const instances = ['a', 'b'].map((name) => {
      const j = makeJobs(database.db, { instanceId: name });
      j.register('count', async (ctx) => {
        ran.push(`${name}:${(ctx.payload as { n: number }).n}`);
        await pause(30);
        return { by: name };
      });
      return j;
    });
    for (let n = 0; n < 6; n++) await instances[0]!.enqueue(database.db, { kind: 'count', payload: { n } });
    const counts = await Promise.all(instances.map((j) => j.runDue()));
    expect(counts[0]! + counts[1]!).toBe(6);
    expect(ran.map((r) => r.split(':')[1]).sort()).toEqual(['0', '1', '2', '3', '4', '5']);
    const rows = await database.db.select().from(jobsTable);
    expect(rows.every((r) => r.status === 'done' && r.progress === 100 && r.attempts === 1 && r.lockedBy === null)).toBe(true);
  });

  it('waits for a job until its time', async () => {
    const j = makeJobs(database.db);
    let ran = 0;
    j.register('later', async () => {
      ran++;
    });
    const { id } = await j.enqueue(database.db, { kind: 'later', runAt: new Date(Date.now() + 60_000) });
    expect(await j.runDue()).toBe(0);
    await database.db.update(jobsTable).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobsTable.id, id));
    expect(await j.runDue()).toBe(1);
    expect(ran).toBe(1);
  });

  it('answers the waiting job when the same key is enqueued again, and a new one once it finished', async () => {
    const j = makeJobs(database.db);
    j.register('keyed', async () => undefined);
    const first = await j.enqueue(database.db, { kind: 'keyed', key: 'class-7-reminder' });
    const again = await j.enqueue(database.db, { kind: 'keyed', key: 'class-7-reminder' });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    await j.runDue();
    const next = await j.enqueue(database.db, { kind: 'keyed', key: 'class-7-reminder' });
    expect(next.created).toBe(true);
    expect(await j.cancel(database.db, 'class-7-reminder')).toBe(true);
    expect((await j.get(next.id))!.status).toBe('cancelled');
    expect(await j.runDue()).toBe(0);
  });

  it('retries a failing job after a back-off, then marks it failed with the error', async () => {
    const j = makeJobs(database.db);
    let tries = 0;
    j.register('flaky', async () => {
      tries++;
      throw new Error('转码失败：源文件无法读取');
    });
    const { id } = await j.enqueue(database.db, { kind: 'flaky', maxAttempts: 2 });
    expect(await j.runDue()).toBe(1);
    const waiting = (await j.get(id))!;
    expect(waiting.status).toBe('queued');
    expect(waiting.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await database.db.update(jobsTable).set({ runAt: new Date(0) }).where(eq(jobsTable.id, id));
    expect(await j.runDue()).toBe(1);
    const failed = (await j.get(id))!;
    expect(failed).toMatchObject({ status: 'failed', error: '转码失败：源文件无法读取', attempts: 2 });
    expect(tries).toBe(2);
  });

  it('gives a dead instance’s job to another once the lease expired; the first one’s late result is ignored', async () => {
    const dead = makeJobs(database.db, { instanceId: 'dead' });
    const alive = makeJobs(database.db, { instanceId: 'alive' });
    let release!: () => void;
    const stuck = new Promise<void>((r) => (release = r));
    dead.register('transcode', async () => {
      await stuck;
      return { by: 'dead' };
    });
    alive.register('transcode', async (ctx) => {
      await ctx.progress(50, '720p');
      return { by: 'alive', attempt: ctx.attempt };
    });
    const { id } = await dead.enqueue(database.db, { kind: 'transcode' });
    const deadRun = dead.runDue();
    for (let i = 0; i < 50 && (await dead.get(id))!.status !== 'running'; i++) await pause(10);
    expect(await alive.runDue()).toBe(0);
    // The dead instance stopped renewing: its lease runs out.
    await database.db.update(jobsTable).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobsTable.id, id));
    expect(await alive.runDue()).toBe(1);
    expect((await alive.get(id))!).toMatchObject({ status: 'done', result: { by: 'alive', attempt: 2 } });
    release();
    await deadRun;
    expect((await alive.get(id))!.result).toEqual({ by: 'alive', attempt: 2 });
  });

  it('shows progress while a job runs and keeps its lease', async () => {
    const j = makeJobs(database.db);
    const seen: unknown[] = [];
    let id = '';
    j.register('slow', async (ctx) => {
      await ctx.progress(40, '正在转码 720p');
      seen.push(await j.get(id));
      return null;
    });
    id = (await j.enqueue(database.db, { kind: 'slow' })).id;
    await j.runDue();
    expect(seen[0]).toMatchObject({ status: 'running', progress: 40, progressNote: '正在转码 720p' });
    expect(((seen[0] as { lockedUntil: Date }).lockedUntil.getTime() - Date.now()) / 1000).toBeGreaterThan(30);
  });

  it('runs a recurring schedule that enqueues its own next run, once per due time', async () => {
    const j = makeJobs(database.db);
    const runs: string[] = [];
    j.register('weekly', async (ctx) => {
      const { n } = ctx.payload as { n: number };
      runs.push(`run ${n}`);
      if (n < 2) await j.enqueue(database.db, { kind: 'weekly', key: 'weekly-class-7', payload: { n: n + 1 }, runAt: new Date(Date.now() + 7 * 86400_000) });
    });
    await j.enqueue(database.db, { kind: 'weekly', key: 'weekly-class-7', payload: { n: 1 } });
    expect(await j.runDue()).toBe(1);
    expect(await j.runDue()).toBe(0);
    await database.db.update(jobsTable).set({ runAt: new Date(0) }).where(eq(jobsTable.status, 'queued'));
    expect(await j.runDue()).toBe(1);
    expect(runs).toEqual(['run 1', 'run 2']);
  });

  it('prunes finished jobs past their keeping time and never a waiting, running or recent one', async () => {
    const j = makeJobs(database.db);
    const add = async (status: 'queued' | 'running' | 'done' | 'cancelled' | 'failed', daysAgo: number | null) => {
      const { id } = await j.enqueue(database.db, { kind: 'k', payload: { status, daysAgo } });
      await database.db
        .update(jobsTable)
        .set({ status, finishedAt: daysAgo === null ? null : sql`now() - ${daysAgo} * interval '1 day'` })
        .where(eq(jobsTable.id, id));
      return id;
    };
    const kept = [await add('queued', null), await add('running', null), await add('done', 29), await add('failed', 31), await add('cancelled', 1)];
    await add('done', 31);
    await add('cancelled', 40);
    await add('failed', 91);
    expect(await j.prune(30)).toBe(3);
    expect((await database.db.select({ id: jobsTable.id }).from(jobsTable)).map((r) => r.id).sort()).toEqual(kept.sort());
  });
});
