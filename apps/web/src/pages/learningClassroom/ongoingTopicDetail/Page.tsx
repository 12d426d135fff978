/** /learningClassroom/ongoingTopicDetail?id=: one of my topics: plans, courses and my progress in each. */
import { Link, useSearchParams } from 'react-router';
import { Empty } from 'antd';
import { InstallDetailView } from '../../../features/learning/InstallDetailView.tsx';
import { idFrom } from '../../../features/learning/query.ts';

export default function OngoingTopicDetailPage() {
  const [params] = useSearchParams();
  const id = idFrom(params.get('id'));
  return (
    <>
      <p>
        <Link to="/learningClassroom/ongoingTopic">返回我的专题</Link>
      </p>
      {id ? <InstallDetailView installId={id} withEnrolment={false} /> : <Empty description="请从我的专题中选择" />}
    </>
  );
}
