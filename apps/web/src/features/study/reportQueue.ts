/**
 * Progress reports kept on the device until the server acknowledges them (lib/deviceQueue.ts): every
 * report is written there first, then sent; the sender removes it once answered.
 */
// The learning calls' schemas (a report is checked against its schema): this module loads with the study pages.
import * as learning from '@portal/contract/calls/learning';
import { STUDY_QUEUE_KEY } from '../../lib/storage.ts';
import { DeviceQueue, type QueueStore } from '../../lib/deviceQueue.ts';

type ProgressReport = learning.ProgressReport;

export const REPORT_QUEUE_KEY = STUDY_QUEUE_KEY;
/** The backup call takes at most this many reports at once. */
export const BACKUP_BATCH_SIZE = 100;
/** A device keeps at most this many unsent reports (about 80 hours of 30-second reports). */
export const QUEUE_LIMIT = 10_000;

export class ReportQueue extends DeviceQueue<ProgressReport> {
  constructor(store: QueueStore, key = REPORT_QUEUE_KEY) {
    super(store, key, {
      parse: (value) => {
        const checked = learning.progressReport.safeParse(value);
        return checked.success ? checked.data : null;
      },
      idOf: (r) => r.reportId,
      limit: QUEUE_LIMIT,
    });
  }

  /** The oldest reports, at most one backup call's worth. */
  override head(n = BACKUP_BATCH_SIZE): ProgressReport[] {
    return super.head(n);
  }
}
