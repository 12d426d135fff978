/**
 * The college's calendar: the one place that knows the college's time zone (the server's TIME_ZONE,
 * China time by default) and turns instants into the college's dates and clock times and back.
 * Everything else, on the server and in the browser, shows and reads times through it, so a page
 * shows the same 09:00 whatever the zone of the computer that draws it, and "today" is the college's
 * (from 16:00 UTC it is already the next day in China).
 *
 * The zone is set once: by the server at start (setCollegeTimeZone(config.TIME_ZONE)), by the web app
 * when the portal configuration arrives. Until then it is DEFAULT_TIME_ZONE.
 */

/** The college's calendar when nothing else is configured: China time. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/**
 * An ISO instant written with the college's offset, as operators may type it in a time bound
 * (shown in the refusal that explains the format).
 */
export const INSTANT_EXAMPLE = '2026-05-01T08:00:00+08:00';

/**
 * Zones that keep one offset all year (minutes ahead of UTC): these need no Intl at all. A
 * DateTimeFormat of a named zone costs a page's first screen 40-120 ms, and China has kept UTC+8
 * all year since 1991. Any other zone goes through Intl, its clock changes included.
 */
const FIXED_OFFSET_MINUTES: Readonly<Record<string, number>> = {
  'Asia/Shanghai': 480,
  'Asia/Urumqi': 360,
  'Asia/Hong_Kong': 480,
  'Asia/Macau': 480,
  'Asia/Taipei': 480,
  UTC: 0,
  'Etc/UTC': 0,
};

const MINUTE = 60_000;
const DAY = 86_400_000;

let collegeZone = DEFAULT_TIME_ZONE;

/** Sets the college's zone (an IANA name such as Asia/Shanghai); an unknown name throws. */
export function setCollegeTimeZone(timeZone: string): void {
  if (!(timeZone in FIXED_OFFSET_MINUTES)) new Intl.DateTimeFormat('en-US', { timeZone });
  collegeZone = timeZone;
}

/** The college's zone, as set at start (DEFAULT_TIME_ZONE until then). */
export const collegeTimeZone = () => collegeZone;

const formats = new Map<string, Intl.DateTimeFormat>();

/** How far (ms) `timeZone` is ahead of UTC at the instant `at`. */
function offsetMs(timeZone: string, at: number): number {
  const fixed = FIXED_OFFSET_MINUTES[timeZone];
  if (fixed !== undefined) return fixed * MINUTE;
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(timeZone, f);
  }
  const parts = f.formatToParts(at);
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

const ms = (at: Date | number) => (typeof at === 'number' ? at : at.getTime());

/** How many minutes `timeZone` is ahead of UTC at `now` (480 in China). */
export const utcOffsetMinutes = (timeZone: string, now = Date.now()) => Math.round(offsetMs(timeZone, now) / MINUTE);

/** A reading of the college's clock: month 1-12, weekday 0 (Sunday) to 6. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

/** What the clock on the wall in `timeZone` reads at the instant `at`. */
export function wallClockIn(timeZone: string, at: Date | number): WallClock {
  const t = ms(at);
  const w = new Date(t + offsetMs(timeZone, t));
  return {
    year: w.getUTCFullYear(),
    month: w.getUTCMonth() + 1,
    day: w.getUTCDate(),
    hour: w.getUTCHours(),
    minute: w.getUTCMinutes(),
    second: w.getUTCSeconds(),
    weekday: w.getUTCDay(),
  };
}

/**
 * The instant at which the clock in `timeZone` reads the given date and time. A time skipped by a
 * clock change lands just after it; a time that happens twice is its first.
 */
export function instantIn(timeZone: string, wall: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number }): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0, wall.second ?? 0);
  const guess = asUtc - offsetMs(timeZone, asUtc);
  // The offset at the instant itself, which differs from the guess's on a day whose clocks change.
  return new Date(asUtc - offsetMs(timeZone, guess));
}

