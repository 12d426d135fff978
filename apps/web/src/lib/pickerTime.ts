/**
 * Date pickers on the college's clock. antd's pickers work in dayjs, whose objects read the
 * computer's clock: a picker given an instant as it is would show 23:08 in a browser set to UTC for
 * what the college's clock (and every list) shows as 07:08 the next day, and save what was typed as
 * the browser's 09:00. So the picker is handed a dayjs whose own clock reads what the college's clock
 * reads, and what it gives back is read as the college's wall-clock time (the calendar of the
 * contract turns it into the instant).
 */
import dayjs, { type Dayjs } from 'dayjs';
import { collegeInstant, collegeWallClock } from '@portal/contract/base';

/** An instant (ISO text, ms or Date) as a picker's value, reading the college's clock. */
export function toPicker(at: string | number | Date): Dayjs {
  const w = collegeWallClock(typeof at === 'string' ? Date.parse(at) : at);
  return dayjs(new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
}

/** Now, as a picker's value: for defaults and for "not before today". */
export const pickerNow = () => toPicker(Date.now());

/** A picker's value, read as the college's wall-clock time, as the instant it names. */
export function fromPicker(d: Dayjs): Date {
  return collegeInstant({ year: d.year(), month: d.month() + 1, day: d.date(), hour: d.hour(), minute: d.minute(), second: d.second() });
}

/** A picker's value as the ISO instant the contract's calls take. */
export const pickerIso = (d: Dayjs) => fromPicker(d).toISOString();
