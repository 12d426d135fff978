import { describe, expect, it, vi } from 'vitest';
import { AnchorBridge } from './anchor.ts';

describe('anchor bridge', () => {
  it('answers the shown chapter position and sends it to a note there at once', () => {
    const bridge = new AnchorBridge();
    const go = vi.fn();
    bridge.attach({ resourceId: 1, position: () => 12, go });
    expect(bridge.position(1)).toBe(12);
    expect(bridge.position(2)).toBeNull();
    expect(bridge.open(1, 30)).toBe(true);
    expect(go).toHaveBeenCalledWith(30);
  });

  it("keeps another chapter's note until that chapter's player attaches, then forgets it", () => {
    const bridge = new AnchorBridge();
    const detach = bridge.attach({ resourceId: 1, position: () => 0, go: vi.fn() });
    expect(bridge.open(2, 45)).toBe(false);
    detach();
    expect(bridge.position(1)).toBeNull();
    const go = vi.fn();
    bridge.attach({ resourceId: 2, position: () => 0, go });
    expect(go).toHaveBeenCalledWith(45);
    const again = vi.fn();
    bridge.attach({ resourceId: 2, position: () => 0, go: again });
    expect(again).not.toHaveBeenCalled();
  });
});
