/**
 * 数据导入 (training administrators): the six imports in the browser (导入: ImportPanel) and the
 * history of the area's imports (导入记录: who, when, the kind, the file, the way, the outcome and the
 * counts; a run's problems open under it, its rejected rows download again), at /admin/imports and
 * /admin/imports/history.
 */
import { Button, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import type { adminImport } from '@portal/contract';
import { adminImport as AI, operator as O } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { DataList, type FilterField } from '../../../ui/list/DataList.tsx';
import { formatDateTime } from '../../format.ts';
import ImportPanel, { downloadRejects, ProblemTable } from './ImportPanel.tsx';

type Item = adminImport.ImportHistoryItem;

const FILTERS: FilterField[] = [
  { kind: 'select', name: 'kind', label: '类型', options: O.IMPORT_KINDS.map((k) => ({ value: k, label: AI.IMPORT_KIND_NAMES[k] })) },
  { kind: 'select', name: 'outcome', label: '结果', options: AI.IMPORT_OUTCOMES.map((o) => ({ value: o, label: AI.IMPORT_OUTCOME_NAMES[o] })) },
  { kind: 'text', name: 'person', label: '导入人', placeholder: '姓名、手机号或人员编号' },
  { kind: 'dateRange', label: '日期' },
];

const OUTCOME_COLOR = { ok: 'success', partial: 'warning', refused: 'error' } as const;

const COLUMNS: TableColumnsType<Item> = [
  { title: '时间', dataIndex: 'startedAt', width: 170, render: (v: string) => formatDateTime(v) },
  { title: '导入人', dataIndex: 'personName', width: 100 },
  { title: '类型', dataIndex: 'kind', width: 90, render: (k: Item['kind']) => AI.IMPORT_KIND_NAMES[k] },
  { title: '文件', key: 'file', width: 200, render: (_, r) => <>{r.file || '—'}<br /><Typography.Text type="secondary">{r.partial ? '只导入正确的行' : '全部正确才导入'}</Typography.Text></> },
  {
    title: '结果',
    dataIndex: 'outcome',
    width: 100,
    render: (o: Item['outcome']) => (o ? <Tag color={OUTCOME_COLOR[o]}>{AI.IMPORT_OUTCOME_NAMES[o]}</Tag> : <Tag>进行中</Tag>),
  },
  { title: '行数 / 错误行', key: 'rows', width: 130, render: (_, r) => `${r.rows} / ${r.badRows}` },
  { title: '新增 / 更新 / 未变', key: 'counts', width: 150, render: (_, r) => `${r.created} / ${r.updated} / ${r.unchanged}` },
  { title: '说明', dataIndex: 'message', width: 300 },
  {
    title: '操作',
    key: 'actions',
    width: 120,
    render: (_, r) =>
      r.rejects ? (
        <Button size="small" icon={<DownloadOutlined />} onClick={() => downloadRejects(r.id, r.kind)} aria-label={`下载错误行 ${formatDateTime(r.startedAt)}`}>
          错误行
        </Button>
      ) : null,
  },
];

function Problems({ id }: { id: number }) {
  const r = useCallQuery(AI.adminImportProblems, { params: { id } });
  if (!r.data) return <Typography.Text type="secondary">{r.isError ? '问题列表加载失败' : '正在加载…'}</Typography.Text>;
  return <ProblemTable problems={r.data.problems} total={r.data.total} />;
}

function History() {
  return (
    <DataList<Item> label="导入记录列表"
      list={AI.adminImportList}
      exportCall={AI.adminImportExport}
      exportName="导入记录"
      filters={FILTERS}
      columns={COLUMNS}
      rowKey="id"
      empty="还没有导入记录"
      expandable={{ expandedRowRender: (r) => <Problems id={r.id} />, rowExpandable: (r) => r.badRows > 0 || r.outcome === 'refused' }}
    />
  );
}

export default function ImportsPage() {
  const navigate = useNavigate();
  const history = useLocation().pathname.replace(/\/$/, '').endsWith('/history');
  return (
    <>
      <Typography.Title level={2}>数据导入</Typography.Title>
      <Tabs
        activeKey={history ? 'history' : 'import'}
        onChange={(k) => void navigate(k === 'history' ? '/admin/imports/history' : '/admin/imports')}
        items={[
          { key: 'import', label: '导入' },
          { key: 'history', label: '导入记录' },
        ]}
      />
      <Routes>
        <Route index element={<ImportPanel />} />
        <Route path="history" element={<History />} />
      </Routes>
    </>
  );
}
