/** /specialTrainingInfo?id=: one special topic with its plans, courses, my progress, apply and cancel. */
import { Link, useSearchParams } from 'react-router';
import { Empty } from 'antd';
import { idFrom } from '../../features/learning/query.ts';
import { InstallDetailView } from '../../features/learning/InstallDetailView.tsx';

export default function SpecialTrainingInfoPage() {
  const [params] = useSearchParams();
  const id = idFrom(params.get('id'));
  return (
    <div className="page-container">
      <nav aria-label="位置" className="breadcrumb">
        <Link to="/specialTraining">专题培训</Link> / 专题详情
      </nav>
      {id ? (
        <InstallDetailView installId={id} withEnrolment />
      ) : (
        <>
          <h1 className="page-title">专题详情</h1>
          <Empty description="请从专题列表选择专题" />
        </>
      )}
    </div>
  );
}
