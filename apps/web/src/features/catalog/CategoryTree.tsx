/** The two-level course category tree with course counts; the chosen category is marked as current. */
import type { catalog } from '@portal/contract';

export function CategoryTree({ tree, current, onChoose }: { tree: catalog.CategoryTreeNode[]; current: number | null; onChoose: (id: number | null) => void }) {
  const total = tree.reduce((n, t) => n + t.courseCount, 0);
  const item = (id: number | null, name: string, count: number, level: 1 | 2) => (
    <button type="button" className={`tree-item tree-level-${level}`} aria-current={current === id ? 'true' : undefined} onClick={() => onChoose(id)}>
      <span className="tree-name">{name}</span>
      <span className="tree-count">{count}</span>
    </button>
  );
  return (
    <nav className="category-tree" aria-label="课程分类">
      <ul>
        <li>{item(null, '全部课程', total, 1)}</li>
        {tree.map((top) => (
          <li key={top.id}>
            {item(top.id, top.name, top.courseCount, 1)}
            {top.children.length > 0 ? (
              <ul>
                {top.children.map((c) => (
                  <li key={c.id}>{item(c.id, c.name, c.courseCount, 2)}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
