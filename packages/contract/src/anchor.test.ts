import { describe, expect, it } from 'vitest';
import { anchorLabel, anchorWords } from './anchor.ts';

describe('anchorLabel', () => {
  it('labels video positions and PDF pages, and nothing for a whole chapter', () => {
    expect(anchorLabel('video', 12)).toBe('0:12');
    expect(anchorLabel('video', 3725)).toBe('1:02:05');
    expect(anchorLabel('live', 61)).toBe('1:01');
    expect(anchorLabel('pdf', 3)).toBe('第3页');
    expect(anchorLabel('video', null)).toBe('');
  });
});

describe('anchorWords', () => {
  it('says a position the way a quoting sentence does', () => {
    expect(anchorWords('video', 192)).toBe('第3分12秒');
    expect(anchorWords('video', 12)).toBe('第12秒');
    expect(anchorWords('live', 3725)).toBe('第1小时2分5秒');
    expect(anchorWords('video', 3605)).toBe('第1小时0分5秒');
    expect(anchorWords('pdf', 5)).toBe('第5页');
    expect(anchorWords('pdf', null)).toBe('');
  });
});
