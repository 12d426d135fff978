/**
 * 关怀版 sets every text to at least 18 px and keeps a larger size an element was given (display.css):
 * it can see that size only through `--own-size`. A style sheet that writes a size above 18 px as a bare
 * `font-size` would have it shrunk to 18 px in care mode (a statistic, a countdown, the certificate's title).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

function sheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sheets(path);
    return e.name.endsWith('.css') && e.name !== 'display.css' ? [path] : [];
  });
}

interface Rule {
  sheet: string;
  selectors: string[];
  body: string;
}

function rulesOf(path: string): Rule[] {
  const text = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({
    sheet: relative(SRC, path),
    selectors: m[1]!.split(',').map((s) => s.trim()),
    body: m[2]!,
  }));
}

describe('text sizes in care mode', () => {
  const rules = sheets(SRC).flatMap(rulesOf).filter((r) => !r.selectors.some((s) => s.includes('data-care')));

  it('a size above 18 px is written through --own-size, so care mode keeps it', () => {
    const bare = rules.flatMap((r) => [...r.body.matchAll(/(?<![-\w])font-size:\s*(\d+(?:\.\d+)?)px/g)].filter((m) => Number(m[1]) > 18).map((m) => `${r.sheet}: ${r.selectors.join(', ')} { ${m[0]} }`));
    expect(bare).toEqual([]);
  });

  it('a selector sized through --own-size is sized through it everywhere (a smaller size for phones too)', () => {
    const own = new Set(rules.filter((r) => r.body.includes('--own-size')).flatMap((r) => r.selectors));
    expect(own.size).toBeGreaterThan(10);
    const stray = rules.filter((r) => r.selectors.some((s) => own.has(s)) && /(?<![-\w])font-size:\s*\d/.test(r.body) && !r.body.includes('--own-size'));
    expect(stray.map((r) => `${r.sheet}: ${r.selectors.join(', ')}`)).toEqual([]);
  });
});
