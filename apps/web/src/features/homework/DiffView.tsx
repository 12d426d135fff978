/**
 * The changes between two versions of a text: insertions underlined on green, deletions struck
 * through on red, each also announced to screen readers (新增 / 删除), with the counts above.
 */
import type { work as W } from '@portal/contract';

/** A version's text as compared: the Markdown source, or the practice template's fields with their headings. */
export function plainOf(v: Pick<W.WorkVersion, 'text' | 'practice'>): string {
  if (!v.practice) return v.text;
  const p = v.practice;
  return `实践时间：${p.time}\n实践地点：${p.place}\n实践内容：\n${p.done}\n取得成效：\n${p.outcome}`;
}

const chars = (s: string) => [...s.replace(/\s/g, '')].length;

export function DiffView({ parts }: { parts: W.DiffPart[] }) {
  const inserted = parts.filter((p) => p.op === 'insert').reduce((n, p) => n + chars(p.text), 0);
  const deleted = parts.filter((p) => p.op === 'delete').reduce((n, p) => n + chars(p.text), 0);
  return (
    <div className="hw-diff-box">
      <div className="hw-legend">
        <span>
          <ins>新增</ins> {inserted}字
        </span>
        <span>
          <del>删除</del> {deleted}字
        </span>
        {inserted + deleted === 0 ? <span>与上一版本相同</span> : null}
      </div>
      <div className="hw-diff" data-testid="diff">
        {parts.map((p, i) =>
          p.op === 'insert' ? (
            <ins key={i}>
              <span className="hw-sr">［新增：</span>
              {p.text}
              <span className="hw-sr">］</span>
            </ins>
          ) : p.op === 'delete' ? (
            <del key={i}>
              <span className="hw-sr">［删除：</span>
              {p.text}
              <span className="hw-sr">］</span>
            </del>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
      </div>
    </div>
  );
}
