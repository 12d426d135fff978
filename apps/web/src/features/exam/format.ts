/** Times and countdowns of the exam pages. */
/** Times on the college's clock, to the minute. */
export { formatDateTime } from '../../lib/format.ts';

/** 剩余时间 as 1:05:09 or 05:09; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
