/**
 * The README is the door and docs/ the rooms: every relative link among them must lead somewhere (a
 * file, and a heading when it names one), and the README stays short enough to read in one sitting.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const README_MAX_BYTES = 15_000;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(full);
    return e.name.endsWith('.md') ? [full] : [];
  });
}

/** The text without fenced blocks and inline code, where a bracket is not a link. */
export function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Relative link targets of a markdown text: inline links and images; web, mail and same-page-less schemes left out. */
export function relativeLinks(text: string): string[] {
  const links: string[] = [];
  for (const m of prose(text).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    links.push(target);
  }
  return links;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens (CJK kept). */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = prose(readFileSync(file, 'utf8'));
  return new Set([...text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => slug(m[1]!)));
}

/** What is wrong with one link written in `from`, or null when it resolves. */
export function brokenLink(from: string, target: string): string | null {
  const [rawPath, anchor] = target.split('#', 2) as [string, string | undefined];
  const file = rawPath === '' ? from : path.resolve(path.dirname(from), decodeURIComponent(rawPath));
  if (!existsSync(file)) return `${target}: no such file`;
  if (anchor === undefined || anchor === '') return null;
  if (statSync(file).isDirectory() || !file.endsWith('.md')) return `${target}: an anchor into something that is not a markdown file`;
  return anchorsOf(file).has(decodeURIComponent(anchor).toLowerCase()) ? null : `${target}: no heading with that anchor`;
}

describe('README and docs/', () => {
  const files = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];

  it('every relative link and anchor resolves', () => {
    const broken = files.flatMap((f) =>
      relativeLinks(readFileSync(f, 'utf8'))
        .map((t) => brokenLink(f, t))
        .filter((p): p is string => p !== null)
        .map((p) => `${path.relative(root, f)}: ${p}`),
    );
    expect(broken).toEqual([]);
  });

  it(`the README is at most ${README_MAX_BYTES} bytes and keeps the two commands`, () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(README_MAX_BYTES);
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });

  it('finds a broken link, a broken anchor and skips code and web addresses', () => {
    const readme = path.join(root, 'README.md');
    expect(brokenLink(readme, 'docs/no-such-page.md')).toMatch(/no such file/);
    expect(brokenLink(readme, 'README.md#no-such-heading')).toMatch(/no heading/);
    expect(brokenLink(readme, '#demo-accounts')).toBeNull();
    expect(relativeLinks('[a](https://example.org) `[b](c.md)` [d](e.md#f)\n```\n[g](h.md)\n```\n')).toEqual(['e.md#f']);
    expect(slug('关怀版 (care mode) and the toolbar')).toBe('关怀版-care-mode-and-the-toolbar');
  });
});
