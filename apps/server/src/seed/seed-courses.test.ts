/**
 * The demo catalogue keeps its own rule: a course's chapters add up to its hours (recorded media at
 * DEMO_SECONDS_PER_HOUR, live lessons at their real length), and the committed media last as long as
 * the chapters that name them, so a learner can complete every course by watching and reading it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ASSETS_DIR, DEMO_FILES } from './seed-content.ts';
import { DEMO_COURSES, DEMO_SECONDS_PER_HOUR, LIVE_MINUTES_PER_HOUR } from './seed-courses.ts';
import { loadConfig } from '../config.ts';
import { requiredSecondsOf } from '../modules/catalog/requiredSeconds.ts';

const DAY = 86_400_000;
const file = (f: string) => path.join(DEMO_ASSETS_DIR, f);

/** Seconds of an MP4 file, read from its movie header box (mvhd). */
function mp4Seconds(f: string): number {
  const buf = readFileSync(file(f));
  const at = buf.indexOf('mvhd') + 4;
  const version = buf.readUInt8(at);
  return version === 1 ? Number(buf.readBigUInt64BE(at + 24)) / buf.readUInt32BE(at + 20) : buf.readUInt32BE(at + 16) / buf.readUInt32BE(at + 12);
}
/** Seconds of an HLS playlist: the sum of its segments. */
const hlsSeconds = (f: string) => [...readFileSync(file(f), 'utf8').matchAll(/#EXTINF:([\d.]+)/g)].reduce((s, m) => s + Number(m[1]), 0);

describe('demo catalogue', () => {
  it('a course’s chapters add up to its hours, and its media last as long as its chapters', () => {
    for (const c of DEMO_COURSES) {
      const recorded = c.chapters.reduce((s, ch) => s + ch.seconds, 0) / DEMO_SECONDS_PER_HOUR;
      const live = c.live ? (c.live.replay ? c.live.seconds / DEMO_SECONDS_PER_HOUR : c.live.seconds / 60 / LIVE_MINUTES_PER_HOUR) : 0;
      expect(recorded + live, c.title).toBe(c.hours);
      expect(c.hours).toBeGreaterThanOrEqual(0.5);
      expect(c.hours).toBeLessThanOrEqual(3);
      for (const ch of c.chapters) {
        expect(existsSync(file(ch.file)), ch.file).toBe(true);
        if (ch.kind === 'video') expect(mp4Seconds(ch.file), ch.file).toBeCloseTo(ch.seconds, 0);
        else expect(readFileSync(file(ch.file), 'latin1').match(/\/Type\s*\/Page[^s]/g), ch.file).toHaveLength(ch.pages!);
      }
    }
  });

  it('has short one-video courses to try out, and PDFs long enough to count a regular report', () => {
    const short = DEMO_COURSES.filter((c) => c.hours === 0.5);
    expect(short.length).toBeGreaterThan(3);
    for (const c of short) expect(c.chapters.map((ch) => [ch.kind, ch.seconds])).toEqual([['video', 30]]);
    const pdfs = DEMO_COURSES.flatMap((c) => c.chapters.filter((ch) => ch.kind === 'pdf'));
    expect(pdfs.length).toBeGreaterThan(5);
    for (const ch of pdfs) expect(ch.seconds).toBeGreaterThanOrEqual(30);
  });

  it('has a finished live lesson as long as its replay, one on the air and one upcoming', () => {
    const lives = DEMO_COURSES.flatMap((c) => (c.live ? [c.live] : []));
    const finished = lives.filter((l) => l.startOffsetMs + l.seconds * 1000 < 0);
    expect(finished.length).toBeGreaterThan(0);
    const { COMPLETION_RATIO } = loadConfig({});
    for (const l of finished) {
      expect(l.replay).not.toBeNull();
      expect(hlsSeconds(l.replay!)).toBeCloseTo(l.seconds, 0);
      // Watching the replay once is enough to complete the lesson.
      const liveStart = new Date(Date.now() + l.startOffsetMs);
      const required = requiredSecondsOf({ kind: 'live', durationSeconds: l.mediaSeconds, minReadSeconds: null, liveStart, liveEnd: new Date(liveStart.getTime() + l.seconds * 1000) }, COMPLETION_RATIO);
      expect(required).toBeLessThanOrEqual(hlsSeconds(l.replay!));
    }
    expect(lives.some((l) => l.startOffsetMs < 0 && l.startOffsetMs + l.seconds * 1000 > DAY / 24)).toBe(true);
    expect(lives.some((l) => l.startOffsetMs > 0)).toBe(true);
    for (const l of lives) expect(hlsSeconds(l.stream)).toBeCloseTo(l.mediaSeconds, 0);
  });

  it('documents are committed PDFs', () => {
    for (const f of Object.values(DEMO_FILES)) expect(readFileSync(file(f)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
