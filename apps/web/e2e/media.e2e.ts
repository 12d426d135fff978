/**
 * 媒体库 in the browser, as the training administrator: a lecture video (generated here, 21 MB, three
 * tus chunks) is uploaded; the connection is cut once mid-upload and the upload goes on by itself; the
 * page is reloaded mid-upload and the same file chosen again continues at the server's offset; the list
 * follows the transcode to 就绪 and the preview plays the HLS master playlist in the portal's own
 * controls, where 清晰度 is chosen by keyboard (natively played and with hls.js). Walked at 1280, 1920 and
 * 375 px; axe finds nothing serious.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { browserOfThisFile, eventually, seriousA11yViolations } from './helpers.ts';
import { ADMINS, openAdmin } from './admin.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();
const CHUNK = 8 * 1024 * 1024;

/** 4 s of 720p picture with noise (so that it is large enough for three chunks) and a tone. */
function lecture(name: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'media-e2e-')), name);
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=4', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=4', '-vf', 'noise=alls=25:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '27', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', file]);
  return file;
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const patches = (page: Page) => {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/v1/admin/media/uploads/')) seen.push(r);
  });
  return seen;
};

const NAME = '第五讲 数字政府建设.mp4';
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
/** The preview's video as the player shows it: its rendition's height and where it plays. */
const shown = (page: Page) =>
  page.getByLabel(`预览：${NAME}`).evaluate((v: HTMLVideoElement) => ({ height: v.videoHeight, t: v.currentTime, paused: v.paused, ended: v.ended, src: v.currentSrc }));

/**
 * The preview's controls by keyboard: no browser controls; Tab from 播放 reaches 清晰度 (自动, 360p,
 * 720p); its menu opened by Alt+Down, a rendition chosen by Down and Enter is the one the video shows
 * (its picture's height), before playing and while playing, which goes on from the same moment.
 */
