import { describe, expect, it } from 'vitest';
import { requiredSecondsOf } from './requiredSeconds.ts';

const chapter = { durationSeconds: null, minReadSeconds: null, liveStart: null, liveEnd: null };

describe('the time a chapter needs to count', () => {
  it('a video: its length times the completion ratio, rounded up, at least a second', () => {
    expect(requiredSecondsOf({ ...chapter, kind: 'video', durationSeconds: 2700 }, 0.9)).toBe(2430);
    expect(requiredSecondsOf({ ...chapter, kind: 'video', durationSeconds: 11 }, 0.9)).toBe(10);
    expect(requiredSecondsOf({ ...chapter, kind: 'video' }, 0.9)).toBe(1);
  });

  it('a PDF: its reading time, a minute when none is set', () => {
    expect(requiredSecondsOf({ ...chapter, kind: 'pdf', minReadSeconds: 300 }, 0.9)).toBe(300);
    expect(requiredSecondsOf({ ...chapter, kind: 'pdf' }, 0.9)).toBe(60);
  });

  it('a live lesson: the lesson from start to end times the ratio', () => {
    const liveStart = new Date('2026-12-08T01:00:00Z');
    const liveEnd = new Date('2026-12-08T02:30:00Z');
    expect(requiredSecondsOf({ ...chapter, kind: 'live', liveStart, liveEnd }, 0.5)).toBe(2700);
  });
});
