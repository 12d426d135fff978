/** The page around the editor (myhomework2, myhomework3): the assignment read once, then the editor owns the draft. */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Empty } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { work } from '@portal/contract/refs';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { useSession } from '../auth/session.ts';
import { Loading, QueryState } from '../learning/ListState.tsx';
import { idFrom } from '../learning/query.ts';
import { hwHref } from './common.tsx';
import { WorkEditor } from './WorkEditor.tsx';
import { courseNotes, NOTES_PARAM } from './fromNotes.tsx';
import { notesQuote } from './notesQuote.ts';

export function WorkEditorPage() {
  const [params] = useSearchParams();
  const workId = idFrom(params.get('workId'));
  const notesOf = idFrom(params.get(NOTES_PARAM));
  const quote = useQuery({ queryKey: ['homeworkNotesQuote', notesOf], queryFn: () => courseNotes(notesOf!).then(notesQuote), enabled: notesOf !== null, staleTime: 0 });
  const { person } = useSession();
  // The editor starts from an answer fetched after the page opened (never a cached one, which may be
  // older than the last save); from then on its own draft is the newest and later answers are ignored.
  const [openedAt] = useState(() => Date.now());
  const q = useCallQuery(work.findWorkById, { query: { workId: workId ?? 0 } }, { enabled: workId !== null, staleTime: 0 });
  if (!workId)
    return (
      <Empty description="请从我的作业中选择要撰写的作业">
        <Link to={hwHref.list}>返回我的作业</Link>
      </Empty>
    );
  if (q.isSuccess && q.dataUpdatedAt < openedAt) return <Loading />;
  if (notesOf !== null && quote.isPending) return <Loading label="正在读取笔记" />;
  return (
    <>
      {quote.isError ? <Alert type="warning" showIcon title="笔记读取失败，未能加入草稿" style={{ marginBottom: 12 }} /> : null}
      <QueryState query={q} empty="">
        {(d) => (person ? <WorkEditor personId={person.personId} detail={d} quote={quote.data || undefined} /> : <Loading />)}
      </QueryState>
    </>
  );
}
