/** The one report sender of the page: the device queue in localStorage, sent through the api client. */
import { learning } from '@portal/contract/refs';
import { CallError, quietCall } from '../../api/client.ts';
import { deviceStore } from '../../lib/deviceQueue.ts';
import { ReportQueue } from './reportQueue.ts';
import { ReportSender, type FailureKind } from './reportSender.ts';

/**
 * Network and server failures (and an ended login) are retried later; a refusal is final. A report
 * that lost its race on the server too often is answered 503 (学习记录提交繁忙): it is kept and sent again.
 */
export function classifyFailure(err: unknown): FailureKind {
  if (err instanceof CallError) {
    if (err.kind === 'business') return 'drop';
    if (err.kind === 'http' && err.code !== null && err.code >= 400 && err.code < 500 && err.code !== 408 && err.code !== 429) return 'drop';
    return 'retry';
  }
  return 'retry';
}

let sender: ReportSender | null = null;

export function reportSender(): ReportSender {
  if (!sender) {
    sender = new ReportSender(
      new ReportQueue(deviceStore()),
      {
        // The study panel shows reports waiting on the device; a toast per failed heartbeat would only alarm.
        one: (report) => quietCall(learning.updateStudyResourceTime, { body: report }),
        many: (reports) => quietCall(learning.backup, { body: { reports } }),
      },
      classifyFailure,
    );
    window.addEventListener('online', () => void sender?.flush());
  }
  return sender;
}
