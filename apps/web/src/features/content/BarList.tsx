/** Ranked rows with a bar proportional to the largest value, in plain CSS (the home page draws no chart library). */
export interface BarRow {
  key: string | number;
  name: string;
  sub?: string;
  value: number;
  valueText: string;
}

export function BarList({ rows, label, ranked = true }: { rows: BarRow[]; label: string; ranked?: boolean }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ol className="bar-list" aria-label={label}>
      {rows.map((r, i) => (
        <li key={r.key}>
          <span className="bar-rank" aria-hidden={!ranked}>
            {ranked ? i + 1 : ''}
          </span>
          <span className="bar-name">
            {r.name}
            {r.sub ? <span className="bar-sub"> {r.sub}</span> : null}
          </span>
          <span className="bar-value">{r.valueText}</span>
          <span className="bar-track" aria-hidden="true">
            <span style={{ width: `${Math.round((r.value / max) * 100)}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}
