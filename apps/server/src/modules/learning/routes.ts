/** Binds the learning calls of the contract: enrolment, study sessions and reports, the classroom. */
import { learning as L, MSG } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { HttpError, Refusal } from '../../http/errors.ts';
import { chinaDate, sendXlsx } from '../../http/xlsx.ts';
import { refuseTrainingClass } from '../catalog/service.ts';
import type { Metrics, ProgressOutcome } from '../../http/metrics.ts';
import type { SessionCheck } from '../../http/auth.ts';
import { chinaYear, LEARNING_MSG, type LearningService } from './service.ts';

const outcomeOf = (r: L.ReportResult): ProgressOutcome => (r.duplicate ? 'duplicate' : !r.active ? 'inactive' : r.seekRefused ? 'seekRefused' : 'accepted');

export function learningRoutes(bind: Binder, svc: LearningService, metrics?: Pick<Metrics, 'progressReport'>) {
  /** One report, counted by outcome (metrics): accepted, or what made it count nothing. */
  const report = async (caller: Parameters<LearningService['report']>[0], r: L.ProgressReport, check: SessionCheck | null) => {
    try {
      const result = await svc.report(caller, r, check);
      metrics?.progressReport(outcomeOf(result));
      return result;
    } catch (e) {
      if (e instanceof Refusal) metrics?.progressReport('sessionMissing');
      else if (e instanceof HttpError && e.status === 503) metrics?.progressReport('busy');
      throw e;
    }
  };
  bind(L.findSpecialInstallByPage, async ({ caller, query, reply }) => {
    refuseTrainingClass(caller);
    reply.header('Cache-Control', 'private, no-store');
    return svc.specialInstalls(caller, query.state, query);
  });
  bind(L.installApply, ({ caller, query }) => svc.apply(caller, query.installId));
  bind(L.installCancel, ({ caller, query }) => svc.cancel(caller, query.installId));
  bind(L.findMyInstallList, ({ caller, query }) => svc.myInstalls(caller, query.finished === 'true', query));
  bind(L.findCoursePlan, async ({ caller, query }) => {
    const detail = await svc.installDetail(caller, query.installId);
    if (!detail) throw new Refusal(LEARNING_MSG.installMissing);
    return detail;
  });

  bind(L.findStudyResourceTime, ({ caller, query }) => svc.startSession(caller, query.resourceId));
  // The session is checked by the report's own statement (ADR 0048).
  bind(L.updateStudyResourceTime, ({ caller, body, sessionCheck }) => report(caller, body, sessionCheck), { checkedSession: true });
  bind(L.backup, async ({ caller, body, sessionCheck }) => {
    // In order, each in its own transaction: one refused report must not lose the others.
    const out: L.ReportResult[] = [];
    for (const r of body.reports) {
      try {
        out.push(await report(caller, r, sessionCheck));
      } catch (e) {
        if (!(e instanceof Refusal)) throw e;
      }
    }
    return out;
  }, { checkedSession: true });
  bind(L.findProgress, async ({ caller, query }) => {
    const detail = await svc.courseProgressDetail(caller, query.courseId);
    if (!detail) throw new HttpError(404, MSG.notFound);
    return detail;
  });

  bind(L.findLearningCourse, ({ caller, query }) => svc.learningCourses(caller, { ...query, completed: query.completed === 'true' }));
  bind(L.findCreditHours, ({ caller, query }) => svc.yearStatistics(caller, query.year ?? chinaYear(new Date())));
  bind(L.findLearningHistory, ({ caller }) => svc.history(caller));
  bind(L.exportLearningHistory, async ({ caller, reply }) => {
    await sendXlsx(reply, {
      fileName: `学习档案-${caller.personName}`,
      asciiName: 'learning-history',
      sheetName: '学习档案',
      title: `${caller.personName} 学习档案（导出日期：${chinaDate()}）`,
      columns: [
        { header: '年度', width: 8, kind: 'number', value: (r) => r.year },
        { header: '课程名称', width: 40, kind: 'text', value: (r) => r.title },
        { header: '主讲人', width: 12, kind: 'text', value: (r) => r.lecturer },
        { header: '课程分类', width: 16, kind: 'text', value: (r) => r.category },
        { header: '学时', width: 8, kind: 'number', value: (r) => r.hours },
        { header: '完成时间', width: 20, kind: 'datetime', value: (r) => r.completedAt },
      ],
      rows: await svc.completionsForExport(caller),
    });
    return null;
  });
}
