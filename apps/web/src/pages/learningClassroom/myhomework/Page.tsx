/**
 * /learningClassroom/myhomework: the homework and practice reports of my classes with course or
 * topic, due date, my state and score; those needing my action first. Filtered by kind and state and
 * paged, all kept in the address.
 */
import { Link } from 'react-router';
import { Segmented, Select } from 'antd';
import type { work as W } from '@portal/contract';
import { work } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { LoadError } from '../../../features/learning/ListState.tsx';
import { ResponsiveTable } from '../../../ui/list/ResponsiveTable.tsx';
import { formatDateTime } from '../../../features/learning/format.ts';
import { hwHref, LateTag, stateLabel, WorkStateTag } from '../../../features/homework/common.tsx';
import { useUrlFilters } from '../../../lib/urlFilters.ts';

const DEFAULTS = { kind: '', state: '', pageNum: 1, pageSize: 10 };

/** The action a row offers for its state. */
function actionOf(r: W.MyWorkItem): { label: string; href: string } {
  switch (r.state) {
    case 'none':
      return { label: r.closed ? '查看' : '开始撰写', href: r.closed ? hwHref.detail(r.id) : hwHref.write(r.id) };
    case 'draft':
      return { label: '继续撰写', href: hwHref.edit(r.id) };
    case 'returned':
      return { label: '修改后重新提交', href: hwHref.edit(r.id) };
    case 'passed':
      return { label: '查看批阅结果', href: hwHref.review(r.id) };
    case 'submitted':
      return { label: '查看', href: hwHref.detail(r.id) };
  }
}

export default function MyHomeworkPage() {
  const [f, set] = useUrlFilters(DEFAULTS);
  const q = useCallQuery(
    work.findWorkByPage,
    { query: { pageNum: f.pageNum, pageSize: f.pageSize, kind: (f.kind || undefined) as W.WorkKind | undefined, state: (f.state || undefined) as W.WorkState | undefined } },
    { keepPrevious: true, staleTime: 0 },
  );
  const kind = (f.kind || 'homework') as W.WorkKind;
  return (
    <>
      <div className="hw-toolbar" role="search">
        <Segmented
          aria-label="作业类型"
          value={f.kind}
          onChange={(v) => set({ kind: String(v) })}
          options={[
            { value: '', label: '全部' },
            { value: 'homework', label: '作业' },
            { value: 'practice', label: '实践报告' },
          ]}
        />
        <Select
          aria-label="作业状态"
          style={{ width: 160 }}
          value={f.state}
          onChange={(state: string) => set({ state })}
          options={[{ value: '', label: '全部状态' }, ...work.WORK_STATES.map((s) => ({ value: s, label: stateLabel(kind, s) }))]}
        />
      </div>
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : (
        <ResponsiveTable<W.MyWorkItem>
          label="我的作业列表"
          // A fixed layout 960 px wide or the page's width: at max-content a long title, class name or
          // 可补交至 note widened the table past the 1200 px page at 1920, under the fixed 操作 column;
          // here they wrap within their columns, and the 作业 column takes the width left.
          scroll={{ x: 960 }}
          tableLayout="fixed"
          titleColumn="title"
          actionColumn="action"
          rowKey="id"
          loading={q.isFetching}
          dataSource={q.data?.list ?? []}
          locale={{ emptyText: f.kind || f.state ? '没有符合条件的作业' : '您所在的班级还没有布置作业' }}
          pagination={{
            current: f.pageNum,
            pageSize: f.pageSize,
            total: q.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50],
            showTotal: (n) => `共${n}项`,
            onChange: (pageNum, pageSize) => set({ pageNum, pageSize }),
          }}
          columns={[
            {
              title: '作业',
              dataIndex: 'title',
              render: (title: string, r) => (
                <>
                  <Link to={hwHref.detail(r.id)}>{title}</Link>
                  <div className="hw-muted">
                    {work.WORK_KIND_LABELS[r.kind]} · {r.className}
                  </div>
                </>
              ),
            },
            { title: '课程/专题', key: 'course', width: 200, render: (_v, r) => r.courseTitle || r.installTitle || '—' },
            {
              title: '截止时间',
              dataIndex: 'dueAt',
              width: 170,
              render: (d: string, r) => (
                <>
                  {formatDateTime(d)}
                  {r.extensionUntil ? <div className="hw-muted">已为您延期至{formatDateTime(r.extensionUntil)}</div> : null}
                  {r.closed ? <div className="hw-muted">已截止</div> : r.overdue ? <div className="hw-muted">已过期，可补交至{r.cutoffAt ? formatDateTime(r.cutoffAt) : '批阅前'}</div> : null}
                </>
              ),
            },
            {
              title: '状态',
              dataIndex: 'state',
              width: 150,
              render: (s: W.WorkState, r) => (
                <>
                  <WorkStateTag kind={r.kind} state={s} />
                  <LateTag late={r.late} />
                </>
              ),
            },
            { title: '成绩', dataIndex: 'score', width: 70, align: 'right', render: (s: number | null) => (s === null ? '—' : s) },
            {
              title: '操作',
              key: 'action',
              width: 150,
              render: (_v, r) => {
                const a = actionOf(r);
                return (
                  <Link to={a.href} aria-label={`${a.label} ${r.title}`}>
                    {a.label}
                  </Link>
                );
              },
            },
          ]}
        />
      )}
    </>
  );
}
