import { describe, expect, it } from 'vitest';
import { anchorLabel } from './anchor.ts';

describe('anchorLabel', () => {
  it('labels video positions and PDF pages, and nothing for a whole chapter', () => {
    expect(anchorLabel('video', 12)).toBe('0:12');
    expect(anchorLabel('video', 3725)).toBe('1:02:05');
    expect(anchorLabel('live', 61)).toBe('1:01');
    expect(anchorLabel('pdf', 3)).toBe('第3页');
    expect(anchorLabel('video', null)).toBe('');
  });
});
