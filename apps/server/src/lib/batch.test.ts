import { describe, expect, it } from 'vitest';
import { batched, batchedCalls } from './batch.ts';

describe('batched lookups', () => {
  it('answers lookups of one turn with one query, each with its own value', async () => {
    const calls: number[][] = [];
    const load = batched(async (keys: number[]) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 3).map((k) => [k, k * 10]));
    });
    const answers = await Promise.all([load(1), load(2), load(2), load(3)]);
    expect(answers).toEqual([10, 20, 20, undefined]);
    expect(calls).toEqual([[1, 2, 3]]);
    expect(await load(4)).toBe(40);
    expect(calls).toHaveLength(2);
  });

  it('a failing query fails every lookup of its batch, and the next batch starts afresh', async () => {
    let fail = true;
    const load = batched(async (keys: string[]) => {
      if (fail) throw new Error('down');
      return new Map(keys.map((k) => [k, k]));
    });
    await expect(Promise.all([load('a'), load('b')])).rejects.toThrow('down');
    fail = false;
    expect(await load('c')).toBe('c');
  });

  it('splits a large turn into batches of the maximum size', async () => {
    const sizes: number[] = [];
    const load = batched(async (keys: number[]) => {
      sizes.push(keys.length);
      return new Map(keys.map((k) => [k, k]));
    }, 3);
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map(load));
    expect(sizes).toEqual([3, 3, 1]);
  });

  it('with a limit on runs under way, items arriving meanwhile wait and go together when one finishes', async () => {
    const sizes: number[] = [];
    let release: () => void = () => undefined;
    const run = batchedCalls(
      async (xs: number[]) => {
        sizes.push(xs.length);
        if (sizes.length === 1) await new Promise<void>((r) => (release = r));
        return xs.map((x) => x * 2);
      },
      200,
      1,
    );
    const first = run(1);
    await new Promise((r) => setImmediate(r));
    const later = [run(2), run(3)];
    await new Promise((r) => setImmediate(r));
    const last = run(4);
    await new Promise((r) => setImmediate(r));
    expect(sizes).toEqual([1]);
    release();
    expect(await Promise.all([first, ...later, last])).toEqual([2, 4, 6, 8]);
    expect(sizes).toEqual([1, 3]);
  });

  it('when runs were at the limit, the items that waited are sent before the finished run answers its callers', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const run = batchedCalls(
      async (xs: number[]) => {
        order.push(`run ${xs.join(',')}`);
        if (xs[0] === 1) await new Promise<void>((r) => (release = r));
        return xs;
      },
      200,
      1,
    );
    const first = run(1).then((x) => order.push(`answer ${x}`));
    await new Promise((r) => setImmediate(r));
    const second = run(2).then((x) => order.push(`answer ${x}`));
    await new Promise((r) => setImmediate(r));
    release();
    await Promise.all([first, second]);
    // The waiting item's run starts in the same microtask as the first run ends, ahead of its answer.
    expect(order).toEqual(['run 1', 'run 2', 'answer 1', 'answer 2']);
  });

  it('a failed run at the limit also lets the waiting items go at once, and they succeed on their own', async () => {
    let release: (e: Error) => void = () => undefined;
    const run = batchedCalls(
      async (xs: number[]) => {
        if (xs[0] === 1) await new Promise<void>((_, reject) => (release = reject));
        return xs.map((x) => x * 3);
      },
      200,
      1,
    );
    const first = run(1);
    await new Promise((r) => setImmediate(r));
    const second = run(2);
    await new Promise((r) => setImmediate(r));
    release(new Error('deadlock'));
    await expect(first).rejects.toThrow('deadlock');
    expect(await second).toBe(6);
    expect(await run(3)).toBe(9);
  });

  it('keyed lookups with a limit: keys asked while a query runs go in the next one, each once', async () => {
    const calls: string[][] = [];
    let release: () => void = () => undefined;
    const load = batched(
      async (keys: string[]) => {
        calls.push(keys);
        if (calls.length === 1) await new Promise<void>((r) => (release = r));
        return new Map(keys.map((k) => [k, k.toUpperCase()]));
      },
      200,
      1,
    );
    const first = load('a');
    await new Promise((r) => setImmediate(r));
    const waiting = [load('b'), load('c'), load('b')];
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual([['a']]);
    release();
    expect(await Promise.all([first, ...waiting])).toEqual(['A', 'B', 'C', 'B']);
    expect(calls).toEqual([['a'], ['b', 'c']]);
  });
});
