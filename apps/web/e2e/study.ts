/** What the study-page browser tests share: the demo courses found through public calls, and the media element. */
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { catalog } from '@portal/contract';
import { CHROMIUM_PATH } from './chromium.ts';

/** Chromium that may start media without a gesture (the tests press play from script). */
export function launchMediaBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required', '--disable-background-networking', '--no-first-run', '--disable-quic'],
  });
}

/** A public call of the portal's index group (no login), answered 200: its `obj`. */
export async function publicCall<T>(baseUrl: string, path: string): Promise<T> {
  const r = await fetch(`${baseUrl}/video_learning/education/index/${path}`, { method: 'POST' });
  expect(r.status).toBe(200);
  return ((await r.json()) as { obj: T }).obj;
}
export const courseById = (baseUrl: string, id: number) => publicCall<catalog.CourseDetail>(baseUrl, `findCourseById?id=${id}`);

export async function courseIdsOfInstall(baseUrl: string, installId: number): Promise<number[]> {
  const plans = await publicCall<catalog.PlanItem[]>(baseUrl, `findPlanByInstall?installId=${installId}`);
  const ids: number[] = [];
  for (const p of plans) {
    const page = await publicCall<{ list: catalog.PlanCourseCard[] }>(baseUrl, `findCourseByPlan?planId=${p.id}&pageSize=50`);
    ids.push(...page.list.map((c) => c.id));
  }
  return ids;
}

/** The first demo course among `ids` that `ok` accepts. */
export async function findCourse(baseUrl: string, ids: number[], ok: (c: catalog.CourseDetail) => boolean): Promise<catalog.CourseDetail> {
  for (const id of ids) {
    const c = await courseById(baseUrl, id).catch(() => null);
    if (c && ok(c)) return c;
  }
  throw new Error('no suitable demo course');
}
export const firstIds = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
/** One of the demo's half-学时 courses: a single video of half a minute, quick to watch to the end. */
export const singleVideo = (c: catalog.CourseDetail) => c.resources.length === 1 && c.resources[0]!.kind === 'video' && (c.resources[0]!.durationSeconds ?? 0) <= 30;

export const video = (page: Page) => page.locator('video').first();
export const videoState = (page: Page) =>
  video(page).evaluate((v: HTMLVideoElement) => ({ t: v.currentTime, ready: v.readyState, ended: v.ended, paused: v.paused, src: v.currentSrc || v.src }));
/** The seconds the server has credited, as the study panel shows them. */
export const credited = async (page: Page) => Number(await page.getByTestId('study-credited').getAttribute('data-seconds'));
/** The seconds the panel shows: the server's figure plus what this page played since its last answered report. */
export const shownCredited = async (page: Page) => Number(await page.getByTestId('study-credited').getAttribute('data-shown-seconds'));
export const counting = (page: Page) => page.getByTestId('study-counting').textContent();

export async function play(page: Page) {
  await video(page).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
}
export const pause = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.pause());
