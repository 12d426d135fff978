/** 成绩: one exam's attempts with score, pass and leave count, by person and pass; exported with the same filter. */
import { Button, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import type { adminExams as AX } from '@portal/contract';
import { adminExams } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { DataList, type FilterField } from '../../../ui/list/DataList.tsx';
import { formatDateTime } from '../../format.ts';
import { SUBMIT_LABELS } from './labels.ts';

type Row = AX.AdminExamResult;

const FILTERS: FilterField[] = [
  { kind: 'text', name: 'person', label: '考生', placeholder: '姓名、手机号或人员编号' },
  {
    kind: 'select',
    name: 'passed',
    label: '是否及格',
    options: [
      { value: 'true', label: '及格' },
      { value: 'false', label: '不及格' },
    ],
  },
];

const COLUMNS: TableColumnsType<Row> = [
  { title: '姓名', dataIndex: 'personName', width: 100 },
  { title: '人员编号', dataIndex: 'personNo', width: 110 },
  { title: '第几次', dataIndex: 'attemptNo', width: 70 },
  { title: '开始时间', dataIndex: 'startedAt', width: 140, render: (v: string) => formatDateTime(v).slice(0, 16) },
  { title: '交卷时间', dataIndex: 'submittedAt', width: 140, render: (v: string | null) => formatDateTime(v).slice(0, 16) },
  { title: '交卷方式', dataIndex: 'submitMode', width: 100, render: (v: Row['submitMode']) => (v ? SUBMIT_LABELS[v] : '答题中') },
  { title: '得分', key: 'score', width: 90, render: (_, r) => (r.score === null ? '—' : `${r.score} / ${r.totalScore}`) },
  { title: '结果', dataIndex: 'passed', width: 80, render: (v: boolean | null) => (v === null ? '—' : v ? <Tag color="success">及格</Tag> : <Tag color="error">不及格</Tag>) },
  { title: '离开次数', dataIndex: 'leaveCount', width: 90 },
];

export function Results() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const exam = useCallQuery(adminExams.adminExamGet, { query: { id } }, { staleTime: 0 });
  return (
    <>
      <div className="admin-list-toolbar">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {exam.data ? `${exam.data.title} · 成绩（及格 ${exam.data.passScore} 分）` : '考试成绩'}
        </Typography.Title>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin/exams/papers')}>
          返回考试列表
        </Button>
      </div>
      <DataList<Row> label="考试成绩列表"
        list={adminExams.adminExamResults}
        exportCall={adminExams.adminExamResultsExport}
        exportName={exam.data ? `${exam.data.title}_成绩` : '考试成绩'}
        fixed={{ examId: id }}
        filters={FILTERS}
        columns={COLUMNS}
        rowKey="attemptId"
        empty="还没有考生作答"
      />
    </>
  );
}
