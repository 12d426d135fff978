/**
 * The study pages' first reads, sent as the app starts, beside the stored login's check (api/client.ts
 * askAhead): the course (its chapters and description, the largest paint of /study) and, on the pages
 * with the chapter list, my progress in it. Without this they leave only once the check has answered
 * and the page has rendered: one more round trip before the learner's page (ADR 0026). Both only read;
 * the study session (which counts time) is still opened by the page, once it is shown.
 */
import { catalog, learning } from '@portal/contract/refs';
import { askAhead } from '../../api/client.ts';
import { storage } from '../../lib/storage.ts';

/** The pages that show the course's chapter list (CourseStudy) and those that show one chapter (SingleResource). */
const WITH_CHAPTERS = new Set(['/study', '/studypdf', '/studylive']);
const ONE_CHAPTER = new Set(['/studypdf1', '/studylive1']);

export function askStudyAhead(location: Pick<Location, 'pathname' | 'search'>): void {
  const withChapters = WITH_CHAPTERS.has(location.pathname);
  if (!withChapters && !ONE_CHAPTER.has(location.pathname)) return;
  // Only for a learner logged in here: a visitor gets the 请先登录 panel, not the page.
  if (!storage.get().token) return;
  const value = new URLSearchParams(location.search).get('courseId');
  if (!value || !/^\d{1,15}$/.test(value) || Number(value) <= 0) return;
  const courseId = Number(value);
  askAhead(catalog.findCourseById, { query: { id: courseId } });
  if (withChapters) askAhead(learning.findProgress, { query: { courseId } });
}
