/** Binds 证书 of the administration area (auth 'admin', training administrators). */
import { adminCertificate as AC } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { CertificateAdmin } from './admin.ts';
import { whoOf } from '../../http/auth.ts';
import { noStore } from '../../lib/listing.ts';

export function certificateAdminRoutes(bind: Binder, svc: CertificateAdmin) {
  bind(AC.adminCertRuleList, ({ query, reply }) => {
    noStore(reply);
    return svc.rules(query);
  });
  bind(AC.adminCertRuleSave, ({ params, body, caller, ip }) => svc.saveRule(params.installId, body, whoOf(caller, ip)));
  bind(AC.adminCertList, ({ query, reply }) => {
    noStore(reply);
    return svc.list(query);
  });
  bind(AC.adminCertExport, async ({ query, reply }) => {
    await sendXlsx(reply, svc.export(query));
    return null;
  });
  bind(AC.adminCertRevoke, ({ body, caller, ip }) => svc.revoke(body.certNo, body.reason, whoOf(caller, ip)));
  bind(AC.adminCertReissue, ({ body, caller, ip }) => svc.reissue(body.certNo, body.reason, body.hours, whoOf(caller, ip)));
}
