/** Small display helpers. */
import { collegeDate, collegeDateTime as collegeDateTimeOf, collegeDateTimeSeconds, collegeDayTitle } from '@portal/contract/base';

export const genderName = (gender: number) => (gender === 0 ? '男' : '女');

/**
 * Times as every page shows them, on the college's clock (the calendar of the contract, in the zone the
 * portal configuration names), whatever the zone of the computer drawing the page: a visitor abroad,
 * an administrator's browser left in UTC, or the server rendering the page all show the college's
 * 09:00 and the college's today.
 */
const instantOf = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
};

/** The day of an instant as the header shows it: 2026年11月25日 星期三. */
export const calendarDay = (at: number) => collegeDayTitle(at);

/** An instant as its date: 2026-11-20 (empty when it is not an instant). */
export function formatDate(iso: string): string {
  const t = instantOf(iso);
  return t === null ? '' : collegeDate(t);
}

/** An instant as date and minute: 2026-11-20 09:05 (empty when it is not an instant). */
export function formatDateTime(iso: string): string {
  const t = instantOf(iso);
  return t === null ? '' : collegeDateTimeOf(t);
}

/** An instant as date and second, for logs: 2026-11-20 09:05:07 (empty when it is not an instant). */
export function formatDateTimeSeconds(iso: string): string {
  const t = instantOf(iso);
  return t === null ? '' : collegeDateTimeSeconds(t);
}

/** An instant as its clock time to the second: 09:05:07. */
export const formatClock = (at: number) => collegeDateTimeSeconds(at).slice(11);

/** A missing time as a dash, any other as date and minute: a schedule's runs, 2026-11-30 09:00. */
export const collegeDateTime = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : '—');
