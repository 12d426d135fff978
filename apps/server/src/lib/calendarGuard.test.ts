/**
 * No time-zone arithmetic outside the calendar (packages/contract/src/calendar.ts): a "+8 hours"
 * written anywhere else is a second clock, right in China and wrong for a college configured with
 * another TIME_ZONE (and, in a browser, often the computer's zone instead of the college's). Tests
 * are left out: they name the zones they check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CALENDAR = path.join('packages', 'contract', 'src', 'calendar.ts');
/** Installed and built code (dist, dist-ssr) is not ours to read. */
const SKIPPED_DIRS = new Set(['node_modules', 'build', 'coverage']);

/** What China time written by hand looks like. */
export const ZONE_ARITHMETIC: { what: string; pattern: RegExp }[] = [
  { what: 'a +08:00 offset', pattern: /[+]0?8:?00\b/ },
  { what: 'eight hours in seconds or milliseconds', pattern: /\b8 \* 3_?600\b|\b8 \* 3_?600_?000\b|\b8 \* 60 \* 60(_?000)?\b|\b28_?800(_?000)?\b/ },
  { what: 'eight hours in minutes', pattern: /\b8 \* 60\b(?!_?000| \* )/ },
  { what: '480 minutes as an offset', pattern: /(offset|utc|zone)[^\n]{0,40}\b480\b|\b480\b[^\n]{0,40}(offset|utc|zone)/i },
  { what: 'a zone named outside the calendar', pattern: /Asia\/Shanghai/ },
  { what: "the computer's own zone", pattern: /getTimezoneOffset/ },
];

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (!SKIPPED_DIRS.has(e.name) && !e.name.startsWith('.') && !e.name.startsWith('dist')) sources(path.join(dir, e.name), out);
    } else if (/\.(ts|tsx)$/.test(e.name) && !/\.(test|e2e)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(path.join(dir, e.name));
  }
  return out;
}

/** Each line of `text` that matches one of the patterns, as "line: what". */
export function zoneArithmeticIn(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const p of ZONE_ARITHMETIC) if (p.pattern.test(line)) found.push(`${i + 1}: ${p.what}: ${line.trim().slice(0, 120)}`);
  });
  return found;
}

describe('the calendar is the only clock', () => {
  it('recognises China time written by hand', () => {
    expect(zoneArithmeticIn('const cn = new Date(d.getTime() + 8 * 3600_000);')).toHaveLength(1);
    expect(zoneArithmeticIn('const CST_MS = 8 * 3_600_000;')).toHaveLength(1);
    expect(zoneArithmeticIn("format(d, { timeZone: 'Asia/Shanghai' })")).toHaveLength(1);
    expect(zoneArithmeticIn("dayjs(iso).utcOffset(480)")).toHaveLength(1);
    expect(zoneArithmeticIn('const minutes = -new Date().getTimezoneOffset();')).toHaveLength(1);
    expect(zoneArithmeticIn("Date.parse(`${day}T00:00:00+08:00`)")).toHaveLength(1);
    expect(zoneArithmeticIn('const local = at + 8 * 60 * 60_000;')).toHaveLength(1);
    expect(zoneArithmeticIn('const shift = 8 * 60;')).toHaveLength(1);
    // Durations and sizes are not offsets.
    expect(zoneArithmeticIn('startedAt: new Date(submittedAt - 8 * 60_000), width={480}')).toEqual([]);
  });

  it('no source file of apps/ or packages/ outside the calendar does time-zone arithmetic', () => {
    const files = [...sources(path.join(ROOT, 'apps')), ...sources(path.join(ROOT, 'packages'))];
    expect(files.length).toBeGreaterThan(100);
    const found = files
      .filter((f) => path.relative(ROOT, f) !== CALENDAR)
      .flatMap((f) => zoneArithmeticIn(readFileSync(f, 'utf8')).map((hit) => `${path.relative(ROOT, f)}:${hit}`));
    expect(found).toEqual([]);
  });
});
