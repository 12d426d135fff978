import { useEffect, type RefObject } from 'react';

/** While `open`, Escape or a pointer press outside `box` calls `close` (the header's QR card, the side panel's cities). */
export function useDismiss(open: boolean, box: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onEvent = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('keydown', onEvent);
    document.addEventListener('pointerdown', onEvent);
    return () => {
      document.removeEventListener('keydown', onEvent);
      document.removeEventListener('pointerdown', onEvent);
    };
  }, [open, box, close]);
}
