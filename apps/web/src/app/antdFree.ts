/**
 * The pages drawn without antd: the public portal, whose first screen must not wait for antd's
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
];
