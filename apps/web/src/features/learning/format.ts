/** Display helpers of the learning pages. */
import { formatDate as dateOf, formatDateTime as dateTimeOf } from '../../lib/format.ts';

/** 75 → 1分15秒; 3725 → 1小时02分05秒; 9 → 9秒. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}小时${pad(m)}分${pad(sec)}秒`;
  if (m > 0) return `${m}分${pad(sec)}秒`;
  return `${sec}秒`;
}

/** Times on the college's clock; a missing one as a dash. */
export const formatDate = (iso: string | null | undefined) => (iso ? dateOf(iso) : '—');
export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTimeOf(iso) : '—');

/** Credit hours with at most one decimal: 1.5学时. */
export const formatHours = (h: number) => `${Math.round(h * 10) / 10}学时`;

export const percentOf = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.floor((part / whole) * 100)) : 0);
