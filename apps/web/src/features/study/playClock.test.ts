// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PlayClock } from './playClock.ts';

function fakeClock() {
  let t = 1_000;
  const clock = new PlayClock(() => t);
  return { clock, advance: (ms: number) => (t += ms) };
}

describe('PlayClock', () => {
  it('counts only while running, by the wall clock', () => {
    const { clock, advance } = fakeClock();
    advance(5_000);
    expect(clock.take()).toBe(0);
    clock.start();
    advance(12_000);
    clock.stop();
    advance(60_000);
    expect(clock.take()).toBe(12);
    expect(clock.take()).toBe(0);
  });

  it('keeps the fraction of a second for the next report', () => {
    const { clock, advance } = fakeClock();
    clock.start();
    advance(2_600);
    expect(clock.take()).toBe(2);
    advance(1_500);
    expect(clock.take()).toBe(2);
    expect(clock.pendingMilliseconds()).toBe(100);
  });

  it('starting twice does not count twice, and a playback rate cannot add time', () => {
    const { clock, advance } = fakeClock();
    clock.set(true);
    advance(3_000);
    clock.set(true);
    advance(3_000);
    // The media may have advanced 12 s at 2x; the clock only knows the 6 s that passed.
    expect(clock.take()).toBe(6);
    clock.set(false);
    clock.set(false);
    advance(10_000);
    expect(clock.take()).toBe(0);
    expect(clock.running).toBe(false);
  });

  it('takes while running without losing the running interval', () => {
    const { clock, advance } = fakeClock();
    clock.start();
    advance(30_000);
    expect(clock.take()).toBe(30);
    advance(30_400);
    expect(clock.take()).toBe(30);
    clock.stop();
    expect(clock.pendingMilliseconds()).toBe(400);
  });

  it('reset forgets what was counted', () => {
    const { clock, advance } = fakeClock();
    clock.start();
    advance(9_000);
    clock.reset();
    advance(1_000);
    expect(clock.take()).toBe(1);
  });
});
