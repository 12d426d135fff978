/** Binds the operators' audit query and backup (auth 'operator': the OPERATOR_TOKEN, never a session). */
import { operator as O } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import type { Ops } from './service.ts';
import { noStore } from '../../lib/listing.ts';

export function opsRoutes(bind: Binder, ops: Ops) {
  bind(O.findAuditLog, async ({ query, reply }) => {
    noStore(reply);
    return ops.findAuditLog(query);
  });
  bind(O.takeBackup, async ({ reply, ip }) => {
    noStore(reply);
    return ops.backup(`operator:${ip}`);
  });
}