/** The instant the day containing `now` began in `timeZone`. */
export function startOfDayIn(timeZone: string, now: Date | number = Date.now()): Date {
  const w = wallClockIn(timeZone, now);
  return instantIn(timeZone, { year: w.year, month: w.month, day: w.day });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The date (YYYY-MM-DD) of the instant `at` in `timeZone`. */
export function dateIn(timeZone: string, at: Date | number): string {
  const w = wallClockIn(timeZone, at);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/**
 * The first instant after `after` that is `weekday` (1 Monday … 7 Sunday) at `minuteOfDay` on the
 * college's clock: "every Monday at 9:00" means 9:00 in China whatever the server's own zone.
 */
export function nextWeekly(timeZone: string, weekday: number, minuteOfDay: number, after = Date.now()): Date {
  const today = startOfDayIn(timeZone, after);
  for (let d = 0; d <= 7; d++) {
    // Noon of day d, so that a day whose clocks change still lands on the right date.
    const w = wallClockIn(timeZone, today.getTime() + d * DAY + DAY / 2);
    const isoWeekday = ((w.weekday + 6) % 7) + 1;
    const at = instantIn(timeZone, { year: w.year, month: w.month, day: w.day, hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 });
    if (isoWeekday === weekday && at.getTime() > after) return at;
  }
  throw new Error('unreachable: a weekday recurs within eight days');
}

// ---- The college's zone (as set at start) ----

/** The college's clock at the instant `at`. */
export const collegeWallClock = (at: Date | number) => wallClockIn(collegeZone, at);

/** The college's date of an instant: 2026-11-20. */
export const collegeDate = (at: Date | number) => dateIn(collegeZone, at);

/** The college's date and minute of an instant: 2026-11-20 09:05. */
export function collegeDateTime(at: Date | number): string {
  const w = collegeWallClock(at);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** The college's date and second of an instant: 2026-11-20 09:05:07 (the audit log's precision). */
export function collegeDateTimeSeconds(at: Date | number): string {
  const w = collegeWallClock(at);
  return `${collegeDateTime(at)}:${pad(w.second)}`;
}

/** The college's clock time of an instant: 09:05. */
export function collegeTime(at: Date | number): string {
  const w = collegeWallClock(at);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** The college's time of an instant in a Chinese sentence: 2026年3月1日 09:00. */
export function collegeChineseDateTime(at: Date | number): string {
  const w = collegeWallClock(at);
  return `${w.year}年${w.month}月${w.day}日 ${pad(w.hour)}:${pad(w.minute)}`;
}

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** The college's day of an instant as the header shows it: 2026年11月25日 星期三. */
export function collegeDayTitle(at: Date | number): string {
  const w = collegeWallClock(at);
  return `${w.year}年${w.month}月${w.day}日 ${WEEKDAYS[w.weekday]}`;
}

/** The college's calendar year of an instant. */
export const collegeYear = (at: Date | number = Date.now()) => collegeWallClock(at).year;

/** The college's calendar month (1-12) of an instant. */
export const collegeMonth = (at: Date | number) => collegeWallClock(at).month;

/** The instant the college's day containing `at` began. */
export const collegeStartOfDay = (at: Date | number = Date.now()) => startOfDayIn(collegeZone, at);

/** The instant the college's year `year` began (1 January 00:00 on its clock). */
export const collegeYearStart = (year: number) => instantIn(collegeZone, { year, month: 1, day: 1 });

/** The instant at which the college's clock reads the given date and time. */
export const collegeInstant = (wall: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number }) => instantIn(collegeZone, wall);

/**
 * A Date whose UTC fields read the college's clock at `at`: for formats that carry no zone (an Excel
 * cell), so the cell shows what the screen shows.
 */
export const collegeWallClockAsUtc = (at: Date | number) => {
  const t = ms(at);
  // Milliseconds kept: a cell holds the instant's own fraction of a second, as the screen's time does.
  return new Date(t + offsetMs(collegeZone, t));
};

/** The college's date and time as the numbers typed, or null when no such date exists (2026-02-30, 24:00). */
function checkedWall(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { year, month, day, hour, minute, second };
}

/**
 * A date or date and time on the college's clock as typed (2026-03-01, 2026/3/1, 2026.3.1,
 * 2026年3月1日, each optionally with 09:30 or 09:30:15, a space or T between), as the instant it
 * names; null when it is not such a text or no such date exists.
 */
export function parseCollegeDateTime(text: string): Date | null {
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[\sT]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?Z?)?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const wall = checkedWall(y, mo, d, h, mi, s);
  return wall ? collegeInstant(wall) : null;
}

/**
 * The date `date` (YYYY-MM-DD) on the clock of `timeZone` as a bound of a range: its first instant,
 * or with `end` the first instant of the next day (so "to 2026-05-31" takes in all of the 31st).
 * Null when it is not such a text or no such date exists.
 */
export function dayBoundIn(timeZone: string, date: string, end: boolean): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const wall = checkedWall(Number(m[1]), Number(m[2]), Number(m[3]), 0, 0, 0);
  if (!wall) return null;
  const next = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + (end ? 1 : 0)));
  return instantIn(timeZone, { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() });
}

/** The college's date `date` (YYYY-MM-DD) as a bound of a range (see dayBoundIn). */
export const collegeDayBound = (date: string, end: boolean) => dayBoundIn(collegeZone, date, end);
