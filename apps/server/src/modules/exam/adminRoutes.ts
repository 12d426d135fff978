/** Binds the administration area's exams section (auth 'admin', the training administrator's). */
import { adminExams as X } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { AdminExams } from './admin.ts';
import { whoOf } from '../../http/auth.ts';
import { noStore } from '../../lib/listing.ts';

export function adminExamsRoutes(bind: Binder, svc: AdminExams) {
  bind(X.adminExamOptions, ({ reply }) => (noStore(reply), svc.options()));
  bind(X.adminExamQuestionList, ({ query, reply }) => (noStore(reply), svc.questionList(query)));
  bind(X.adminExamQuestionCreate, ({ caller, ip, body }) => svc.questionCreate(whoOf(caller, ip), body));
  bind(X.adminExamQuestionUpdate, ({ caller, ip, body }) => svc.questionUpdate(whoOf(caller, ip), body));
  bind(X.adminExamQuestionRetire, ({ caller, ip, body }) => svc.questionRetire(whoOf(caller, ip), body));
  bind(X.adminExamQuestionCorrect, ({ caller, ip, body }) => svc.questionCorrect(whoOf(caller, ip), body));
  bind(X.adminExamList, ({ query, reply }) => (noStore(reply), svc.examList(query)));
  bind(X.adminExamGet, ({ query, reply }) => (noStore(reply), svc.examGet(query.id)));
  bind(X.adminExamCreate, ({ caller, ip, body }) => svc.examCreate(whoOf(caller, ip), body));
  bind(X.adminExamUpdate, ({ caller, ip, body }) => svc.examUpdate(whoOf(caller, ip), body));
  bind(X.adminExamPublish, ({ caller, ip, body }) => svc.examPublish(whoOf(caller, ip), body));
  bind(X.adminExamUnpublish, ({ caller, ip, body }) => svc.examUnpublish(whoOf(caller, ip), body));
  bind(X.adminExamResults, ({ query, reply }) => (noStore(reply), svc.results(query)));
  bind(X.adminExamResultsExport, async ({ query, reply }) => {
    await sendXlsx(reply, await svc.resultsExport(query));
    return null;
  });
}
