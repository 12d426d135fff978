/** Binds 培训管理's classes of the administration area (auth 'admin': the training and the system administrator's). */
import { adminTraining as T } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { AdminClasses } from './adminClasses.ts';

export function adminClassRoutes(bind: Binder, svc: AdminClasses) {
  const noStore = (reply: { header(k: string, v: string): unknown }) => reply.header('Cache-Control', 'no-store');
  const who = (caller: { personId: number }, ip: string) => ({ personId: caller.personId, ip });
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
