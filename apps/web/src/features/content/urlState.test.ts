// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { pageWindow } from './Pager.tsx';
import { oneOf, patchParams, positiveInt, textParam } from './urlState.ts';

describe('list state in the address', () => {
  it('reads pages, texts and choices forgivingly', () => {
    expect(positiveInt('3', 1)).toBe(3);
    expect(positiveInt(null, 1)).toBe(1);
    expect(positiveInt('0', 1)).toBe(1);
    expect(positiveInt('-2', 1)).toBe(1);
    expect(positiveInt('abc', 1)).toBe(1);
    expect(positiveInt('99999999999', 1)).toBe(1);
    expect(textParam('  党史  ')).toBe('党史');
    expect(textParam('x'.repeat(80))).toHaveLength(50);
    expect(oneOf('popular', ['new', 'popular'] as const)).toBe('popular');
    expect(oneOf('oldest', ['new', 'popular'] as const)).toBe('new');
  });

  it('patches params: drops empties and defaults, resets the page on other changes', () => {
    const cur = new URLSearchParams('keyword=党史&page=3&sort=popular');
    expect(patchParams(cur, { page: 4 }).toString()).toBe(new URLSearchParams('keyword=党史&page=4&sort=popular').toString());
    expect(patchParams(cur, { sort: 'new' }, { sort: 'new' }).toString()).toBe(new URLSearchParams('keyword=党史').toString());
    expect(patchParams(cur, { keyword: '  ' }).toString()).toBe('sort=popular');
    expect(patchParams(cur, { categoryId: 5 }).get('page')).toBeNull();
    expect(patchParams(cur, { page: 1 }).get('page')).toBeNull();
  });

  it('numbers pages around the current one with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 3, 4, 5, 6, 7, 'gap', 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
