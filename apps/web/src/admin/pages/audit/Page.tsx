/**
 * 审计日志: who did what, when, from where and with what outcome — by person (name, mobile or person
 * number), event, dates and outcome; paged, exported with the same filter; the retention stated. An
 * administrative change's entry opens to show what it was before and after.
 */
import { Descriptions, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { operator } from '@portal/contract';
import { admin } from '@portal/contract/refs';
import { DataList, type FilterField } from '../../../ui/list/DataList.tsx';
import { EVENT_NAMES, eventName } from '../../events.ts';
import { formatDateTime } from '../../format.ts';

type Entry = operator.AuditEntry;

const FILTERS: FilterField[] = [
  { kind: 'text', name: 'person', label: '人员', placeholder: '姓名、手机号或人员编号' },
  { kind: 'select', name: 'event', label: '事件', options: Object.entries(EVENT_NAMES).map(([value, label]) => ({ value, label })), width: 200, search: true },
  {
    kind: 'select',
    name: 'outcome',
    label: '结果',
    options: [
      { value: 'success', label: '成功' },
      { value: 'failure', label: '失败' },
    ],
  },
  { kind: 'dateRange', label: '日期' },
];

const COLUMNS: TableColumnsType<Entry> = [
  { title: '时间', dataIndex: 'at', width: 170, render: (v: string) => formatDateTime(v) },
  { title: '人员', key: 'person', width: 160, render: (_, r) => (r.personName ? `${r.personName}（${r.personNo ?? ''}）` : '—') },
  { title: '事件', dataIndex: 'event', width: 150, render: (v: string) => eventName(v) },
  { title: '对象', dataIndex: 'target', width: 200, render: (v: string) => v || '—' },
  { title: '结果', dataIndex: 'outcome', width: 80, render: (v: string) => (v === 'success' ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>) },
  { title: '来源地址', dataIndex: 'ip', width: 140 },
  {
    title: '说明',
    key: 'detail',
    render: (_, r) => {
      const d = r.detail as { action?: unknown; reason?: unknown } | null;
      return typeof d?.action === 'string' ? d.action : typeof d?.reason === 'string' ? `原因：${d.reason}` : '';
    },
  },
];

const json = (v: unknown) => (v === null || v === undefined ? '（无）' : JSON.stringify(v, null, 2));

function Detail({ entry }: { entry: Entry }) {
  const d = entry.detail ?? {};
  if ('before' in d || 'after' in d) {
    return (
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="操作">{String(d.action ?? '')}</Descriptions.Item>
        <Descriptions.Item label="修改前">
          <pre className="admin-detail">{json(d.before)}</pre>
        </Descriptions.Item>
        <Descriptions.Item label="修改后">
          <pre className="admin-detail">{json(d.after)}</pre>
        </Descriptions.Item>
      </Descriptions>
    );
  }
  return <pre className="admin-detail">{json(d)}</pre>;
}

export default function AuditPage() {
  return (
    <>
      <Typography.Title level={2}>审计日志</Typography.Title>
      <DataList<Entry> label="审计日志列表"
        list={admin.adminAuditList}
        exportCall={admin.adminAuditExport}
        exportName="审计日志"
        filters={FILTERS}
        columns={COLUMNS}
        rowKey="id"
        empty="没有符合条件的记录"
        caption={(page) => (page ? `共 ${page.total} 条；日志保留 ${(page as unknown as { retentionDays: number }).retentionDays} 天，更早的记录每日自动清理` : null)}
        expandable={{ expandedRowRender: (r) => <Detail entry={r} />, rowExpandable: (r) => r.detail !== null }}
      />
    </>
  );
}
