/** The one report sender of the page: the device queue in localStorage, sent through the api client. */
import { learning } from '@portal/contract/refs';
import { call, CallError } from '../../api/client.ts';
import { memoryStore, ReportQueue, type QueueStore } from './reportQueue.ts';
import { ReportSender, type FailureKind } from './reportSender.ts';

function deviceStore(): QueueStore {
  try {
    const probe = '__studyQueueProbe';
    localStorage.setItem(probe, '1');
    localStorage.removeItem(probe);
    return localStorage;
  } catch {
    return memoryStore();
  }
}

/** Network and server failures (and an ended login) are retried later; a refusal is final. */
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
        one: (report) => call(learning.updateStudyResourceTime, { body: report }),
        many: (reports) => call(learning.backup, { body: { reports } }),
      },
      classifyFailure,
    );
    window.addEventListener('online', () => void sender?.flush());
  }
  return sender;
}
