/** 培训项目: every topic by title, year and kind, with its application window, places, plans, applicants and classes. */
import { Button, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { adminTraining as AT } from '@portal/contract';
import { adminTraining as T } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { DataList, type FilterField } from '../../../ui/list/DataList.tsx';
import { day, KIND_OPTIONS } from './labels.ts';

type Row = AT.AdminTopicItem;

const COLUMNS: TableColumnsType<Row> = [
  { title: '项目名称', dataIndex: 'title', width: 280, fixed: 'left', render: (v: string, r) => <Link to={`/admin/training/topics/${r.id}`}>{v}</Link> },
  { title: '年度', dataIndex: 'year', width: 70 },
  { title: '类型', dataIndex: 'kind', width: 90, render: (v: Row['kind']) => <Tag>{T.TOPIC_KIND_LABELS[v]}</Tag> },
  { title: '报名时间', key: 'apply', width: 200, render: (_, r) => `${day(r.applyStart)} 至 ${day(r.applyEnd)}` },
  { title: '培训时间', key: 'period', width: 200, render: (_, r) => `${day(r.startAt)} 至 ${day(r.endAt)}` },
  { title: '名额', dataIndex: 'capacity', width: 70, render: (v: number) => (v === 0 ? '不限' : v) },
  { title: '已报名', dataIndex: 'applicantCount', width: 80 },
  { title: '要求学时', dataIndex: 'requiredHours', width: 90 },
  { title: '计划', dataIndex: 'planCount', width: 60 },
  { title: '班级', dataIndex: 'classCount', width: 60 },
  {
    title: '操作',
    key: 'actions',
    width: 80,
    fixed: 'right',
    render: (_, r) => (
      <Link to={`/admin/training/topics/${r.id}`} aria-label={`编辑培训项目 ${r.title}`}>
        编辑
      </Link>
    ),
  },
];

export function Topics() {
  const navigate = useNavigate();
  const options = useCallQuery(T.adminTrainingOptions, {}, { staleTime: 0 });
  const filters: FilterField[] = [
    { kind: 'text', name: 'title', label: '项目名称' },
    { kind: 'select', name: 'yearId', label: '年度', width: 160, options: (options.data?.years ?? []).map((y) => ({ value: String(y.id), label: y.name })) },
    { kind: 'select', name: 'kind', label: '类型', width: 120, options: KIND_OPTIONS },
  ];
  return (
    <DataList<Row> label="培训项目列表"
      list={T.adminTopicList}
      exportCall={T.adminTopicExport}
      exportName="培训项目"
      filters={filters}
      columns={COLUMNS}
      rowKey="id"
      empty="没有符合条件的培训项目"
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/admin/training/topics/new')}>
          新建培训项目
        </Button>
      }
    />
  );
}
