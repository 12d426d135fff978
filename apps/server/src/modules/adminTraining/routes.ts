/** Binds 培训管理 of the administration area (auth 'admin': the training and the system administrator's). */
import { adminTraining as T } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { AdminTraining } from './service.ts';

export function adminTrainingRoutes(bind: Binder, svc: AdminTraining) {
  const noStore = (reply: { header(k: string, v: string): unknown }) => reply.header('Cache-Control', 'no-store');
  const who = (caller: { personId: number }, ip: string) => ({ personId: caller.personId, ip });
  bind(T.adminTrainingOptions, ({ reply }) => (noStore(reply), svc.options()));
  bind(T.adminYearSave, ({ caller, ip, body }) => svc.yearSave(who(caller, ip), body));
  bind(T.adminTopicList, ({ query, reply }) => (noStore(reply), svc.topicList(query)));
  bind(T.adminTopicExport, async ({ caller, ip, query, reply }) => {
    await sendXlsx(reply, await svc.topicExport(who(caller, ip), query));
    return null;
  });
  bind(T.adminTopicGet, ({ query, reply }) => (noStore(reply), svc.topicGet(query.id)));
  bind(T.adminTopicSave, ({ caller, ip, body }) => svc.topicSave(who(caller, ip), body));
  bind(T.adminTopicDelete, ({ caller, ip, body }) => svc.topicDelete(who(caller, ip), body));
  bind(T.adminPlanSave, ({ caller, ip, body }) => svc.planSave(who(caller, ip), body));
  bind(T.adminPlanDelete, ({ caller, ip, body }) => svc.planDelete(who(caller, ip), body));
  bind(T.adminPlanCourseAdd, ({ caller, ip, body }) => svc.planCourseAdd(who(caller, ip), body));
  bind(T.adminPlanCourseRemove, ({ caller, ip, body }) => svc.planCourseRemove(who(caller, ip), body));
  bind(T.adminTrainingCourses, ({ query, reply }) => (noStore(reply), svc.courses(query)));
  bind(T.adminClassList, ({ query, reply }) => (noStore(reply), svc.classList(query)));
  bind(T.adminClassExport, async ({ caller, ip, query, reply }) => {
    await sendXlsx(reply, await svc.classExport(who(caller, ip), query));
    return null;
  });
  bind(T.adminClassGet, ({ query, reply }) => (noStore(reply), svc.classGet(query.id)));
  bind(T.adminClassSave, ({ caller, ip, body }) => svc.classSave(who(caller, ip), body));
  bind(T.adminClassDelete, ({ caller, ip, body }) => svc.classDelete(who(caller, ip), body));
  bind(T.adminClassMembers, ({ query, reply }) => (noStore(reply), svc.classMembers(query)));
  bind(T.adminClassMembersExport, async ({ query, reply }) => {
    await sendXlsx(reply, await svc.classMembersExport(query));
    return null;
  });
  bind(T.adminClassPersonAdd, ({ caller, ip, body }) => svc.classPersonAdd(who(caller, ip), body));
  bind(T.adminClassPersonRemove, ({ caller, ip, body }) => svc.classPersonRemove(who(caller, ip), body));
  bind(T.adminTrainingPeople, ({ query, reply }) => (noStore(reply), svc.people(query)));
}
