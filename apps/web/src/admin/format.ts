/** Times as the area shows them: in China time (the college's), to the minute or the second. */
import dayjs from 'dayjs';

export const formatDateTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—');
/** File sizes as every page shows them (980 B, 2.3 KB, 4 GB): the public pages' one formatter. */
export { formatFileSize as formatBytes } from '../features/content/format.ts';
/** A media length as the area shows it: 45分00秒. */
export const formatDuration = (s: number | null) => (s === null ? '—' : `${Math.floor(s / 60)}分${String(s % 60).padStart(2, '0')}秒`);
