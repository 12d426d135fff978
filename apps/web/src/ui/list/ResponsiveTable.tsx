/**
 * A list that is a table on a wide screen and a column of cards on a phone (below 768 px, where a
 * table's columns do not fit and the page would scroll sideways). Both come from the same column
 * definitions: at desk width they follow the column plan (columnPlan.ts: title at the left, narrow
 * actions at the right, headers on one line); on a card the `titleColumn` is its heading, the other
 * columns are 名称：值 lines and the `actionColumn` (if any) sits at its foot (RowActions turns it into
 * one 操作 menu). The cards follow a pager whose `total` is given (the server's pages); without one
 * they show every row.
 */
import type { ReactNode } from 'react';
import { Empty, Pagination, Spin, Table, type TableProps } from 'antd';
import { ScrollRegion } from '../../features/content/ScrollRegion.tsx';
import { TableRegion } from '../../features/content/TableRegion.tsx';
import { usePageNarrowerThan } from '../../lib/pageWidth.ts';
import { columnId, planColumns, type PlannedColumn } from './columnPlan.ts';
import { CardActions } from './RowActions.tsx';
import './list.css';

/**
 * Whether the page is too narrow for a table (below 768 px as zoomed: lib/pageWidth.ts), following
 * rotation, resizing and the toolbar's zoom: at 640 px (a 1280 px window at the browser's 200 %, or
 * 关怀版's larger text) a list's columns no longer fit and the page scrolled sideways.
 */
export function usePhoneWidth(): boolean {
  return usePageNarrowerThan(768);
}

type Column<T> = PlannedColumn<T>;

export type ResponsiveTableProps<T> = Omit<TableProps<T>, 'columns' | 'rowKey' | 'dataSource'> & {
  columns: Column<T>[];
  dataSource: readonly T[];
  rowKey: (keyof T & string) | ((row: T) => string);
  /** The key (or dataIndex) of the column that heads each card. */
  titleColumn?: string;
  /** The key of the column of buttons or links, put at the foot of each card. */
  actionColumn?: string;
  /** Names the list (and the table's sideways scroll region). */
  label: string;
  /** A table this wide or wider scrolls the whole table with its pager sideways instead of its own box. */
  minWidth?: number;
};

const idOf = columnId;

function cellOf<T>(c: Column<T>, row: T, index: number): ReactNode {
  const where: unknown = c.dataIndex;
  const path: unknown[] = where === undefined ? [] : Array.isArray(where) ? where : [where];
  const value = path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[String(k)] : undefined), path.length ? row : undefined);
  return (c.render ? c.render(value, row, index) : value) as ReactNode;
}

/** The text of a card's title, to name its 操作 menu. */
function cellText<T>(c: Column<T> | undefined, row: T): string {
  const where: unknown = c?.dataIndex;
  const value = typeof where === 'string' ? (row as Record<string, unknown>)[where] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export function ResponsiveTable<T extends object>({ columns, dataSource, rowKey, titleColumn, actionColumn, label, minWidth, ...table }: ResponsiveTableProps<T>) {
  const phone = usePhoneWidth();
  const titleId = titleColumn ?? (columns[0] ? idOf(columns[0]) : '');
  if (!phone) {
    const grid = (
      <Table<T>
        scroll={{ x: 'max-content' }}
        {...table}
        className={['data-table', table.className].filter(Boolean).join(' ')}
        rowKey={rowKey}
        columns={planColumns(columns, { titleColumn: titleId, actionColumn: actionColumn ?? 'actions' })}
        dataSource={dataSource}
      />
    );
    return minWidth ? (
      <ScrollRegion label={label} minWidth={minWidth}>
        {grid}
      </ScrollRegion>
    ) : (
      <TableRegion label={label}>{grid}</TableRegion>
    );
  }
  const title = columns.find((c) => idOf(c) === titleId);
  const action = columns.find((c) => idOf(c) === (actionColumn ?? 'actions'));
  const fields = columns.filter((c) => c !== title && c !== action);
  const { pagination, loading, locale } = table;
  return (
    <Spin spinning={Boolean(loading)}>
      {dataSource.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={locale?.emptyText as ReactNode} />
      ) : (
        <ul className="rt-cards" aria-label={label}>
          {dataSource.map((row, i) => (
            <li key={typeof rowKey === 'function' ? rowKey(row) : String(row[rowKey])} className="rt-card">
              {title ? (
                <div className="rt-card-title" role="heading" aria-level={2}>
                  {cellOf(title, row, i)}
                </div>
              ) : null}
              <dl className="rt-card-fields">
                {fields.map((c) => (
                  <div key={idOf(c)} className="rt-card-field">
                    <dt>{c.title as ReactNode}</dt>
                    <dd>{cellOf(c, row, i)}</dd>
                  </div>
                ))}
              </dl>
              {action ? <CardActions label={cellText(title, row)}>{cellOf(action, row, i)}</CardActions> : null}
            </li>
          ))}
        </ul>
      )}
      {/* A pager over the server's pages; rows the table would page by itself are all shown. */}
      {pagination && pagination.total !== undefined ? <Pagination className="rt-pager" size="small" hideOnSinglePage {...pagination} showSizeChanger={false} /> : null}
    </Spin>
  );
}
