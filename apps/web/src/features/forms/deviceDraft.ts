/**
 * What an editor's form held when it was last changed, kept on this device (localStorage) per person,
 * editor and record, so a closed tab, a reload, a crash or an idle logout loses nothing typed: the
 * editor offers it back the next time the same person opens the same record. A save or 放弃 drops it.
 */

const PREFIX = 'portal-form-draft';

export interface DraftAddress {
  personId: number;
  /** The editor, e.g. "content-notice" or "course". */
  editor: string;
  /** The record's id, or "new" for one never saved. */
  record: string | number;
}

export interface DeviceDraft {
  values: unknown;
  /** When it was kept (ms since 1970). */
  at: number;
}

const keyOf = (a: DraftAddress) => `${PREFIX}:${a.personId}:${a.editor}:${a.record}`;

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const deviceDrafts = {
  keep(a: DraftAddress, values: unknown, at = Date.now()): void {
    try {
      store()?.setItem(keyOf(a), JSON.stringify({ values, at } satisfies DeviceDraft));
    } catch {
      // Storage full or blocked: the form still holds the text while the page is open.
    }
  },
  read(a: DraftAddress): DeviceDraft | null {
    try {
      const raw = store()?.getItem(keyOf(a));
      if (!raw) return null;
      const v = JSON.parse(raw) as Partial<DeviceDraft>;
      return typeof v.at === 'number' && v.values !== undefined ? { values: v.values, at: v.at } : null;
    } catch {
      return null;
    }
  },
  drop(a: DraftAddress): void {
    try {
      store()?.removeItem(keyOf(a));
    } catch {
      // Nothing to drop where nothing could be kept.
    }
  },
};

/** Two form states compared as they would be kept (JSON): key order and undefined fields do not count. */
export function sameValues(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(
          Object.entries(x as Record<string, unknown>)
            .filter(([, y]) => y !== undefined && y !== null && y !== '')
            .sort(([p], [q]) => p.localeCompare(q)),
        )
      : x,
  );
}
