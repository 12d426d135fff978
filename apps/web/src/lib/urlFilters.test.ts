import { describe, expect, it } from 'vitest';
import { patchFilters } from './urlFilters.ts';

describe('patchFilters', () => {
  const cur = new URLSearchParams('keyword=党史&page=3&sort=popular');
  const publicDefaults = { keyword: '', sort: 'new', page: 1 };

  it('drops empty and default values and resets the page when a filter changes', () => {
    expect(patchFilters(cur, { page: 4 }, publicDefaults).toString()).toBe(new URLSearchParams('keyword=党史&page=4&sort=popular').toString());
    expect(patchFilters(cur, { sort: 'new' }, publicDefaults).toString()).toBe(new URLSearchParams('keyword=党史').toString());
    expect(patchFilters(cur, { keyword: '  ' }, publicDefaults).toString()).toBe('sort=popular');
    expect(patchFilters(cur, { categoryId: 5 }, publicDefaults).get('page')).toBeNull();
    expect(patchFilters(cur, { page: 1 }, publicDefaults).get('page')).toBeNull();
  });

  it('resets pageNum on the desks’ lists and leaves a list without pages alone', () => {
    const desk = new URLSearchParams('pageNum=4&status=done');
    expect(patchFilters(desk, { status: 'open' }, { status: '', pageNum: 1, pageSize: 20 }).toString()).toBe('status=open');
    expect(patchFilters(desk, { pageNum: 5 }, { status: '', pageNum: 1, pageSize: 20 }).get('pageNum')).toBe('5');
    expect(patchFilters(new URLSearchParams('p=abc'), { no: 'A1' }, { p: '', no: '' }).toString()).toBe('p=abc&no=A1');
  });
});
