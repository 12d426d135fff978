/**
 * What the media library asks of the system's programs: ffprobe (what a video really is, its length),
 * ffmpeg (HLS renditions, its progress read from `-progress`), pdftoppm (a PDF's first page), and the
 * magic bytes that say a file's type before any program reads it. No program is run through a shell;
 * file names are ours (generated), never the uploader's.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  pdftoppm: string;
}

/** Whether `program` can be run (ENOENT: not installed, or not on PATH). */
export function available(program: string): Promise<boolean> {
  return new Promise((resolve) => {
    const p = spawn(program, ['-version'], { stdio: 'ignore' });
    p.on('error', () => resolve(false));
    p.on('close', () => resolve(true));
  });
}

/** Runs a program to its end; answers its standard output, or fails with the end of its standard error. */
function run(program: string, args: string[], onLine?: (line: string) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    // An aborted signal (the job's lease lost, the server closing) kills the program.
    const p = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let out = '';
    let err = '';
    let partial = '';
    p.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!onLine) {
        out += chunk;
        return;
      }
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const l of lines) onLine(l);
    });
    // Only the end is kept: ffmpeg writes a line per frame on a long input.
    p.stderr.setEncoding('utf8').on('data', (chunk: string) => (err = (err + chunk).slice(-4000)));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${path.basename(program)} exited ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}`))));
  });
}

/** A video container recognised by its first bytes, as the original's extension; null for anything else. */
export function videoTypeOf(head: Buffer): string | null {
  const ascii = (a: number, b: number) => head.subarray(a, b).toString('latin1');
  if (head.length >= 12 && ascii(4, 8) === 'ftyp') return ascii(8, 10) === 'qt' ? 'mov' : 'mp4';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return ascii(0, 64).includes('webm') ? 'webm' : 'mkv';
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return 'avi';
  if (head.length >= 3 && ascii(0, 3) === 'FLV') return 'flv';
  // MPEG transport stream: a sync byte every 188 bytes; a program stream starts with a pack header.
  if (head.length >= 377 && head[0] === 0x47 && head[188] === 0x47 && head[376] === 0x47) return 'ts';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x000001ba) return 'mpg';
  if (head.length >= 16 && head.subarray(0, 16).equals(Buffer.from('3026b2758e66cf11a6d900aa0062ce6c', 'hex'))) return 'wmv';
  return null;
}
export const isPdf = (head: Buffer) => head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-';

export interface VideoProbe {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** What ffprobe finds in the file: null when it holds no video stream with a length (not a video, whatever its first bytes). */
export async function probeVideo(tools: MediaTools, file: string): Promise<VideoProbe | null> {
  let json: string;
  try {
    json = await run(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw err;
    return null;
  }
  const info = JSON.parse(json) as { format?: { duration?: string }; streams?: { codec_type?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }[] };
  const video = info.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0);
  const duration = Number(info.format?.duration ?? video?.duration);
  if (!video || !Number.isFinite(duration) || duration <= 0) return null;
  return { durationSeconds: duration, width: video.width!, height: video.height!, hasAudio: info.streams!.some((s) => s.codec_type === 'audio') };
}

/** The renditions made of a source: 360p and 720p always (two, as players expect a choice), 1080p when the source has it. */
export const renditionsFor = (sourceHeight: number) => (sourceHeight >= 1080 ? [360, 720, 1080] : [360, 720]);
const BITRATE: Record<number, string> = { 360: '800k', 720: '2800k', 1080: '5000k' };

/**
 * The HLS renditions of `source` into `outDir` (`master.m3u8`, `<height>p/index.m3u8` and its
 * segments), in one ffmpeg run (the source is decoded once); `progress` gets 0–100 from ffmpeg's
 * `-progress` output. Written into a sibling folder and renamed at the end, so a player never sees half
 * the renditions and a run cut by a crash starts clean.
 */
export async function transcodeToHls(tools: MediaTools, source: string, outDir: string, probe: VideoProbe, signal: AbortSignal, progress: (percent: number) => void): Promise<number[]> {
  const heights = renditionsFor(probe.height);
  const work = `${outDir}.partial`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const n = heights.length;
  const filter = `[0:v]split=${n}${heights.map((_, i) => `[s${i}]`).join('')};${heights.map((h, i) => `[s${i}]scale=-2:${h}[v${i}]`).join(';')}`;
  const args = ['-hide_banner', '-nostats', '-y', '-i', source, '-filter_complex', filter];
  heights.forEach((h, i) => {
    args.push('-map', `[v${i}]`);
    if (probe.hasAudio) args.push('-map', '0:a:0');
    args.push(`-b:v:${i}`, BITRATE[h]!, `-maxrate:v:${i}`, BITRATE[h]!, `-bufsize:v:${i}`, BITRATE[h]!.replace('k', '') + 'k');
  });
  args.push(
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
    // A key frame every 6 s in every rendition: segments line up, so a player switches between them cleanly.
    '-force_key_frames', 'expr:gte(t,n_forced*6)',
    ...(probe.hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
    '-f', 'hls', '-hls_time', '6', '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments',
    '-hls_segment_filename', path.join(work, '%v', 'seg%05d.ts'),
    '-master_pl_name', 'master.m3u8',
    '-var_stream_map', heights.map((h, i) => (probe.hasAudio ? `v:${i},a:${i},name:${h}p` : `v:${i},name:${h}p`)).join(' '),
    '-progress', 'pipe:1',
    path.join(work, '%v', 'index.m3u8'),
  );
  const totalUs = probe.durationSeconds * 1e6;
  let last = -1;
  await run(tools.ffmpeg, args, (line) => {
    const m = /^out_time_us=(\d+)/.exec(line);
    if (!m) return;
    const percent = Math.min(99, Math.floor((Number(m[1]) / totalUs) * 100));
    if (percent > last) {
      last = percent;
      progress(percent);
    }
  }, signal);
  await rm(outDir, { recursive: true, force: true });
  await rename(work, outDir);
  return heights;
}

/** The page count of a PDF (pdf-lib reads its cross-reference, not its pages' content); null when it cannot be read. */
export async function pdfPageCount(file: string): Promise<number | null> {
  try {
    const doc = await PDFDocument.load(await readFile(file), { ignoreEncryption: true, updateMetadata: false });
    return doc.getPageCount();
  } catch {
    return null;
  }
}

/** The first page as a JPEG 480 px wide at `outFile` (without extension; pdftoppm adds .jpg); false when pdftoppm is missing or fails. */
export async function pdfThumbnail(tools: MediaTools, file: string, outBase: string): Promise<boolean> {
  try {
    await run(tools.pdftoppm, ['-f', '1', '-l', '1', '-singlefile', '-jpeg', '-scale-to', '480', file, outBase]);
    return true;
  } catch {
    return false;
  }
}
