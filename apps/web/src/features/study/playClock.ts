/**
 * Played-time accounting by the wall clock: time counts only between start() and stop() (media
 * playing and the page visible), so a playback rate above 1x earns no more than real time. take()
 * hands out whole seconds since the last take and keeps the fraction for the next report.
 */
export class PlayClock {
  private runningSince: number | null = null;
  private pendingMs = 0;
  private readonly now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.now = now;
  }

  get running(): boolean {
    return this.runningSince !== null;
  }

  /** Starts or stops counting; calling it again with the same value changes nothing. */
  set(running: boolean) {
    if (running) this.start();
    else this.stop();
  }

  start() {
    if (this.runningSince === null) this.runningSince = this.now();
  }

  stop() {
    if (this.runningSince === null) return;
    this.pendingMs += Math.max(0, this.now() - this.runningSince);
    this.runningSince = null;
  }

  /** Milliseconds counted and not yet taken. */
  pendingMilliseconds(): number {
    const live = this.runningSince === null ? 0 : Math.max(0, this.now() - this.runningSince);
    return this.pendingMs + live;
  }

  /** Whole seconds counted since the last take; the fraction stays for the next one. */
  take(): number {
    if (this.runningSince !== null) {
      const t = this.now();
      this.pendingMs += Math.max(0, t - this.runningSince);
      this.runningSince = t;
    }
    const seconds = Math.floor(this.pendingMs / 1000);
    this.pendingMs -= seconds * 1000;
    return seconds;
  }

  /** Forgets what was counted (a new study session starts from nothing). */
  reset() {
    this.pendingMs = 0;
    if (this.runningSince !== null) this.runningSince = this.now();
  }
}
