/**
 * Progress reports kept on the device until the server acknowledges them: every report is written
 * here first (so a reload, a closed tab or a network drop loses nothing), then sent; the sender
 * removes it once answered. Stored as JSON under one localStorage key; unreadable entries are dropped.
 */
// The whole contract (a report is checked against its schema): this module loads with the study pages.
import { learning } from '@portal/contract';

type ProgressReport = learning.ProgressReport;

import { STUDY_QUEUE_KEY } from '../../lib/storage.ts';

export const REPORT_QUEUE_KEY = STUDY_QUEUE_KEY;
/** The backup call takes at most this many reports at once. */
export const BACKUP_BATCH_SIZE = 100;
/** A device keeps at most this many unsent reports (about 80 hours of 30-second reports). */
export const QUEUE_LIMIT = 10_000;

export interface QueueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A store that lives as long as the page, for browsers that refuse localStorage. */
export function memoryStore(): QueueStore {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
}

export class ReportQueue {
  private readonly store: QueueStore;
  private readonly key: string;
  private fallback: ProgressReport[] | null = null;

  constructor(store: QueueStore, key = REPORT_QUEUE_KEY) {
    this.store = store;
    this.key = key;
  }

  /** All queued reports, oldest first. */
  list(): ProgressReport[] {
    if (this.fallback) return [...this.fallback];
    let raw: string | null;
    try {
      raw = this.store.getItem(this.key);
    } catch {
      return [];
    }
    if (!raw) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return [];
    }
    if (!Array.isArray(parsed)) return [];
    const out: ProgressReport[] = [];
    for (const item of parsed) {
      const checked = learning.progressReport.safeParse(item);
      if (checked.success) out.push(checked.data);
    }
    return out;
  }

  get size(): number {
    return this.list().length;
  }

  /** The oldest reports, at most one backup call's worth. */
  head(n = BACKUP_BATCH_SIZE): ProgressReport[] {
    return this.list().slice(0, n);
  }

  push(report: ProgressReport) {
    const all = this.list();
    if (all.some((r) => r.reportId === report.reportId)) return;
    all.push(report);
    this.save(all.slice(-QUEUE_LIMIT));
  }

  remove(reportIds: Iterable<string>) {
    const gone = new Set(reportIds);
    if (gone.size === 0) return;
    this.save(this.list().filter((r) => !gone.has(r.reportId)));
  }

  private save(reports: ProgressReport[]) {
    if (this.fallback) {
      this.fallback = reports;
      return;
    }
    try {
      this.store.setItem(this.key, JSON.stringify(reports));
    } catch {
      // Storage full or refused: keep the reports in memory for as long as the page lives.
      this.fallback = reports;
    }
  }
}
