/** One kind's items: keyword and status filters kept in the address, a paged table from adminContentList. */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Input, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { adminContent } from '@portal/contract/refs';
import type { adminContent as AC } from '@portal/contract';
import { useCallQuery } from '../../../api/useCallQuery.ts';

export function ContentList({ kind, columns, toolbar }: { kind: AC.ContentKind; columns: TableColumnsType<AC.ContentRow>; toolbar: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const status = (params.get('status') ?? undefined) as AC.ContentStatus | undefined;
  const pageNum = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const pageSize = 20;
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };
  const q = useCallQuery(adminContent.adminContentList, { query: { kind, pageNum, pageSize, ...(keyword ? { keyword } : {}), ...(status ? { status } : {}) } });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search aria-label="关键词" placeholder="标题或正文中的文字" allowClear defaultValue={keyword} onSearch={(v) => set({ keyword: v.trim() || undefined, page: undefined })} style={{ width: 280 }} />
        <Select
          aria-label="状态"
          placeholder="全部状态"
          allowClear
          value={status}
          style={{ width: 140 }}
          onChange={(v?: string) => set({ status: v, page: undefined })}
          options={adminContent.CONTENT_STATUSES.map((s) => ({ value: s, label: adminContent.CONTENT_STATUS_LABELS[s] }))}
        />
        {toolbar}
      </Space>
      <Table<AC.ContentRow>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data?.list ?? []}
        pagination={{ current: pageNum, pageSize, total: q.data?.total ?? 0, showSizeChanger: false, showTotal: (n) => `共 ${n} 条`, onChange: (p) => set({ page: p > 1 ? String(p) : undefined }) }}
      />
    </Space>
  );
}
