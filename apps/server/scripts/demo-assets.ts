/**
 * Writes the demo media under apps/server/assets/demo (committed; the server and CI never run this):
 * course, install and column covers, news and college pictures (drawn as SVG, then rasterised to WebP
 * by the system Chromium, as real photos would be raster pictures: an SVG picture is a document of its
 * own that the page lays out, CJK text and all, on its main thread); the courseware and documents as
 * Chinese PDFs printed by the same Chromium from HTML (scripts/demo-documents.ts); the mobile-app QR
 * code as PNG; and, with ffmpeg, each chapter's video lesson and the live lessons' HLS playlists as
 * slideshows of Chromium-photographed slides (fragmented MP4 segments: a .ts file would read as
 * TypeScript to the tools). Run: node apps/server/scripts/demo-assets.ts (ffmpeg is required).
 * The certificates' demo seal is drawn the same way by scripts/demo-seal.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import { DEMO_ASSETS_DIR, DEMO_COLLEGE_IMAGES, DEMO_COLUMN_COVERS, DEMO_FILES, DEMO_INSTALL_COVERS, DEMO_NEWS_IMAGES } from '../src/seed/seed-content.ts';
import { DEMO_COURSES } from '../src/seed/seed-courses.ts';
import { courseware, downloads, lessonSlides, liveSlides, SLIDE_SIZE, type Slide } from './demo-documents.ts';

const out = (file: string, data: string | Buffer) => {
  const full = path.join(DEMO_ASSETS_DIR, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, data);
};
/** Pictures drawn as SVG, written as WebP by rasterise() below. */
const pictures: { file: string; svg: string }[] = [];
const picture = (file: string, svg: string) => pictures.push({ file, svg });
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const FONT = "font-family=\"'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif\"";

/** Splits a title into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const chars = Array.from(text);
  const lines: string[] = [];
  for (let i = 0; i < chars.length; i += width) lines.push(chars.slice(i, i + width).join(''));
  return lines;
}

function courseCover(title: string, category: string, color: string, seed: number): string {
  const lines = wrap(title, 13).slice(0, 3);
  const circles = [0, 1, 2]
    .map((k) => `<circle cx="${(seed * 53 + k * 170) % 480}" cy="${(seed * 37 + k * 90) % 270}" r="${60 + ((seed + k) % 5) * 18}" fill="#fff" fill-opacity=".07"/>`)
    .join('');
  const text = lines.map((l, i) => `<text x="32" y="${130 + i * 40 - (lines.length - 1) * 20}" font-size="28" font-weight="700" fill="#fff">${esc(l)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270" ${FONT}><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#101828"/></linearGradient></defs><rect width="480" height="270" fill="url(#g)"/>${circles}<rect x="32" y="28" width="${Array.from(category).length * 16 + 20}" height="28" rx="14" fill="#fff" fill-opacity=".18"/><text x="42" y="48" font-size="16" fill="#fff">${esc(category)}</text>${text}<rect x="32" y="232" width="56" height="4" fill="#f5c542"/></svg>`;
}

/** A picture in the style of a news photo: sky, buildings, a red banner with the caption. */
function scene(width: number, height: number, caption: string, seed: number): string {
  const skies = [['#8ec5fc', '#e0c3fc'], ['#a1c4fd', '#c2e9fb'], ['#fbc2eb', '#a6c1ee'], ['#84fab0', '#8fd3f4']];
  const [s1, s2] = skies[seed % skies.length]!;
  const base = height * 0.72;
  const buildings = Array.from({ length: 7 }, (_, k) => {
    const w = width / 9 + ((seed + k * 7) % 4) * 12;
    const h = height * (0.25 + (((seed * 3 + k * 5) % 7) / 7) * 0.35);
    const x = (k * width) / 7 + ((seed + k) % 3) * 8;
    const windows = Array.from({ length: Math.floor(h / 28) }, (_, r) => `<rect x="${x + 10}" y="${base - h + 14 + r * 28}" width="${w - 20}" height="10" fill="#fff" fill-opacity=".35"/>`).join('');
    return `<rect x="${x}" y="${base - h}" width="${w}" height="${h}" fill="#${['34495e', '2c3e50', '5d6d7e', '46637f'][(seed + k) % 4]}"/>${windows}`;
  }).join('');
  const lines = wrap(caption, 20).slice(0, 2);
  const text = lines.map((l, i) => `<text x="${width / 2}" y="${height * 0.86 + i * 30}" text-anchor="middle" font-size="24" fill="#fff">${esc(l)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT}><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s1}"/><stop offset="1" stop-color="${s2}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#s)"/><circle cx="${width * 0.82}" cy="${height * 0.2}" r="${height * 0.08}" fill="#fff6c8"/>${buildings}<rect y="${base}" width="${width}" height="${height - base}" fill="#8b1a1a"/>${text}</svg>`;
}

DEMO_COURSES.forEach((c, i) => picture(c.cover, courseCover(c.title, c.category, c.color, i + 1)));
const installCaptions: Record<(typeof DEMO_INSTALL_COVERS)[number], [string, string]> = { annual: ['年度培训', '#b71c1c'], special: ['专题培训', '#0d47a1'], class: ['培训班', '#1b5e20'] };
for (const kind of DEMO_INSTALL_COVERS) picture(`covers/install-${kind}.webp`, courseCover(installCaptions[kind][0], '网络培训', installCaptions[kind][1], kind.length));
for (let i = 1; i <= DEMO_COLUMN_COVERS; i++) picture(`covers/column-${i}.webp`, courseCover('学习专栏', '专栏', ['#b71c1c', '#0d47a1', '#4a148c', '#795548'][i - 1]!, i * 3));
for (let i = 1; i <= DEMO_NEWS_IMAGES; i++) picture(`news/news-${String(i).padStart(2, '0')}.webp`, scene(800, 450, '干部网络学院', i));
DEMO_COLLEGE_IMAGES.forEach((title, i) => picture(`college/college-${i + 1}.webp`, scene(800, 500, title, i + 5)));
try {
  execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
} catch {
  throw new Error('ffmpeg is needed to make the lessons (Debian: apt-get install -y ffmpeg)');
}
// Lessons and courseware are named after their course: a course's files replace whatever was there.
for (const dir of ['video', 'pdf']) rmSync(path.join(DEMO_ASSETS_DIR, dir), { recursive: true, force: true });
await withChromium(async (page) => {
  await rasterise(page);
  for (const c of DEMO_COURSES) {
    for (const ch of c.chapters) {
      if (ch.kind === 'pdf') {
        const doc = courseware(c, ch);
        await printPdf(page, ch.file, doc.html, doc.pages);
      } else await slideshow(page, lessonSlides(c, ch), path.join(DEMO_ASSETS_DIR, ch.file), ch.seconds, 'mp4');
    }
    if (c.live) await slideshow(page, liveSlides(c), path.join(DEMO_ASSETS_DIR, c.live.stream), c.live.mediaSeconds, 'hls');
  }
  for (const [key, doc] of Object.entries(downloads(DEMO_COURSES))) await printPdf(page, DEMO_FILES[key as keyof typeof DEMO_FILES], doc.html);
});
out('files/mobile-app-qr.png', await QRCode.toBuffer('http://localhost:8080/index', { type: 'png', width: 240, margin: 2 }));

async function withChromium(work: (page: Page) => Promise<void>) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    await work(await browser.newPage());
  } finally {
    await browser.close();
  }
}

