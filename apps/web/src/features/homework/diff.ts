/**
 * The changes between two versions of a submission, for the teacher (work2): a diff readable for
 * Chinese text. Chinese has no spaces between words, so the text is cut into tokens of one Han
 * character (or one punctuation mark) each, while a run of Latin letters or digits ("2026", "GDP")
 * stays one token and so is never split in the middle. Myers' O((N+M)·D) algorithm finds the
 * shortest edit; then short runs of unchanged text between two changes (a lone 的 or 了) are folded
 * into the changes around them, so a rewritten sentence reads as one deletion and one insertion
 * instead of a comb of fragments.
 */

export type DiffOp = 'same' | 'ins' | 'del';
export interface DiffPart {
  op: DiffOp;
  text: string;
}

/** Tokens: a run of Latin letters/digits, a run of spaces, or any other single character (a Han character, a mark). */
export function tokenize(text: string): string[] {
  return text.match(/[A-Za-z0-9_.%\u00C0-\u024F]+|[ \t]+|\r?\n|[\s\S]/gu) ?? [];
}

/** The shortest edit script between two token lists (Myers), as ops per token. */
function myers(a: string[], b: string[]): DiffOp[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  // Walk back through the saved frontiers.
  const ops: DiffOp[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && vd[offset + k - 1]! < vd[offset + k + 1]!) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : vd[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push('same');
      x--;
      y--;
    }
    if (d > 0) {
      if (x === prevX) {
        ops.push('ins');
        y--;
      } else {
        ops.push('del');
        x--;
      }
    }
  }
  return ops.reverse();
}

/** Consecutive parts of one op joined. */
function joined(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const p of parts) {
    if (!p.text) continue;
    const last = out[out.length - 1];
    if (last?.op === p.op) last.text += p.text;
    else out.push({ ...p });
  }
  return out;
}

/**
 * Unchanged stretches of at most `shortSame` characters lying between changes become a deletion and
 * an insertion of the same text, and each group of changes is shown as its deletion then its insertion.
 */
function folded(parts: DiffPart[], shortSame: number): DiffPart[] {
  const out: DiffPart[] = [];
  let del = '';
  let ins = '';
  const flush = () => {
    if (del) out.push({ op: 'del', text: del });
    if (ins) out.push({ op: 'ins', text: ins });
    del = '';
    ins = '';
  };
  parts.forEach((p, i) => {
    if (p.op === 'del') del += p.text;
    else if (p.op === 'ins') ins += p.text;
    else {
      const between = (del || ins) && i < parts.length - 1 && p.text.length <= shortSame && !p.text.includes('\n');
      if (between) {
        del += p.text;
        ins += p.text;
      } else {
        flush();
        out.push(p);
      }
    }
  });
  flush();
  return joined(out);
}

/** The parts of `after` against `before`: unchanged, inserted and deleted text in reading order. */
export function diffText(before: string, after: string, options: { shortSame?: number } = {}): DiffPart[] {
  if (before === after) return before ? [{ op: 'same', text: before }] : [];
  const a = tokenize(before);
  const b = tokenize(after);
  // Common head and tail first: most revisions touch a few places of a long text.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const parts: DiffPart[] = [{ op: 'same', text: a.slice(0, head).join('') }];
  let i = 0;
  let j = 0;
  for (const op of myers(midA, midB)) {
    if (op === 'same') {
      parts.push({ op, text: midA[i]! });
      i++;
      j++;
    } else if (op === 'del') parts.push({ op, text: midA[i++]! });
    else parts.push({ op, text: midB[j++]! });
  }
  parts.push({ op: 'same', text: a.slice(a.length - tail).join('') });
  return folded(joined(parts), options.shortSame ?? 2);
}

/** Characters inserted and deleted (for the summary above the diff). */
export function diffStats(parts: DiffPart[]): { inserted: number; deleted: number } {
  let inserted = 0;
  let deleted = 0;
  for (const p of parts) {
    const n = [...p.text.replace(/\s/g, '')].length;
    if (p.op === 'ins') inserted += n;
    else if (p.op === 'del') deleted += n;
  }
  return { inserted, deleted };
}
