/** Binds the session and person calls of the contract. */
import { MSG, person } from '@portal/contract';
import { Answer, type Binder } from '../../http/bind.ts';
import { tokenOf } from '../../http/auth.ts';
import type { PersonService } from './service.ts';

export function personRoutes(bind: Binder, svc: PersonService) {
  bind(person.getSessionPerson, async ({ caller }) => (caller ? svc.sessionPerson(caller.personId) : null));
  bind(person.loginSuccess, async ({ caller, body, ip }) => {
    await svc.loginSuccess(caller, body, ip);
    return null;
  });
  bind(person.updatePersonPassword, async ({ caller, body, ip }) => {
    await svc.confirmPassword(caller, body, ip);
    return null;
  });
  bind(person.uploadUserPic, async ({ caller, file, ip }) => new Answer(await svc.uploadAvatar(caller, file, ip), MSG.avatarUploaded));
  bind(person.getDisplaySettings, async ({ caller }) => svc.displaySettings(caller));
  bind(person.saveDisplaySettings, async ({ caller, body }) => {
    await svc.saveDisplaySettings(caller, body);
    return null;
  });
  bind(person.digitalBooks, async ({ caller }) => svc.digitalBooksUrl(caller));
  bind(person.zwyTicket, async ({ caller }) => svc.zwyTicketUrl(caller));
  bind(person.zwyOauth, async ({ query, reply }) => {
    const result = await svc.zwyRedirect(query);
    if ('location' in result) await reply.redirect(result.location, 302);
    else await reply.code(403).type('text/html; charset=utf-8').send(`<!doctype html><meta charset="utf-8"><title>无法跳转</title><p>${result.refusal}</p>`);
    return null;
  });
  bind(person.aiTicket, async ({ caller, req }) => svc.aiEntryUrl(caller, tokenOf(req) ?? ''));
  bind(person.aiTicketExchange, async ({ body }) => svc.exchangeAiTicket(body.ticket));
  bind(person.getPortalConfig, () => svc.portalConfig());
}
