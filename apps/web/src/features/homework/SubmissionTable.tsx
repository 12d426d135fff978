/**
 * The teacher's list of submissions (work1, practice): filtered by state, late and a name / number /
 * unit, paged, all kept in the address; each row opens its review. Exported with the same filter.
 */
import { Link } from 'react-router';
import { Input, Select, Table } from 'antd';
import type { work as W } from '@portal/contract';
import { work } from '@portal/contract/refs';
import { deskTable } from '../teacher/tableLayout.ts';
import { formatDateTime } from '../learning/format.ts';
import { LateTag, WorkStateTag } from './common.tsx';
import { ExtensionButton } from './ExtensionButton.tsx';
import { TableRegion } from '../content/TableRegion.tsx';

export const SUBMISSION_DEFAULTS = { state: '', late: '', keyword: '', pageNum: 1, pageSize: 20 };
export type SubmissionFilters = typeof SUBMISSION_DEFAULTS;

export function SubmissionFilterBar({ f, set, kind }: { f: { state: string; late: string; keyword: string }; set: (c: Partial<SubmissionFilters>) => void; kind: W.WorkKind }) {
  const labels = kind === 'practice' ? work.PRACTICE_FILTER_LABELS : work.REVIEW_FILTER_LABELS;
  return (
    <>
      <Select
        aria-label={kind === 'practice' ? '审核状态' : '批阅状态'}
        style={{ width: 130 }}
        value={f.state}
        onChange={(state: string) => set({ state })}
        options={[{ value: '', label: '全部状态' }, ...work.REVIEW_FILTERS.map((s) => ({ value: s, label: labels[s] }))]}
      />
      <Select
        aria-label="是否迟交"
        style={{ width: 120 }}
        value={f.late}
        onChange={(late: string) => set({ late })}
        options={[
          { value: '', label: '全部' },
          { value: 'true', label: '迟交' },
          { value: 'false', label: '按时提交' },
        ]}
      />
      <Input.Search aria-label="搜索学员" placeholder="姓名、学号或工作单位" allowClear defaultValue={f.keyword} onSearch={(keyword) => set({ keyword })} style={{ width: 240 }} />
    </>
  );
}

export function SubmissionTable({
  kind,
  rows,
  total,
  loading,
  f,
  set,
  hrefOf,
  showWork,
  filtered,
  classId,
}: {
  classId: number;
  kind: W.WorkKind;
  rows: W.SubmissionRow[];
  total: number;
  loading: boolean;
  f: { pageNum: number; pageSize: number };
  set: (c: Partial<SubmissionFilters>) => void;
  hrefOf: (submissionId: number) => string;
  showWork?: boolean;
  filtered: boolean;
}) {
  const verb = kind === 'practice' ? '审核' : '批阅';
  return (
    <TableRegion label={kind === 'practice' ? '实践报告提交情况' : '作业提交情况'}>
      <Table<W.SubmissionRow>
          rowKey={(r) => `${r.workId}:${r.personId}`}
          loading={loading}
          dataSource={rows}
          locale={{ emptyText: filtered ? '没有符合条件的记录' : kind === 'practice' ? '还没有学员提交实践报告' : '本班学员还没有提交' }}
          pagination={{
            current: f.pageNum,
            pageSize: f.pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (n) => `共${n}条`,
            onChange: (pageNum, pageSize) => set({ pageNum, pageSize }),
          }}
          // State, times and the deadline next to the name; counts and the unit after them.
          {...deskTable<W.SubmissionRow>(
            [
              { title: '学号', dataIndex: 'personNo', width: 110 },
              { title: '姓名', dataIndex: 'personName', width: 90 },
              {
                title: '状态',
                dataIndex: 'state',
                width: 150,
                render: (s: W.WorkState, r: W.SubmissionRow) => (
                  <>
                    {s === 'none' || s === 'draft' ? <span>未提交</span> : <WorkStateTag kind={kind} state={s} />}
                    <LateTag late={r.late} />
                  </>
                ),
              },
              ...(showWork ? [{ title: '实践报告', dataIndex: 'workTitle', width: 200, ellipsis: true }] : []),
              { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (d: string | null) => formatDateTime(d) },
              ...(kind === 'homework' ? [{ title: '成绩', dataIndex: 'score', width: 70, align: 'right' as const, render: (s: number | null) => (s === null ? '—' : s) }] : []),
              { title: `${verb}时间`, dataIndex: 'examinedAt', width: 150, render: (d: string | null) => formatDateTime(d) },
              { title: '延期至', dataIndex: 'extensionUntil', width: 150, render: (d: string | null) => (d ? formatDateTime(d) : '—') },
              { title: `${verb}人`, dataIndex: 'examinedBy', width: 90, render: (s: string | null) => s ?? '—' },
              { title: '版本', dataIndex: 'version', width: 70, align: 'right' as const, render: (n: number) => (n > 0 ? `第${n}次` : '—') },
              { title: '字数', dataIndex: 'wordCount', width: 70, align: 'right' as const },
              { title: '附件', dataIndex: 'attachmentCount', width: 60, align: 'right' as const },
              { title: '工作单位', dataIndex: 'organName', width: 200, ellipsis: true },
              {
                title: '操作',
                key: 'action',
                width: 120,
                render: (_v: unknown, r: W.SubmissionRow) => (
                  <>
                    {r.submissionId !== null && r.version > 0 ? (
                      <Link to={hrefOf(r.submissionId)} aria-label={`${r.state === 'submitted' ? verb : '查看'} ${r.personName}`}>
                        {r.state === 'submitted' ? verb : '查看'}
                      </Link>
                    ) : null}
                    {r.state === 'none' || r.state === 'draft' || r.state === 'returned' ? <ExtensionButton classId={classId} row={r} /> : null}
                  </>
                ),
              },
            ],
            { name: 'personName' },
          )}
      />
    </TableRegion>
  );
}
