/**
 * A list that is a table on a wide screen and a column of cards on a phone (below 576 px, 768 px in
 * 关怀版, where a table's columns do not fit and the page would scroll sideways). Both come from the
 * same column definitions: on a card the `titleColumn` is its heading, the other columns are 名称：值
 * lines and the `actionColumn` (if any) sits at its foot. The cards follow a pager whose `total` is
 * given (the server's pages); without one they show every row.
 */
import type { Key, ReactNode } from 'react';
import { Empty, Pagination, Spin, Table, type TableColumnType, type TableProps } from 'antd';
import { ScrollRegion } from '../content/ScrollRegion.tsx';
import { usePageNarrowerThan } from '../../lib/pageWidth.ts';
import { useDisplay } from '../../lib/display.ts';
import './responsiveTable.css';

/**
 * Whether the page is too narrow for the table (below 576 px as zoomed: lib/pageWidth.ts), following
 * rotation, resizing and the toolbar's zoom. In 关怀版 the text is about a third larger, so the cards
 * start below 768 px: at 640 px (a 1280 px window at the browser's 200 %) the table's columns no
 * longer fit and the page scrolled sideways.
 */
export function usePhoneWidth(): boolean {
  const { care } = useDisplay();
  return usePageNarrowerThan(care ? 768 : 576);
}

type Column<T> = TableColumnType<T> & { key?: Key; dataIndex?: keyof T & string };

export type ResponsiveTableProps<T> = Omit<TableProps<T>, 'columns' | 'rowKey' | 'dataSource'> & {
  columns: Column<T>[];
  dataSource: readonly T[];
  rowKey: keyof T & string;
  /** The key (or dataIndex) of the column that heads each card. */
  titleColumn: string;
  /** The key of the column of buttons or links, put at the foot of each card. */
  actionColumn?: string;
  /** Names the list (and the table's sideways scroll region). */
  label: string;
  /** A table this wide or wider scrolls sideways in its own region instead of squeezing its columns. */
  minWidth?: number;
};

const idOf = <T,>(c: Column<T>) => String(c.key ?? c.dataIndex ?? '');

function cellOf<T>(c: Column<T>, row: T, index: number): ReactNode {
  const value = c.dataIndex ? row[c.dataIndex] : undefined;
  return (c.render ? c.render(value, row, index) : value) as ReactNode;
}

export function ResponsiveTable<T extends object>({ columns, dataSource, rowKey, titleColumn, actionColumn, label, minWidth, ...table }: ResponsiveTableProps<T>) {
  const phone = usePhoneWidth();
  if (!phone) {
    const grid = <Table<T> {...table} rowKey={rowKey} columns={columns} dataSource={dataSource} />;
    return minWidth ? (
      <ScrollRegion label={label} minWidth={minWidth}>
        {grid}
      </ScrollRegion>
    ) : (
      grid
    );
  }
  const title = columns.find((c) => idOf(c) === titleColumn);
  const action = actionColumn ? columns.find((c) => idOf(c) === actionColumn) : undefined;
  const fields = columns.filter((c) => c !== title && c !== action);
  const { pagination, loading, locale } = table;
  return (
    <Spin spinning={Boolean(loading)}>
      {dataSource.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={locale?.emptyText as ReactNode} />
      ) : (
        <ul className="rt-cards" aria-label={label}>
          {dataSource.map((row, i) => (
            <li key={String(row[rowKey])} className="rt-card">
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
              {action ? <div className="rt-card-actions">{cellOf(action, row, i)}</div> : null}
            </li>
          ))}
        </ul>
      )}
      {/* A pager over the server's pages; rows the table would page by itself are all shown. */}
      {pagination && pagination.total !== undefined ? <Pagination className="rt-pager" size="small" hideOnSinglePage {...pagination} showSizeChanger={false} /> : null}
    </Spin>
  );
}
