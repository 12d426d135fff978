/**
 * Where a chapter's media is: an address (a path of the portal's own such as /media/... or an http(s)
 * address), as the data model keeps it — typed, or, for a video or PDF chapter, chosen from the media
 * library (媒体库) with its picker, which fills in the asset's address (a video's HLS master playlist,
 * a PDF) and tells the chapter the real length or page count (`onMedia`). A controlled field of the
 * chapter form (value / onChange).
 */
import { Button, Input, Space } from 'antd';
import type { adminMedia } from '@portal/contract';
import { MediaPicker } from '../media/MediaPicker.tsx';

export type SourceKind = 'video' | 'pdf' | 'stream' | 'replay';

const PLACEHOLDERS: Record<SourceKind, string> = {
  video: '/media/… 或 https://…（MP4 或 HLS 的 .m3u8）',
  pdf: '/media/… 或 https://…（PDF 文件）',
  stream: '直播流地址（HLS 的 .m3u8）',
  replay: '回放视频地址（可在直播结束后填写）',
};

/** The media library asset an address is (its files live under /uploads/media/<id>/), or null. */
const assetIdOf = (url: string | null | undefined) => Number(/^\/uploads\/media\/(\d+)\//.exec(url ?? '')?.[1] ?? 0) || null;

export function ChapterSourceField({
  value,
  onChange,
  kind,
  label,
  onMedia,
}: {
  value?: string | null;
  onChange?: (v: string) => void;
  kind: SourceKind;
  label: string;
  /** A media library asset was chosen: its length (video) or page count (PDF) for the chapter. */
  onMedia?: (asset: adminMedia.MediaAsset) => void;
}) {
  const address = (
    <Space.Compact style={{ width: '100%' }}>
      <Input aria-label={label} value={value ?? ''} placeholder={PLACEHOLDERS[kind]} maxLength={500} onChange={(e) => onChange?.(e.target.value)} />
      {value ? (
        <Button href={value} target="_blank" rel="noopener">
          打开
        </Button>
      ) : null}
    </Space.Compact>
  );
  if (kind !== 'video' && kind !== 'pdf') return address;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={4}>
      <MediaPicker
        kind={kind}
        label={`${label}：从媒体库选择`}
        value={assetIdOf(value)}
        onChange={(_id, asset) => {
          if (!asset?.playUrl) return;
          onChange?.(asset.playUrl);
          onMedia?.(asset);
        }}
      />
      {address}
    </Space>
  );
}
