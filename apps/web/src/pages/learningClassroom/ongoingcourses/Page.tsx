/** /learningClassroom/ongoingcourses: courses I started and have not completed. */
import { ClassroomLayout } from '../../../features/classroom/ClassroomLayout.tsx';
import { CourseList } from '../../../features/classroom/CourseList.tsx';

export default function OngoingCoursesPage() {
  return (
    <ClassroomLayout title="正在学习的课程">
      <CourseList completed={false} />
    </ClassroomLayout>
  );
}
