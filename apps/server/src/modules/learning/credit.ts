/**
 * The credit rule of PRODUCT.md section 5, as a pure function: how many seconds of one progress
 * report count, and how far the furthest position may move. The ledger service applies it inside a
 * transaction that locks the study session, so concurrent reports cannot both spend the same time.
 *
 * - A study session may never be credited more than the wall-clock time since it began on the server
 *   (until it was superseded by a newer session of the same learner), plus a small tolerance. Reports
 *   replayed late after a network drop therefore still count; forged seconds do not.
 * - Nothing is credited beyond the resource's duration (video) or minimum reading time (pdf).
 * - Seeking forward past the furthest point already watched does not move the furthest point on a
 *   resource not yet completed; seeking back is free.
 */
export interface StudySessionState {
  startedAt: number;
  /** When a newer session of the same learner began; this one earns nothing after that moment. */
  supersededAt: number | null;
  creditedSeconds: number;
}

export interface ResourceProgressState {
  /** Seconds needed to complete the resource (video: duration; pdf: minimum reading time; live: attendance). */
  requiredSeconds: number;
  /** Total length of the media in seconds (video), used to bound positions; 0 when not positional. */
  lengthSeconds: number;
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

/** Slack for clock granularity and request latency between the session start and a report. */
export const CREDIT_TOLERANCE_SECONDS = 5;

export function decideCredit(now: number, session: StudySessionState, resource: ResourceProgressState, report: ReportInput): CreditDecision {
  const end = session.supersededAt !== null ? Math.min(now, session.supersededAt) : now;
  const wallClock = Math.max(0, Math.floor((end - session.startedAt) / 1000)) + CREDIT_TOLERANCE_SECONDS;
  const sessionAllowance = Math.max(0, wallClock - session.creditedSeconds);
  const resourceAllowance = resource.completed ? 0 : Math.max(0, resource.requiredSeconds - resource.learnedSeconds);
  const claimed = Math.max(0, Math.floor(report.playedSeconds));
  const credit = Math.min(claimed, sessionAllowance, resourceAllowance);

  // The furthest point may advance by what was really played (plus tolerance), never by a jump.
  // Positions are whole seconds in the ledger; players report fractions.
  const position = Math.floor(Math.max(0, Math.min(report.position, resource.lengthSeconds || report.position)));
  const reachable = resource.maxPosition + Math.min(claimed, sessionAllowance) + CREDIT_TOLERANCE_SECONDS;
  const seekRefused = !resource.completed && position > reachable;
  const maxPosition = resource.completed ? Math.max(resource.maxPosition, position) : Math.max(resource.maxPosition, Math.min(position, reachable));

  return {
    credit,
    maxPosition,
    clipped: claimed > sessionAllowance,
    seekRefused,
    completesNow: !resource.completed && resource.learnedSeconds + credit >= resource.requiredSeconds,
  };
}
