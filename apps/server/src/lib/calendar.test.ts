import { describe, expect, it } from 'vitest';
import { dateIn, startOfDayIn, utcOffsetMinutes } from './calendar.ts';

describe('the college calendar', () => {
  it('a day in China starts at 16:00 UTC of the day before: from then on "today" is the next day', () => {
    expect(startOfDayIn('Asia/Shanghai', Date.parse('2026-11-24T15:59:59Z')).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(startOfDayIn('Asia/Shanghai', Date.parse('2026-11-24T16:00:00Z')).toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(startOfDayIn('Asia/Shanghai', Date.parse('2026-11-24T23:30:00Z')).toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(startOfDayIn('Asia/Shanghai', Date.parse('2026-11-25T08:00:00Z')).toISOString()).toBe('2026-11-24T16:00:00.000Z');
  });

  it('the offset of a zone from UTC, which the browser draws the date with', () => {
    expect(utcOffsetMinutes('Asia/Shanghai', Date.parse('2026-11-24T17:00:00Z'))).toBe(480);
    expect(utcOffsetMinutes('UTC')).toBe(0);
    expect(utcOffsetMinutes('Asia/Kolkata')).toBe(330);
    expect(utcOffsetMinutes('Europe/Berlin', Date.parse('2026-07-01T12:00:00Z'))).toBe(120);
    expect(utcOffsetMinutes('America/Los_Angeles', Date.parse('2026-12-01T12:00:00Z'))).toBe(-480);
  });

  it('follows another configured zone, its clock changes included', () => {
    expect(startOfDayIn('UTC', Date.parse('2026-11-24T17:00:00Z')).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    // Berlin on the day summer time ends (25 hours long): midnight was still at UTC+2.
    expect(startOfDayIn('Europe/Berlin', Date.parse('2026-10-25T20:00:00Z')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it("a date is the college's: 16:00 UTC is already the next day in China", () => {
    expect(dateIn('Asia/Shanghai', Date.parse('2026-11-24T15:59:59Z'))).toBe('2026-11-24');
    expect(dateIn('Asia/Shanghai', Date.parse('2026-11-24T16:00:00Z'))).toBe('2026-11-25');
    expect(dateIn('UTC', Date.parse('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31');
  });
});
