/** Binds the administration area's session, audit and operations calls (auth 'admin': role checked on the server). */
import { admin as A } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { Uc } from '../uc/service.ts';
import type { Admin } from './service.ts';
import { noStore } from '../../lib/listing.ts';

export function adminRoutes(bind: Binder, admin: Admin, uc: Uc) {
  bind(A.adminLogin, ({ body, ip }) => uc.adminLogin(body, ip));
  bind(A.adminVerify, ({ body, ip }) => uc.adminVerify(body, ip));
  bind(A.adminMe, ({ caller, reply }) => {
    noStore(reply);
    return admin.me(caller);
  });
  bind(A.adminLogout, async ({ caller, ip }) => {
    await uc.logout(caller.personId, caller.sessionId, ip);
    return null;
  });
  bind(A.adminAuditList, ({ query, reply }) => {
    noStore(reply);
    return admin.auditList(query);
  });
  bind(A.adminAuditExport, async ({ query, reply }) => {
    await sendXlsx(reply, await admin.auditExport(query));
    return null;
  });
  bind(A.adminOps, ({ reply }) => {
    noStore(reply);
    return admin.opsOverview();
  });
  bind(A.adminBackupNow, ({ caller, ip }) => admin.backupNow(caller, ip));
}
