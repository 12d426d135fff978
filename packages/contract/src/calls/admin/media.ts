/**
 * The administration area's media library (媒体库), for the
 * training and system administrators: lecture videos uploaded resumably with the tus protocol, checked
 * by content and transcoded to HLS renditions by a job; PDF courseware with its page count and first
 * page. The upload itself is not a contract call (tus is a protocol of its own, see MEDIA_TUS_PATH); its
 * every request is checked with the same administrator session and roles as the calls below.
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery, type AdminRole } from '../../call.ts';
import { idField, idParam } from '../../rules/numbers.ts';

const A = '/v1/admin/media';
export const MEDIA_ROLES: readonly AdminRole[] = ['training', 'system'];
/** The tus endpoint: an upload is created at this path and continued at `${MEDIA_TUS_PATH}/<key>`. */
export const MEDIA_TUS_PATH = `${A}/uploads`;

export const MEDIA_KINDS = ['video', 'pdf'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_KIND_LABELS: Record<MediaKind, string> = { video: '视频', pdf: 'PDF课件' };
export const MEDIA_STATUSES = ['uploading', 'queued', 'transcoding', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];
export const MEDIA_STATUS_LABELS: Record<MediaStatus, string> = { uploading: '上传中', queued: '排队转码', transcoding: '转码中', ready: '就绪', failed: '失败' };

/** PDFs are read whole to count their pages: courseware is far smaller than this. */
export const MEDIA_PDF_MAX_BYTES = 200 * 1024 ** 2;

/** A size as an administrator reads it: 4 GB, 1.5 GB, 200 MB. */
export const sizeText = (bytes: number) => (bytes >= 1024 ** 3 ? `${Math.round((bytes / 1024 ** 3) * 10) / 10} GB` : `${Math.round(bytes / 1024 ** 2)} MB`);
export const MEDIA_MSG = {
  missing: '媒体不存在',
  tooLarge: (max: number) => `文件超过上传上限 ${sizeText(max)}，请压缩后再上传`,
  pdfTooLarge: 'PDF课件不能超过 200 MB',
  noLength: '上传须先告知文件大小',
  badName: '请提供文件名（不超过100个字）',
  badKind: '只能上传视频或PDF课件',
  notVideo: '文件内容不是可识别的视频（支持 MP4、MOV、MKV、WebM、AVI、FLV、MPEG-TS 等常见格式）',
  notPdf: '文件内容不是PDF文档',
  badPdf: 'PDF文档无法读取（可能已损坏或加密）',
  ffmpegMissing: '服务器未安装 ffmpeg，无法检查和转码视频。请管理员在服务器上执行 apt-get install -y ffmpeg 后重试',
  offsetMismatch: '上传位置不一致，请刷新后继续上传',
  tooMuch: '发送的数据超过了文件大小',
  uploadDone: '该文件已上传完成',
  uploadBusy: '该文件正在另一个窗口上传',
  /** A course chapter naming a library address whose asset is missing, of another kind or not ready. */
  chapterMediaNotReady: (chapter: string) => `“${chapter}”所选的媒体库文件不存在或尚未转码完成，请在媒体库查看后重新选择`,
  notFailed: '只有转码失败的视频可以重新转码',
} as const;

export const mediaAsset = z.object({
  id: z.number().int(),
  kind: z.enum(MEDIA_KINDS),
  name: z.string(),
  size: z.number().describe('bytes'),
  uploaded: z.number().describe('bytes received so far'),
  sha256: z.string().nullable(),
  status: z.enum(MEDIA_STATUSES),
  /** 0–100 while transcoding. */
  progress: z.number().int(),
  /** What failed, in Chinese (failed only). */
  error: z.string(),
  durationSeconds: z.number().int().nullable(),
  pageCount: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The renditions' heights (360, 720, 1080), once transcoded. */
  renditions: z.array(z.number().int()),
  /** The HLS master playlist (video) or the PDF itself, once ready. */
  playUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MediaAsset = z.infer<typeof mediaAsset>;

export const adminMediaList = defineCall({
  name: 'adminMediaList',
  method: 'GET',
  path: `${A}/list`,
  envelope: 'uc',
  auth: 'admin',
  roles: MEDIA_ROLES,
  summary: 'The media library, newest first: by kind, status and words of the name.',
  query: pageQuery.extend({
    kind: z.enum(MEDIA_KINDS, { error: '类型只能是视频或PDF课件' }).optional(),
    status: z.enum(MEDIA_STATUSES, { error: '状态不正确' }).optional(),
    name: z.string().trim().max(40, '名称关键词不能超过40个字').optional().transform((v) => v || undefined),
  }),
  data: pageOf(mediaAsset),
});

export const adminMediaGet = defineCall({
  name: 'adminMediaGet',
  method: 'GET',
  path: `${A}/get`,
  envelope: 'uc',
  auth: 'admin',
  roles: MEDIA_ROLES,
  summary: 'One media asset (its status and progress while it uploads or transcodes).',
  query: z.object({ id: idParam('媒体编号') }),
  data: mediaAsset,
});

export const adminMediaSettings = defineCall({
  name: 'adminMediaSettings',
  method: 'GET',
  path: `${A}/settings`,
  envelope: 'uc',
  auth: 'admin',
  roles: MEDIA_ROLES,
  summary: 'What an upload may be (the size limit) and whether this server can check and transcode video (ffmpeg) and draw PDF thumbnails (pdftoppm).',
  data: z.object({ maxBytes: z.number(), ffmpeg: z.boolean(), pdftoppm: z.boolean() }),
});

export const adminMediaRetry = defineCall({
  name: 'adminMediaRetry',
  method: 'POST',
  path: `${A}/retry`,
  envelope: 'uc',
  auth: 'admin',
  roles: MEDIA_ROLES,
  summary: 'Queues a failed transcode again (after ffmpeg was installed, say).',
  body: z.object({ id: idField('媒体编号') }),
  data: mediaAsset,
});
