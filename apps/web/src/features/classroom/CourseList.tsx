/** My courses in progress or completed, paged. */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Pagination, Progress } from 'antd';
import { canUsePermissionModules } from '@portal/contract/base';
import { learning } from '@portal/contract/refs';
import { formatDate, formatDateTime, formatDuration } from '../learning/format.ts';
import { QueryState } from '../learning/ListState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { useSession } from '../auth/session.ts';
import { Cover } from '../catalog/Cover.tsx';

const PAGE_SIZE = 10;

export function CourseList({ completed }: { completed: boolean }) {
  const [pageNum, setPageNum] = useState(1);
  const { person } = useSession();
  // A training-class account lands here (its landing page): its class's courses come through its arrangements.
  const noneStarted = person && !canUsePermissionModules(person) ? '没有正在学习的课程，培训班的课程可在“进行中的专题”中查看' : '没有正在学习的课程';
  const q = useCallQuery(learning.findLearningCourse, { query: { completed: completed ? 'true' : 'false', pageNum, pageSize: PAGE_SIZE } }, { staleTime: 0 });
  return (
    <QueryState query={q} empty={completed ? '还没有已完成的课程' : noneStarted} isEmpty={(d) => d.list.length === 0}>
      {(d) => (
        <>
          <ul className="lc-list">
            {d.list.map((c) => (
              <li key={c.id} className="lc-card lc-topic">
                <Cover url={c.coverUrl} title={c.title} className="lc-topic-cover" width={160} height={100} loading="lazy" />
                <div className="lc-topic-body">
                  <h2 className="lc-topic-title">
                    <Link to={`/study?courseId=${c.id}`}>{c.title}</Link>
                  </h2>
                  <p className="lc-muted">
                    {c.lecturer} · {c.categoryName} · {c.creditHours}学时
                  </p>
                  {completed ? (
                    <p>
                      获得学时 <strong>{c.earnedHours}</strong> · 完成日期 {formatDate(c.completedAt)}
                    </p>
                  ) : (
                    <div className="lc-topic-hours">
                      <span>
                        已学 {formatDuration(c.learnedSeconds)} / {formatDuration(c.requiredSeconds)} · 最近学习 {formatDateTime(c.lastStudiedAt)}
                      </span>
                      <Progress percent={c.progress ?? 0} size="small" aria-label={`${c.title} 学习进度`} />
                    </div>
                  )}
                  <div className="lc-actions">
                    <Link to={`/study?courseId=${c.id}`}>
                      <Button type={completed ? 'default' : 'primary'} size="small">
                        {completed ? '复习' : '继续学习'}
                      </Button>
                    </Link>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <Pagination className="lc-pager" current={pageNum} pageSize={PAGE_SIZE} total={d.total} onChange={setPageNum} showSizeChanger={false} hideOnSinglePage />
        </>
      )}
    </QueryState>
  );
}
