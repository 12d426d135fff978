/** /class/work: the homework of my class with how many are submitted and awaiting review, reviewed, missing and late. */
import { Link } from 'react-router';
import { Table, Tag } from 'antd';
import type { work as W } from '@portal/contract';
import { work } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { LoadError } from '../../../features/learning/ListState.tsx';
import { formatDateTime } from '../../../features/learning/format.ts';
import { ClassPicker, useClassChoice } from '../../../features/teacher/ClassPicker.tsx';
import { deskTable } from '../../../features/teacher/tableLayout.ts';
import { classHref, wordLimitText } from '../../../features/homework/common.tsx';
import '../../../features/teacher/teacher.css';
import { TableRegion } from '../../../features/content/TableRegion.tsx';

export default function ClassWorkPage() {
  const choice = useClassChoice();
  const classId = choice.chosen?.id ?? 0;
  const q = useCallQuery(work.findClassWork, { query: { classId, kind: 'homework' } }, { enabled: classId > 0, staleTime: 0 });
  if (choice.classes.isError) return <LoadError error={choice.classes.error} retry={() => void choice.classes.refetch()} />;
  const count = (n: number, r: W.ClassWorkItem, state: string, color?: string) =>
    n > 0 ? (
      <Link to={`${classHref.submissions(classId, r.id)}&state=${state}`} aria-label={`${r.title} ${work.REVIEW_FILTER_LABELS[state as W.ReviewFilter]} ${n}人`}>
        {color ? <Tag color={color}>{n}人</Tag> : `${n}人`}
      </Link>
    ) : (
      '0人'
    );
  return (
    <div className="teacher-page">
      <div className="teacher-toolbar">
        <ClassPicker choice={choice} />
      </div>
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : (
        <TableRegion label="作业列表">
          <Table<W.ClassWorkItem>
            rowKey="id"
            loading={q.isFetching || choice.classes.isPending}
            dataSource={q.data ?? []}
            pagination={(q.data?.length ?? 0) > 20 ? { pageSize: 20 } : false}
            locale={{ emptyText: '本班还没有布置作业' }}
            {...deskTable<W.ClassWorkItem>(
              [
                {
                  title: '作业',
                  dataIndex: 'title',
                  width: 260,
                  render: (t: string, r) => (
                    <>
                      <Link to={classHref.submissions(classId, r.id)}>{t}</Link>
                      <div className="teacher-muted">
                        {r.courseTitle || r.installTitle || '班级作业'} · {wordLimitText(r)}
                      </div>
                    </>
                  ),
                },
                { title: '截止时间', dataIndex: 'dueAt', width: 150, render: (d: string) => formatDateTime(d) },
                { title: '应交', dataIndex: 'members', width: 70, align: 'right', render: (n: number) => `${n}人` },
                { title: '已交待批阅', dataIndex: 'pending', width: 110, align: 'right', render: (n: number, r) => count(n, r, 'pending', 'warning') },
                { title: '已批阅', dataIndex: 'reviewed', width: 90, align: 'right', render: (n: number, r) => (n > 0 ? <span title={`通过${r.passed}人，退回${r.returned}人`}>{n}人</span> : '0人') },
                { title: '退回修改', dataIndex: 'returned', width: 90, align: 'right', render: (n: number, r) => count(n, r, 'returned') },
                { title: '未提交', dataIndex: 'missing', width: 90, align: 'right', render: (n: number, r) => count(n, r, 'missing', 'error') },
                { title: '迟交', dataIndex: 'late', width: 70, align: 'right', render: (n: number) => `${n}人` },
                {
                  title: '操作',
                  key: 'action',
                  width: 110,
                  render: (_v, r) => (
                    <Link to={classHref.submissions(classId, r.id)} aria-label={`查看提交 ${r.title}`}>
                      查看提交
                    </Link>
                  ),
                },
              ],
              { name: 'title' },
            )}
          />
        </TableRegion>
      )}
    </div>
  );
}
