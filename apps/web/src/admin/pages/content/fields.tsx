/**
 * The editor's upload fields: an image (cover, carousel picture) and files (notice attachments, a
 * download), each uploaded with its progress and the size message before a byte is sent; the
 * server checks the content again and answers the /uploads/ address the item then names. Another
 * section's image (a course cover) passes its own upload call.
 */
import { useRef, useState } from 'react';
import { Button, Progress, Space, Typography, message } from 'antd';
import { adminContent } from '@portal/contract/refs';
import type { AnyCall } from '@portal/contract/refs';
import type { adminContent as AC } from '@portal/contract';
import { CallError, refusalMessage, upload } from '../../../api/client.ts';
import { formatFileSize } from '../../../features/content/format.ts';
import { LIMITS } from './limits.ts';

type Uploaded = AC.UploadedContentFile;

/** Where a file goes: the upload call, its size limit and what it says of a file over it. */
export interface UploadTarget {
  call: AnyCall;
  maxBytes: number;
  tooLarge: string;
}
const CONTENT_IMAGE: UploadTarget = { call: adminContent.adminContentImage, maxBytes: LIMITS.imageMaxBytes, tooLarge: LIMITS.imageTooLarge };
const CONTENT_FILE: UploadTarget = { call: adminContent.adminContentFile, maxBytes: LIMITS.fileMaxBytes, tooLarge: LIMITS.fileTooLarge };

/** One file chosen and sent: the share sent so far while it goes, the answer or null when refused. */
function useUpload({ call, maxBytes, tooLarge }: UploadTarget) {
  const [progress, setProgress] = useState<number | null>(null);
  async function send(file: File): Promise<Uploaded | null> {
    if (file.size > maxBytes) {
      void message.error(tooLarge);
      return null;
    }
    setProgress(0);
    try {
      const { data } = await upload(call, file, file.name, { onProgress: (s) => setProgress(Math.round(s * 100)) });
      return data as Uploaded;
    } catch (err) {
      void message.error(err instanceof CallError && err.code === 413 ? tooLarge : (refusalMessage(err) ?? '上传失败！'));
      return null;
    } finally {
      setProgress(null);
    }
  }
  return { progress, send };
}

function Picker({ accept, label, disabled, onFile }: { accept: string; label: string; disabled?: boolean; onFile: (f: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button onClick={() => input.current?.click()} disabled={disabled}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        style={{ display: 'none' }}
        aria-label={label}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) onFile(f);
        }}
      />
    </>
  );
}

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';
const FILE_TYPES = '.pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png';

export function ImageField({ value, onChange, label = '上传图片', target = CONTENT_IMAGE }: { value?: string; onChange?: (url: string) => void; label?: string; target?: UploadTarget }) {
  const { progress, send } = useUpload(target);
  return (
    <Space direction="vertical">
      {value ? <img src={value} alt="已上传的图片" style={{ maxWidth: 320, maxHeight: 180, objectFit: 'cover' }} /> : null}
      <Space>
        <Picker accept={IMAGE_TYPES} label={value ? '更换图片' : label} disabled={progress !== null} onFile={(f) => void send(f).then((d) => d && onChange?.(d.url))} />
        {progress !== null ? <Progress percent={progress} size="small" style={{ width: 160 }} aria-label="上传进度" /> : null}
      </Space>
      <Typography.Text type="secondary">JPG、PNG、GIF 或 WebP，不超过5MB</Typography.Text>
    </Space>
  );
}

/** A notice's attachments: uploaded one by one, removed from the list (the save then names the rest). */
export function AttachmentsField({ value = [], onChange }: { value?: Uploaded[]; onChange?: (list: Uploaded[]) => void }) {
  const { progress, send } = useUpload(CONTENT_FILE);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {value.length > 0 ? (
        <ul className="admin-attachments" aria-label="附件列表">
          {value.map((a) => (
            <li key={a.url}>
              <a href={a.url} target="_blank" rel="noopener">
                {a.name}
              </a>
              <span className="admin-attachment-size">{formatFileSize(a.size)}</span>
              <Button type="link" size="small" danger aria-label={`移除附件 ${a.name}`} onClick={() => onChange?.(value.filter((x) => x.url !== a.url))}>
                移除
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Space>
        <Picker accept={FILE_TYPES} label="上传附件" disabled={progress !== null || value.length >= adminContent.CONTENT_LIMITS.attachmentsMax} onFile={(f) => void send(f).then((d) => d && onChange?.([...value, d]))} />
        {progress !== null ? <Progress percent={progress} size="small" style={{ width: 160 }} aria-label="上传进度" /> : null}
      </Space>
      <Typography.Text type="secondary">PDF、Word、Excel、JPG 或 PNG，每个不超过20MB，最多{adminContent.CONTENT_LIMITS.attachmentsMax}个</Typography.Text>
    </Space>
  );
}

/** A download's one file: its name, address and size come from the upload. */
export function DownloadFileField({ value, onChange }: { value?: Uploaded | null; onChange?: (file: Uploaded) => void }) {
  const { progress, send } = useUpload(CONTENT_FILE);
  return (
    <Space direction="vertical">
      {value?.url ? (
        <span>
          <a href={value.url} target="_blank" rel="noopener">
            {value.name}
          </a>{' '}
          <Typography.Text type="secondary">{formatFileSize(value.size)}</Typography.Text>
        </span>
      ) : null}
      <Space>
        <Picker accept={FILE_TYPES} label={value?.url ? '更换文件' : '上传文件'} disabled={progress !== null} onFile={(f) => void send(f).then((d) => d && onChange?.(d))} />
        {progress !== null ? <Progress percent={progress} size="small" style={{ width: 160 }} aria-label="上传进度" /> : null}
      </Space>
      <Typography.Text type="secondary">PDF、Word、Excel、JPG 或 PNG，不超过20MB</Typography.Text>
    </Space>
  );
}
