/**
 * How long a chapter must be studied to count: a rule of the chapter as the catalogue describes it (its
 * kind, media length, reading time or live times), used by the learning core to credit it, by the
 * course editor to warn before a chapter is shortened under its learners, and by the reports.
 */
import type { courseResources } from '../../db/schema/catalog.ts';

type ResourceRow = typeof courseResources.$inferSelect;

/** The seconds a chapter needs: a video's or a live lesson's length times the completion ratio, a PDF's reading time. */
export function requiredSecondsOf(r: Pick<ResourceRow, 'kind' | 'durationSeconds' | 'minReadSeconds' | 'liveStart' | 'liveEnd'>, ratio: number): number {
  if (r.kind === 'video') return Math.max(1, Math.ceil((r.durationSeconds ?? 0) * ratio));
  if (r.kind === 'pdf') return Math.max(1, r.minReadSeconds ?? 60);
  const length = r.liveStart && r.liveEnd ? (r.liveEnd.getTime() - r.liveStart.getTime()) / 1000 : 0;
  return Math.max(1, Math.ceil(length * ratio));
}
