/** The page around the editor (myhomework2, myhomework3): the assignment read once, then the editor owns the draft. */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Empty } from 'antd';
import { work } from '@portal/contract/refs';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { useSession } from '../auth/session.ts';
import { Loading, QueryState } from '../learning/ListState.tsx';
import { idFrom } from '../learning/query.ts';
import { hwHref } from './common.tsx';
import { WorkEditor } from './WorkEditor.tsx';

export function WorkEditorPage() {
  const [params] = useSearchParams();
  const workId = idFrom(params.get('workId'));
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
  return <QueryState query={q} empty="">{(d) => (person ? <WorkEditor personId={person.personId} detail={d} /> : <Loading />)}</QueryState>;
}
