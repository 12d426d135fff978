/**
 * A list's filters, sort and page kept in the address (ARCHITECTURE.md section 5, "one list
 * pattern"): a reload, a bookmark or a link sent to a colleague opens the same rows. Values equal to
 * their default are left out of the address; changing a filter goes back to the first page.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

type Defaults = Record<string, string | number>;
type Values<D extends Defaults> = { [K in keyof D]: D[K] extends number ? number : string };

export function useUrlFilters<D extends Defaults>(defaults: D): [Values<D>, (changes: Partial<Values<D>>) => void] {
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
    (changes: Partial<Values<D>>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const resetPage = 'pageNum' in defaults && !('pageNum' in changes);
          for (const [k, v] of Object.entries({ ...changes, ...(resetPage ? { pageNum: defaults.pageNum } : {}) })) {
            if (v === undefined || v === '' || v === defaults[k]) next.delete(k);
            else next.set(k, String(v));
          }
          return next;
        },
        { replace: false },
      );
    },
    [setParams, defaults],
  );
  return [values, update];
}
