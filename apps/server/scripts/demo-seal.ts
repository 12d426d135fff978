/**
 * Writes the demo college's seal (apps/server/assets/demo/files/certificate-seal.png, committed), the
 * default CERTIFICATE_SEAL outside production: a red ring, the college's name set along its upper arc,
 * a five-pointed star in the middle and 结业证书专用章 beneath it, drawn as SVG and rasterised by the
 * system Chromium (as scripts/demo-assets.ts makes the demo pictures) to a PNG with a transparent
 * background, so that the seal lies over the printed name and date as a stamped one does.
 * Run: node apps/server/scripts/demo-seal.ts [college name]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_ASSETS_DIR } from '../src/seed/seed-content.ts';

export const DEMO_SEAL_FILE = 'files/certificate-seal.png';
const SIZE = 480;
const FONT = "font-family=\"'Noto Serif CJK SC','Source Han Serif SC','SimSun','WenQuanYi Micro Hei',serif\"";
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The points of a five-pointed star centred at (cx, cy), its tips `r` from the centre. */
function star(cx: number, cy: number, r: number): string {
  const inner = r * 0.382;
  return Array.from({ length: 10 }, (_, k) => {
    const radius = k % 2 === 0 ? r : inner;
    const angle = -Math.PI / 2 + (k * Math.PI) / 5;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  }).join(' ');
}

export function sealSvg(collegeName: string): string {
  const c = SIZE / 2;
  const red = '#d0111b';
  // The name runs clockwise along an arc from lower left over the top to lower right (about 250°).
  const r = 172;
  const from = (215 * Math.PI) / 180;
  const to = (-35 * Math.PI) / 180;
  const arc = `M ${c + r * Math.cos(from)} ${c - r * Math.sin(from)} A ${r} ${r} 0 1 1 ${c + r * Math.cos(to)} ${c - r * Math.sin(to)}`;
  const chars = Array.from(collegeName).length;
  const fontSize = Math.min(56, Math.floor((r * ((250 * Math.PI) / 180)) / chars) - 4);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" ${FONT}>
<defs><path id="arc" d="${arc}"/></defs>
<circle cx="${c}" cy="${c}" r="${c - 12}" fill="none" stroke="${red}" stroke-width="14"/>
<text fill="${red}" font-size="${fontSize}" font-weight="700" letter-spacing="2"><textPath href="#arc" startOffset="50%" text-anchor="middle">${esc(collegeName)}</textPath></text>
<polygon points="${star(c, c + 4, 74)}" fill="${red}"/>
<text x="${c}" y="${c + 140}" text-anchor="middle" fill="${red}" font-size="38" font-weight="700" letter-spacing="4">结业证书专用章</text>
</svg>`;
}

/** The seal as a PNG with a transparent background. */
export async function rasteriseSeal(collegeName: string): Promise<Buffer> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
    await page.setContent(`<!doctype html><body style="margin:0;background:transparent">${sealSvg(collegeName)}</body>`);
    return await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
  } finally {
    await browser.close();
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const name = process.argv[2] ?? '省委党校（省行政学院）干部网络学院';
  const file = path.join(DEMO_ASSETS_DIR, DEMO_SEAL_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, await rasteriseSeal(name));
  console.log(`seal: ${file}`);
}
