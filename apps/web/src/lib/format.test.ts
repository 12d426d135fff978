import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, setCollegeTimeZone } from '@portal/contract/base';
import { calendarDay, formatDate, formatDateTime, formatDateTimeSeconds, genderName } from './format.ts';

describe('format', () => {
  it('gender 0 is 男, anything else 女', () => {
    expect(genderName(0)).toBe('男');
    expect(genderName(1)).toBe('女');
    expect(genderName(2)).toBe('女');
  });
  it('the calendar day is the college zone\'s: from 16:00 UTC it is already the next day in China', () => {
    expect(calendarDay(Date.parse('2026-11-24T15:59:59Z'))).toBe('2026年11月24日 星期二');
    expect(calendarDay(Date.parse('2026-11-24T16:00:00Z'))).toBe('2026年11月25日 星期三');
    expect(calendarDay(Date.parse('2026-11-24T23:59:59Z'))).toBe('2026年11月25日 星期三');
    expect(calendarDay(Date.parse('2026-12-31T17:00:00Z'))).toBe('2027年1月1日 星期五');
    try {
      setCollegeTimeZone('UTC');
      expect(calendarDay(Date.parse('2026-11-24T17:00:00Z'))).toBe('2026年11月24日 星期二');
      setCollegeTimeZone('America/Los_Angeles');
      expect(calendarDay(Date.parse('2026-11-24T03:00:00Z'))).toBe('2026年11月23日 星期一');
    } finally {
      setCollegeTimeZone(DEFAULT_TIME_ZONE);
    }
  });
  it('every time shown is on the college clock, not the computer\'s', () => {
    expect(formatDateTime('2026-11-24T15:08:00Z')).toBe('2026-11-24 23:08');
    expect(formatDateTime('2026-11-24T23:08:00Z')).toBe('2026-11-25 07:08');
    expect(formatDate('2026-11-24T16:00:00Z')).toBe('2026-11-25');
    expect(formatDateTimeSeconds('2026-11-24T16:00:05Z')).toBe('2026-11-25 00:00:05');
    expect(formatDate('not a time')).toBe('');
  });
});
