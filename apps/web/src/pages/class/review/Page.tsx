/**
 * /class/review (批阅中心): everything awaiting my review in all my classes — homework and practice
 * reports — oldest first, filtered by class, assignment and kind (in the address), and reviewed in
 * place one after another: 通过 / 退回 moves straight on to the next. A review can be undone for the
 * server's undo window (撤销); with one assignment chosen, several hand-ins can be passed at once.
 * Keyboard: J / K next and previous, P pass, R return, U undo, S and C to the score and comment
 * boxes (shown on the page; never while typing).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Empty, Form, Input, InputNumber, Modal, Pagination, Result, Segmented, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { review as R } from '@portal/contract';
import { review, work } from '@portal/contract/refs';
import { call, refusalMessage } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { LoadError, Loading } from '../../../features/learning/ListState.tsx';
import { formatDateTime } from '../../../features/learning/format.ts';
import { QueueItemReview, verdictProblem, type ItemActions } from '../../../features/homework/QueueItemReview.tsx';
import { SHORTCUTS, useShortcuts } from '../../../features/homework/shortcuts.ts';
import { LateTag } from '../../../features/homework/common.tsx';
import { useUrlFilters } from '../../../lib/urlFilters.ts';
import { toast } from '../../../lib/toast.ts';
import '../../../features/teacher/teacher.css';
import '../../../features/homework/homework.css';
import './review.css';

const DEFAULTS = { classId: 0, workId: 0, kind: '', pageNum: 1 };
const PAGE_SIZE = 20;
const KIND_OPTIONS = [
  { value: '', label: '全部' },
  { value: 'homework', label: '作业' },
  { value: 'practice', label: '实践报告' },
];

/** Reviews in their undo window: what to say, when the window ends (this browser's clock), where to go back to. */
interface Held {
  reviewIds: number[];
  text: string;
  until: number;
  backTo: number;
}

/** What the queue's answers change: every list and count of work awaiting review. */
const QUEUE_CALLS = [review.findReviewQueue, review.findReviewQueueCount, work.findWorkPending, work.findClassWork, work.findWorkSubmissionByPage, work.findPracticeByPage];

function UndoBar({ held, onUndo, onLapse, undoing }: { held: Held; onUndo: () => void; onLapse: () => void; undoing: boolean }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = Math.ceil((held.until - now) / 1000);
  useEffect(() => {
    if (left <= 0) onLapse();
  }, [left, onLapse]);
  if (left <= 0) return null;
  return (
    <Alert
      className="rq-undo"
      type="success"
      showIcon
      role="status"
      title={`${held.text}，${left}秒后生效并通知学员`}
      action={
        <Button size="small" onClick={onUndo} loading={undoing}>
          撤销（U）
        </Button>
      }
    />
  );
}

function ShortcutHelp() {
  return (
    <p className="rq-keys" aria-label="键盘快捷键">
      键盘快捷键：
      {SHORTCUTS.map((s) => (
        <span key={s.key}>
          <kbd>{s.key.toUpperCase()}</kbd> {s.label}
        </span>
      ))}
      <span>
        <kbd>Esc</kbd> 离开输入框
      </span>
    </p>
  );
}

/** 批量通过: the chosen hand-ins of one assignment with one score and one comment, after a confirmation naming how many. */
function BatchPass({ items, kind, onDone }: { items: R.QueueItem[]; kind: R.QueueItem['kind']; onDone: (held: R.HeldReviews) => void }) {
  const [open, setOpen] = useState(false);
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const practice = kind === 'practice';
  const what = practice ? '实践报告' : '作业';
  const save = useMutation({
    mutationFn: () => call(review.passReviewBatch, { body: { items: items.map((i) => ({ submissionId: i.submissionId, version: i.version })), score: practice ? null : score, comment } }),
    onSuccess: (held) => {
      setOpen(false);
      setScore(null);
      setComment('');
      onDone(held);
    },
    onError: (err) => setError(refusalMessage(err)),
  });
  return (
    <>
      <Button type="primary" ghost disabled={items.length === 0} onClick={() => (setError(null), setOpen(true))}>
        批量通过{items.length ? `（${items.length}份）` : ''}
      </Button>
      <Modal
        open={open}
        title={`批量通过所选的${items.length}份${what}`}
        okText={`确定通过${items.length}份`}
        cancelText="取消"
        confirmLoading={save.isPending}
        onCancel={() => setOpen(false)}
        onOk={() => {
          const problem = verdictProblem(kind, 'pass', practice ? null : score, comment);
          setError(problem);
          if (!problem) save.mutate();
        }}
        destroyOnHidden
      >
        <p>
          将以同一{practice ? '审核意见' : '成绩和评语'}通过以下{items.length}位学员的{what}：{items.map((i) => i.personName).join('、')}。每位学员将分别收到通知；确定后，在页面上方的提示消失前仍可撤销。
        </p>
        <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
          {practice ? null : (
            <Form.Item label="成绩（0至100分）" htmlFor="rq-batch-score">
              <InputNumber id="rq-batch-score" step={0.5} precision={1} value={score} onChange={(v) => setScore(typeof v === 'number' ? v : null)} style={{ width: 160, maxWidth: '100%' }} />
            </Form.Item>
          )}
          <Form.Item label={practice ? '审核意见（选填）' : '评语（选填）'} htmlFor="rq-batch-comment">
            <Input.TextArea id="rq-batch-comment" rows={3} maxLength={work.WORK_LIMITS.commentMax} showCount value={comment} onChange={(e) => setComment(e.target.value)} />
          </Form.Item>
        </Form>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Modal>
    </>
  );
}

