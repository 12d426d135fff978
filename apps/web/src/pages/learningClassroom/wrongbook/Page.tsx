/**
 * /learningClassroom/wrongbook (错题本): the questions I answered wrongly in practice, or in an exam
 * once it showed its answers, by bank, with my answer, the right one and the explanation; 错题重练;
 * the questions taken out (已移出) and bringing one back. Filters and page in the address.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Pagination, Segmented, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { exam as E, mistakes as M } from '@portal/contract/refs';
import type { mistakes as MistakeTypes } from '@portal/contract';
import { call, showError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { idFrom } from '../../../features/learning/query.ts';
import { MistakeCard } from '../../../features/mistakes/MistakeCard.tsx';
import { toast } from '../../../lib/toast.ts';
import '../../../features/exam/exam.css';
import '../../../features/mistakes/mistakes.css';

const PAGE_SIZE = 10;
const ALL = '';

function RestoreButton({ entry }: { entry: MistakeTypes.MistakeEntry }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      loading={busy}
      aria-label={`恢复到错题本：${entry.stem}`}
      onClick={() => {
        setBusy(true);
        call(M.restoreMistake, { body: { questionId: entry.questionId } })
          .then(() => {
            toast('success', '已恢复到错题本');
            return client.invalidateQueries({ queryKey: callKey(M.findMistakeBook) });
          })
          .catch(showError)
          .finally(() => setBusy(false));
      }}
    >
      恢复到错题本
    </Button>
  );
}

export default function WrongBookPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const status: MistakeTypes.MistakeStatus = params.get('status') === 'removed' ? 'removed' : 'active';
  const bank = params.get('bank') ?? ALL;
  const type = E.QUESTION_TYPES.find((t) => t === params.get('type'));
  const pageNum = idFrom(params.get('page')) ?? 1;
  const set = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    if (!('page' in next)) p.delete('page');
    setParams(p, { replace: true });
  };
  const q = useCallQuery(
    M.findMistakeBook,
    { query: { status, pageNum, pageSize: PAGE_SIZE, bank: bank || undefined, ...(type ? { type } : {}) } },
    { staleTime: 0, keepPrevious: true },
  );
  const counts = q.data ? { active: q.data.activeCount, removed: q.data.removedCount } : null;
  return (
    <>
      <div className="mk-bar">
        <p>模拟练习中答错的题目，以及考试公布答案后答错的题目，会自动收入错题本；错题重练中连续答对{M.MASTERED_STREAK}次即移出。错题本不计入学时与专题考核。</p>
        <div className="mk-filters">
          <Button type="primary" disabled={counts?.active === 0} onClick={() => navigate('/learningClassroom/wrongbook1')}>
            错题重练
          </Button>
          <Link to="/learningClassroom/practicerecord">练习记录</Link>
        </div>
      </div>
      <Segmented<MistakeTypes.MistakeStatus>
        aria-label="错题状态"
        value={status}
        onChange={(v) => set({ status: v === 'active' ? null : v, bank: null })}
        options={M.MISTAKE_STATUSES.map((s) => ({ value: s, label: `${M.MISTAKE_STATUS_LABELS[s]}${counts ? `（${s === 'active' ? counts.active : counts.removed}）` : ''}` }))}
      />
      <div className="mk-filters">
        <label>
          题库{' '}
          <Select
            aria-label="题库"
            value={bank}
            style={{ minWidth: 180 }}
            onChange={(v) => set({ bank: v || null })}
            options={[{ value: ALL, label: '全部题库' }, ...(q.data?.banks ?? []).map((b) => ({ value: b.bank, label: `${b.bank}（${b.count}题）` }))]}
          />
        </label>
        <label>
          题型{' '}
          <Select
            aria-label="题型"
            value={type ?? ALL}
            style={{ minWidth: 120 }}
            onChange={(v) => set({ type: v || null })}
            options={[{ value: ALL, label: '全部题型' }, ...E.QUESTION_TYPES.map((t) => ({ value: t, label: E.QUESTION_TYPE_LABELS[t] }))]}
          />
        </label>
      </div>
      <QueryState
        query={q}
        empty={
          bank || type
            ? '没有符合条件的题目'
            : status === 'active'
              ? '错题本暂无错题。模拟练习中答错的题目，以及考试公布答案后答错的题目，会自动收入这里。'
              : '暂无已移出的题目'
        }
        isEmpty={(d) => d.list.length === 0}
      >
        {(d) => (
          <>
            <ul className="mk-list" aria-label={status === 'active' ? '错题列表' : '已移出的题目'}>
              {d.list.map((e) => (
                <MistakeCard key={e.questionId} entry={e} action={status === 'removed' ? <RestoreButton entry={e} /> : undefined} />
              ))}
            </ul>
            <Pagination className="lc-pager" current={d.pageNum} pageSize={PAGE_SIZE} total={d.total} onChange={(n) => set({ page: String(n) })} showSizeChanger={false} hideOnSinglePage />
          </>
        )}
      </QueryState>
      {status === 'active' && counts?.active === 0 && !bank && !type && (
        <p className="mk-filters">
          <Link to="/exam1">去做模拟练习</Link>
        </p>
      )}
    </>
  );
}
