/**
 * /class/practice?classId=: the practice reports of my class to audit: pending first (oldest first),
 * then rejected and approved; of one practice assignment or all, filtered and paged in the address.
 */
import { Select } from 'antd';
import type { work as W } from '@portal/contract';
import { work } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { LoadError } from '../../../features/learning/ListState.tsx';
import { ClassPicker, useClassChoice } from '../../../features/teacher/ClassPicker.tsx';
import { classHref } from '../../../features/homework/common.tsx';
import { SUBMISSION_DEFAULTS, SubmissionFilterBar, SubmissionTable } from '../../../features/homework/SubmissionTable.tsx';
import { useUrlFilters } from '../../../lib/urlFilters.ts';
import '../../../features/teacher/teacher.css';

const DEFAULTS = { ...SUBMISSION_DEFAULTS, workId: 0 };

export default function PracticeListPage() {
  const choice = useClassChoice();
  const [f, set] = useUrlFilters(DEFAULTS);
  const classId = choice.chosen?.id ?? 0;
  const works = useCallQuery(work.findClassWork, { query: { classId, kind: 'practice' } }, { enabled: classId > 0, staleTime: 0 });
  // 未提交 is a list of members, which needs one assignment: the first when none is chosen.
  const workId = f.workId || (f.state === 'missing' ? (works.data?.[0]?.id ?? 0) : 0);
  const q = useCallQuery(
    work.findPracticeByPage,
    {
      query: {
        classId,
        workId: workId || undefined,
        state: (f.state || undefined) as W.ReviewFilter | undefined,
        late: (f.late || undefined) as 'true' | 'false' | undefined,
        keyword: f.keyword || undefined,
        pageNum: f.pageNum,
        pageSize: f.pageSize,
      },
    },
    { enabled: classId > 0 && (f.state !== 'missing' || workId > 0), keepPrevious: true, staleTime: 0 },
  );
  if (choice.classes.isError) return <LoadError error={choice.classes.error} retry={() => void choice.classes.refetch()} />;
  const pending = (works.data ?? []).reduce((n, w) => n + w.pending, 0);
  return (
    <div className="teacher-page">
      <div className="teacher-toolbar">
        <ClassPicker choice={choice} />
        <Select
          aria-label="选择实践报告"
          style={{ minWidth: 280 }}
          loading={works.isPending}
          value={workId}
          onChange={(id: number) => set({ workId: id })}
          options={[...(f.state === 'missing' ? [] : [{ value: 0, label: '全部实践报告' }]), ...(works.data ?? []).map((x) => ({ value: x.id, label: `${x.title}（待审核${x.pending}）` }))]}
        />
      </div>
      {works.data ? <p className="teacher-muted">本班共有{pending}份实践报告待审核</p> : null}
      <div className="teacher-toolbar">
        <SubmissionFilterBar f={f} set={set} kind="practice" />
      </div>
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : (
        <SubmissionTable
          classId={classId}
          kind="practice"
          showWork
          rows={q.data?.list ?? []}
          total={q.data?.total ?? 0}
          loading={q.isFetching || works.isPending}
          f={f}
          set={set}
          filtered={Boolean(f.state || f.late || f.keyword || f.workId)}
          hrefOf={(id) => classHref.audit(classId, id)}
        />
      )}
    </div>
  );
}
