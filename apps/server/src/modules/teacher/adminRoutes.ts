/** Binds 培训管理's classes of the administration area (auth 'admin': the training and the system administrator's). */
import { adminTraining as T } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { AdminClasses } from './adminClasses.ts';
import { whoOf } from '../../http/auth.ts';
import { noStore } from '../../lib/listing.ts';

export function adminClassRoutes(bind: Binder, svc: AdminClasses) {
    bind(T.adminClassList, ({ query, reply }) => (noStore(reply), svc.classList(query)));
  bind(T.adminClassExport, async ({ caller, ip, query, reply }) => {
    await sendXlsx(reply, await svc.classExport(whoOf(caller, ip), query));
    return null;
  });
  bind(T.adminClassGet, ({ query, reply }) => (noStore(reply), svc.classGet(query.id)));
  bind(T.adminClassSave, ({ caller, ip, body }) => svc.classSave(whoOf(caller, ip), body));
  bind(T.adminClassDelete, ({ caller, ip, body }) => svc.classDelete(whoOf(caller, ip), body));
  bind(T.adminClassMembers, ({ query, reply }) => (noStore(reply), svc.classMembers(query)));
  bind(T.adminClassMembersExport, async ({ query, reply }) => {
    await sendXlsx(reply, await svc.classMembersExport(query));
    return null;
  });
  bind(T.adminClassPersonAdd, ({ caller, ip, body }) => svc.classPersonAdd(whoOf(caller, ip), body));
  bind(T.adminClassPersonRemove, ({ caller, ip, body }) => svc.classPersonRemove(whoOf(caller, ip), body));
  bind(T.adminTrainingPeople, ({ query, reply }) => (noStore(reply), svc.people(query)));
}
