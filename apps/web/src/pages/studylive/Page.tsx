/** /studylive?courseId=&resourceId=: a live lesson of a course. */
import { useSearchParams } from 'react-router';
import { idFrom } from '../../features/learning/query.ts';
import { CourseStudy, NoCourse } from '../../features/study/CourseStudy.tsx';

export default function StudyLivePage() {
  const [params] = useSearchParams();
  const courseId = idFrom(params.get('courseId'));
  if (!courseId) return <NoCourse title="直播课堂" />;
  return (
    <div className="page-container">
      <CourseStudy courseId={courseId} resourceId={idFrom(params.get('resourceId'))} kind="live" />
    </div>
  );
}
