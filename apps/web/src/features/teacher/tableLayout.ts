/**
 * The column layout of every table on the teacher's desk (one rule for all, not per page): the table
 * is as wide as its columns need (`max-content`, so no header is squeezed to one character a line)
 * and scrolls sideways inside its own box when the screen is narrower, while the columns that say
 * whose row it is (up to and including the name column) stay at the left and the action column
 * (key `action`) stays at the right. Each page orders its columns by what matters most, so the most
 * used ones sit next to the name and are seen without scrolling.
 */
import type { TableColumnType, TableProps } from 'antd';
import { keptToWidth } from '../../ui/list/columnPlan.ts';

export function deskTable<T>(columns: TableColumnType<T>[], { name }: { name: string }): Pick<TableProps<T>, 'columns' | 'scroll' | 'className'> {
  const nameAt = columns.findIndex((c) => c.key === name || c.dataIndex === name);
  if (nameAt < 0) throw new Error(`deskTable: no column ${name}`);
  return {
    className: 'desk-table',
    scroll: { x: 'max-content' },
    columns: columns.map(keptToWidth).map((c, i) => (i <= nameAt ? { ...c, fixed: 'left' } : c.key === 'action' ? { ...c, fixed: 'right', className: 'desk-action' } : c)),
  };
}

/**
 * The same columns for the list kit's ResponsiveTable (ui/list): its column plan fixes the name column
 * (and those before it) at the left and the action column at the right at desk width, and on a phone
 * it makes a card per row headed by the name.
 */
export function deskList<T>(columns: TableColumnType<T>[], { name }: { name: string }): { columns: TableColumnType<T>[]; titleColumn: string; actionColumn: string; className: string } {
  if (!columns.some((c) => c.key === name || c.dataIndex === name)) throw new Error(`deskList: no column ${name}`);
  return { className: 'desk-table', columns, titleColumn: name, actionColumn: 'action' };
}
