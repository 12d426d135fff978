/** /studypdf1?installId=&courseId=&resourceId=: reading material of a special topic, with my notes of the course beside it (a note keeps its page). */
import { useSearchParams } from 'react-router';
import { idFrom } from '../../features/learning/query.ts';
import { NoCourse } from '../../features/study/CourseStudy.tsx';
import { PdfStudy } from '../../features/study/PdfStudy.tsx';
import { SingleResource } from '../../features/study/SingleResource.tsx';

export default function TopicReadingPage() {
  const [params] = useSearchParams();
  const installId = idFrom(params.get('installId'));
  const courseId = idFrom(params.get('courseId'));
  const resourceId = idFrom(params.get('resourceId'));
  if (!courseId || !resourceId) return <NoCourse title="专题资料" />;
  const back = installId ? { to: `/specialTrainingInfo?id=${installId}`, label: '返回专题' } : { to: `/study?courseId=${courseId}`, label: '返回课程' };
  return (
    <div className="page-container">
      <SingleResource courseId={courseId} resourceId={resourceId} kind="pdf" back={back}>
        {(r, bridge) => <PdfStudy key={r.id} resourceId={r.id} title={r.title} bridge={bridge} />}
      </SingleResource>
    </div>
  );
}
