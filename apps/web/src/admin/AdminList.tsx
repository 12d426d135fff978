/**
 * The one list of the administration area (ARCHITECTURE.md section 5, "one list pattern"): filters kept
 * in the address (a reload or a link opens the same rows), a paged antd Table from the section's list
 * call, and 导出Excel from its export call with exactly the same filter — the screen and the file come
 * from one query on the server. Loading, empty and failed states are the table's own.
 */
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Form, Input, Select, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { AnyCall } from '@portal/contract/refs';
import { useCallQuery } from '../api/useCallQuery.ts';
import type { CallInput } from '../api/client.ts';
import { useUrlFilters } from '../lib/urlFilters.ts';
import { ExportButton } from '../features/teacher/ExportButton.tsx';
import { TableRegion } from '../features/content/TableRegion.tsx';

export type FilterField =
  | { kind: 'text'; name: string; label: string; placeholder?: string; width?: number }
  | { kind: 'select'; name: string; label: string; options: { value: string; label: string }[]; width?: number; search?: boolean }
  /** Two address keys, `from` and `to` by default (dates, both included). */
  | { kind: 'dateRange'; label: string; from?: string; to?: string };

interface Page<Row> {
  list: Row[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface AdminListProps<Row> {
  /** The table's name, for the region it scrolls sideways in (TableRegion). */
  label: string;
  /** The list call: takes pageNum, pageSize and the filters; answers { list, total, pageNum, pageSize }. */
  list: AnyCall;
  /** The export call taking the same filters (a file). */
  exportCall?: AnyCall;
  exportName?: string;
  filters: FilterField[];
  columns: TableColumnsType<Row>;
  rowKey: keyof Row & string;
  /** Fixed query values (a section's kind, a chosen unit) sent with every page and the export. */
  fixed?: Record<string, string | number | undefined>;
  /** Buttons beside 导出 (新建...). */
  toolbar?: ReactNode;
  /** Text above the table (a retention note, a count). */
  caption?: (page: Page<Row> | undefined) => ReactNode;
  expandable?: TableProps<Row>['expandable'];
  rowSelection?: { selected: Key[]; onChange: (keys: Key[]) => void };
  /** What an empty list says. */
  empty?: string;
  pageSize?: number;
  /** Ask for the page again every so many milliseconds while it shows work under way (false: stop). */
  refetchInterval?: (page: Page<Row> | undefined) => number | false;
}

const namesOf = (filters: FilterField[]) => filters.flatMap((f) => (f.kind === 'dateRange' ? [f.from ?? 'from', f.to ?? 'to'] : [f.name]));

export function AdminList<Row extends object>(props: AdminListProps<Row>) {
  const { label, list, exportCall, exportName, filters, columns, rowKey, fixed, toolbar, caption, expandable, rowSelection, empty = '暂无数据', pageSize = 20, refetchInterval } = props;
  const defaults = useMemo(() => ({ pageNum: 1, pageSize, ...Object.fromEntries(namesOf(filters).map((n) => [n, ''])) }), [filters, pageSize]);
  const [values, update] = useUrlFilters(defaults as Record<string, string | number>);
  const [form] = Form.useForm();
  const [formKey, setFormKey] = useState(0);

  const filterQuery = useMemo(() => {
    const q: Record<string, string | number> = {};
    for (const n of namesOf(filters)) if (values[n] !== '' && values[n] !== undefined) q[n] = values[n]!;
    for (const [k, v] of Object.entries(fixed ?? {})) if (v !== undefined && v !== '') q[k] = v;
    return q;
  }, [values, filters, fixed]);
  const query = { ...filterQuery, pageNum: Number(values.pageNum), pageSize: Number(values.pageSize) };
  const result = useCallQuery(list, { query } as CallInput<typeof list>, { keepPrevious: true, staleTime: 0, refetchInterval: refetchInterval && ((d) => refetchInterval(d as Page<Row> | undefined)) });
  const page = result.data as Page<Row> | undefined;

  const initial = Object.fromEntries(
    filters.map((f) => {
      if (f.kind !== 'dateRange') return [f.name, values[f.name] || undefined];
      const from = values[f.from ?? 'from'];
      const to = values[f.to ?? 'to'];
      return ['__range', from && to ? [dayjs(String(from)), dayjs(String(to))] : undefined];
    }),
  );

  const search = (v: Record<string, unknown>) => {
    const changes: Record<string, string> = {};
    for (const f of filters) {
      if (f.kind === 'dateRange') {
        const r = v.__range as [dayjs.Dayjs, dayjs.Dayjs] | undefined | null;
        changes[f.from ?? 'from'] = r ? r[0].format('YYYY-MM-DD') : '';
        changes[f.to ?? 'to'] = r ? r[1].format('YYYY-MM-DD') : '';
      } else changes[f.name] = typeof v[f.name] === 'string' ? (v[f.name] as string).trim() : '';
    }
    update(changes);
  };

  const reset = () => {
    update(Object.fromEntries(namesOf(filters).map((n) => [n, ''])));
    setFormKey((k) => k + 1);
  };

  return (
    <div className="admin-list">
      {filters.length > 0 ? (
        <Form key={formKey} form={form} layout="inline" initialValues={initial} onFinish={search} className="admin-list-filters">
          {filters.map((f) =>
            f.kind === 'text' ? (
              <Form.Item key={f.name} name={f.name} label={f.label}>
                <Input allowClear placeholder={f.placeholder} style={{ width: f.width ?? 180 }} maxLength={40} />
              </Form.Item>
            ) : f.kind === 'select' ? (
              <Form.Item key={f.name} name={f.name} label={f.label}>
                <Select allowClear placeholder="全部" options={f.options} style={{ width: f.width ?? 140 }} showSearch={f.search ? { optionFilterProp: 'label' } : false} />
              </Form.Item>
            ) : (
              <Form.Item key="__range" name="__range" label={f.label}>
                <DatePicker.RangePicker allowEmpty={[false, false]} />
              </Form.Item>
            ),
          )}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Button onClick={reset}>重置</Button>
            </Space>
          </Form.Item>
        </Form>
      ) : null}
      <div className="admin-list-toolbar">
        <div>{caption ? caption(page) : page ? `共 ${page.total} 条` : null}</div>
        <Space wrap>
          {toolbar}
          {exportCall ? <ExportButton call={exportCall} query={filterQuery} fileName={`${exportName ?? '导出'}.xlsx`} /> : null}
        </Space>
      </div>
      {result.isError && !page ? (
        <Alert
          type="error"
          showIcon
          title="列表加载失败"
          description={(result.error as Error)?.message}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => void result.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <TableRegion label={label}>
        <Table<Row>
          rowKey={rowKey}
          columns={columns}
          dataSource={page?.list ?? []}
          loading={result.isFetching}
          expandable={expandable ? { columnTitle: <span className="visually-hidden">展开</span>, ...expandable } : undefined}
          rowSelection={rowSelection ? { selectedRowKeys: rowSelection.selected, onChange: rowSelection.onChange, columnTitle: (all) => <>{all}<span className="visually-hidden">全选</span></> } : undefined}
          locale={{ emptyText: empty }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: Number(values.pageNum),
            pageSize: Number(values.pageSize),
            total: page?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (t) => `共 ${t} 条`,
            onChange: (pageNum, size) => update((size !== Number(values.pageSize) ? { pageNum: 1, pageSize: size } : { pageNum }) as never),
          }}
        />
        </TableRegion>
      )}
    </div>
  );
}
