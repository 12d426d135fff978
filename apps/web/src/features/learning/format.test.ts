import { describe, expect, it } from 'vitest';
import { formatDuration, formatHours, percentOf } from './format.ts';

describe('learning formats', () => {
  it('formats durations', () => {
    expect(formatDuration(9)).toBe('9秒');
    expect(formatDuration(75)).toBe('1分15秒');
    expect(formatDuration(3725)).toBe('1小时02分05秒');
    expect(formatDuration(-3)).toBe('0秒');
  });
  it('formats hours and percents', () => {
    expect(formatHours(1.25)).toBe('1.3学时');
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(30, 20)).toBe(100);
  });
});
