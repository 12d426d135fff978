/**
 * Binds the teacher/ calls and the learner's message calls. A call that names a class is bound with
 * `forClass`: the access check (a teacher of that class) runs before the handler, in one place, so
 * no handler can forget it; the others with `forTeacher` (a teacher at all).
 */
import { remind as R, teacher as T, type CallData, type CallDef } from '@portal/contract';
import type { Binder, Ctx } from '../../http/bind.ts';
import { attachmentHeader, sendXlsx } from '../../http/xlsx.ts';
import type { ClassAccess, TeacherService } from './service.ts';
import type { RemindService } from './remind.ts';
import type { Caller } from '../../http/auth.ts';

export function teacherRoutes(bind: Binder, svc: TeacherService, remind: RemindService) {
  /** The class named by the call's query or body, the caller let in as its teacher. */
  const classOf = (ctx: Ctx<CallDef>) => {
    const input = (ctx.query ?? ctx.body) as { classId: number };
    return svc.access(ctx.caller as Caller, input.classId, ctx.ip, ctx.req.routeOptions.url ?? '');
  };
  const forClass = <C extends CallDef>(call: C, handler: (ctx: Ctx<C>, a: ClassAccess) => Promise<CallData<C>>) =>
    bind(call, async (ctx) => {
      ctx.reply.header('Cache-Control', 'private, no-store');
      return handler(ctx, await classOf(ctx as unknown as Ctx<CallDef>));
    });
  const forTeacher = <C extends CallDef>(call: C, handler: (ctx: Ctx<C>, teacher: Caller) => Promise<CallData<C>>) =>
    bind(call, async (ctx) => {
      ctx.reply.header('Cache-Control', 'private, no-store');
      return handler(ctx, await svc.asTeacher(ctx.caller as Caller, ctx.ip, call.name));
    });

  forTeacher(T.findPersonalInfo, (_ctx, teacher) => svc.personalInfo(teacher));
  forTeacher(T.findClass, (_ctx, teacher) => svc.myClasses(teacher));

  forClass(T.findClassStudy, (_ctx, a) => svc.classStudy(a));
  forClass(T.findClassPersonStudy, ({ query: { pageNum, pageSize, classId: _c, ...filter } }, a) => svc.personStudy(a, filter, { pageNum, pageSize }));
  forClass(T.exportClassPersonStudy, async ({ query: { classId: _c, ...filter }, reply }, a) => {
    await sendXlsx(reply, await svc.personStudyExport(a, filter));
    return null;
  });
  forClass(T.findClassCourseStudy, (_ctx, a) => svc.courseStudy(a));
  forClass(T.classCertificatesPdf, async ({ reply }, a) => {
    const pdf = await svc.certificatesPdf(a);
    await reply.header('Content-Type', 'application/pdf').header('Content-Disposition', attachmentHeader(pdf.fileName, pdf.asciiName)).send(pdf.pdf);
    return null;
  });

  forClass(T.findAddressList, ({ query }, a) => svc.roster(a, query.keyword, query));
  forClass(T.directoriesExport, async ({ query, reply }, a) => {
    await sendXlsx(reply, await svc.directoryExport(a, query.keyword));
    return null;
  });
  forClass(T.updatePerson, ({ body: { classId: _c, ...body } }, a) => svc.updatePerson(a, body));
  forClass(T.resetPassword, ({ body }, a) => svc.resetPassword(a, body));

  forClass(T.findMessage, ({ query }, a) => svc.messages(a, query.keyword, query));
  forClass(T.findMessageRecipients, ({ query }, a) => svc.messageRecipients(a, query.messageId));
  forClass(T.sendMessage, ({ body }, a) => svc.sendMessage(a, body));
  forClass(T.deleteMessage, ({ query }, a) => svc.deleteMessage(a, query.messageId));
  forClass(T.sendSMS, ({ body }, a) => svc.sendSms(a, body));

  forClass(R.previewRemind, ({ body: { classId: _c, ...body } }, a) => remind.preview(a, body));
  forClass(R.sendRemind, ({ body: { classId: _c, ...body } }, a) => remind.send(a, body));
  forClass(R.findRemindSchedule, (_ctx, a) => remind.schedules(a));
  forClass(R.addRemindSchedule, ({ body: { classId: _c, ...body } }, a) => remind.addSchedule(a, body));
  forClass(R.setRemindSchedule, ({ body }, a) => remind.setSchedule(a, body));
  forClass(R.deleteRemindSchedule, ({ query }, a) => remind.deleteSchedule(a, query.scheduleId));
  forClass(R.findRemindRun, ({ query }, a) => remind.runs(a, query.scheduleId));

  forClass(T.findClassPlan, (_ctx, a) => svc.classPlan(a));
  forClass(T.findClassCourse, ({ query }, a) => svc.classCourses(a, query.keyword, query));
  forClass(T.addPersonCourse, ({ body }, a) => svc.addCourse(a, body));
  forClass(T.deleteClassCourse, ({ query }, a) => svc.removeCourse(a, query.courseId));

  bind(T.findMyMessage, ({ caller, query }) => svc.myMessages(caller, query.unread === 'true', query));
  bind(T.readMessage, async ({ caller, query }) => svc.readMessage(caller, query.messageId));
  bind(T.findUnreadMessageCount, ({ caller }) => svc.unreadCount(caller));
}
