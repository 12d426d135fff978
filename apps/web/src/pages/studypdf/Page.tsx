/** /studypdf?courseId=&resourceId=: a course's PDF courseware. */
import { useSearchParams } from 'react-router';
import { idFrom } from '../../features/learning/query.ts';
import { CourseStudy, NoCourse } from '../../features/study/CourseStudy.tsx';

export default function StudyPdfPage() {
  const [params] = useSearchParams();
  const courseId = idFrom(params.get('courseId'));
  if (!courseId) return <NoCourse title="课件学习" />;
  return (
    <div className="page-container">
      <CourseStudy courseId={courseId} resourceId={idFrom(params.get('resourceId'))} kind="pdf" />
    </div>
  );
}
