/**
 * /class/classstatistics1: one class's learners — hours (required / elective), courses completed,
 * exam results, last study, state — searched, filtered, sorted and paged, all kept in the address;
 * 导出Excel gives the same rows and columns for the same filter. Chosen learners can be reminded.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Input, Select, Table } from 'antd';
import type { teacher as T } from '@portal/contract';
import { examResultText } from '@portal/contract/base';
import { teacher } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { LoadError } from '../../../features/learning/ListState.tsx';
import { formatDateTime } from '../../../features/learning/format.ts';
import { ClassPicker, useClassChoice } from '../../../features/teacher/ClassPicker.tsx';
import { ExportButton } from '../../../features/teacher/ExportButton.tsx';
import { StudyStateTag } from '../../../features/teacher/StudyStateTag.tsx';
import { deskTable } from '../../../features/teacher/tableLayout.ts';
import { useUrlFilters } from '../../../lib/urlFilters.ts';
import '../../../features/teacher/teacher.css';
import { TableRegion } from '../../../features/content/TableRegion.tsx';

const DEFAULTS = { keyword: '', state: '', sort: 'hoursAsc', pageNum: 1, pageSize: 20 };

export default function ClassPersonStudyPage() {
  const choice = useClassChoice();
  const [f, set] = useUrlFilters(DEFAULTS);
  const [selected, setSelected] = useState<number[]>([]);
  const navigate = useNavigate();
  const classId = choice.chosen?.id ?? 0;
  const filter = {
    classId,
    keyword: f.keyword || undefined,
    state: (f.state || undefined) as T.StudyState | undefined,
    sort: f.sort as T.PersonStudyFilter['sort'],
  };
  const q = useCallQuery(teacher.findClassPersonStudy, { query: { ...filter, pageNum: f.pageNum, pageSize: f.pageSize } }, { enabled: classId > 0, keepPrevious: true, staleTime: 0 });
  if (choice.classes.isError) return <LoadError error={choice.classes.error} retry={() => void choice.classes.refetch()} />;
  return (
    <div className="teacher-page">
      <div className="teacher-toolbar">
        <ClassPicker choice={choice} />
        <Input.Search aria-label="搜索学员" placeholder="姓名、学号或工作单位" allowClear defaultValue={f.keyword} onSearch={(keyword) => set({ keyword })} style={{ width: 240 }} />
        <Select
          aria-label="学习状态"
          style={{ width: 140 }}
          value={f.state}
          onChange={(state: string) => set({ state })}
          options={[{ value: '', label: '全部状态' }, ...teacher.STUDY_STATES.map((s) => ({ value: s, label: teacher.STUDY_STATE_LABELS[s] }))]}
        />
        <Select aria-label="排序" style={{ width: 150 }} value={f.sort} onChange={(sort: string) => set({ sort })} options={teacher.PERSON_STUDY_SORTS.map((s) => ({ value: s, label: teacher.PERSON_STUDY_SORT_LABELS[s] }))} />
        <ExportButton call={teacher.exportClassPersonStudy} query={filter} fileName="学员学习统计.xlsx" />
        {/* antd copies a select-all checkbox into its hidden measuring row, where the keyboard reaches it unseen: this button selects the page instead. */}
        <Button onClick={() => setSelected((q.data?.list ?? []).map((r) => r.personId))} disabled={!q.data?.list.length}>
          选择本页学员
        </Button>
        <Button type="primary" disabled={selected.length === 0} onClick={() => navigate(`/class/message1?classId=${classId}&personIds=${selected.join(',')}`)}>
          提醒所选学员（{selected.length}）
        </Button>
      </div>
      {q.data ? <Alert className="teacher-rule" type="info" showIcon message="进度怎么算" description={q.data.rule.definition} /> : null}
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : (
        <TableRegion label="学员学习统计">
          <Table<T.PersonStudyRow>
            rowKey="personId"
            loading={q.isFetching || choice.classes.isPending}
            dataSource={q.data?.list ?? []}
            locale={{ emptyText: f.keyword || f.state ? '没有符合条件的学员' : '本班暂无学员' }}
            rowSelection={{ fixed: true, selectedRowKeys: selected, hideSelectAll: true, columnTitle: <span className="visually-hidden">选择学员</span>, onChange: (keys) => setSelected(keys as number[]) }}
            pagination={{
              current: f.pageNum,
              pageSize: f.pageSize,
              total: q.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (n) => `共${n}人`,
              onChange: (pageNum, pageSize) => set({ pageNum, pageSize }),
            }}
            // State, exam and hours next to the name: what a class manager looks for; contact details last.
            {...deskTable<T.PersonStudyRow>(
              [
                { title: '学号', dataIndex: 'personNo', width: 110 },
                { title: '姓名', dataIndex: 'personName', width: 90 },
                { title: '学习状态', dataIndex: 'state', width: 100, render: (s: T.StudyState) => <StudyStateTag state={s} /> },
                { title: '考试成绩', key: 'exam', width: 140, render: (_v, r) => examResultText(r) },
                { title: '总学时', dataIndex: 'totalHours', width: 80, align: 'right' },
                { title: '必修学时', dataIndex: 'requiredHours', width: 90, align: 'right' },
                { title: '选修学时', dataIndex: 'electiveHours', width: 90, align: 'right' },
                { title: '完成课程数', dataIndex: 'completedCourses', width: 100, align: 'right' },
                { title: '最近学习时间', dataIndex: 'lastStudyAt', width: 150, render: (d: string | null) => formatDateTime(d) },
                { title: '工作单位', dataIndex: 'organName', width: 200, ellipsis: true },
                { title: '手机号码', dataIndex: 'mobile', width: 120 },
              ],
              { name: 'personName' },
            )}
          />
        </TableRegion>
      )}
    </div>
  );
}
