import { threadId } from 'node:worker_threads';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@portal/contract';
import { HttpError } from '../http/errors.ts';
import { makeWorkerPool, type WorkerPool } from './pool.ts';
import type { tasks } from './testTasks.ts';

const pools: WorkerPool<typeof tasks>[] = [];
const pool = (size = 1, maxQueue?: number) => {
  const p = makeWorkerPool<typeof tasks>({ size, maxQueue, tasks: new URL('./testTasks.ts', import.meta.url) });
  pools.push(p);
  return p;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});
const bytesOf = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return [...Buffer.concat(chunks)];
};

describe('the worker pool', () => {
  it('runs a task on another thread, moving bytes both ways', async () => {
    const p = pool();
    const worker = await p.run('threadId', null);
    expect(worker).not.toBe(threadId);
    expect(await p.run('threadId', null)).toBe(worker);
    const input = Uint8Array.of(1, 2, 3);
    const out = await p.run('reversed', input, [input.buffer]);
    expect([...out]).toEqual([3, 2, 1]);
    // Moved, not copied: the sender's buffer is gone.
    expect(input.byteLength).toBe(0);
  });

  it("a task's error fails its job with the message; the worker keeps serving", async () => {
    const p = pool();
    const worker = await p.run('threadId', null);
    await expect(p.run('fail', '导入文件第3行有误')).rejects.toThrow('导入文件第3行有误');
    expect(await p.run('threadId', null)).toBe(worker);
  });

  it('a worker that dies fails its job with an error, and a new worker serves the next', async () => {
    const p = pool();
    const first = await p.run('threadId', null);
    const crashed = p.run('crash', null);
    const waiting = p.run('threadId', null);
    await expect(crashed).rejects.toThrow(/exit code 3/);
    // The job queued behind the crash, and the next, run on its replacement.
    const second = await waiting;
    expect(second).not.toBe(first);
    expect(await p.run('threadId', null)).toBe(second);
  });

  it('streams chunks as they are read; a stream not read holds no worker; a stopped one is dropped', async () => {
    const p = pool();
    expect(await bytesOf(await p.stream('count', 5))).toEqual([0, 1, 2, 3, 4]);
    expect(await bytesOf(await p.stream('count', 0))).toEqual([]);
    // A download that reads nothing more: the one worker still answers other jobs.
    const paused = await p.stream('count', 1_000_000);
    expect(await p.run('openStreams', null)).toBe(1);
    paused.destroy();
    await expect.poll(() => p.run('openStreams', null)).toBe(0);
  });

  it('a stream whose worker dies ends with an error; the pool goes on', async () => {
    const p = pool();
    const broken = await p.stream('crashAfterOne', null);
    await expect(bytesOf(broken)).rejects.toThrow(/exit code 4/);
    expect(await bytesOf(await p.stream('count', 2))).toEqual([0, 1]);
  });

  it('refuses a job beyond the bounded queue at once, with the sentence for a busy server', async () => {
    const p = pool(1, 2);
    // The first goes to the worker, the next two wait, the fourth is refused.
    const accepted = [p.run('threadId', null), p.run('threadId', null), p.run('threadId', null)];
    const refused = p.run('threadId', null);
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ status: 503, message: MSG.serverError });
    await expect(p.stream('count', 1)).rejects.toMatchObject({ status: 503 });
    await Promise.all(accepted);
  });

  it('close fails waiting jobs and open streams, stops the workers, and refuses new jobs', async () => {
    const p = pool(1);
    const open = await p.stream('count', 1_000_000);
    const waiting = Promise.allSettled([p.run('threadId', null), p.run('threadId', null), bytesOf(open)]);
    await p.close();
    for (const r of await waiting) expect(r).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/closed/) } });
    await expect(p.run('threadId', null)).rejects.toThrow(/closed/);
  });
});
