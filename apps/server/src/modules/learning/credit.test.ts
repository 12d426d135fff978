import { describe, expect, it } from 'vitest';
import { CREDIT_TOLERANCE_SECONDS as TOL, decideCredit, type ResourceProgressState, type StudySessionState } from './credit.ts';

const T0 = Date.parse('2026-11-21T08:00:00Z');
const at = (s: number) => T0 + s * 1000;
const session = (over: Partial<StudySessionState> = {}): StudySessionState => ({ startedAt: T0, supersededAt: null, creditedSeconds: 0, ...over });
const video = (over: Partial<ResourceProgressState> = {}): ResourceProgressState => ({ requiredSeconds: 570, lengthSeconds: 600, learnedSeconds: 0, maxPosition: 0, completed: false, ...over });

describe('credit of a progress report', () => {
  it('credits honest played seconds and moves the furthest point with them', () => {
    const d = decideCredit(at(30), session(), video(), { playedSeconds: 30, position: 30 });
    expect(d).toMatchObject({ credit: 30, maxPosition: 30, clipped: false, seekRefused: false, completesNow: false });
  });

  it('never credits more than the wall clock since the session began (forged seconds)', () => {
    const d = decideCredit(at(30), session(), video(), { playedSeconds: 500, position: 30 });
    expect(d.credit).toBe(30 + TOL);
    expect(d.clipped).toBe(true);
    const later = decideCredit(at(60), session({ creditedSeconds: 35 }), video({ learnedSeconds: 35 }), { playedSeconds: 60, position: 60 });
    expect(later.credit).toBe(60 + TOL - 35);
  });

  it('late reports replayed after a 5-minute network drop still count in full', () => {
    let s = session();
    let r = video();
    // Ten 30-second reports queued on the device during the outage, sent at once at t = 310 s.
    for (let i = 1; i <= 10; i++) {
      const d = decideCredit(at(310), s, r, { playedSeconds: 30, position: i * 30 });
      s = { ...s, creditedSeconds: s.creditedSeconds + d.credit };
      r = { ...r, learnedSeconds: r.learnedSeconds + d.credit, maxPosition: d.maxPosition };
    }
    expect(s.creditedSeconds).toBe(300);
    expect(r.maxPosition).toBe(300);
  });

  it('a superseded session earns nothing after the newer session began', () => {
    const s = session({ supersededAt: at(100), creditedSeconds: 90 });
    const d = decideCredit(at(400), s, video({ learnedSeconds: 90 }), { playedSeconds: 30, position: 120 });
    expect(d.credit).toBe(100 + TOL - 90);
  });

  it('never credits beyond the resource, and nothing once it is complete', () => {
    expect(decideCredit(at(1000), session(), video({ learnedSeconds: 560 }), { playedSeconds: 30, position: 590 })).toMatchObject({ credit: 10, completesNow: true });
    expect(decideCredit(at(1000), session(), video({ learnedSeconds: 570, completed: true }), { playedSeconds: 30, position: 590 }).credit).toBe(0);
  });

  it('refuses a jump past the furthest point on an incomplete resource; seeking back is free', () => {
    const ahead = decideCredit(at(60), session({ creditedSeconds: 30 }), video({ learnedSeconds: 30, maxPosition: 30 }), { playedSeconds: 30, position: 400 });
    expect(ahead.seekRefused).toBe(true);
    expect(ahead.maxPosition).toBe(30 + 30 + TOL);
    const back = decideCredit(at(90), session({ creditedSeconds: 60 }), video({ learnedSeconds: 60, maxPosition: 60 }), { playedSeconds: 30, position: 5 });
    expect(back).toMatchObject({ seekRefused: false, maxPosition: 60, credit: 30 });
    const done = decideCredit(at(90), session(), video({ completed: true, learnedSeconds: 570, maxPosition: 100 }), { playedSeconds: 1, position: 550 });
    expect(done).toMatchObject({ seekRefused: false, maxPosition: 550 });
  });

  it('a faster playback rate earns wall-clock time, not media time', () => {
    // At 2x the position runs ahead twice as fast as the clock; the credit follows the clock.
    const d = decideCredit(at(30), session(), video(), { playedSeconds: 60, position: 60 });
    expect(d.credit).toBe(30 + TOL);
  });

  it('fractional positions become whole seconds', () => {
    const d = decideCredit(at(30), session(), video(), { playedSeconds: 6, position: 6.049 });
    expect(d.maxPosition).toBe(6);
    expect(Number.isInteger(d.maxPosition)).toBe(true);
  });

  it('negative or fractional claims credit nothing extra', () => {
    expect(decideCredit(at(30), session(), video(), { playedSeconds: -50, position: -10 })).toMatchObject({ credit: 0, maxPosition: 0 });
    expect(decideCredit(at(30), session(), video(), { playedSeconds: 10.9, position: 10 }).credit).toBe(10);
  });
});