async function checkQuality(page: Page, engine: 'native' | 'hls.js') {
  const video = page.getByLabel(`预览：${NAME}`);
  const bar = page.getByRole('dialog').getByRole('group', { name: `播放控制：${NAME}` });
  await eventually(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && Math.round(v.duration)), { timeout: 30_000 }).toBe(4);
  expect(await video.evaluate((v: HTMLVideoElement) => v.controls)).toBe(false);
  if (engine === 'native') expect((await shown(page)).src).toMatch(/\/hls\/master\.m3u8$/);
  else expect((await shown(page)).src).toMatch(/^blob:/);
  const quality = bar.getByRole('combobox', { name: '清晰度' });
  await eventually(() => quality.count(), { timeout: 15_000 }).toBe(1);
  expect(await quality.locator('option').allTextContents()).toEqual(['自动', '360p', '720p']);

  // Tab order from 播放: 进度, 静音, 音量, 倍速, 清晰度, 全屏.
  await bar.getByRole('button', { name: '播放' }).focus();
  const order: (string | null | undefined)[] = [];
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    order.push(await focusedName(page));
  }
  expect(order).toEqual(['进度', '静音', '音量', '倍速', '清晰度', '全屏']);
  // 静音 by Space (a test makes no sound), then 清晰度: Alt+Down opens its menu, Down and Enter choose 360p.
  await bar.getByRole('button', { name: '静音' }).focus();
  await page.keyboard.press('Space');
  await eventually(() => bar.getByRole('button', { name: '静音' }).getAttribute('aria-pressed')).toBe('true');
  await quality.focus();
  await page.keyboard.press('Alt+ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await eventually(() => quality.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('360p');
  if (engine === 'native') await eventually(async () => (await shown(page)).src).toMatch(/\/hls\/360p\/index\.m3u8$/);
  await bar.getByRole('button', { name: '播放' }).focus();
  await page.keyboard.press('Enter');
  await eventually(async () => (await shown(page)).t, { timeout: 20_000 }).toBeGreaterThan(0.8);
  expect((await shown(page)).height).toBe(360);

  // While it plays: 720p, and the video goes on from where it was, in 720 lines.
  await quality.focus();
  const before = (await shown(page)).t;
  await page.keyboard.press('Alt+ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await eventually(() => quality.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('720p');
  await eventually(async () => (await shown(page)).height, { timeout: 20_000 }).toBe(720);
  await eventually(async () => (await shown(page)).t, { timeout: 20_000 }).toBeGreaterThan(before + 0.5);
  const after = await shown(page);
  expect(after.paused === false || after.ended).toBe(true);
  await page.getByRole('dialog').screenshot({ path: `/tmp/media-preview-quality-${engine}.png` });
}

describe('the training administrator', () => {
  it('uploads a lecture through a cut connection and a reload, and watches it transcode to 就绪 and play', { timeout: 300_000 }, async () => {
    const file = lecture('第五讲 数字政府建设.mp4');
    expect(statSync(file).size).toBeGreaterThan(2 * CHUNK);
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    await openAdmin(page, baseUrl, ADMINS.training, '/admin/media');
    await eventually(() => page.getByText('点击或拖入讲课视频').isVisible()).toBe(true);

    // ---- a cut connection: the second chunk's first try is aborted; the upload retries by itself ----
    let cut = 0;
    // The third chunk does not get through until the page is reloaded (the browser closed mid-upload).
    let reloaded = false;
    await page.route('**/v1/admin/media/uploads/*', async (route) => {
      const offset = route.request().method() === 'PATCH' ? Number(route.request().headers()['upload-offset']) : -1;
      if ((offset === CHUNK && cut++ === 0) || (offset === 2 * CHUNK && !reloaded)) return route.abort('connectionreset');
      return route.continue();
    });
    // ---- and a reload once the second chunk is in: the same file chosen again goes on from there ----
    let held = 0;
    const sent = patches(page);
    page.on('response', (r) => {
      if (r.request().method() === 'PATCH' && r.status() === 204) held = Math.max(held, Number(r.headers()['upload-offset']));
    });
    await page.locator('input[type=file]').setInputFiles(file);
    await eventually(() => page.getByText(/网络中断，\d+秒后自动继续上传/).isVisible(), { timeout: 30_000 }).toBe(true);
    await eventually(() => held, { timeout: 60_000 }).toBeGreaterThanOrEqual(2 * CHUNK);
    expect(cut).toBeGreaterThanOrEqual(1);
    await page.reload();
    reloaded = true;
    await eventually(() => row(page, '第五讲 数字政府建设.mp4').getByText(/已收到/).isVisible(), { timeout: 30_000 }).toBe(true);
    await page.screenshot({ path: '/tmp/media-resume-1280.png', fullPage: true });
    const before = sent.length;
    await page.locator('input[type=file]').setInputFiles(file);
    await eventually(() => page.getByText('上传完成，已排队转码，进度见下方列表').isVisible(), { timeout: 60_000 }).toBe(true);
    // After the reload only the rest was sent: the first PATCH starts where the server stood.
    expect(Number(sent[before]!.headers()['upload-offset'])).toBe(2 * CHUNK);

    // ---- the list follows the transcode to 就绪 ----
    await eventually(() => row(page, '第五讲 数字政府建设.mp4').getByText('就绪').isVisible(), { timeout: 180_000 }).toBe(true);
    await expect(row(page, '第五讲 数字政府建设.mp4').textContent()).resolves.toMatch(/0分04秒.*360p \/ 720p/);
    await page.screenshot({ path: '/tmp/media-ready-1280.png', fullPage: true });

    // ---- the preview plays the master playlist in the portal's own controls, 清晰度 by keyboard ----
    // Chromium plays HLS itself (no hls.js), as Safari does: 清晰度 then plays the chosen rendition's playlist.
    await row(page, '第五讲 数字政府建设.mp4').getByRole('button', { name: '预览' }).click();
    await checkQuality(page, 'native');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    // Where the browser cannot play HLS itself, hls.js plays it and 清晰度 sets its level.
    await page.addInitScript(() => {
      const own = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? '' : own.call(this, type);
      };
    });
    await page.reload();
    await row(page, '第五讲 数字政府建设.mp4').getByRole('button', { name: '预览' }).click();
    await checkQuality(page, 'hls.js');
    await page.keyboard.press('Escape');

    // ---- a course chapter takes it from the media library, with its real length ----
    await page.goto('/admin/courses/new');
    await page.getByRole('button', { name: '添加章节' }).click();
    await page.getByLabel('第1章视频地址：从媒体库选择').click();
    await page.locator('.ant-select-item-option', { hasText: '第五讲 数字政府建设.mp4（0分04秒）' }).click();
    await eventually(() => page.getByLabel('第1章视频地址', { exact: true }).inputValue()).toMatch(/^\/uploads\/media\/\d+\/hls\/master\.m3u8$/);
    await eventually(() => page.getByLabel('第1章视频时长').inputValue()).toBe('4');
    await page.screenshot({ path: '/tmp/media-chapter-1280.png', fullPage: true });

    let v = await seriousA11yViolations(page);
    if (v.length > 0) {
      await page.waitForTimeout(1_000);
      v = await seriousA11yViolations(page);
    }
    expect(v).toEqual([]);
    for (const [w, h] of [
      [1920, 1080],
      [375, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `/tmp/media-ready-${w}.png`, fullPage: true });
    }
    expect(errors).toEqual([]);
    await close();
  });
});
