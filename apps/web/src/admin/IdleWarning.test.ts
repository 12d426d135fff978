import { describe, expect, it } from 'vitest';
import { idleState } from './IdleWarning.tsx';

describe('idleState', () => {
  const idle = 1800;
  it('is fine until two minutes before the end, then counts down, then is over', () => {
    expect(idleState(1_000_000 + (idle - 121) * 1000, 1_000_000, idle)).toEqual({ kind: 'fine' });
    expect(idleState(1_000_000 + (idle - 120) * 1000, 1_000_000, idle)).toEqual({ kind: 'warn', left: 120_000 });
    expect(idleState(1_000_000 + (idle - 1) * 1000, 1_000_000, idle)).toEqual({ kind: 'warn', left: 1_000 });
    expect(idleState(1_000_000 + idle * 1000, 1_000_000, idle)).toEqual({ kind: 'over' });
  });
});
