/** Binds the learning calls of the contract: enrolment, study sessions and reports, the classroom. */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { learning as L, MSG } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { HttpError, Refusal } from '../../http/errors.ts';
import { refuseTrainingClass } from '../catalog/service.ts';
import { installs } from '../../db/schema/index.ts';
import { chinaYear, LEARNING_MSG, type LearningService } from './service.ts';

export function learningRoutes(bind: Binder, svc: LearningService) {
  bind(L.findSpecialInstallByPage, async ({ caller, query, reply }) => {
    refuseTrainingClass(caller);
    reply.header('Cache-Control', 'private, no-store');
    const state = {
      upcoming: sql`${installs.startAt} > now()`,
      open: sql`${installs.startAt} <= now() and ${installs.endAt} >= now()`,
      ended: sql`${installs.endAt} < now()`,
    }[query.state];
    return svc.installsFor(caller, sql`${installs.kind} = 'special' and ${state}`, query, query.state === 'ended' ? 'recent' : 'start');
  });
  bind(L.installApply, ({ caller, query }) => svc.apply(caller, query.installId));
  bind(L.installCancel, ({ caller, query }) => svc.cancel(caller, query.installId));
  bind(L.findMyInstallList, ({ caller, query }) => {
    const mine = sql`exists (select 1 from enrolments e where e.install_id = ${installs.id} and e.person_id = ${caller.personId} and e.status <> 'cancelled')`;
    const finished = sql`(${installs.endAt} < now() or exists (select 1 from enrolments e where e.install_id = ${installs.id} and e.person_id = ${caller.personId} and e.status = 'completed'))`;
    return svc.installsFor(caller, query.finished === 'true' ? sql`${mine} and ${finished}` : sql`${mine} and not ${finished}`, query, 'recent');
  });
  bind(L.findCoursePlan, async ({ caller, query }) => {
    const detail = await svc.installDetail(caller, query.installId);
    if (!detail) throw new Refusal(LEARNING_MSG.installMissing);
    return detail;
  });

  bind(L.findStudyResourceTime, ({ caller, query }) => svc.startSession(caller, query.resourceId));
  bind(L.updateStudyResourceTime, ({ caller, body }) => svc.report(caller, body));
  bind(L.backup, async ({ caller, body }) => {
    // In order, each in its own transaction: one refused report must not lose the others.
    const out: L.ReportResult[] = [];
    for (const r of body.reports) {
      try {
        out.push(await svc.report(caller, r));
      } catch (e) {
        if (!(e instanceof Refusal)) throw e;
      }
    }
    return out;
  });
  bind(L.findProgress, async ({ caller, query }) => {
    const detail = await svc.courseProgressDetail(caller, query.courseId);
    if (!detail) throw new HttpError(404, MSG.notFound);
    return detail;
  });

  bind(L.findLearningCourse, ({ caller, query }) => svc.learningCourses(caller, { ...query, completed: query.completed === 'true' }));
  bind(L.findCreditHours, ({ caller, query }) => svc.yearStatistics(caller, query.year ?? chinaYear(new Date())));
  bind(L.findLearningHistory, ({ caller }) => svc.history(caller));
  bind(L.exportLearningHistory, async ({ caller, reply }) => {
    const rows = await svc.completionsForExport(caller);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('学习档案');
    sheet.columns = [
      { header: '年度', key: 'year', width: 8 },
      { header: '课程名称', key: 'title', width: 40 },
      { header: '主讲人', key: 'lecturer', width: 12 },
      { header: '课程分类', key: 'category', width: 16 },
      { header: '学时', key: 'hours', width: 8 },
      { header: '完成时间', key: 'completedAt', width: 20 },
    ];
    for (const r of rows) sheet.addRow({ ...r, completedAt: new Date(r.completedAt.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ') });
    sheet.getRow(1).font = { bold: true };
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    await reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename="learning-history.xlsx"; filename*=UTF-8''${encodeURIComponent(`学习档案-${caller.personName}.xlsx`)}`)
      .header('Cache-Control', 'private, no-store')
      .send(bytes);
    return null;
  });
}
