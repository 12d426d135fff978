/**
 * Holds the browser's address changes (popstate: Back, Forward) back from the router while React
 * adopts the server's HTML (main.tsx). The adoption runs in slices (a transition), and Back may be
 * pressed between them: the router would move at once and React would draw the other address against
 * this one's HTML (a mismatch: an error, and the whole page drawn anew). Registered before the router,
 * the hold stops the event from reaching it; on release, a held change is handed on as one popstate
 * (the router reads the address and the history entry itself, so two Backs arrive as one move of two).
 */
export interface PopstateHold {
  /** Stops holding; if an address change was held, the router hears of it now. Calling it again does nothing. */
  release(): void;
}

export function holdPopstate(target: Window = window): PopstateHold {
  let held = false;
  let holding = true;
  function hold(event: PopStateEvent) {
    event.stopImmediatePropagation();
    held = true;
  }
  target.addEventListener('popstate', hold);
  return {
    release() {
      if (!holding) return;
      holding = false;
      target.removeEventListener('popstate', hold);
      if (held) target.dispatchEvent(new PopStateEvent('popstate', { state: target.history.state as unknown }));
    },
  };
}
