/** Binds the wrong-answer book's calls: the book to its service, the practice history to the exam service that owns practice tests. */
import { mistakes as M } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import type { ExamService } from '../exam/service.ts';
import type { MistakesService } from './service.ts';

export function mistakesRoutes(bind: Binder, svc: MistakesService, exam: ExamService) {
  bind(M.findMistakeBook, ({ caller, query }) => svc.book(caller, query));
  bind(M.findMistakePractice, ({ caller, query }) => svc.startRedo(caller, query));
  bind(M.restoreMistake, ({ caller, body }) => svc.restore(caller, body.questionId));
  bind(M.findPracticeRecords, async ({ caller, query }) => ({ ...(await exam.practiceRecords(caller, query)), pageNum: query.pageNum, pageSize: query.pageSize }));
  bind(M.findPracticeRecord, ({ caller, query }) => exam.practiceRecord(caller, query.testId));
}
