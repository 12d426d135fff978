/**
 * Readers of list state in the address (page, keyword, category, sort), kept by lib/urlFilters.ts's
 * one hook. Parsing is forgiving: a bad value falls back to the default.
 */

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
