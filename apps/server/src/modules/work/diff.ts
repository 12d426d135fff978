/**
 * What changed between two versions of a text, for the teacher: sentence by sentence (a sentence ends
 * at 。！？；…, a line end, or their Latin counterparts), and where one run of sentences replaced
 * another, character by character within it, so a corrected word shows as that word. Longest common
 * subsequence on small inputs (a 心得体会 has a few hundred sentences at most); adjacent parts of the
 * same kind are merged.
 */
import type { work } from '@portal/contract';

type Part = work.DiffPart;

const SENTENCE = /[^。！？；!?;\n]*(?:[。！？；!?;]+[”’」』）)]*|\n+|$)/g;

export function sentences(text: string): string[] {
  return (text.match(SENTENCE) ?? []).filter((s) => s.length > 0);
}

/** The LCS table walk of two token lists, as equal / delete / insert runs. */
function lcs<T>(a: T[], b: T[], eq: (x: T, y: T) => boolean): { op: Part['op']; items: T[] }[] {
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) table[i]![j] = eq(a[i]!, b[j]!) ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const out: { op: Part['op']; items: T[] }[] = [];
  const push = (op: Part['op'], item: T) => {
    const last = out[out.length - 1];
    if (last && last.op === op) last.items.push(item);
    else out.push({ op, items: [item] });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (eq(a[i]!, b[j]!)) {
      push('equal', a[i]!);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) push('delete', a[i++]!);
    else push('insert', b[j++]!);
  }
  while (i < n) push('delete', a[i++]!);
  while (j < m) push('insert', b[j++]!);
  return out;
}

function merge(parts: Part[]): Part[] {
  const out: Part[] = [];
  for (const p of parts) {
    if (!p.text) continue;
    const last = out[out.length - 1];
    if (last && last.op === p.op) last.text += p.text;
    else out.push({ ...p });
  }
  return out;
}

/** Character budget for the fine diff of one replaced run (its LCS table is the product of the two). */
const FINE_MAX = 4_000_000;

export function diffTexts(older: string, newer: string): Part[] {
  const runs = lcs(sentences(older), sentences(newer), (x, y) => x === y);
  const parts: Part[] = [];
  for (let k = 0; k < runs.length; k++) {
    const run = runs[k]!;
    const next = runs[k + 1];
    if (run.op === 'delete' && next?.op === 'insert') {
      const a = run.items.join('');
      const b = next.items.join('');
      if (a.length * b.length <= FINE_MAX) {
        const fine = lcs([...a], [...b], (x, y) => x === y);
        // A sentence rewritten beyond recognition reads better as removed and added whole.
        const same = fine.filter((r) => r.op === 'equal').reduce((s, r) => s + r.items.length, 0);
        if (same * 2 >= Math.min(a.length, b.length)) {
          for (const r of fine) parts.push({ op: r.op, text: r.items.join('') });
          k++;
          continue;
        }
      }
    }
    parts.push({ op: run.op, text: run.items.join('') });
  }
  return merge(parts);
}
