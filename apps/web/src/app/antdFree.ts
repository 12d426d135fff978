/**
 * The pages drawn without antd: the public portal and the study pages, whose first screen must not wait for antd's
 * chunk (ADR 0008). The router loads every other page inside antd's scope; antdFree.test.ts checks
 * that nothing these pages and the frame import statically uses antd.
 */
export const PAGES_WITHOUT_ANTD: readonly string[] = [
  '/index',
  '/course',
  '/pictureNewInfo',
  '/noticeList',
  '/noticeInfo',
  '/certificate',
  '/download',
  '/question',
  '/about',
  '/charts',
  // The study pages' first view (the player or reader, the study panel, the chapters) is drawn without
  // antd; their notes, comments and rare states load it afterwards (features/study/plain.tsx, later.tsx).
  '/study',
  '/studypdf',
  '/studypdf1',
  '/studylive',
  '/studylive1',
];