export default function ReviewQueuePage() {
  const [f, set] = useUrlFilters(DEFAULTS);
  const client = useQueryClient();
  const q = useCallQuery(
    review.findReviewQueue,
    { query: { classId: f.classId || undefined, workId: f.workId || undefined, kind: (f.kind || undefined) as R.QueueItem['kind'] | undefined, pageNum: f.pageNum, pageSize: PAGE_SIZE } },
    { keepPrevious: true, staleTime: 0 },
  );
  const list = useMemo(() => q.data?.list ?? [], [q.data]);
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [held, setHeld] = useState<Held | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const actions = useRef<ItemActions | null>(null);
  const at = Math.max(0, list.findIndex((i) => i.submissionId === currentId));
  const current = list[at] ?? null;
  const works = q.data?.works ?? [];
  const chosenWork = works.find((w) => w.workId === f.workId);
  const refresh = () => {
    for (const c of QUEUE_CALLS) void client.invalidateQueries({ queryKey: callKey(c) });
  };

  const go = (step: number) => {
    const next = list[at + step];
    if (next) setCurrentId(next.submissionId);
    else if (step > 0 && q.data && f.pageNum * PAGE_SIZE < q.data.total) set({ pageNum: f.pageNum + 1 });
    else if (step < 0 && f.pageNum > 1) set({ pageNum: f.pageNum - 1 });
  };
  const undo = useMutation({
    mutationFn: (h: Held) => call(review.undoReview, { body: { reviewIds: h.reviewIds } }),
    onSuccess: (_r, h) => {
      toast('success', review.REVIEW_MSG.undone);
      setHeld(null);
      setCurrentId(h.backTo);
      refresh();
    },
    onError: (err) => {
      toast('error', refusalMessage(err) ?? '撤销失败，请稍后重试');
      setHeld(null);
      refresh();
    },
  });
  const hold = (h: R.HeldReviews, text: string, backTo: number) => setHeld({ reviewIds: h.reviews.map((r) => r.reviewId), text, until: Date.now() + h.undoSeconds * 1000, backTo });

  useShortcuts({
    j: () => go(1),
    k: () => go(-1),
    p: () => actions.current?.pass(),
    r: () => actions.current?.ret(),
    u: () => held && !undo.isPending && undo.mutate(held),
    s: () => actions.current?.focusScore(),
    c: () => actions.current?.focusComment(),
  });

  // The choice of hand-ins for a batch belongs to one assignment and to what is listed.
  useEffect(() => setChosen((ids) => ids.filter((id) => list.some((i) => i.submissionId === id))), [list]);
  useEffect(() => setChosen([]), [f.workId]);

  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  const classes = [...new Map(works.map((w) => [w.classId, w.className])).entries()];
  const waitingIn = (classId: number) => works.filter((w) => w.classId === classId).reduce((n, w) => n + w.waiting, 0);

  return (
    <div className="teacher-page rq-page">
      <div className="teacher-toolbar">
        <Select
          aria-label="按班级筛选"
          className="rq-filter"
          value={f.classId}
          onChange={(classId: number) => set({ classId, workId: 0 })}
          options={[{ value: 0, label: '全部班级' }, ...classes.map(([id, name]) => ({ value: id, label: `${name}（${waitingIn(id)}）` }))]}
        />
        <Select
          aria-label="按作业筛选"
          className="rq-filter rq-filter-work"
          value={f.workId}
          onChange={(workId: number) => set({ workId })}
          options={[
            { value: 0, label: '全部作业' },
            ...works.filter((w) => !f.classId || w.classId === f.classId).filter((w) => !f.kind || w.kind === f.kind).map((w) => ({ value: w.workId, label: `${w.workTitle}（${w.waiting}）` })),
          ]}
        />
        <Segmented aria-label="按类型筛选" value={f.kind} onChange={(kind) => set({ kind: String(kind), workId: 0 })} options={KIND_OPTIONS} />
      </div>
      {q.data ? (
        <p className="teacher-muted" aria-live="polite">
          共有{q.data.waiting}份待批阅{q.data.total !== q.data.waiting ? `，符合筛选的${q.data.total}份` : ''}，按提交时间从早到晚排列
        </p>
      ) : null}
      {held ? <UndoBar key={held.reviewIds.join(',')} held={held} undoing={undo.isPending} onUndo={() => undo.mutate(held)} onLapse={() => setHeld(null)} /> : null}
      <ShortcutHelp />
      {q.isPending ? (
        <Loading />
      ) : list.length === 0 ? (
        <Result status="success" title={q.data && q.data.waiting > 0 ? '符合筛选的作业已全部批阅' : '没有待批阅的作业'} subTitle="学员提交的作业和实践报告会出现在这里。" />
      ) : (
        <div className="rq-layout">
          <section className="rq-list" aria-label="待批阅队列">
            {chosenWork ? (
              <div className="rq-batch">
                <Checkbox
                  checked={chosen.length === list.length}
                  indeterminate={chosen.length > 0 && chosen.length < list.length}
                  onChange={(e) => setChosen(e.target.checked ? list.map((i) => i.submissionId) : [])}
                >
                  全选本页
                </Checkbox>
                <BatchPass
                  items={list.filter((i) => chosen.includes(i.submissionId))}
                  kind={chosenWork.kind}
                  onDone={(h) => {
                    setChosen([]);
                    hold(h, `已批量通过${h.reviews.length}份`, h.reviews[0]!.submissionId);
                    refresh();
                  }}
                />
              </div>
            ) : (
              <p className="teacher-muted rq-batch-hint">选择一项作业后，可勾选多份提交批量通过。</p>
            )}
            <ol className="rq-items">
              {list.map((i) => (
                <li key={i.submissionId} className={i.submissionId === current?.submissionId ? 'rq-entry rq-entry-current' : 'rq-entry'}>
                  {chosenWork ? (
                    <Checkbox
                      aria-label={`选择${i.personName}的提交`}
                      checked={chosen.includes(i.submissionId)}
                      onChange={(e) => setChosen((ids) => (e.target.checked ? [...ids, i.submissionId] : ids.filter((id) => id !== i.submissionId)))}
                    />
                  ) : null}
                  <button type="button" className="rq-entry-button" aria-current={i.submissionId === current?.submissionId ? 'true' : undefined} onClick={() => setCurrentId(i.submissionId)}>
                    <span className="rq-entry-name">
                      <span className="rq-entry-person">{i.personName}</span>
                      <span className="hw-muted"> · {i.kind === 'practice' ? '实践报告' : '作业'}</span>
                    </span>
                    <span className="rq-entry-work">{i.workTitle}</span>
                    <span className="hw-muted">
                      {i.className} · {formatDateTime(i.submittedAt)} {i.version > 1 ? `· 第${i.version}次提交` : ''}
                    </span>
                  </button>
                  <LateTag late={i.late} />
                </li>
              ))}
            </ol>
            {q.data && q.data.total > PAGE_SIZE ? <Pagination size="small" current={f.pageNum} pageSize={PAGE_SIZE} total={q.data.total} showSizeChanger={false} onChange={(pageNum) => set({ pageNum })} /> : null}
          </section>
          <section className="rq-current" aria-label="当前批阅">
            {current ? (
              <>
                <div className="rq-nav">
                  <Button onClick={() => go(-1)} disabled={at === 0 && f.pageNum === 1}>
                    上一份（K）
                  </Button>
                  <span className="hw-muted">
                    第{(f.pageNum - 1) * PAGE_SIZE + at + 1}份，共{q.data?.total ?? 0}份
                  </span>
                  <Button onClick={() => go(1)} disabled={!list[at + 1] && !(q.data && f.pageNum * PAGE_SIZE < q.data.total)}>
                    下一份（J）
                  </Button>
                </div>
                <QueueItemReview
                  key={`${current.submissionId}:${current.version}`}
                  item={current}
                  actions={actions}
                  onReviewed={(h, decision) => {
                    const verb = decision === 'pass' ? '已通过' : current.kind === 'practice' ? '已驳回' : '已退回';
                    hold(h, `${verb}${current.personName}的${current.kind === 'practice' ? '实践报告' : '作业'}`, current.submissionId);
                    // Straight on to the next: the one after this, or the one before when this was the last.
                    setCurrentId((list[at + 1] ?? list[at - 1])?.submissionId ?? null);
                    refresh();
                  }}
                />
              </>
            ) : (
              <Empty description="请从左侧队列中选择一份提交" />
            )}
          </section>
        </div>
      )}
    </div>
  );
}
