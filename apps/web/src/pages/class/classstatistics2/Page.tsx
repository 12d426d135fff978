/** /class/classstatistics2: per course of the class plan — learners started and completed, average progress. */
import { Progress, Table, Tag } from 'antd';
import { teacher } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { LoadError, QueryState } from '../../../features/learning/ListState.tsx';
import { ClassPicker, useClassChoice } from '../../../features/teacher/ClassPicker.tsx';
import '../../../features/teacher/teacher.css';
import { deskTable } from '../../../features/teacher/tableLayout.ts';
import { ScrollRegion } from '../../../features/content/ScrollRegion.tsx';

export default function ClassCourseStudyPage() {
  const choice = useClassChoice();
  const classId = choice.chosen?.id ?? 0;
  const q = useCallQuery(teacher.findClassCourseStudy, { query: { classId } }, { enabled: classId > 0, staleTime: 0 });
  if (choice.classes.isError) return <LoadError error={choice.classes.error} retry={() => void choice.classes.refetch()} />;
  const members = choice.chosen?.memberCount ?? 0;
  return (
    <div className="teacher-page">
      <div className="teacher-toolbar">
        <ClassPicker choice={choice} />
      </div>
      <QueryState query={q} empty="班级学习计划中还没有课程" isEmpty={(d) => d.length === 0}>
        {(rows) => (
          <ScrollRegion label="课程学习统计表" minWidth="max-content">
            <Table
              rowKey="courseId"
              dataSource={rows}
              pagination={rows.length > 20 ? { pageSize: 20 } : false}
              {...deskTable<(typeof rows)[number]>(
                [
                  { title: '课程', dataIndex: 'title', width: 260 },
                  { title: '类型', dataIndex: 'required', width: 80, render: (r: boolean) => (r ? <Tag color="red">必修</Tag> : <Tag>选修</Tag>) },
                  { title: '学时', dataIndex: 'creditHours', width: 70, align: 'right' },
                  { title: '已开始', dataIndex: 'started', width: 110, align: 'right', render: (n: number) => `${n} / ${members}人` },
                  { title: '已完成', dataIndex: 'completed', width: 110, align: 'right', render: (n: number) => `${n} / ${members}人` },
                  { title: '平均进度', dataIndex: 'averageProgress', width: 200, render: (p: number, c) => <Progress percent={p} size="small" aria-label={`${c.title} 平均进度`} /> },
                ],
                { name: 'title' },
              )}
            />
          </ScrollRegion>
        )}
      </QueryState>
    </div>
  );
}
