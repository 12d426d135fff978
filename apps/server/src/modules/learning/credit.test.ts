import { describe, expect, it } from 'vitest';
import { CREDIT_TOLERANCE_SECONDS as TOL, decideCredit, sessionAllowance, windowSeconds, type ResourceProgressState, type StudySessionState } from './credit.ts';

const T0 = Date.parse('2026-11-21T08:00:00Z');
const at = (s: number) => T0 + s * 1000;
const session = (over: Partial<StudySessionState> = {}): StudySessionState => ({ creditFrom: T0, creditUntil: null, supersededAt: null, debtSeconds: 0, creditedSeconds: 0, ...over });
const video = (over: Partial<ResourceProgressState> = {}): ResourceProgressState => ({ requiredSeconds: 570, lengthSeconds: 600, positions: 'media', learnedSeconds: 0, maxPosition: 0, completed: false, ...over });

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

  it('a superseded session earns nothing after the newer session began, and no tolerance', () => {
    const s = session({ supersededAt: at(100), creditedSeconds: 90 });
    const d = decideCredit(at(400), s, video({ learnedSeconds: 90, maxPosition: 90 }), { playedSeconds: 30, position: 120 });
    expect(d.credit).toBe(100 - 90);
  });

  it('the tolerance is the learner\'s, not each session\'s: what one session took ahead of the clock the next one owes', () => {
    // Session A took its whole tolerance at once; B began 0.2 s later carrying A's excess as its debt.
    const a = session({ creditedSeconds: TOL });
    expect(sessionAllowance(at(0.1), a)).toBe(0);
    const b = session({ creditFrom: at(0.2), debtSeconds: TOL });
    expect(sessionAllowance(at(0.3), b)).toBe(0);
    // B earns as the clock runs, never the tolerance a second time.
    expect(sessionAllowance(at(10.2), b)).toBe(10);
    // An honest session carries no debt and keeps the tolerance.
    expect(sessionAllowance(at(10), session({ creditedSeconds: 10 }))).toBe(TOL);
  });

  it('a live lesson earns only between its start and its end', () => {
    const live = { creditFrom: at(600), creditUntil: at(1200) };
    expect(windowSeconds(at(300), session(live))).toBe(0);
    expect(sessionAllowance(at(300), session(live))).toBe(0);
    expect(windowSeconds(at(900), session(live))).toBe(300);
    expect(windowSeconds(at(5000), session(live))).toBe(600);
    const d = decideCredit(at(5000), session({ ...live, creditedSeconds: 600 }), video({ positions: 'none', lengthSeconds: 0, requiredSeconds: 6000, learnedSeconds: 600 }), { playedSeconds: 300, position: 3300 });
    expect(d).toMatchObject({ credit: 0, maxPosition: 0, seekRefused: false });
  });

  it('never credits beyond the resource, and nothing once it is complete', () => {
    expect(decideCredit(at(1000), session(), video({ learnedSeconds: 560 }), { playedSeconds: 30, position: 590 })).toMatchObject({ credit: 10, completesNow: true });
    expect(decideCredit(at(1000), session(), video({ learnedSeconds: 570, completed: true }), { playedSeconds: 30, position: 590 }).credit).toBe(0);
  });

  it('refuses a jump past the furthest point on an incomplete resource; seeking back is free', () => {
    const ahead = decideCredit(at(60), session({ creditedSeconds: 30 }), video({ learnedSeconds: 30, maxPosition: 30 }), { playedSeconds: 30, position: 400 });
    expect(ahead.seekRefused).toBe(true);
    expect(ahead.maxPosition).toBe(30 + 30);
    const back = decideCredit(at(90), session({ creditedSeconds: 60 }), video({ learnedSeconds: 60, maxPosition: 60 }), { playedSeconds: 30, position: 5 });
    expect(back).toMatchObject({ seekRefused: false, maxPosition: 60, credit: 30 });
    const done = decideCredit(at(90), session(), video({ completed: true, learnedSeconds: 570, maxPosition: 100 }), { playedSeconds: 1, position: 550 });
    expect(done).toMatchObject({ seekRefused: false, maxPosition: 550 });
  });

  it('reports that claim no played time never move the furthest point (no creeping past the seek guard)', () => {
    let r = video({ learnedSeconds: 30, maxPosition: 30 });
    for (let i = 1; i <= 20; i++) {
      const d = decideCredit(at(600 + i), session({ creditedSeconds: 30 }), r, { playedSeconds: 0, position: r.maxPosition + 3 });
      expect(d.credit).toBe(0);
      r = { ...r, maxPosition: d.maxPosition };
    }
    expect(r.maxPosition).toBe(30);
    // A played second's rounding is not a seek, and moves the point by the credited second only.
    const honest = decideCredit(at(700), session({ creditedSeconds: 30 }), r, { playedSeconds: 10, position: 41 });
    expect(honest).toMatchObject({ credit: 10, maxPosition: 40, seekRefused: false });
  });

  it('pages of a PDF may be turned freely', () => {
    const d = decideCredit(at(5), session(), video({ positions: 'pages', lengthSeconds: 0 }), { playedSeconds: 5, position: 12 });
    expect(d).toMatchObject({ seekRefused: false, maxPosition: 12, credit: 5 });
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
