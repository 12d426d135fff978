/**
 * Binds the homework and practice report calls. The learner's calls act on the caller's own works
 * (the service finds them by the caller); the teacher's calls name a class and are let in by
 * modules/teacher's one access check (a teacher of that class) before the handler runs.
 */
import { review as R, work as W, type CallData, type CallDef } from '@portal/contract';
import type { Binder, Ctx } from '../../http/bind.ts';
import { Answer } from '../../http/bind.ts';
import { HttpError } from '../../http/errors.ts';
import { attachmentHeader, sendXlsx } from '../../http/xlsx.ts';
import type { Caller } from '../../http/auth.ts';
import type { ClassAccess, TeacherService } from '../teacher/service.ts';
import { CONTENT_TYPES } from './files.ts';
import type { WorkService } from './service.ts';
import type { ReviewQueue } from './queue.ts';

export function workRoutes(bind: Binder, svc: WorkService, teacher: Pick<TeacherService, 'access' | 'asTeacher'>, queue: ReviewQueue) {
  const forClass = <C extends CallDef>(call: C, handler: (ctx: Ctx<C>, a: ClassAccess) => Promise<CallData<C> | Answer<CallData<C>>>) =>
    bind(call, async (ctx) => {
      ctx.reply.header('Cache-Control', 'private, no-store');
      const input = (ctx.query ?? ctx.body) as { classId: number };
      return handler(ctx, await teacher.access(ctx.caller as Caller, input.classId, ctx.ip, call.name));
    });
  const mine = <C extends CallDef>(call: C, handler: (ctx: Ctx<C>) => Promise<CallData<C> | Answer<CallData<C>>>) =>
    bind(call, async (ctx) => {
      ctx.reply.header('Cache-Control', 'private, no-store');
      return handler(ctx);
    });

  /** A teacher's call across their classes (the review queue, the pending counts): the service checks each item's class. */
  const forTeacher = <C extends CallDef>(call: C, handler: (ctx: Ctx<C>, teacher: Caller) => Promise<CallData<C> | Answer<CallData<C>>>) =>
    bind(call, async (ctx) => {
      ctx.reply.header('Cache-Control', 'private, no-store');
      return handler(ctx, await teacher.asTeacher(ctx.caller as Caller, ctx.ip, call.name));
    });

  mine(W.findWorkByPage, ({ caller, query: { pageNum, pageSize, ...f } }) => svc.myWorks(caller, f, { pageNum, pageSize }));
  mine(W.findWorkById, ({ caller, query }) => svc.detail(caller, query.workId));
  mine(W.findWorkVersions, ({ caller, query }) => svc.versions(caller, query.workId));
  mine(W.updateWork, async ({ caller, body }) => new Answer(await svc.saveDraft(caller, body), W.WORK_MSG.saved));
  mine(W.addWork, async ({ caller, body, ip }) => new Answer(await svc.submit(caller, body, ip), W.WORK_MSG.submitted));
  mine(W.deleteWork, ({ caller, body }) => svc.deleteDraft(caller, body.workId));
  mine(W.uploadWorkFile, ({ caller, query, file, ip }) => svc.upload(caller, query.workId, file, 'file', ip));
  mine(W.uploadPhoto, ({ caller, query, file, ip }) => svc.upload(caller, query.workId, file, 'photo', ip));
  bind(W.downloadWorkFile, async ({ caller, query, reply }) => {
    const found = await svc.download(caller, query.fileId);
    if (!found) throw new HttpError(404, W.WORK_MSG.fileNotFound);
    const inline = query.download !== 'true' && (found.type === 'pdf' || found.type === 'jpg' || found.type === 'png');
    const disposition = attachmentHeader(found.name, `attachment-${query.fileId}.${found.type}`);
    await reply
      .header('Content-Type', CONTENT_TYPES[found.type])
      .header('Content-Disposition', inline ? disposition.replace(/^attachment/, 'inline') : disposition)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .send(found.bytes);
    return null;
  });

  forClass(W.findClassWork, ({ query }, a) => svc.classWorks(a, query.kind));
  forClass(W.findWorkSubmissionByPage, ({ query: { pageNum, pageSize, classId: _c, ...f } }, a) => svc.submissions(a, f, { pageNum, pageSize }));
  forClass(W.workExport, async ({ query: { classId: _c, ...f }, reply }, a) => {
    await sendXlsx(reply, await svc.submissionsExport(a, f));
    return null;
  });
  forClass(W.findWorkSubmission, ({ query }, a) => svc.submission(a, query.submissionId));
  forClass(W.examineWork, async ({ body: { classId: _c, ...body } }, a) => new Answer(await svc.examine(a, body), W.WORK_MSG.examined));
  forClass(W.findPracticeByPage, ({ query: { pageNum, pageSize, classId: _c, ...f } }, a) => svc.practices(a, f, { pageNum, pageSize }));
  forClass(W.auditPractice, async ({ body: { classId: _c, ...body } }, a) => new Answer(await svc.audit(a, body), W.WORK_MSG.audited));
  forClass(W.grantWorkExtension, async ({ body: { classId: _c, ...body } }, a) => new Answer(await svc.grantExtension(a, body), W.WORK_MSG.extended));
  forTeacher(W.findWorkPending, (_ctx, t) => svc.pending(t));

  forTeacher(R.findReviewQueue, ({ query: { pageNum, pageSize, ...f }, ip }, t) => queue.queue(t, ip, f, { pageNum, pageSize }));
  forTeacher(R.findReviewQueueCount, (_ctx, t) => queue.count(t));
  forTeacher(R.reviewFromQueue, async ({ body, ip }, t) => new Answer(await queue.review(t, ip, body), R.REVIEW_MSG.reviewed));
  forTeacher(R.passReviewBatch, async ({ body, ip }, t) => new Answer(await queue.passBatch(t, ip, body), R.REVIEW_MSG.batchPassed));
  forTeacher(R.undoReview, async ({ body, ip }, t) => new Answer(await queue.undo(t, ip, body.reviewIds), R.REVIEW_MSG.undone));
}
