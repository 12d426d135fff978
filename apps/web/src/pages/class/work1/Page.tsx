/**
 * /class/work1?classId=&workId=: the members of my class against one homework: awaiting review first,
 * then returned, passed and not submitted; filtered by state, late and name, paged, kept in the
 * address. 导出Excel gives the same rows for the same filter.
 */
import { Select } from 'antd';
import type { work as W } from '@portal/contract';
import { work } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { LoadError } from '../../../features/learning/ListState.tsx';
import { ClassPicker, useClassChoice } from '../../../features/teacher/ClassPicker.tsx';
import { ExportButton } from '../../../features/teacher/ExportButton.tsx';
import { classHref, deadlineText } from '../../../features/homework/common.tsx';
import { SUBMISSION_DEFAULTS, SubmissionFilterBar, SubmissionTable } from '../../../features/homework/SubmissionTable.tsx';
import { useUrlFilters } from '../../../lib/urlFilters.ts';
import '../../../features/teacher/teacher.css';

const DEFAULTS = { ...SUBMISSION_DEFAULTS, workId: 0 };

export default function WorkSubmissionsPage() {
  const choice = useClassChoice();
  const [f, set] = useUrlFilters(DEFAULTS);
  const classId = choice.chosen?.id ?? 0;
  const works = useCallQuery(work.findClassWork, { query: { classId, kind: 'homework' } }, { enabled: classId > 0, staleTime: 0 });
  const workId = f.workId || works.data?.[0]?.id || 0;
  const filter = {
    classId,
    workId,
    state: (f.state || undefined) as W.ReviewFilter | undefined,
    late: (f.late || undefined) as 'true' | 'false' | undefined,
    keyword: f.keyword || undefined,
  };
  const q = useCallQuery(work.findWorkSubmissionByPage, { query: { ...filter, pageNum: f.pageNum, pageSize: f.pageSize } }, { enabled: classId > 0 && workId > 0, keepPrevious: true, staleTime: 0 });
  if (choice.classes.isError) return <LoadError error={choice.classes.error} retry={() => void choice.classes.refetch()} />;
  const w = q.data?.work;
  return (
    <div className="teacher-page">
      <div className="teacher-toolbar">
        <ClassPicker choice={choice} />
        <Select
          aria-label="选择作业"
          style={{ minWidth: 280 }}
          loading={works.isPending}
          value={workId || undefined}
          onChange={(id: number) => set({ workId: id })}
          options={(works.data ?? []).map((x) => ({ value: x.id, label: x.title }))}
          notFoundContent="本班还没有布置作业"
        />
      </div>
      {w ? (
        <p className="teacher-muted">
          {deadlineText(w)} · 应交{w.members}人，待批阅{w.pending}人，已批阅{w.reviewed}人（通过{w.passed}人，退回{w.returned}人），未提交{w.missing}人，迟交{w.late}人
        </p>
      ) : null}
      <div className="teacher-toolbar">
        <SubmissionFilterBar f={f} set={set} kind="homework" />
        <ExportButton call={work.workExport} query={filter} fileName="作业提交情况.xlsx" />
      </div>
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : (
        <SubmissionTable
          classId={classId}
          kind="homework"
          rows={q.data?.list ?? []}
          total={q.data?.total ?? 0}
          loading={q.isFetching || works.isPending}
          f={f}
          set={set}
          filtered={Boolean(f.state || f.late || f.keyword)}
          hrefOf={(id) => classHref.review(classId, id)}
        />
      )}
    </div>
  );
}
