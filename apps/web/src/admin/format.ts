/** Times as the area shows them: in China time (the college's), to the minute or the second. */
import dayjs from 'dayjs';

export const formatDateTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—');
export const formatBytes = (n: number) => (n >= 1024 * 1024 * 1024 ? `${(n / 1024 / 1024 / 1024).toFixed(2)} GB` : n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`);
/** A media length as the area shows it: 45分00秒. */
export const formatDuration = (s: number | null) => (s === null ? '—' : `${Math.floor(s / 60)}分${String(s % 60).padStart(2, '0')}秒`);
