/**
 * 媒体库 (training and system administrators): lecture videos uploaded in chunks with tus
 * (a cut connection is retried; the same file chosen again after a reload continues where it stopped),
 * then checked and transcoded to HLS renditions by the jobs queue — the list follows the progress to
 * 就绪; PDF courseware with its page count and first page. Where the server has no ffmpeg the page says
 * so before anybody sends a byte. Course chapters take an asset with MediaPicker.
 */
import { useRef, useState } from 'react';
import { Alert, Button, Card, Image, Modal, Progress, Radio, Space, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { adminMedia } from '@portal/contract';
import { adminMedia as M } from '@portal/contract/refs';
import { call, showError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { HlsVideo } from '../../../features/study/HlsVideo.tsx';
import { Player, type Quality } from '../../../features/study/Player.tsx';
import { DataList, type FilterField } from '../../../ui/list/DataList.tsx';
import { formatBytes, formatDateTime, formatDuration } from '../../format.ts';
import { tusUpload, UploadError } from './tusUpload.ts';
import './media.css';

type Asset = adminMedia.MediaAsset;
type Kind = adminMedia.MediaKind;

const FILTERS: FilterField[] = [
  { kind: 'text', name: 'name', label: '名称', placeholder: '名称关键词' },
  { kind: 'select', name: 'kind', label: '类型', options: M.MEDIA_KINDS.map((k) => ({ value: k, label: M.MEDIA_KIND_LABELS[k] })), width: 120 },
  { kind: 'select', name: 'status', label: '状态', options: M.MEDIA_STATUSES.map((s) => ({ value: s, label: M.MEDIA_STATUS_LABELS[s] })), width: 120 },
];
const STATUS_COLOR: Record<Asset['status'], string> = { uploading: 'default', queued: 'gold', transcoding: 'processing', ready: 'success', failed: 'error' };
const UNDER_WAY: readonly Asset['status'][] = ['uploading', 'queued', 'transcoding'];

interface Sending {
  name: string;
  sent: number;
  total: number;
  state: 'sending' | 'retrying' | 'done' | 'failed';
  message: string;
}

function UploadPanel({ settings }: { settings: { maxBytes: number; ffmpeg: boolean; pdftoppm: boolean } | undefined }) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>('video');
  const [sending, setSending] = useState<Sending | null>(null);
  const abort = useRef<AbortController | null>(null);
  const busy = sending?.state === 'sending' || sending?.state === 'retrying';
  const refresh = () => void queryClient.invalidateQueries({ queryKey: callKey(M.adminMediaList) });

  async function start(file: File) {
    if (settings && file.size > settings.maxBytes) {
      setSending({ name: file.name, sent: 0, total: file.size, state: 'failed', message: `文件超过上传上限 ${formatBytes(settings.maxBytes)}，请压缩后再上传` });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setSending({ name: file.name, sent: 0, total: file.size, state: 'sending', message: '' });
    let listed = false;
    try {
      await tusUpload(
        file,
        kind,
        {
          onProgress: (sent, total) => {
            setSending((s) => s && { ...s, sent, total, state: 'sending', message: '' });
            // The new asset shows in the list (上传中) once the server holds its first bytes.
            if (!listed && sent > 0) {
              listed = true;
              refresh();
            }
          },
          onRetry: (ms) => setSending((s) => s && { ...s, state: 'retrying', message: `网络中断，${Math.round(ms / 1000)}秒后自动继续上传…` }),
        },
        controller.signal,
      );
      setSending((s) => s && { ...s, sent: s.total, state: 'done', message: kind === 'video' ? '上传完成，已排队转码，进度见下方列表' : '上传完成' });
    } catch (err) {
      if ((err as Error).name === 'AbortError') {
        setSending((s) => s && { ...s, state: 'failed', message: '已暂停。重新选择同一文件即可从中断处继续上传' });
      } else if (err instanceof UploadError) {
        setSending((s) => s && { ...s, state: 'failed', message: err.message });
      } else {
        showError(err);
        setSending((s) => s && { ...s, state: 'failed', message: '上传失败，请重新选择同一文件继续上传' });
      }
    } finally {
      abort.current = null;
      refresh();
    }
  }

  const percent = sending && sending.total > 0 ? Math.floor((sending.sent / sending.total) * 100) : 0;
  return (
    <Card title="上传媒体" size="small" className="media-upload">
      {settings && !settings.ffmpeg ? (
        <Alert
          type="warning"
          showIcon
          title="服务器未安装 ffmpeg：视频无法检查和转码，暂不能上传视频"
          description="请运维人员在服务器上执行 apt-get install -y ffmpeg（说明见 docs/administration.md 的“媒体库”一节），安装后无需重启，即可上传；转码失败的视频可点“重新转码”。"
        />
      ) : null}
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Radio.Group value={kind} onChange={(e) => setKind(e.target.value as Kind)} disabled={busy} aria-label="媒体类型">
          <Radio.Button value="video">讲课视频</Radio.Button>
          <Radio.Button value="pdf">PDF课件</Radio.Button>
        </Radio.Group>
        <Upload.Dragger
          accept={kind === 'video' ? 'video/*,.mp4,.mov,.mkv,.webm,.avi,.flv,.ts,.mpg,.wmv' : 'application/pdf,.pdf'}
          showUploadList={false}
          multiple={false}
          disabled={busy || (kind === 'video' && settings?.ffmpeg === false)}
          beforeUpload={(file) => {
            void start(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{kind === 'video' ? '点击或拖入讲课视频' : '点击或拖入PDF课件'}</p>
          <p className="ant-upload-hint">
            {kind === 'video'
              ? `单个文件不超过 ${formatBytes(settings?.maxBytes ?? 4 * 1024 ** 3)}；分块上传，网络中断后自动续传，刷新页面后重新选择同一文件即从中断处继续；上传后自动转码为 360p/720p（源视频为 1080p 时另加 1080p）`
              : '不超过 200 MB；上传后读取页数并生成首页缩略图'}
          </p>
        </Upload.Dragger>
        {sending ? (
          <div className="media-sending" aria-live="polite">
            <Typography.Text strong>{sending.name}</Typography.Text>
            <Progress percent={percent} status={sending.state === 'failed' ? 'exception' : sending.state === 'done' ? 'success' : 'active'} aria-label="上传进度" />
            <Space wrap>
              <Typography.Text type={sending.state === 'failed' ? 'danger' : sending.state === 'retrying' ? 'warning' : undefined}>
                {sending.message || `已上传 ${formatBytes(sending.sent)} / ${formatBytes(sending.total)}`}
              </Typography.Text>
              {busy ? <Button onClick={() => abort.current?.abort()}>暂停</Button> : null}
            </Space>
          </div>
        ) : null}
      </Space>
    </Card>
  );
}

function StatusCell({ a }: { a: Asset }) {
  if (a.status === 'transcoding') return <Progress percent={a.progress} size="small" aria-label={`转码进度 ${a.name}`} format={(p) => `转码 ${p}%`} />;
  return (
    <Space orientation="vertical" size={0}>
      <Tag color={STATUS_COLOR[a.status]}>{M.MEDIA_STATUS_LABELS[a.status]}</Tag>
      {a.status === 'uploading' ? <Typography.Text type="secondary">{`已收到 ${formatBytes(a.uploaded)}，重新选择同一文件可继续`}</Typography.Text> : null}
      {a.error ? <Typography.Text type={a.status === 'failed' ? 'danger' : 'warning'}>{a.error}</Typography.Text> : null}
    </Space>
  );
}

function Preview({ asset, onClose }: { asset: Asset; onClose: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [quality, setQuality] = useState<Quality | null>(null);
  return (
    <Modal open title={asset.name} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      {asset.kind === 'video' && asset.playUrl ? (
        // The study page's controls: free seeking, 清晰度 among the renditions.
        <Player videoRef={videoRef} label={asset.name} quality={quality}>
          <HlsVideo src={asset.playUrl} vod label={`预览：${asset.name}`} videoRef={videoRef} failedText="视频加载失败，请刷新页面重试" handlers={{ preload: 'metadata' }} ownControls onQuality={setQuality} />
        </Player>
      ) : null}
      {asset.kind === 'pdf' && asset.playUrl ? (
        <Space orientation="vertical">
          {asset.thumbnailUrl ? <Image src={asset.thumbnailUrl} alt={`${asset.name} 首页`} width={240} /> : null}
          <a href={asset.playUrl} target="_blank" rel="noreferrer">
            打开PDF（共{asset.pageCount}页）
          </a>
        </Space>
      ) : null}
    </Modal>
  );
}

export default function MediaPage() {
  const settings = useCallQuery(M.adminMediaSettings, {}, { staleTime: 0 }).data;
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<Asset | null>(null);

  async function retry(a: Asset) {
    try {
      await call(M.adminMediaRetry, { body: { id: a.id } });
      await queryClient.invalidateQueries({ queryKey: callKey(M.adminMediaList) });
    } catch (err) {
      showError(err);
    }
  }

  const columns: TableColumnsType<Asset> = [
    {
      title: '名称',
      dataIndex: 'name',
      render: (name: string, a) => (
        <Space>
          {a.thumbnailUrl ? <img src={a.thumbnailUrl} alt="" className="media-thumb" /> : null}
          <span>{name}</span>
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'kind', width: 90, render: (k: Kind) => M.MEDIA_KIND_LABELS[k] },
    { title: '大小', dataIndex: 'size', width: 100, render: (n: number) => formatBytes(n) },
    { title: '状态', key: 'status', width: 200, render: (_: unknown, a) => <StatusCell a={a} /> },
    {
      title: '时长/页数',
      key: 'length',
      width: 130,
      render: (_: unknown, a) =>
        a.kind === 'pdf' ? (
          a.pageCount === null ? '—' : `${a.pageCount}页`
        ) : (
          <Space orientation="vertical" size={0}>
            <span>{formatDuration(a.durationSeconds)}</span>
            {a.renditions.length ? <Typography.Text type="secondary">{a.renditions.map((h) => `${h}p`).join(' / ')}</Typography.Text> : null}
          </Space>
        ),
    },
    { title: '上传人', dataIndex: 'createdBy', width: 90 },
    { title: '上传时间', dataIndex: 'createdAt', width: 170, render: formatDateTime },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      render: (_: unknown, a) => (
        <Space>
          {a.status === 'ready' ? (
            <Button size="small" onClick={() => setPreview(a)}>
              预览
            </Button>
          ) : null}
          {a.status === 'failed' && a.kind === 'video' ? (
            <Button size="small" onClick={() => void retry(a)}>
              重新转码
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-media">
      <Typography.Title level={2}>媒体库</Typography.Title>
      <UploadPanel settings={settings} />
      <DataList<Asset> label="媒体列表"
        list={M.adminMediaList}
        filters={FILTERS}
        columns={columns}
        rowKey="id"
        empty="还没有媒体，先在上方上传讲课视频或PDF课件"
        // While anything uploads or transcodes, the page asks again every 2 s (on any instance: the state is in the database).
        refetchInterval={(page) => (page?.list.some((a) => UNDER_WAY.includes(a.status)) ? 2000 : false)}
      />
      {preview ? <Preview asset={preview} onClose={() => setPreview(null)} /> : null}
    </div>
  );
}
