/** 考试: every exam by title and status, with its paper, total, pass mark and attempts; new, edit, preview, results. */
import { Button, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { adminExams as AX } from '@portal/contract';
import { adminExams } from '@portal/contract/refs';
import { RowActions } from '../../../ui/list/RowActions.tsx';
import { DataList, type FilterField } from '../../../ui/list/DataList.tsx';
import { formatDateTime } from '../../format.ts';
import { STATUS_LABELS } from './labels.ts';

type Row = AX.AdminExamItem;

const FILTERS: FilterField[] = [
  { kind: 'text', name: 'title', label: '考试名称' },
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    options: Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
  },
];

const COLUMNS: TableColumnsType<Row> = [
  { title: '编号', dataIndex: 'id', width: 70 },
  { title: '考试名称', dataIndex: 'title', render: (v: string, r) => <Link to={`/admin/exams/papers/${r.id}`}>{v}</Link> },
  { title: '所属专题', dataIndex: 'installTitle', render: (v: string, r) => (v ? `${v}${r.decidesCompletion ? '（结业考试）' : ''}` : '—') },
  { title: '所属班级', dataIndex: 'classTitle', render: (v: string) => v || '—' },
  { title: '状态', dataIndex: 'status', width: 90, render: (v: Row['status']) => <Tag color={v === 'published' ? 'success' : 'default'}>{STATUS_LABELS[v]}</Tag> },
  { title: '开放时间', key: 'window', width: 180, render: (_, r) => `${formatDateTime(r.startAt).slice(0, 16)} 至 ${formatDateTime(r.endAt).slice(0, 16)}` },
  { title: '试题', dataIndex: 'questionCount', width: 70, render: (v: number, r) => (r.selection === 'random' ? `${v}（随机）` : v) },
  { title: '总分/及格', key: 'score', width: 100, render: (_, r) => `${r.totalScore} / ${r.passScore}` },
  { title: '答卷', dataIndex: 'attemptCount', width: 70 },
];

export function Papers() {
  const navigate = useNavigate();
  const columns: TableColumnsType<Row> = [
    ...COLUMNS,
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <RowActions label={r.title}>
          <Link className="ant-btn ant-btn-link" to={`/admin/exams/papers/${r.id}`}>
            编辑
          </Link>
          <Button type="link" onClick={() => navigate(`/admin/exams/papers/${r.id}/preview`)}>
            预览
          </Button>
          <Button type="link" onClick={() => navigate(`/admin/exams/papers/${r.id}/results`)}>
            成绩
          </Button>
        </RowActions>
      ),
    },
  ];
  return (
    <DataList<Row> label="试卷列表"
      list={adminExams.adminExamList}
      filters={FILTERS}
      columns={columns}
      rowKey="id"
      empty="还没有考试"
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/exams/papers/new')}>
          新建考试
        </Button>
      }
    />
  );
}
