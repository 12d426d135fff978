import { beforeEach, describe, expect, it } from 'vitest';
import { deviceDrafts, sameValues } from './deviceDraft.ts';

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

describe('deviceDrafts', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  });

  it('keeps a draft per person, editor and record', () => {
    const a = { personId: 1, editor: 'content-notice', record: 5 };
    deviceDrafts.keep(a, { title: '关于' }, 1000);
    expect(deviceDrafts.read(a)).toEqual({ values: { title: '关于' }, at: 1000 });
    expect(deviceDrafts.read({ ...a, personId: 2 })).toBeNull();
    expect(deviceDrafts.read({ ...a, record: 'new' })).toBeNull();
    expect(deviceDrafts.read({ ...a, editor: 'content-news' })).toBeNull();
    deviceDrafts.drop(a);
    expect(deviceDrafts.read(a)).toBeNull();
  });

  it('reads nothing from a damaged entry', () => {
    localStorage.setItem('portal-form-draft:1:x:1', '{not json');
    expect(deviceDrafts.read({ personId: 1, editor: 'x', record: 1 })).toBeNull();
  });
});

describe('sameValues', () => {
  it('ignores key order and empty fields, not changed text', () => {
    expect(sameValues({ a: '1', b: undefined, c: '' }, { a: '1' })).toBe(true);
    expect(sameValues({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameValues({ a: '1' }, { a: '12' })).toBe(false);
    expect(sameValues({ list: [{ x: 1 }] }, { list: [{ x: 2 }] })).toBe(false);
  });
});
