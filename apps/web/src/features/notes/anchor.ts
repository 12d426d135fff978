/**
 * The link between the study page's player (or PDF reader) and the notes beside it: the player
 * attaches itself while it shows a chapter, the notes ask it for the current position (记笔记) and
 * send it to a note's position. A note of another chapter is kept pending until that chapter's
 * player attaches after the page has moved to it.
 */
import { useRef } from 'react';

interface Target {
  resourceId: number;
  position(): number;
  go(anchor: number): void;
}

export class AnchorBridge {
  private target: Target | null = null;
  private pending: { resourceId: number; anchor: number } | null = null;

  /** Called by a player when it shows a chapter; answers its detach. */
  attach(target: Target): () => void {
    this.target = target;
    if (this.pending?.resourceId === target.resourceId) {
      target.go(this.pending.anchor);
      this.pending = null;
    }
    return () => {
      if (this.target === target) this.target = null;
    };
  }

  /** The current position (whole seconds, or the page) of the chapter shown, if it is this one. */
  position(resourceId: number): number | null {
    return this.target?.resourceId === resourceId ? this.target.position() : null;
  }

  /** Goes to a note's place: at once when its chapter is shown (true), or once it is (false: move there). */
  open(resourceId: number, anchor: number): boolean {
    if (this.target?.resourceId === resourceId) {
      this.target.go(anchor);
      return true;
    }
    this.pending = { resourceId, anchor };
    return false;
  }
}

export function useAnchorBridge(): AnchorBridge {
  const ref = useRef<AnchorBridge | null>(null);
  ref.current ??= new AnchorBridge();
  return ref.current;
}
