/**
 * The column plan of every list at desk width: the title column (and any before it) stays at the left
 * and the action column at the right while the rest scrolls sideways between them, and no header is
 * squeezed narrower than its own text. The table itself is as wide as its columns need
 * (`scroll.x: max-content`), so at 1280 px the title, state and time columns are drawn beside a narrow
 * action column (two buttons and 更多, RowActions) instead of under a wide one that covered them.
 */
import { createElement, isValidElement, type ReactNode } from 'react';
import type { TableColumnType } from 'antd';

export type PlannedColumn<T> = TableColumnType<T>;

/** antd's cell padding on either side (the default size), inside a column's width. */
const CELL_PADDING = 16;

/**
 * A column with `ellipsis` and a width keeps to that width: in a `max-content` table antd's ellipsis
 * cell still grows to its whole text (a unit's long name made the practice table 52 px wider than the
 * desk at 1920 px, its end under the fixed action column), so the text sits in a box of the column's
 * width, cut with an ellipsis, the whole text in its title.
 */
export function keptToWidth<T>(c: TableColumnType<T>): TableColumnType<T> {
  if (!c.ellipsis || typeof c.width !== 'number') return c;
  const max = c.width - 2 * CELL_PADDING;
  return {
    ...c,
    render: (value: unknown, row: T, index: number) => {
      const shown = (c.render ? c.render(value, row, index) : value) as ReactNode;
      if (shown !== null && typeof shown === 'object' && !isValidElement(shown)) return shown;
      const title = typeof shown === 'string' || typeof shown === 'number' ? String(shown) : undefined;
      return createElement('span', { className: 'desk-clip', style: { maxWidth: max }, title }, shown);
    },
  };
}

/** A column's key, or its dataIndex when it has no key. */
export function columnId<T>(c: PlannedColumn<T>): string {
  // antd's DataIndex is a deep path type; read it as plain data (narrowing it made tsc run out of memory).
  const index: unknown = c.dataIndex;
  return String(c.key ?? (Array.isArray(index) ? index.join('.') : (index ?? '')));
}

/** Pixels a header needs for its text on one line: the widest CJK character is 1 em (14 px), plus padding and a sorter's arrow. */
export function headerWidth(title: unknown, sortable = false): number {
  const text = typeof title === 'string' ? title : '';
  let em = 0;
  for (const ch of text) em += ch.charCodeAt(0) < 0x100 ? 0.6 : 1;
  return Math.ceil(em * 16) + 34 + (sortable ? 20 : 0);
}

/** The width an action column needs for two link buttons and 更多. */
export const ACTION_WIDTH = 168;

/** A column that says a row's state or time (or the audit log's 说明): in view beside the title at any desk width. */
export const KEY_TITLE = /(状态|时间|日期|说明)$/;

/**
 * The title first (with the columns before it), then the row's state and time columns, then the rest
 * in their order, the actions last: a page lists its columns by meaning, and at 1280 px the ones a
 * person scans for are never the ones scrolled under the action column.
 */
export function orderColumns<T>(columns: PlannedColumn<T>[], titleAt: number, actionColumn: string): PlannedColumn<T>[] {
  const head = columns.slice(0, titleAt + 1);
  const rest = columns.slice(titleAt + 1);
  const isKey = (c: PlannedColumn<T>) => typeof c.title === 'string' && KEY_TITLE.test(c.title) && columnId(c) !== actionColumn;
  return [...head, ...rest.filter(isKey), ...rest.filter((c) => !isKey(c))];
}

export function planColumns<T>(columns: PlannedColumn<T>[], { titleColumn, actionColumn = 'actions' }: { titleColumn?: string; actionColumn?: string } = {}): PlannedColumn<T>[] {
  const titleAt = Math.max(0, titleColumn ? columns.findIndex((c) => columnId(c) === titleColumn) : 0);
  return orderColumns(columns, titleAt, actionColumn).map(keptToWidth).map((c, i) => {
    const id = columnId(c);
    const need = headerWidth(c.title, Boolean(c.sorter));
    const width = typeof c.width === 'number' ? Math.max(c.width, need) : c.width;
    const planned: PlannedColumn<T> = {
      ...c,
      width,
      // A header keeps to one line (no 应完/成学/时); the cell's text may wrap at word boundaries only.
      onHeaderCell: (col) => ({ ...(c.onHeaderCell?.(col) ?? {}), style: { whiteSpace: 'nowrap', minWidth: need } }),
    };
    if (id === actionColumn) return { ...planned, fixed: 'right', width: typeof c.width === 'number' ? Math.min(Math.max(c.width, need), ACTION_WIDTH) : ACTION_WIDTH, className: [c.className, 'list-actions'].filter(Boolean).join(' ') };
    if (titleAt >= 0 && i <= titleAt) return { ...planned, fixed: 'left' };
    return planned;
  });
}
