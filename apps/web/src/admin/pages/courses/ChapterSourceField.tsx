/**
 * Where a chapter's media is: for now an address (a path of the portal's own such as /media/... or
 * an http(s) address), as the data model keeps it. Kept in this one component, a controlled field of
 * the chapter form (value / onChange), so that the media library's picker can take its place; a
 * picker that knows the real length may set the chapter's length field through the form instance.
 */
import { Button, Input, Space } from 'antd';

export type SourceKind = 'video' | 'pdf' | 'stream' | 'replay';

const PLACEHOLDERS: Record<SourceKind, string> = {
  video: '/media/… 或 https://…（MP4 或 HLS 的 .m3u8）',
  pdf: '/media/… 或 https://…（PDF 文件）',
  stream: '直播流地址（HLS 的 .m3u8）',
  replay: '回放视频地址（可在直播结束后填写）',
};

export function ChapterSourceField({ value, onChange, kind, label }: { value?: string | null; onChange?: (v: string) => void; kind: SourceKind; label: string }) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input aria-label={label} value={value ?? ''} placeholder={PLACEHOLDERS[kind]} maxLength={500} onChange={(e) => onChange?.(e.target.value)} />
      {value ? (
        <Button href={value} target="_blank" rel="noopener">
          打开
        </Button>
      ) : null}
    </Space.Compact>
  );
}
