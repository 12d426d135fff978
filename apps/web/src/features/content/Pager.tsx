/**
 * Paging for list pages: previous / numbered / next links, plain buttons so it costs the first load
 * nothing. Shows the total; hidden when everything fits on one page.
 */
export function pageWindow(current: number, pages: number, width = 2): (number | 'gap')[] {
  const out: (number | 'gap')[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= width) out.push(p);
    else if (out[out.length - 1] !== 'gap') out.push('gap');
  }
  return out;
}

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  label?: string;
}

export function Pager({ page, pageSize, total, onChange, label = '分页' }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page <= 1) return <p className="pager-total">共 {total} 条</p>;
  return (
    <nav className="pager" aria-label={label}>
      <span className="pager-total">共 {total} 条</span>
      <button type="button" className="pager-btn" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        上一页
      </button>
      {pageWindow(page, pages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap${i}`} className="pager-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={p === page ? 'pager-btn pager-current' : 'pager-btn'}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`第${p}页`}
            onClick={() => onChange(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className="pager-btn" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        下一页
      </button>
    </nav>
  );
}
