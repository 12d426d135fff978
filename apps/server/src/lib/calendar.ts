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

/**
 * The first instant after `after` that is `weekday` (1 Monday … 7 Sunday) at `minuteOfDay` on the
 * college's clock: "every Monday at 9:00" means 9:00 in China whatever the server's own zone.
 */
export function nextWeekly(timeZone: string, weekday: number, minuteOfDay: number, after = Date.now()): Date {
  const today = startOfDayIn(timeZone, after);
  for (let d = 0; d <= 7; d++) {
    // Noon of day d, so that a day whose clocks change still lands on the right date.
    const day = startOfDayIn(timeZone, today.getTime() + d * 86_400_000 + 12 * 3_600_000);
    const [y, m, dd] = dateIn(timeZone, day.getTime()).split('-').map(Number) as [number, number, number];
    const isoWeekday = ((new Date(Date.UTC(y, m - 1, dd)).getUTCDay() + 6) % 7) + 1;
    const wall = day.getTime() + minuteOfDay * 60_000;
    const at = new Date(wall - (offsetMs(timeZone, wall) - offsetMs(timeZone, day.getTime())));
    if (isoWeekday === weekday && at.getTime() > after) return at;
  }
  throw new Error('unreachable: a weekday recurs within eight days');
}
