/** Display helpers of the public pages: dates, file sizes, hours and counts in Chinese conventions. */

/** Dates and times on the college's clock: the one set of formatters in lib/format.ts. */
export { formatDate, formatDateTime } from '../../lib/format.ts';

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

