/** Binds 内容管理's calls (auth 'admin', role content: checked on the server before any input is read). */
import { adminContent as C } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import type { AdminContent } from './admin.ts';
import { whoOf } from '../../http/auth.ts';
import { noStore } from '../../lib/listing.ts';

export function adminContentRoutes(bind: Binder, svc: AdminContent) {
  bind(C.adminContentList, async ({ query, reply }) => {
    noStore(reply);
    return svc.list(query);
  });
  bind(C.adminContentGet, async ({ query, reply }) => {
    noStore(reply);
    return svc.get(query.kind, query.id);
  });
  bind(C.adminContentSave, (ctx) => svc.save(whoOf(ctx.caller, ctx.ip), ctx.body));
  bind(C.adminContentPublish, (ctx) => svc.publish(whoOf(ctx.caller, ctx.ip), ctx.body));
  bind(C.adminContentUnpublish, (ctx) => svc.unpublish(whoOf(ctx.caller, ctx.ip), ctx.body));
  bind(C.adminContentArrange, (ctx) => svc.arrange(whoOf(ctx.caller, ctx.ip), ctx.body));
  bind(C.adminContentDelete, (ctx) => svc.remove(whoOf(ctx.caller, ctx.ip), ctx.body));
  bind(C.adminContentPreview, async ({ body }) => svc.preview(body.body));
  bind(C.adminContentImage, (ctx) => svc.image(whoOf(ctx.caller, ctx.ip), ctx.file));
  bind(C.adminContentFile, (ctx) => svc.file(whoOf(ctx.caller, ctx.ip), ctx.file));
}
