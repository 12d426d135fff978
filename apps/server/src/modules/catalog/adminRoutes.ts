/** Binds the administration area's courses section (auth 'admin': the training and the system administrator's). */
import { adminCourses as X } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { AdminCourses } from './adminCourses.ts';

export function adminCoursesRoutes(bind: Binder, svc: AdminCourses) {
  const noStore = (reply: { header(k: string, v: string): unknown }) => reply.header('Cache-Control', 'no-store');
  bind(X.adminCourseOptions, ({ reply }) => (noStore(reply), svc.options()));
  bind(X.adminCourseList, ({ query, reply }) => (noStore(reply), svc.list(query)));
  bind(X.adminCourseExport, async ({ query, reply }) => {
    await sendXlsx(reply, await svc.exportList(query));
    return null;
  });
  bind(X.adminCourseGet, ({ query, reply }) => (noStore(reply), svc.get(query.id)));
  bind(X.adminCourseSave, ({ caller, ip, body }) => svc.save({ personId: caller.personId, ip }, body));
  bind(X.adminCoursePublish, ({ caller, ip, body }) => svc.publish({ personId: caller.personId, ip }, body));
  bind(X.adminCourseUnpublish, ({ caller, ip, body }) => svc.unpublish({ personId: caller.personId, ip }, body));
  bind(X.adminCourseCover, ({ caller, ip, file }) => svc.cover({ personId: caller.personId, ip }, file));
}
