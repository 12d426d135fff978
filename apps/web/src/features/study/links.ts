/** Where each kind of chapter is studied (the agreed URLs). */
import type { catalog } from '@portal/contract';

const PAGE: Record<catalog.ResourceKind, string> = { video: '/study', pdf: '/studypdf', live: '/studylive' };

export function studyHref(kind: catalog.ResourceKind, courseId: number, resourceId?: number): string {
  return resourceId === undefined ? `${PAGE[kind]}?courseId=${courseId}` : `${PAGE[kind]}?courseId=${courseId}&resourceId=${resourceId}`;
}

export const courseStudyHref = (courseId: number) => `/study?courseId=${courseId}`;

export const KIND_LABELS: Record<catalog.ResourceKind, string> = { video: '视频', pdf: '课件', live: '直播' };
