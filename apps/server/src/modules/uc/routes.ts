/** Binds the user-centre calls of the contract (and the development doubles outside production). */
import { auth, dev, MSG } from '@portal/contract';
import { Answer, type Binder } from '../../http/bind.ts';
import { HttpError } from '../../http/errors.ts';
import type { Uc } from './service.ts';

export function ucRoutes(bind: Binder, uc: Uc, opts: { production: boolean }) {
  bind(auth.requestImageCode, ({ ip }) => uc.requestImageCode(ip));
  bind(auth.requestSmsCode, ({ body, ip }) => uc.requestSmsCode(body, ip));
  bind(auth.usernameLogin, ({ body, ip }) => uc.usernameLogin(body, ip));
  bind(auth.smscodeLogin, ({ body, ip }) => uc.smscodeLogin(body, ip));
  bind(auth.logout, async ({ caller, ip }) => {
    await uc.logout(caller.personId, caller.sessionId, ip);
    return null;
  });
  bind(auth.modifyPassword, async ({ body, caller, ip }) => {
    await uc.modifyPassword(body, caller, ip);
    return null;
  });
  bind(auth.requestWechatQrcode, ({ query, ip }) => uc.requestWechatQrcode(query, ip));
  bind(auth.refreshWechatTicket, async ({ query, ip }) => {
    const { message, ...data } = await uc.pollWechatTicket(query.ticket, ip);
    return new Answer(data, message);
  });
  bind(auth.scanWechatTicket, async ({ body, ip }) => {
    await uc.scanWechatTicket(body.ticket, ip);
    return null;
  });
  bind(auth.confirmWechatTicket, async ({ body, ip }) => {
    await uc.confirmWechatByLoginCode(body, ip);
    return null;
  });

  if (opts.production) return;
  bind(dev.devCaptcha, async ({ params }) => {
    const captcha = await uc.captchaAnswer(params.id);
    if (captcha === null) throw new HttpError(404, MSG.notFound);
    return { captcha };
  });
  bind(dev.devSms, async ({ query }) => {
    const last = await uc.lastSmsCode(query.phone);
    if (!last) throw new HttpError(404, MSG.notFound);
    return { code: last.code, sentAt: last.sentAt.toISOString() };
  });
  bind(dev.devWechatScan, async ({ params }) => ({ status: await uc.scanWechatTicket(params.ticket) }));
  bind(dev.devWechatConfirm, async ({ params, body, ip }) => {
    const person = await uc.personByMobile(body.phone);
    return { status: await uc.confirmWechatTicket(params.ticket, person, ip) };
  });
}
