import { describe, expect, it } from 'vitest';
import {
  collegeChineseDateTime,
  collegeDate,
  collegeDateTime,
  collegeDateTimeSeconds,
  collegeMonth,
  collegeStartOfDay,
  collegeTime,
  collegeTimeZone,
  collegeWallClockAsUtc,
  collegeYear,
  collegeYearStart,
  dateIn,
  dayBoundIn,
  DEFAULT_TIME_ZONE,
  instantIn,
  parseCollegeDateTime,
  setCollegeTimeZone,
  startOfDayIn,
  utcOffsetMinutes,
} from './calendar.ts';

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

  it("formats an instant on the college's clock, China by default", () => {
    expect(collegeTimeZone()).toBe(DEFAULT_TIME_ZONE);
    const at = Date.parse('2026-12-31T23:08:05Z');
    expect(collegeDate(at)).toBe('2027-01-01');
    expect(collegeDateTime(at)).toBe('2027-01-01 07:08');
    expect(collegeDateTimeSeconds(new Date(at))).toBe('2027-01-01 07:08:05');
    expect(collegeTime(at)).toBe('07:08');
    expect(collegeChineseDateTime(at)).toBe('2027年1月1日 07:08');
    expect(collegeYear(at)).toBe(2027);
    expect(collegeMonth(at)).toBe(1);
    expect(collegeStartOfDay(at).toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(collegeYearStart(2027).toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(collegeWallClockAsUtc(at).toISOString()).toBe('2027-01-01T07:08:05.000Z');
    // An Excel cell keeps the instant's milliseconds, as the export's rows equal the screen's.
    expect(collegeWallClockAsUtc(new Date(at).getTime() + 512).toISOString()).toBe('2027-01-01T07:08:05.512Z');
  });

  it("reads a date or time typed on the college's clock; a date that does not exist is none", () => {
    expect(parseCollegeDateTime('2026-03-01')?.toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(parseCollegeDateTime('2026/3/1 09:30')?.toISOString()).toBe('2026-03-01T01:30:00.000Z');
    expect(parseCollegeDateTime('2026年3月1日 9:30:15')?.toISOString()).toBe('2026-03-01T01:30:15.000Z');
    expect(parseCollegeDateTime('2026-02-30')).toBeNull();
    expect(parseCollegeDateTime('2026-03-01 24:00')).toBeNull();
    expect(parseCollegeDateTime('next week')).toBeNull();
    expect(dayBoundIn('Asia/Shanghai', '2026-05-31', true)?.toISOString()).toBe('2026-05-31T16:00:00.000Z');
    expect(dayBoundIn('Asia/Shanghai', '2026-12-31', true)?.toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(dayBoundIn('UTC', '2026-05-01', false)?.toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(dayBoundIn('UTC', '2026-13-01', false)).toBeNull();
  });

  it('a configured zone moves every reading, its clock changes included; an unknown zone is refused', () => {
    try {
      setCollegeTimeZone('America/New_York');
      expect(collegeDateTime(Date.parse('2026-07-01T12:00:00Z'))).toBe('2026-07-01 08:00');
      expect(collegeDateTime(Date.parse('2026-12-01T12:00:00Z'))).toBe('2026-12-01 07:00');
      expect(parseCollegeDateTime('2026-07-01 08:00')?.toISOString()).toBe('2026-07-01T12:00:00.000Z');
      expect(() => setCollegeTimeZone('China/Beijing')).toThrow();
      expect(collegeTimeZone()).toBe('America/New_York');
    } finally {
      setCollegeTimeZone(DEFAULT_TIME_ZONE);
    }
    // Berlin, 2026-03-29: 02:30 does not exist (clocks go from 02:00 to 03:00), 03:30 is summer time.
    expect(instantIn('Europe/Berlin', { year: 2026, month: 3, day: 29, hour: 3, minute: 30 }).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(instantIn('Europe/Berlin', { year: 2026, month: 3, day: 29, hour: 1, minute: 30 }).toISOString()).toBe('2026-03-29T00:30:00.000Z');
  });
});
