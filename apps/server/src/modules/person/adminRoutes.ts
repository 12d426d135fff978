/** Binds 人员与单位: units and people for training and system administrators, roles for system administrators. */
import { adminPeople as P, type AdminRole } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { Caller } from '../../http/auth.ts';
import type { Actor, People } from './admin.ts';
import { noStore } from '../../lib/listing.ts';

export function peopleRoutes(bind: Binder, people: People) {
  const actor = (ctx: { caller: Caller; adminRoles: AdminRole[]; ip: string }): Actor => ({ caller: ctx.caller, roles: ctx.adminRoles, ip: ctx.ip });
  bind(P.adminUnitTree, ({ reply }) => {
    noStore(reply);
    return people.unitTree();
  });
  bind(P.adminUnitCreate, (ctx) => people.createUnit(actor(ctx), ctx.body));
  bind(P.adminUnitUpdate, (ctx) => people.updateUnit(actor(ctx), ctx.params.id, ctx.body));
  bind(P.adminUnitDelete, (ctx) => people.deleteUnit(actor(ctx), ctx.params.id));
  bind(P.adminPersonList, ({ query, reply }) => {
    noStore(reply);
    return people.list(query);
  });
  bind(P.adminPersonExport, async (ctx) => {
    await sendXlsx(ctx.reply, await people.exportList(actor(ctx), ctx.query));
    return null;
  });
  bind(P.adminPersonUpdate, (ctx) => people.update(actor(ctx), ctx.params.id, ctx.body));
  bind(P.adminPersonStatus, (ctx) => people.setStatus(actor(ctx), ctx.params.id, ctx.body.status));
  bind(P.adminPersonUnlockLogin, (ctx) => people.unlockLogin(actor(ctx), ctx.params.id));
  bind(P.adminPersonResetPassword, (ctx) => people.resetPassword(actor(ctx), ctx.params.id));
  bind(P.adminPersonRole, (ctx) => people.setRole(actor(ctx), ctx.params.id, ctx.body.role, ctx.body.held));
}
