/** A light loading indicator for pages and small panels (CSS only, so the first load stays small). */
export function Spinner({ label = '正在加载…' }: { label?: string }) {
  return (
    <span className="spinner" role="status">
      <span className="spinner-ring" aria-hidden="true" />
      <span className="spinner-label">{label}</span>
    </span>
  );
}

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner />
    </div>
  );
}
