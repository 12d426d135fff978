/** /learningClassroom/qualifiedcourses: completed courses with hours earned and completion date. */
import { ClassroomLayout } from '../../../features/classroom/ClassroomLayout.tsx';
import { CourseList } from '../../../features/classroom/CourseList.tsx';

export default function QualifiedCoursesPage() {
  return (
    <ClassroomLayout title="已完成的课程">
      <CourseList completed />
    </ClassroomLayout>
  );
}
