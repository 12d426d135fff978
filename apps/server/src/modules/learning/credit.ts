/**
 * The credit rule of PRODUCT.md section 5, as a pure function: how many seconds of one progress
 * report count, and how far the furthest position may move. The ledger service applies it in one
 * statement whose guard, on the locked study-session row, repeats the session's bound in SQL
 * (service.ts), so concurrent reports, servers and sessions cannot spend the same time twice.
 *
 * The bound holds per person, not per session (ADR 0012):
 * - A study session earns at most the wall-clock time of its credit window: from when it began (a live
 *   lesson opened early: from the lesson's start) until now, until a newer session of the same learner
 *   began (then it is superseded), and for live attendance until the lesson's end. Reports replayed
 *   late after a network drop therefore still count; forged seconds do not.
 * - Only the counting (newest) session, while its window is open, has a small tolerance for clock
 *   granularity and latency. What a session was credited ahead of its wall clock when a newer one
 *   began is carried into the newer one as a debt, so opening sessions again and again never adds
 *   tolerances up: over any interval, the learner is credited at most the interval's length plus one
 *   tolerance.
 * - Nothing is credited beyond the resource's required time.
 * - The furthest point of a video (or a replay) grows only with credited time: a report that earns
 *   nothing moves it nowhere, and seeking forward past it earns nothing on a resource not yet completed.
 */
export interface StudySessionState {
  /** When the session's credit window opens (ms). */
  creditFrom: number;
  /** When live attendance stops earning (ms); null when the window has no fixed end. */
  creditUntil: number | null;
  /** When a newer session of the same learner began; this one earns nothing after that moment. */
  supersededAt: number | null;
  /** Seconds the previous session was ahead of the wall clock when this one began. */
  debtSeconds: number;
  creditedSeconds: number;
}

export interface ResourceProgressState {
  /** Seconds needed to complete the resource (video: duration; pdf: minimum reading time; live: attendance). */
  requiredSeconds: number;
  /** Length of the media in seconds when positions are seconds of it (video, replay); 0 when they are not. */
  lengthSeconds: number;
  /**
   * What a position is: a second of the media that may not be skipped to (video, replay), a page that
   * may be turned to freely (pdf), or nothing to keep (a live stream's clock).
   */
  positions: 'media' | 'pages' | 'none';
  learnedSeconds: number;
  maxPosition: number;
  completed: boolean;
}

export interface ReportInput {
  playedSeconds: number;
  position: number;
}

export interface CreditDecision {
  credit: number;
  maxPosition: number;
  /** The report claimed more than the wall clock allows. */
  clipped: boolean;
  /** The report's position lay beyond the furthest point that may be reached without seeking ahead. */
  seekRefused: boolean;
  completesNow: boolean;
}

/** Slack for clock granularity and request latency, granted once per learner (to the counting session). */
export const CREDIT_TOLERANCE_SECONDS = 5;
/** A player reports whole seconds of a fractional position: this much past the furthest point is rounding, not a seek. */
const POSITION_ROUNDING_SECONDS = 1;

/** Whole seconds of the session's credit window that have passed by `now`. */
export function windowSeconds(now: number, s: Pick<StudySessionState, 'creditFrom' | 'creditUntil' | 'supersededAt'>): number {
  const end = Math.min(now, s.supersededAt ?? now, s.creditUntil ?? now);
  return Math.max(0, Math.floor((end - s.creditFrom) / 1000));
}

/** How many more seconds the session may be credited at `now`. */
export function sessionAllowance(now: number, s: StudySessionState): number {
  // The tolerance belongs to the counting session while its window is open (never before a live lesson starts or after it ends).
  const open = s.supersededAt === null && now >= s.creditFrom && (s.creditUntil === null || now <= s.creditUntil);
  const tolerance = open ? CREDIT_TOLERANCE_SECONDS : 0;
  return Math.max(0, windowSeconds(now, s) + tolerance - s.debtSeconds - s.creditedSeconds);
}

export function decideCredit(now: number, session: StudySessionState, resource: ResourceProgressState, report: ReportInput): CreditDecision {
  const allowance = sessionAllowance(now, session);
  const resourceAllowance = resource.completed ? 0 : Math.max(0, resource.requiredSeconds - resource.learnedSeconds);
  const claimed = Math.max(0, Math.floor(report.playedSeconds));
  const credit = Math.min(claimed, allowance, resourceAllowance);

  // Positions are whole seconds in the ledger; players report fractions.
  const position = Math.floor(Math.max(0, Math.min(report.position, resource.lengthSeconds || report.position)));
  const guarded = resource.positions === 'media' && !resource.completed;
  const reachable = guarded ? resource.maxPosition + credit : Number.POSITIVE_INFINITY;
  return {
    credit,
    maxPosition: resource.positions === 'none' ? resource.maxPosition : Math.max(resource.maxPosition, Math.min(position, reachable)),
    clipped: claimed > allowance,
    seekRefused: position > reachable + POSITION_ROUNDING_SECONDS,
    completesNow: !resource.completed && resource.learnedSeconds + credit >= resource.requiredSeconds,
  };
}
