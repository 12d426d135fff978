/**
 * Writes the demo media under apps/server/assets/demo (committed; the server and CI never run this):
 * course, install and column covers, news and college pictures (drawn as SVG, then rasterised to WebP
 * by the system Chromium, as real photos would be raster pictures: an SVG picture is a document of its
 * own that the page lays out, CJK text and all, on its main thread), PDF courseware and documents
 * written byte by byte, the mobile-app QR code as PNG and, when ffmpeg is installed, short low-bitrate
 * MP4 lessons and an HLS playlist for the live lesson (fragmented MP4 segments: a .ts file would read as
 * TypeScript to the tools). Run: node apps/server/scripts/demo-assets.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import QRCode from 'qrcode';
import {
  DEMO_ASSETS_DIR,
  DEMO_COLLEGE_IMAGES,
  DEMO_COLUMN_COVERS,
  DEMO_COURSES,
  DEMO_FILES,
  DEMO_INSTALL_COVERS,
  DEMO_LIVE,
  DEMO_NEWS_IMAGES,
  DEMO_PDFS,
  DEMO_VIDEOS,
} from '../src/db/seed-content.ts';

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

/** A valid PDF 1.4 of A4 pages of ASCII text in Helvetica, offsets counted byte by byte. */
function pdf(title: string, pages: string[][]): Buffer {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  const text = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  pages.forEach((lines, i) => {
    const body = [
      'BT /F1 20 Tf 56 770 Td',
      `(${text(title)}) Tj`,
      '/F1 12 Tf 0 -36 Td 16 TL',
      ...lines.map((l) => `(${text(l)}) '`),
      `/F1 9 Tf 0 -40 Td (Page ${i + 1} of ${pages.length}) Tj`,
      'ET',
    ].join('\n');
    objects[pageIds[i]!] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objects[pageIds[i]! + 1] = `<< /Length ${Buffer.byteLength(body)} >>\nstream\n${body}\nendstream`;
  });
  let doc = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(doc);
    doc += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(doc);
  doc += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) doc += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  doc += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info << /Title (${text(title)}) /Producer (academy-portal demo) >> >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(doc, 'latin1');
}

const LOREM = [
  'This document belongs to the demo data of the provincial cadre training portal.',
  'It stands in for the real courseware and forms a college would publish here.',
  'Learners read it page by page; the portal counts the reading time toward',
  'the minimum the chapter requires before it is marked complete.',
  '',
  '1. Study the key points of the chapter and take notes beside the reader.',
  '2. Relate the policies to the daily work of your own unit.',
  '3. Finish every chapter of the course to earn its credit hours.',
  '4. Contact the learning support team during service hours for help.',
];
const pagesOf = (n: number, topic: string) => Array.from({ length: n }, (_, i) => [`Section ${i + 1}: ${topic}`, '', ...LOREM]);

DEMO_COURSES.forEach((c, i) => picture(c.cover, courseCover(c.title, c.category, c.color, i + 1)));
const installCaptions: Record<(typeof DEMO_INSTALL_COVERS)[number], [string, string]> = { annual: ['年度培训', '#b71c1c'], special: ['专题培训', '#0d47a1'], class: ['培训班', '#1b5e20'] };
for (const kind of DEMO_INSTALL_COVERS) picture(`covers/install-${kind}.webp`, courseCover(installCaptions[kind][0], '网络培训', installCaptions[kind][1], kind.length));
for (let i = 1; i <= DEMO_COLUMN_COVERS; i++) picture(`covers/column-${i}.webp`, courseCover('学习专栏', '专栏', ['#b71c1c', '#0d47a1', '#4a148c', '#795548'][i - 1]!, i * 3));
for (let i = 1; i <= DEMO_NEWS_IMAGES; i++) picture(`news/news-${String(i).padStart(2, '0')}.webp`, scene(800, 450, '干部网络学院', i));
DEMO_COLLEGE_IMAGES.forEach((title, i) => picture(`college/college-${i + 1}.webp`, scene(800, 500, title, i + 5)));
for (const p of DEMO_PDFS) out(p.file, pdf(p.title, pagesOf(p.pages, p.title.replace(/^Courseware: /, ''))));
for (const f of DEMO_FILES) out(f.file, pdf(f.title, pagesOf(f.pages, f.title)));
await rasterise();
out('files/mobile-app-qr.png', await QRCode.toBuffer('http://localhost:8080/index', { type: 'png', width: 240, margin: 2 }));

let ffmpeg = true;
try {
  execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
} catch {
  ffmpeg = false;
}
if (ffmpeg) {
  // Baseline H.264 at about 40 kbit/s: plays everywhere and keeps each lesson well under 150 KB.
  const x264 = ['-c:v', 'libx264', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p', '-b:v', '36k', '-maxrate', '44k', '-bufsize', '88k', '-g', '60', '-an'];
  for (const v of DEMO_VIDEOS) {
    const file = path.join(DEMO_ASSETS_DIR, v.file);
    mkdirSync(path.dirname(file), { recursive: true });
    execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `${v.source}=size=320x180:rate=12`, '-t', String(v.seconds), ...x264, '-movflags', '+faststart', file]);
  }
  const liveDir = path.join(DEMO_ASSETS_DIR, path.dirname(DEMO_LIVE.file));
  rmSync(liveDir, { recursive: true, force: true });
  mkdirSync(liveDir, { recursive: true });
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=12', '-t', String(DEMO_LIVE.seconds), ...x264, '-f', 'hls', '-hls_time', '6', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', path.join(liveDir, 'segment-%d.m4s'), path.join(DEMO_ASSETS_DIR, DEMO_LIVE.file)]);
} else {
  console.warn('ffmpeg not found: videos left as they are');
}

/** Each picture at its own size, WebP at quality 75, in the system Chromium (CHROMIUM_PATH). */
async function rasterise() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    for (const { file, svg } of pictures) {
      const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number) as [number, number, number];
      await page.setViewportSize({ width, height });
      await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
      const shot = await cdp.send('Page.captureScreenshot', { format: 'webp', quality: 75, clip: { x: 0, y: 0, width, height, scale: 1 } });
      out(file, Buffer.from(shot.data, 'base64'));
      rmSync(path.join(DEMO_ASSETS_DIR, file.replace(/\.webp$/, '.svg')), { force: true });
    }
  } finally {
    await browser.close();
  }
}

function total(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => sum + (e.isDirectory() ? total(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).size), 0);
}
console.log(`demo assets: ${(total(DEMO_ASSETS_DIR) / 1024).toFixed(0)} KB in ${DEMO_ASSETS_DIR}`);