/** Prints an HTML document to A4 PDF; the seed states a courseware's page count, so it is checked. */
async function printPdf(page: Page, file: string, html: string, pages?: number) {
  await page.setContent(html);
  // The print date is set to a fixed day of the same length (the offsets of the cross-reference table
  // stay right), so that printing the same text again gives the same file and git sees no change.
  const text = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1').replace(/(\/(?:CreationDate|ModDate) \(D:)\d{14}/g, '$120260101000000');
  const printed = (text.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  if (pages !== undefined && printed !== pages) throw new Error(`${file}: ${printed} pages printed, ${pages} expected`);
  out(file, Buffer.from(text, 'latin1'));
}

/**
 * Photographs the slides and encodes them as a slideshow of exactly `seconds`: H.264 baseline at one
 * frame a second, tuned for still pictures, so a minute of lesson takes a few tens of KB and plays
 * everywhere. `hls` writes a VOD playlist of 30-second fragmented MP4 segments beside `target`.
 */
async function slideshow(page: Page, slides: Slide[], target: string, seconds: number, format: 'mp4' | 'hls') {
  const total = slides.reduce((s, x) => s + x.seconds, 0);
  if (Math.abs(total - seconds) > 0.01) throw new Error(`${target}: slides last ${total} s, ${seconds} s expected`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'demo-slides-'));
  try {
    await page.setViewportSize(SLIDE_SIZE);
    let concat = '';
    for (const [k, s] of slides.entries()) {
      await page.setContent(s.html);
      writeFileSync(path.join(tmp, `${k}.png`), await page.screenshot());
      concat += `file '${k}.png'\nduration ${s.seconds}\n`;
    }
    // The concat demuxer takes the last picture's duration only when the picture is listed once more.
    concat += `file '${slides.length - 1}.png'\n`;
    writeFileSync(path.join(tmp, 'list.txt'), concat);
    mkdirSync(path.dirname(target), { recursive: true });
    const x264 = ['-vf', 'fps=1,format=yuv420p', '-t', String(seconds), '-c:v', 'libx264', '-profile:v', 'baseline', '-tune', 'stillimage', '-crf', '32', '-an'];
    const container =
      format === 'mp4'
        ? ['-g', '300', '-movflags', '+faststart', target]
        : ['-g', '30', '-f', 'hls', '-hls_time', '30', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', path.join(path.dirname(target), 'segment-%d.m4s'), target];
    execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'concat', '-i', path.join(tmp, 'list.txt'), ...x264, ...container]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Each picture at its own size, WebP at quality 75. */
async function rasterise(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  for (const { file, svg } of pictures) {
    const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number) as [number, number, number];
    await page.setViewportSize({ width, height });
    await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
    const shot = await cdp.send('Page.captureScreenshot', { format: 'webp', quality: 75, clip: { x: 0, y: 0, width, height, scale: 1 } });
    out(file, Buffer.from(shot.data, 'base64'));
    rmSync(path.join(DEMO_ASSETS_DIR, file.replace(/\.webp$/, '.svg')), { force: true });
  }
  await cdp.detach();
}

function total(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => sum + (e.isDirectory() ? total(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).size), 0);
}
console.log(`demo assets: ${(total(DEMO_ASSETS_DIR) / 1024).toFixed(0)} KB in ${DEMO_ASSETS_DIR}`);
