/**
 * Sends queued progress reports in order: one report alone with updateStudyResourceTime, several
 * (after a network drop) with backup, at most 100 at a time. A report leaves the queue when the server
 * has answered it, or when the server refused it for good (it would be refused again); on a network
 * or server failure the queue stays as it is and is sent again later (online event, next report,
 * next page load). The server accepts each report id once, so sending one twice is harmless.
 */
import type { learning } from '@portal/contract';
import { BACKUP_BATCH_SIZE, type ReportQueue } from './reportQueue.ts';

type ProgressReport = learning.ProgressReport;
type ReportResult = learning.ReportResult;

export interface ReportTransport {
  one(report: ProgressReport): Promise<ReportResult>;
  many(reports: ProgressReport[]): Promise<ReportResult[]>;
}

/** retry: keep the reports for later; drop: the server refused them, sending again cannot help. */
export type FailureKind = 'retry' | 'drop';

export type ResultListener = (result: ReportResult, report: ProgressReport) => void;

export class ReportSender {
  private readonly queue: ReportQueue;
  private readonly transport: ReportTransport;
  private readonly classify: (err: unknown) => FailureKind;
  private readonly listeners = new Set<ResultListener>();
  private readonly sizeListeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  /** The last flush stopped on a failure worth retrying. */
  failing = false;

  constructor(queue: ReportQueue, transport: ReportTransport, classify: (err: unknown) => FailureKind) {
    this.queue = queue;
    this.transport = transport;
    this.classify = classify;
  }

  onResult(listener: ResultListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called whenever the number of waiting reports may have changed. */
  onQueueChange(listener: () => void): () => void {
    this.sizeListeners.add(listener);
    return () => this.sizeListeners.delete(listener);
  }

  get pending(): number {
    return this.queue.size;
  }

  /** Played seconds of one study session that wait on the device for the server's answer. */
  waitingSecondsOf(sessionId: string): number {
    return this.queue.list().reduce((sum, r) => (r.sessionId === sessionId ? sum + r.playedSeconds : sum), 0);
  }

  /** Keeps the report on the device first, then sends everything waiting, in order. */
  submit(report: ProgressReport): Promise<void> {
    this.queue.push(report);
    this.changed();
    return this.flush();
  }

  /** Sends what is waiting; concurrent calls share one run (and ask it to look again). */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run() {
    do {
      this.again = false;
      for (;;) {
        const batch = this.queue.head(BACKUP_BATCH_SIZE);
        if (batch.length === 0) {
          this.failing = false;
          break;
        }
        const ids = batch.map((r) => r.reportId);
        let results: ReportResult[];
        try {
          results = batch.length === 1 ? [await this.transport.one(batch[0]!)] : await this.transport.many(batch);
        } catch (err) {
          if (this.classify(err) === 'drop') {
            this.queue.remove(ids);
            this.changed();
            continue;
          }
          this.failing = true;
          this.changed();
          return;
        }
        this.queue.remove(ids);
        this.failing = false;
        this.changed();
        const byId = new Map(batch.map((r) => [r.reportId, r]));
        for (const result of results) {
          const report = byId.get(result.reportId);
          if (report) this.listeners.forEach((l) => l(result, report));
        }
      }
    } while (this.again);
  }

  private changed() {
    this.sizeListeners.forEach((l) => l());
  }
}
