import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../lib/deviceQueue.ts';
import { EXAM_FLAGS_KEY } from '../../lib/storage.ts';
import { flagsOf, keepFlags } from './flags.ts';

describe('exam flags on the device', () => {
  it('keeps each attempt its own flags, and reads them back', () => {
    const store = memoryStore();
    keepFlags(store, 7, new Set([3, 5]));
    keepFlags(store, 8, new Set([4]));
    keepFlags(store, 7, new Set([5]));
    expect([...flagsOf(store, 7)]).toEqual([5]);
    expect([...flagsOf(store, 8)]).toEqual([4]);
    expect(flagsOf(store, 9).size).toBe(0);
  });

  it('forgets the oldest attempts beyond twenty', () => {
    const store = memoryStore();
    for (let id = 1; id <= 21; id++) keepFlags(store, id, new Set([id]));
    expect(flagsOf(store, 1).size).toBe(0);
    expect([...flagsOf(store, 2)]).toEqual([2]);
    expect([...flagsOf(store, 21)]).toEqual([21]);
  });

  it('reads what is not a list of flags as none', () => {
    const store = memoryStore();
    store.setItem(EXAM_FLAGS_KEY, '{not json');
    expect(flagsOf(store, 1).size).toBe(0);
    store.setItem(EXAM_FLAGS_KEY, JSON.stringify([[1, [2, 'x']], [3, [4]], 'y']));
    expect(flagsOf(store, 1).size).toBe(0);
    expect([...flagsOf(store, 3)]).toEqual([4]);
  });
});
