/** Binds the exam calls of the contract to the exam service; every answer is the caller's own. */
import { exam as E } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import type { Metrics } from '../../http/metrics.ts';
import type { ExamService } from './service.ts';

export function examRoutes(bind: Binder, svc: ExamService, metrics?: Pick<Metrics, 'examAnswerSaved'>) {
  bind(E.findAnswerNumber, ({ caller, query }) => svc.answerNumber(caller, query.examId));
  bind(E.findExamQuestions, ({ caller, query }) => svc.start(caller, query.examId));
  bind(E.saveExamQuestionAnswerd, async ({ caller, body }) => {
    const ack = await svc.save(caller, body);
    // Counted when written: a replayed or older seq is acknowledged without a write.
    if (ack.written) metrics?.examAnswerSaved();
    return ack;
  });
  bind(E.saveExamLeave, ({ caller, body }) => svc.leave(caller, body.attemptId));
  bind(E.saveExamRecord, ({ caller, body }) => svc.submit(caller, body.attemptId));
  bind(E.findExamRecord, ({ caller, query }) => svc.records(caller, query.examId, query.attemptId));
  bind(E.findExamTestQuestions, ({ caller, query }) => svc.startPractice(caller, query));
  bind(E.saveExamTestRecord, ({ caller, body }) => svc.submitPractice(caller, body));
}
