import { describe, expect, it } from 'vitest';
import { clock, spokenDuration } from './Player.tsx';

describe("the player's times", () => {
  it('says a duration in words, as the progress slider announces it', () => {
    expect(spokenDuration(200)).toBe('3分20秒');
    expect(spokenDuration(2700)).toBe('45分');
    expect(spokenDuration(3725)).toBe('1小时2分5秒');
    expect(spokenDuration(0)).toBe('0秒');
    expect(spokenDuration(29.7)).toBe('29秒');
  });
  it('shows a clock', () => {
    expect(clock(200)).toBe('03:20');
    expect(clock(3725)).toBe('1:02:05');
    expect(clock(Number.NaN)).toBe('00:00');
  });
});
