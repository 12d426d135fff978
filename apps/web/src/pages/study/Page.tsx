/** /study?courseId=&resourceId=: a course's video chapters (other kinds move to their own pages). */
import { useSearchParams } from 'react-router';
import { idFrom } from '../../features/learning/query.ts';
import { CourseStudy, NoCourse } from '../../features/study/CourseStudy.tsx';

export default function StudyPage() {
  const [params] = useSearchParams();
  const courseId = idFrom(params.get('courseId'));
  if (!courseId) return <NoCourse title="视频学习" />;
  return (
    <div className="page-container">
      <CourseStudy courseId={courseId} resourceId={idFrom(params.get('resourceId'))} kind="video" />
    </div>
  );
}
