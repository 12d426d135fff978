/**
 * Attachments of a homework or a practice report: read in the page (images shown, PDFs in the PDF
 * reader), saved, removed from a draft; and the upload of new ones with their progress. Files are
 * fetched with the login token (only their learner and the class's teachers may read them).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Image, Progress, Space, Tag } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { work as W } from '@portal/contract';
import { work } from '@portal/contract/refs';
import { workFileTypeOfName } from '@portal/contract/base';
import { CallError, upload } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { storage } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import { PdfReader } from '../study/PdfReader.tsx';

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10}KB`;
  return `${Math.round(bytes / 104857.6) / 10}MB`;
}

const TYPE_LABELS: Record<W.WorkFileType, string> = { pdf: 'PDF', doc: 'Word', docx: 'Word', xls: 'Excel', xlsx: 'Excel', jpg: '图片', png: '图片' };
const isImage = (f: W.WorkFile) => f.type === 'jpg' || f.type === 'png';

async function fetchFile(f: W.WorkFile): Promise<Blob> {
  const token = storage.get().token;
  const res = await fetch(f.url, { headers: token ? { Authorization: token } : {} });
  if (!res.ok || (res.headers.get('Content-Type') ?? '').includes('application/json')) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}

/** An image read with the token, shown from memory. */
function AuthImage({ file, width }: { file: W.WorkFile; width: number }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let href: string | null = null;
    let cancelled = false;
    fetchFile(file).then(
      (b) => {
        if (cancelled) return;
        href = URL.createObjectURL(b);
        setSrc(href);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      if (href) URL.revokeObjectURL(href);
    };
  }, [file]);
  if (failed) return <Alert type="warning" showIcon title={`图片“${file.name}”加载失败`} />;
  if (!src) return <span className="hw-muted">正在加载图片…</span>;
  return <Image src={src} alt={file.name} width={width} />;
}

function PdfPreview({ file }: { file: W.WorkFile }) {
  const [data, setData] = useState<Uint8Array | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  useEffect(() => {
    let cancelled = false;
    fetchFile(file)
      .then((b) => b.arrayBuffer())
      .then(
        (buf) => !cancelled && setData(new Uint8Array(buf)),
        () => !cancelled && setFailed(true),
      );
    return () => {
      cancelled = true;
    };
  }, [file]);
  if (failed) return <Alert type="warning" showIcon title={`“${file.name}”加载失败`} />;
  if (!data) return <span className="hw-muted">正在打开…</span>;
  return <PdfReader url={data} title={file.name} page={page} onPage={setPage} />;
}

