/**
 * Binds the administration area's calls on the catalogue: the courses section, and 培训管理's years,
 * topics and plans (auth 'admin': the training and the system administrator's).
 */
import { adminCourses as X, adminTraining as T } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { AdminCourses } from './adminCourses.ts';
import type { AdminTraining } from './adminTraining.ts';
import { whoOf } from '../../http/auth.ts';
import { noStore } from '../../lib/listing.ts';

export function adminCoursesRoutes(bind: Binder, svc: AdminCourses) {
  bind(X.adminCourseOptions, ({ reply }) => (noStore(reply), svc.options()));
  bind(X.adminCourseList, ({ query, reply }) => (noStore(reply), svc.list(query)));
  bind(X.adminCourseExport, async ({ query, reply }) => {
    await sendXlsx(reply, await svc.exportList(query));
    return null;
  });
  bind(X.adminCourseGet, ({ query, reply }) => (noStore(reply), svc.get(query.id)));
  bind(X.adminCourseSave, ({ caller, ip, body }) => svc.save(whoOf(caller, ip), body));
  bind(X.adminCoursePublish, ({ caller, ip, body }) => svc.publish(whoOf(caller, ip), body));
  bind(X.adminCourseUnpublish, ({ caller, ip, body }) => svc.unpublish(whoOf(caller, ip), body));
  bind(X.adminCourseCover, ({ caller, ip, file }) => svc.cover(whoOf(caller, ip), file));
}

export function adminTrainingRoutes(bind: Binder, svc: AdminTraining) {
  bind(T.adminTrainingOptions, ({ reply }) => (noStore(reply), svc.options()));
  bind(T.adminYearSave, ({ caller, ip, body }) => svc.yearSave(whoOf(caller, ip), body));
  bind(T.adminTopicList, ({ query, reply }) => (noStore(reply), svc.topicList(query)));
  bind(T.adminTopicExport, async ({ caller, ip, query, reply }) => {
    await sendXlsx(reply, await svc.topicExport(whoOf(caller, ip), query));
    return null;
  });
  bind(T.adminTopicGet, ({ query, reply }) => (noStore(reply), svc.topicGet(query.id)));
  bind(T.adminTopicSave, ({ caller, ip, body }) => svc.topicSave(whoOf(caller, ip), body));
  bind(T.adminTopicDelete, ({ caller, ip, body }) => svc.topicDelete(whoOf(caller, ip), body));
  bind(T.adminPlanSave, ({ caller, ip, body }) => svc.planSave(whoOf(caller, ip), body));
  bind(T.adminPlanDelete, ({ caller, ip, body }) => svc.planDelete(whoOf(caller, ip), body));
  bind(T.adminPlanCourseAdd, ({ caller, ip, body }) => svc.planCourseAdd(whoOf(caller, ip), body));
  bind(T.adminPlanCourseRemove, ({ caller, ip, body }) => svc.planCourseRemove(whoOf(caller, ip), body));
  bind(T.adminTrainingCourses, ({ query, reply }) => (noStore(reply), svc.courses(query)));
}
