/**
 * List state kept in the address (page, keyword, category, sort), so a refresh, a shared link or the
 * back button shows the same list. Parsing is forgiving: a bad value falls back to the default.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A positive integer from the address, or the fallback. */
export function positiveInt(raw: string | null, fallback: number, max = 100000): number {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : fallback;
}

/** A trimmed text of at most `max` characters; empty means none. */
export function textParam(raw: string | null, max = 50): string {
  return (raw ?? '').trim().slice(0, max);
}

/** One of the allowed values, or the first of them. */
export function oneOf<const T extends readonly string[]>(raw: string | null, allowed: T): T[number] {
  return (allowed as readonly string[]).includes(raw ?? '') ? (raw as T[number]) : (allowed[0] as T[number]);
}

export type ParamPatch = Record<string, string | number | null | undefined>;

/**
 * Applies changes to search params: empty values, and values equal to their default, are removed so
 * addresses stay short; any change but the page's own resets the page to 1.
 */
export function patchParams(current: URLSearchParams, patch: ParamPatch, defaults: Record<string, string> = {}): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [k, v] of Object.entries(patch)) {
    const s = v === null || v === undefined ? '' : String(v).trim();
    if (s === '' || defaults[k] === s) next.delete(k);
    else next.set(k, s);
  }
  if (!('page' in patch)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}

/** The page's search params and a setter that pushes a history entry (so back returns to the previous list). */
export function useUrlState(defaults: Record<string, string> = {}) {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: ParamPatch) => setParams((cur) => patchParams(cur, patch, defaults), { preventScrollReset: true }),
    // The defaults are constants of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );
  return [params, update] as const;
}
