/**
 * /onlineExam: the exams open to me, upcoming and ended, with my attempts, best score and pass state,
 * and on each either 参加考试 / 继续考试 or why I cannot take it; the practice entry.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Pagination, Tag } from 'antd';
import { catalog } from '@portal/contract/refs';
import type { catalog as CatalogTypes } from '@portal/contract';
import { QueryState } from '../../features/learning/ListState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { formatDateTime } from '../../features/exam/format.ts';
import { ExamAction } from '../../features/exam/ExamAction.tsx';
import '../../features/exam/exam.css';

const PAGE_SIZE = 10;
const STATE: Record<CatalogTypes.ExamState, { label: string; color: string }> = {
  upcoming: { label: '未开始', color: 'default' },
  open: { label: '进行中', color: 'success' },
  ended: { label: '已结束', color: 'default' },
};

export default function OnlineExamPage() {
  const [pageNum, setPageNum] = useState(1);
  const navigate = useNavigate();
  const q = useCallQuery(catalog.findExamOnlineByPage, { query: { pageNum, pageSize: PAGE_SIZE, ended: 'true' } }, { staleTime: 0, keepPrevious: true });
  return (
    <div className="page-container">
      <div className="exam-card">
        <div>
          <h1 className="page-title">在线考试</h1>
          <p>考试时间以服务器时间为准；每道题作答后即时保存，刷新或更换设备可继续作答。</p>
        </div>
        <Button size="large" onClick={() => navigate('/exam1')}>
          模拟练习
        </Button>
      </div>
      <QueryState query={q} empty="暂无考试" isEmpty={(d) => d.list.length === 0}>
        {(d) => (
          <>
            <ul className="exam-list" aria-label="考试列表">
              {d.list.map((e) => (
                <li key={e.id} className="exam-card">
                  <div>
                    <h2>
                      <Link to={`/examInfo?examId=${e.id}`}>{e.title}</Link> <Tag color={STATE[e.state].color}>{STATE[e.state].label}</Tag>
                      {e.decidesCompletion && <Tag color="red">结业考试</Tag>}
                    </h2>
                    {e.installTitle && <p>所属培训：{e.installTitle}</p>}
                    <p>
                      考试时间：{formatDateTime(e.startAt)} 至 {formatDateTime(e.endAt)}{'\u3000'}时长：{e.durationMinutes}分钟{'\u3000'}及格：{e.passScore}/{e.totalScore}分
                    </p>
                    {e.mine && (
                      <p>
                        已考 {e.mine.attemptsUsed}/{e.mine.attemptsAllowed} 次{'\u3000'}最高分：{e.mine.bestScore ?? '—'}{'\u3000'}
                        {e.mine.attemptsUsed > 0 && (e.mine.passed ? <Tag color="success">合格</Tag> : e.mine.bestScore !== null ? <Tag color="red">不合格</Tag> : null)}
                        {e.mine.openAttemptId && <Tag color="warning">答题中</Tag>}
                      </p>
                    )}
                  </div>
                  <ExamAction exam={e} />
                </li>
              ))}
            </ul>
            <Pagination className="lc-pager" current={pageNum} pageSize={PAGE_SIZE} total={d.total} onChange={setPageNum} showSizeChanger={false} hideOnSinglePage />
          </>
        )}
      </QueryState>
    </div>
  );
}
