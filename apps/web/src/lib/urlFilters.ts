/**
 * The one hook that keeps a list's filters, sort and page in the address (ARCHITECTURE.md section 5,
 * "one list pattern"), for every list of the product: a reload, a bookmark, the back button or a link
 * sent to a colleague opens the same rows. Values equal to their default, and empty ones, are left out
 * of the address; changing anything but the page goes back to the first page (`pageNum` on the
 * desks' lists, `page` on the public ones). A page that parses the address itself (the course
 * catalogue's state, shared with the server's rendering) reads the params it returns as well.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

type Defaults = Record<string, string | number>;
type Values<D extends Defaults> = { [K in keyof D]: D[K] extends number ? number : string };
export type FilterChanges = Record<string, string | number | null | undefined>;

const PAGE_KEYS = ['pageNum', 'page'] as const;

/** The address after `changes`: empty and default values dropped, the page reset unless it is what changed. */
export function patchFilters(current: URLSearchParams, changes: FilterChanges, defaults: Defaults): URLSearchParams {
  const next = new URLSearchParams(current);
  const pageKey = PAGE_KEYS.find((k) => k in defaults);
  const all: FilterChanges = pageKey && !(pageKey in changes) ? { ...changes, [pageKey]: defaults[pageKey] } : changes;
  for (const [k, v] of Object.entries(all)) {
    const s = v === null || v === undefined ? '' : String(v).trim();
    if (s === '' || (k in defaults && String(defaults[k]) === s)) next.delete(k);
    else next.set(k, s);
  }
  return next;
}

/** `defaults` must be a constant of the page (or memoised): it names the keys the list reads. */
export function useUrlFilters<D extends Defaults>(defaults: D): [Values<D>, (changes: Partial<Values<D>> | FilterChanges) => void, URLSearchParams] {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const out: Record<string, string | number> = {};
    for (const [k, d] of Object.entries(defaults)) {
      const raw = params.get(k);
      if (typeof d === 'number') {
        const n = Number(raw);
        out[k] = raw !== null && Number.isInteger(n) && n > 0 ? n : d;
      } else out[k] = raw ?? d;
    }
    return out as Values<D>;
  }, [params, defaults]);
  const update = useCallback(
    (changes: Partial<Values<D>> | FilterChanges) => setParams((prev) => patchFilters(prev, changes as FilterChanges, defaults), { preventScrollReset: true }),
    [setParams, defaults],
  );
  return [values, update, params];
}
