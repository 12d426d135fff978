import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGES_WITHOUT_ANTD } from './antdFree.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Static imports of a module (dynamic import() calls are chunks of their own and are not followed). */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^import\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    if (!m[1]) found.push(m[2]!);
  }
  return found;
}

/** Every module reached from `entry` by static imports: the relative ones followed, packages listed. */
function closure(entry: string): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (!/\.(ts|tsx)$/.test(file)) return;
    for (const spec of staticImports(file)) {
      if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec));
      else if (!packages.has(spec)) packages.set(spec, path.relative(SRC, file));
    }
  };
  visit(entry);
  return { files, packages };
}

const usesAntd = (pkg: string) => pkg === 'antd' || pkg.startsWith('antd/');

describe('pages drawn without antd', () => {
  it('the frame (main.tsx and what it imports) loads no antd', () => {
    const { packages } = closure(path.join(SRC, 'main.tsx'));
    expect([...packages].filter(([p]) => usesAntd(p))).toEqual([]);
  });

  it.each(PAGES_WITHOUT_ANTD)('%s imports no antd', (route) => {
    const { packages } = closure(path.join(SRC, 'pages', route, 'Page.tsx'));
    expect([...packages].filter(([p]) => usesAntd(p))).toEqual([]);
  });

  it('the scan sees antd where it is used', () => {
    const { packages } = closure(path.join(SRC, 'pages', 'specialTraining', 'Page.tsx'));
    expect([...packages.keys()].some(usesAntd)).toBe(true);
  });
});
