// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { pageWindow } from './Pager.tsx';
import { oneOf, positiveInt, textParam } from './urlState.ts';

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

  it('numbers pages around the current one with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 3, 4, 5, 6, 7, 'gap', 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
