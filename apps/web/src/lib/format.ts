/** Small display helpers. */

/** 13800000001 → 138****0001; anything that is not 11 digits is shown as it is. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

export const genderName = (gender: number) => (gender === 0 ? '男' : '女');

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/**
 * The calendar day of an instant in the college's time zone (given as its offset from UTC, from the
 * portal configuration), as the header shows it: 2026年11月25日 星期三. The college's zone, not the
 * computer's: a visitor abroad, or the server rendering the page in UTC, shows the college's date
 * (from 16:00 UTC it is already the next day in China). Plain arithmetic, no Intl: a DateTimeFormat
 * of a named zone would cost the first screen tens of milliseconds.
 */
export function calendarDay(at: number, utcOffsetMinutes: number): string {
  const local = new Date(at + utcOffsetMinutes * 60_000);
  return `${local.getUTCFullYear()}年${local.getUTCMonth() + 1}月${local.getUTCDate()}日 ${WEEKDAYS[local.getUTCDay()]}`;
}

/**
 * An instant as 2026-11-30 09:00 on the college's clock (its UTC offset from the portal
 * configuration): a schedule set for "周一 09:00" shows its runs at 09:00 whatever the computer's zone.
 */
export function collegeDateTime(iso: string | null | undefined, utcOffsetMinutes: number): string {
  if (!iso) return '—';
  return new Date(Date.parse(iso) + utcOffsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}
