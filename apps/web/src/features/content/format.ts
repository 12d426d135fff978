/** Display helpers of the public pages: dates, file sizes, hours and counts in Chinese conventions. */

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a date in China time (UTC+8, the college's time zone): 2026-11-20. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const cn = new Date(d.getTime() + 8 * 3600_000);
  return `${cn.getUTCFullYear()}-${pad(cn.getUTCMonth() + 1)}-${pad(cn.getUTCDate())}`;
}

/** An instant as date and minute in China time: 2026-11-20 09:05. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const cn = new Date(d.getTime() + 8 * 3600_000);
  return `${formatDate(iso)} ${pad(cn.getUTCHours())}:${pad(cn.getUTCMinutes())}`;
}

/** Bytes as 980 B, 2.3 KB, 4.5 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${trim(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${trim(bytes / 1024 / 1024)} MB`;
  return `${trim(bytes / 1024 / 1024 / 1024)} GB`;
}

const trim = (n: number) => (n >= 100 ? String(Math.round(n)) : String(Math.round(n * 10) / 10));

/** Credit hours with at most one decimal: 12, 12.5. */
export const formatHours = (h: number) => String(Math.round(h * 10) / 10);

/** Large counts the Chinese way: 9,876 below ten thousand, then 1.2万. */
export function formatCount(n: number): string {
  // Grouping by hand: toLocaleString would load the ICU number formatter on the home page's first paint.
  if (n < 10_000) return String(Math.trunc(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${trim(n / 10_000)}万`;
}

