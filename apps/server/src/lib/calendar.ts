/**
 * The college's calendar (TIME_ZONE, China time by default): when its day starts, for the "today"
 * figures and the daily SMS caps. The server's own clock zone (often UTC) plays no part: between
 * 16:00 and 24:00 UTC it is already the next day in China.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** How far (ms) `timeZone` is ahead of UTC at the instant `at`. */
function offsetMs(timeZone: string, at: number): number {
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

/** How many minutes `timeZone` is ahead of UTC at `now` (480 in China). */
export const utcOffsetMinutes = (timeZone: string, now = Date.now()) => Math.round(offsetMs(timeZone, now) / 60_000);

/** The instant the day containing `now` began in `timeZone`. */
export function startOfDayIn(timeZone: string, now = Date.now()): Date {
  const wall = now + offsetMs(timeZone, now);
  const midnightWall = Math.floor(wall / 86_400_000) * 86_400_000;
  // The offset at midnight itself, which differs from now's on a day whose clocks change.
  const guess = midnightWall - offsetMs(timeZone, now);
  return new Date(midnightWall - offsetMs(timeZone, guess));
}

/** The date (YYYY-MM-DD) of the instant `at` in `timeZone`. */
export const dateIn = (timeZone: string, at: number) => new Date(Math.floor(at / 1000) * 1000 + offsetMs(timeZone, at)).toISOString().slice(0, 10);
