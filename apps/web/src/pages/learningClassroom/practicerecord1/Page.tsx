/** /learningClassroom/practicerecord1?testId=: one practice test I handed in, question by question. */
import { Link, useSearchParams } from 'react-router';
import { Result } from 'antd';
import { exam as E, mistakes as M } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { formatDateTime } from '../../../features/learning/format.ts';
import { idFrom } from '../../../features/learning/query.ts';
import { PracticeReview } from '../../../features/mistakes/PracticeReview.tsx';
import '../../../features/exam/exam.css';
import '../../../features/mistakes/mistakes.css';

export default function PracticeRecordPage() {
  const [params] = useSearchParams();
  const testId = idFrom(params.get('testId'));
  const q = useCallQuery(M.findPracticeRecord, { query: { testId: testId ?? 0 } }, { enabled: testId !== null });
  const back = <Link to="/learningClassroom/practicerecord">返回练习记录</Link>;
  if (testId === null) return <Result status="warning" title="练习不存在" extra={back} />;
  return (
    <QueryState query={q} empty="" isEmpty={() => false}>
      {(r) => (
        <>
          <div className="mk-bar">
            <p>
              {E.PRACTICE_KIND_LABELS[r.kind]}
              {'\u3000'}交卷时间：{formatDateTime(r.submittedAt)}
              {'\u3000'}答对 {r.correctCount}/{r.items.length} 题{'\u3000'}得分 {r.score}/{r.totalScore}
            </p>
            {back}
          </div>
          <PracticeReview result={r} />
        </>
      )}
    </QueryState>
  );
}
