/**
 * The column layout of every table on the teacher's desk (one rule for all, not per page): the table
 * is as wide as its columns need (`max-content`, so no header is squeezed to one character a line)
 * and scrolls sideways inside its own box when the screen is narrower, while the columns that say
 * whose row it is (up to and including the name column) stay at the left and the action column
 * (key `action`) stays at the right. Each page orders its columns by what matters most, so the most
 * used ones sit next to the name and are seen without scrolling.
 */
import { createElement, isValidElement, type ReactNode } from 'react';
import type { TableColumnType, TableProps } from 'antd';

/** antd's cell padding on either side (the default size), inside a column's width. */
const CELL_PADDING = 16;

/**
 * A column with `ellipsis` and a width keeps to that width: in a `max-content` table antd's ellipsis
 * cell still grows to its whole text (a unit's long name made the practice table 52 px wider than the
 * desk at 1920 px, its end under the fixed action column), so the text sits in a box of the column's
 * width, cut with an ellipsis, the whole text in its title.
 */
function keptToWidth<T>(c: TableColumnType<T>): TableColumnType<T> {
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

export function deskTable<T>(columns: TableColumnType<T>[], { name }: { name: string }): Pick<TableProps<T>, 'columns' | 'scroll' | 'className'> {
  const nameAt = columns.findIndex((c) => c.key === name || c.dataIndex === name);
  if (nameAt < 0) throw new Error(`deskTable: no column ${name}`);
  return {
    className: 'desk-table',
    scroll: { x: 'max-content' },
    columns: columns.map(keptToWidth).map((c, i) => (i <= nameAt ? { ...c, fixed: 'left' } : c.key === 'action' ? { ...c, fixed: 'right', className: 'desk-action' } : c)),
  };
}
