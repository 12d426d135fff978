// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdPopstate, type PopstateHold } from './holdPopstate.ts';

describe('holdPopstate', () => {
  let hold: PopstateHold | undefined;
  const router = vi.fn((e: PopStateEvent) => e.state as unknown);
  afterEach(() => {
    hold?.release();
    window.removeEventListener('popstate', router);
    router.mockClear();
  });

  it('keeps Back from a listener registered after it, and hands it on once when released', () => {
    hold = holdPopstate();
    window.addEventListener('popstate', router);
    window.history.pushState({ idx: 1 }, '', '/course?page=2');
    window.history.replaceState({ idx: 0 }, '', '/course');
    window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));
    window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));
    expect(router).not.toHaveBeenCalled();
    hold.release();
    expect(router).toHaveBeenCalledTimes(1);
    expect(router.mock.results[0]?.value).toEqual({ idx: 0 });
    hold.release();
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(router).toHaveBeenCalledTimes(2);
  });

  it('hands nothing on when nothing was held', () => {
    hold = holdPopstate();
    window.addEventListener('popstate', router);
    hold.release();
    expect(router).not.toHaveBeenCalled();
  });
});
