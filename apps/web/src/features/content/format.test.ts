import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatFileSize, formatHours } from './format.ts';

describe('public page formats', () => {
  it('shows dates in China time', () => {
    expect(formatDate('2026-11-19T17:09:06.620Z')).toBe('2026-11-20');
    expect(formatDateTime('2026-01-06T01:05:00.000Z')).toBe('2026-01-06 09:05');
    expect(formatDate('not a date')).toBe('');
  });
  it('shows file sizes', () => {
    expect(formatFileSize(980)).toBe('980 B');
    expect(formatFileSize(2347)).toBe('2.3 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(300 * 1024)).toBe('300 KB');
  });
  it('shows hours and counts', () => {
    expect(formatHours(12.46)).toBe('12.5');
    expect(formatHours(53)).toBe('53');
    expect(formatCount(5825)).toBe('5,825');
    expect(formatCount(123456)).toBe('12.3万');
  });
});
