/** Words and formats the section's pages share. */
import { adminTraining as T } from '@portal/contract/refs';
import { formatDateTime } from '../../format.ts';

export const KIND_OPTIONS = Object.entries(T.TOPIC_KIND_LABELS).map(([value, label]) => ({ value, label }));
export const day = (iso: string | null | undefined) => (iso ? formatDateTime(iso).slice(0, 10) : '—');
export const minute = (iso: string) => formatDateTime(iso).slice(0, 16);
