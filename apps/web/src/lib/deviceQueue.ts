/**
 * Records that must not be lost (study progress reports, exam answers) kept on the device until the
 * server acknowledges them: each is written here first, so a reload, a closed tab or a network drop
 * loses nothing, then sent; its sender removes it once answered. Stored as JSON under one
 * localStorage key per kind; entries that do not read back as a record (parse answers null) are dropped.
 */

export interface QueueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A store that lives as long as the page, for browsers that refuse localStorage. */
export function memoryStore(): QueueStore {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
}

/** localStorage when the browser lets the page write to it, otherwise a store in memory. */
export function deviceStore(): QueueStore {
  try {
    const probe = '__deviceQueueProbe';
    localStorage.setItem(probe, '1');
    localStorage.removeItem(probe);
    return localStorage;
  } catch {
    return memoryStore();
  }
}

export interface QueueKind<T> {
  /** The record, checked, or null when the stored value is not one. */
  parse(value: unknown): T | null;
  /** Its id: a record is queued once. */
  idOf(item: T): string;
  /** The most a device keeps; the oldest go first beyond it. */
  limit: number;
}

export class DeviceQueue<T> {
  private readonly store: QueueStore;
  private readonly key: string;
  private readonly kind: QueueKind<T>;
  private fallback: T[] | null = null;

  constructor(store: QueueStore, key: string, kind: QueueKind<T>) {
    this.store = store;
    this.key = key;
    this.kind = kind;
  }

  /** All queued records, oldest first. */
  list(): T[] {
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
    const out: T[] = [];
    for (const value of parsed) {
      const item = this.kind.parse(value);
      if (item !== null) out.push(item);
    }
    return out;
  }

  get size(): number {
    return this.list().length;
  }

  /** The oldest records, at most n. */
  head(n: number): T[] {
    return this.list().slice(0, n);
  }

  push(item: T) {
    const all = this.list();
    const id = this.kind.idOf(item);
    if (all.some((r) => this.kind.idOf(r) === id)) return;
    all.push(item);
    this.save(all.slice(-this.kind.limit));
  }

  remove(ids: Iterable<string>) {
    const gone = new Set(ids);
    if (gone.size === 0) return;
    this.save(this.list().filter((r) => !gone.has(this.kind.idOf(r))));
  }

  private save(items: T[]) {
    if (this.fallback) {
      this.fallback = items;
      return;
    }
    try {
      this.store.setItem(this.key, JSON.stringify(items));
    } catch {
      // Storage full or refused: keep the records in memory for as long as the page lives.
      this.fallback = items;
    }
  }
}
