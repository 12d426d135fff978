/**
 * /learningClassroom/practicerecord (练习记录): every practice test I handed in (模拟练习 and 错题重练),
 * newest first, with its date, banks, questions and score; each opens question by question. The page
 * is in the address.
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Pagination } from 'antd';
import { exam as E, mistakes as M } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { formatDateTime } from '../../../features/learning/format.ts';
import { idFrom } from '../../../features/learning/query.ts';
import '../../../features/mistakes/mistakes.css';

const PAGE_SIZE = 10;

export default function PracticeRecordsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const pageNum = idFrom(params.get('page')) ?? 1;
  const q = useCallQuery(M.findPracticeRecords, { query: { pageNum, pageSize: PAGE_SIZE } }, { staleTime: 0, keepPrevious: true });
  return (
    <>
      <div className="mk-bar">
        <p>模拟练习和错题重练交卷后的成绩都记录在这里，不计入学时与专题考核。</p>
        <div className="mk-filters">
          <Button type="primary" onClick={() => navigate('/exam1')}>
            模拟练习
          </Button>
          <Link to="/learningClassroom/wrongbook">错题本</Link>
        </div>
      </div>
      <QueryState query={q} empty="暂无练习记录。做一次模拟练习，交卷后成绩会记录在这里。" isEmpty={(d) => d.list.length === 0}>
        {(d) => (
          <>
            <table className="mk-records" aria-label="练习记录">
              <thead>
                <tr>
                  <th scope="col">交卷时间</th>
                  <th scope="col">类型</th>
                  <th scope="col">题库</th>
                  <th scope="col">题数</th>
                  <th scope="col">答对</th>
                  <th scope="col">得分</th>
                  <th scope="col">操作</th>
                </tr>
              </thead>
              <tbody>
                {d.list.map((r) => (
                  <tr key={r.testId}>
                    <td data-label="交卷时间">{formatDateTime(r.submittedAt)}</td>
                    <td data-label="类型">{E.PRACTICE_KIND_LABELS[r.kind]}</td>
                    <td data-label="题库">{r.banks.join('、')}</td>
                    <td data-label="题数">{r.questionCount}</td>
                    <td data-label="答对">{r.correctCount}</td>
                    <td data-label="得分">
                      {r.score}/{r.totalScore}
                    </td>
                    <td>
                      <Link to={`/learningClassroom/practicerecord1?testId=${r.testId}`} aria-label={`查看详情：${formatDateTime(r.submittedAt)} 的${E.PRACTICE_KIND_LABELS[r.kind]}`}>
                        查看详情
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination
              className="lc-pager"
              current={d.pageNum}
              pageSize={PAGE_SIZE}
              total={d.total}
              onChange={(n) => setParams(n === 1 ? {} : { page: String(n) }, { replace: true })}
              showSizeChanger={false}
              hideOnSinglePage
            />
          </>
        )}
      </QueryState>
    </>
  );
}
