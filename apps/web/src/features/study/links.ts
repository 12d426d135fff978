/** Where each kind of chapter is studied (the agreed URLs). */
import type { catalog } from '@portal/contract';

const PAGE: Record<catalog.ResourceKind, string> = { video: '/study', pdf: '/studypdf', live: '/studylive' };

export function studyHref(kind: catalog.ResourceKind, courseId: number, resourceId?: number): string {
  return resourceId === undefined ? `${PAGE[kind]}?courseId=${courseId}` : `${PAGE[kind]}?courseId=${courseId}&resourceId=${resourceId}`;
}

/**
 * A video chapter opened at a moment (a note's position, whole seconds): the study page starts there,
 * but never past the furthest point watched of a chapter not yet completed (VideoStudy).
 */
export const videoAtHref = (courseId: number, resourceId: number, seconds: number) => `${studyHref('video', courseId, resourceId)}&t=${Math.max(0, Math.floor(seconds))}`;

export const courseStudyHref = (courseId: number) => `/study?courseId=${courseId}`;

export const KIND_LABELS: Record<catalog.ResourceKind, string> = { video: '视频', pdf: '课件', live: '直播' };
