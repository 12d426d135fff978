/** /learningClassroom/qualifiedcourses: completed courses with hours earned and completion date. */
import { CourseList } from '../../../features/classroom/CourseList.tsx';

export default function QualifiedCoursesPage() {
  return (
    <>
      <CourseList completed />
    </>
  );
}
