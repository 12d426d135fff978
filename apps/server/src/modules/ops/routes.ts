/** Binds the operators' audit query and backup (auth 'operator': the OPERATOR_TOKEN, never a session). */
import { operator as O } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import type { Ops } from './service.ts';

export function opsRoutes(bind: Binder, ops: Ops) {
  bind(O.findAuditLog, async ({ query, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return ops.findAuditLog(query);
  });
  bind(O.takeBackup, async ({ reply, ip }) => {
    reply.header('Cache-Control', 'no-store');
    return ops.backup(`operator:${ip}`);
  });
}
