import { describe, expect, it } from 'vitest';
import { calendarDay, genderName, maskPhone } from './format.ts';

describe('format', () => {
  it('masks an 11-digit phone as 138****0001', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone(null)).toBe('');
  });
  it('gender 0 is 男, anything else 女', () => {
    expect(genderName(0)).toBe('男');
    expect(genderName(1)).toBe('女');
    expect(genderName(2)).toBe('女');
  });
  it('the calendar day is the college zone\'s: from 16:00 UTC it is already the next day in China', () => {
    const china = 480;
    expect(calendarDay(Date.parse('2026-11-24T15:59:59Z'), china)).toBe('2026年11月24日 星期二');
    expect(calendarDay(Date.parse('2026-11-24T16:00:00Z'), china)).toBe('2026年11月25日 星期三');
    expect(calendarDay(Date.parse('2026-11-24T23:59:59Z'), china)).toBe('2026年11月25日 星期三');
    expect(calendarDay(Date.parse('2026-12-31T17:00:00Z'), china)).toBe('2027年1月1日 星期五');
    expect(calendarDay(Date.parse('2026-11-24T17:00:00Z'), 0)).toBe('2026年11月24日 星期二');
    expect(calendarDay(Date.parse('2026-11-24T03:00:00Z'), -480)).toBe('2026年11月23日 星期一');
  });
});
