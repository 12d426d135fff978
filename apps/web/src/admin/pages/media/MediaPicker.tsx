/**
 * Chooses a ready asset of the media library for a course chapter ({ kind, value, onChange }, a form
 * control): searched by name, each option with its length or page count, so the chapter's length can
 * follow the real media. Only ready assets are offered: a chapter never points at a half transcode.
 */
import { useState } from 'react';
import { Select } from 'antd';
import type { adminMedia } from '@portal/contract';
import { adminMedia as M } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { formatDuration } from '../../format.ts';

type Asset = adminMedia.MediaAsset;

export interface MediaPickerProps {
  kind: adminMedia.MediaKind;
  value?: number | null;
  /** The chosen asset (null: cleared): its id, and what the chapter takes of it (play URL, length, pages). */
  onChange?: (id: number | null, asset: Asset | null) => void;
  id?: string;
  disabled?: boolean;
  /** The accessible name (several pickers on one form: say whose). */
  label?: string;
}

export function MediaPicker({ kind, value, onChange, id, disabled, label: ariaLabel }: MediaPickerProps) {
  const [name, setName] = useState('');
  const list = useCallQuery(M.adminMediaList, { query: { kind, status: 'ready', name: name || undefined, pageNum: 1, pageSize: 20 } }, { keepPrevious: true, staleTime: 0 });
  // The chosen asset stays shown (with its label) even when a search leaves it off the page.
  const chosen = useCallQuery(M.adminMediaGet, { query: { id: value ?? 0 } }, { enabled: !!value });
  const assets = [...(chosen.data && !list.data?.list.some((a) => a.id === chosen.data!.id) ? [chosen.data] : []), ...(list.data?.list ?? [])];
  const label = (a: Asset) => `${a.name}（${a.kind === 'pdf' ? `${a.pageCount ?? '—'}页` : formatDuration(a.durationSeconds)}）`;
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setName }}
      allowClear
      disabled={disabled}
      value={value ?? undefined}
      placeholder={kind === 'video' ? '从媒体库选择已转码的视频' : '从媒体库选择PDF课件'}
      loading={list.isFetching}
      notFoundContent={list.isFetching ? '正在查找…' : kind === 'video' ? '没有就绪的视频，请先在“媒体库”上传' : '没有PDF课件，请先在“媒体库”上传'}
      options={assets.map((a) => ({ value: a.id, label: label(a) }))}
      onChange={(v) => onChange?.(v ?? null, assets.find((a) => a.id === v) ?? null)}
      aria-label={ariaLabel ?? (kind === 'video' ? '选择视频' : '选择PDF课件')}
    />
  );
}
