/** 班级: every class by name and topic, with its study period, required hours, teachers and members. */
import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { adminTraining as AT } from '@portal/contract';
import { adminTraining as T } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { DataList, type FilterField } from '../../../ui/list/DataList.tsx';
import { day } from './labels.ts';

type Row = AT.AdminClassItem;

const COLUMNS: TableColumnsType<Row> = [
  { title: '班级名称', dataIndex: 'name', width: 280, fixed: 'left', render: (v: string, r) => <Link to={`/admin/training/classes/${r.id}`}>{v}</Link> },
  { title: '所属项目', dataIndex: 'installTitle', width: 240, render: (v: string) => v || '—' },
  { title: '学习时间', key: 'period', width: 200, render: (_, r) => `${day(r.startAt)} 至 ${day(r.endAt)}` },
  { title: '要求学时', dataIndex: 'requiredHours', width: 90 },
  { title: '教师', dataIndex: 'teachers', width: 160, render: (v: string) => v || '未指定' },
  { title: '学员', dataIndex: 'memberCount', width: 70 },
  {
    title: '操作',
    key: 'actions',
    width: 80,
    fixed: 'right',
    render: (_, r) => (
      <Link to={`/admin/training/classes/${r.id}`} aria-label={`管理班级 ${r.name}`}>
        管理
      </Link>
    ),
  },
];

export function Classes() {
  const navigate = useNavigate();
  const options = useCallQuery(T.adminTrainingOptions, {}, { staleTime: 0 });
  const filters: FilterField[] = [
    { kind: 'text', name: 'name', label: '班级名称' },
    { kind: 'select', name: 'installId', label: '所属项目', width: 260, search: true, options: (options.data?.topics ?? []).map((t) => ({ value: String(t.id), label: `${t.title}（${t.year}）` })) },
  ];
  return (
    <DataList<Row> label="班级列表"
      list={T.adminClassList}
      exportCall={T.adminClassExport}
      exportName="班级"
      filters={filters}
      columns={COLUMNS}
      rowKey="id"
      empty="没有符合条件的班级"
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/admin/training/classes/new')}>
          新建班级
        </Button>
      }
    />
  );
}
