/** Times as the area shows them: on the college's clock (lib/format.ts), to the second. */
import { formatDateTimeSeconds } from '../lib/format.ts';

export const formatDateTime = (iso: string | null | undefined) => (iso ? formatDateTimeSeconds(iso) : '—');
/** File sizes as every page shows them (980 B, 2.3 KB, 4 GB): the public pages' one formatter. */
export { formatFileSize as formatBytes } from '../features/content/format.ts';
/** A media length as the area shows it: 45分00秒. */
export const formatDuration = (s: number | null) => (s === null ? '—' : `${Math.floor(s / 60)}分${String(s % 60).padStart(2, '0')}秒`);
