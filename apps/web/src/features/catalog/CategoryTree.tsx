/**
 * The two-level course category tree with course counts; the chosen category is marked as selected.
 * A WAI-ARIA tree: one Tab stop (the chosen category), Up / Down move through the visible
 * entries, Right opens a closed category or enters its first child, Left closes an open one or goes to
 * its parent, Home / End, Enter or Space chooses. Every category starts open, as the tree has always
 * been shown.
 */
import { useState, type KeyboardEvent } from 'react';
import type { catalog } from '@portal/contract';
import { itemsOf, keepTabStop, moveFocus, tabStop } from '../../lib/rovingFocus.ts';

const ALL = 'all';
const keyOf = (id: number | null) => (id === null ? ALL : String(id));

export function CategoryTree({ tree, current, onChoose }: { tree: catalog.CategoryTreeNode[]; current: number | null; onChoose: (id: number | null) => void }) {
  const total = tree.reduce((n, t) => n + t.courseCount, 0);
  const [closed, setClosed] = useState<ReadonlySet<number>>(() => new Set());
  const ids = new Set([null, ...tree.flatMap((t) => [t.id, ...t.children.map((c) => c.id)])]);
  // The Tab stop: the chosen category if it is shown (its parent open), else 全部课程.
  const parentOf = (id: number | null) => tree.find((t) => t.children.some((c) => c.id === id))?.id ?? null;
  const stop = ids.has(current) && !closed.has(parentOf(current) ?? -1) ? keyOf(current) : ALL;
  const setOpen = (id: number, open: boolean) =>
    setClosed((was) => {
      const next = new Set(was);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const items = itemsOf(e.currentTarget, 'treeitem');
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const item = items[at]!;
    const id = item.dataset.id === ALL ? null : Number(item.dataset.id);
    const expanded = item.getAttribute('aria-expanded');
    const go = (target: HTMLElement | undefined) => {
      e.preventDefault();
      moveFocus(items, target);
    };
    switch (e.key) {
      case 'ArrowDown':
        return go(items[at + 1]);
      case 'ArrowUp':
        return go(items[at - 1]);
      case 'Home':
        return go(items[0]);
      case 'End':
        return go(items[items.length - 1]);
      case 'ArrowRight':
        e.preventDefault();
        if (expanded === 'false' && id !== null) setOpen(id, true);
        else if (expanded === 'true') go(items[at + 1]);
        return;
      case 'ArrowLeft': {
        e.preventDefault();
        if (expanded === 'true' && id !== null) return setOpen(id, false);
        const parent = parentOf(id);
        if (parent !== null) go(items.find((el) => el.dataset.id === String(parent)));
        return;
      }
      case 'Enter':
      case ' ':
        e.preventDefault();
        onChoose(id);
        return;
    }
  };

  const row = (id: number | null, name: string, count: number, level: 1 | 2, extra: { expanded?: boolean; setsize: number; posinset: number }) => (
    <div
      role="treeitem"
      data-id={keyOf(id)}
      tabIndex={tabStop(keyOf(id) === stop)}
      aria-level={level}
      aria-setsize={extra.setsize}
      aria-posinset={extra.posinset}
      aria-expanded={extra.expanded}
      aria-selected={current === id}
      className={`tree-item tree-level-${level}`}
      onClick={() => onChoose(id)}
    >
      <span className="tree-name">{name}</span>
      <span className="tree-count">{count}</span>
    </div>
  );
  return (
    <nav className="category-tree" aria-label="课程分类">
      <ul role="tree" aria-label="课程分类" onKeyDown={onKeyDown} onFocus={keepTabStop('treeitem')}>
        <li role="none">{row(null, '全部课程', total, 1, { setsize: tree.length + 1, posinset: 1 })}</li>
        {tree.map((top, i) => {
          const open = !closed.has(top.id);
          return (
            <li key={top.id} role="none">
              {row(top.id, top.name, top.courseCount, 1, { expanded: top.children.length > 0 ? open : undefined, setsize: tree.length + 1, posinset: i + 2 })}
              {top.children.length > 0 ? (
                <ul role="group" hidden={!open}>
                  {top.children.map((c, j) => (
                    <li key={c.id} role="none">
                      {row(c.id, c.name, c.courseCount, 2, { setsize: top.children.length, posinset: j + 1 })}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