/** The attachments, each with 查看 (images, PDFs) and 下载, and 移除 while a draft is edited. */
export function AttachmentList({ files, onRemove, photos = false }: { files: W.WorkFile[]; onRemove?: (f: W.WorkFile) => void; photos?: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  if (files.length === 0) return <p className="hw-muted">{photos ? '没有照片' : '没有附件'}</p>;
  if (photos && !onRemove)
    return (
      <div className="hw-photos">
        <Image.PreviewGroup>
          {files.map((f) => (
            <AuthImage key={f.id} file={f} width={160} />
          ))}
        </Image.PreviewGroup>
      </div>
    );
  return (
    <ul className="hw-files" aria-label={photos ? '照片' : '附件'}>
      {files.map((f) => (
        <li key={f.id} className="hw-file">
          <div className="hw-file-row">
            <PaperClipOutlined aria-hidden />
            <span className="hw-file-name">{f.name}</span>
            <Tag>{TYPE_LABELS[f.type]}</Tag>
            <span className="hw-muted">{formatSize(f.size)}</span>
            <Space size={4} wrap>
              {isImage(f) || f.type === 'pdf' ? (
                <Button size="small" icon={<EyeOutlined />} aria-expanded={open === f.id} aria-label={`${open === f.id ? '收起' : '查看'} ${f.name}`} onClick={() => setOpen(open === f.id ? null : f.id)}>
                  {open === f.id ? '收起' : '查看'}
                </Button>
              ) : null}
              <Button
                size="small"
                icon={<DownloadOutlined />}
                aria-label={`下载 ${f.name}`}
                onClick={() =>
                  downloadFile(work.downloadWorkFile, { fileId: f.id, download: 'true' }, f.name).catch((err: unknown) => {
                    console.error(err);
                    toast('error', `下载失败：${(err as Error).message}`);
                  })
                }
              >
                下载
              </Button>
              {onRemove ? (
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={`移除 ${f.name}`} onClick={() => onRemove(f)}>
                  移除
                </Button>
              ) : null}
            </Space>
          </div>
          {open === f.id ? <div className="hw-preview">{isImage(f) ? <AuthImage file={f} width={480} /> : <PdfPreview file={f} />}</div> : null}
        </li>
      ))}
    </ul>
  );
}

interface Uploading {
  key: number;
  name: string;
  share: number;
  error: string | null;
  abort: AbortController;
}

/** Whether the file's name is of one of these types (the server then checks its content). */
const namedAs = (name: string, types: readonly W.WorkFileType[]) => {
  const type = workFileTypeOfName(name);
  return type !== null && types.includes(type);
};

/**
 * 上传附件 / 上传照片: files chosen are checked for size and type (by name) here (the server checks their
 * content), uploaded one by one with their progress shown, and handed to the draft when accepted.
 * `max` is the number the assignment takes (its own for attachments, the portal's for photos), and
 * `tooMany` the server's refusal naming it.
 */
export function Uploader({ workId, photo, max, tooMany, count, onUploaded, disabled }: { workId: number; photo: boolean; max: number; tooMany: string; count: number; onUploaded: (f: W.WorkFile) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Uploading[]>([]);
  const seq = useRef(0);
  const maxBytes = photo ? work.WORK_LIMITS.photoMaxBytes : work.WORK_LIMITS.fileMaxBytes;
  const accept = photo ? work.PHOTO_ACCEPT : work.WORK_FILE_ACCEPT;
  const label = photo ? '上传照片' : '上传附件';
  const update = (key: number, patch: Partial<Uploading>) => setItems((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  const start = async (files: File[]) => {
    let room = max - count - items.filter((u) => !u.error).length;
    for (const file of files) {
      if (room <= 0) {
        toast('warning', tooMany);
        break;
      }
      if (file.size > maxBytes) {
        toast('warning', `${file.name}：${photo ? work.WORK_MSG.photoTooLarge : work.WORK_MSG.fileTooLarge}`);
        continue;
      }
      if (!namedAs(file.name, photo ? work.PHOTO_TYPES : work.WORK_FILE_TYPES)) {
        toast('warning', `${file.name}：${photo ? work.WORK_MSG.photoType : work.WORK_MSG.fileType}`);
        continue;
      }
      room--;
      const key = ++seq.current;
      const abort = new AbortController();
      setItems((list) => [...list, { key, name: file.name, share: 0, error: null, abort }]);
      try {
        const { data } = await upload(photo ? work.uploadPhoto : work.uploadWorkFile, file, file.name, { onProgress: (share) => update(key, { share }), signal: abort.signal, query: { workId } });
        setItems((list) => list.filter((u) => u.key !== key));
        onUploaded(data);
      } catch (err) {
        if (abort.signal.aborted) setItems((list) => list.filter((u) => u.key !== key));
        else update(key, { error: err instanceof CallError && err.kind === 'business' ? err.message : navigator.onLine ? '上传失败！' : '网络连接已断开，请检查网络后重新上传' });
      }
    }
  };

  return (
    <div className="hw-uploader">
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept={accept}
        aria-label={label}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void start(files);
        }}
      />
      <Button icon={<UploadOutlined />} disabled={disabled || count >= max} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <span className="hw-muted">
        {photo ? `${work.PHOTO_NAMES}，每张不超过5MB，最多${max}张` : `最多可上传${max}个附件（${work.WORK_FILE_NAMES}，单个不超过10MB，合计不超过30MB）`}
      </span>
      {items.length > 0 ? (
        <ul className="hw-uploads" aria-label="正在上传">
          {items.map((u) => (
            <li key={u.key}>
              <span className="hw-file-name">{u.name}</span>
              {u.error ? (
                <>
                  <Tag color="error">{u.error}</Tag>
                  <Button size="small" type="link" onClick={() => setItems((list) => list.filter((x) => x.key !== u.key))}>
                    知道了
                  </Button>
                </>
              ) : (
                <>
                  <Progress percent={Math.floor(u.share * 100)} size="small" style={{ width: 160 }} aria-label={`${u.name} 上传进度`} />
                  <Button size="small" type="link" onClick={() => u.abort.abort()}>
                    取消
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
