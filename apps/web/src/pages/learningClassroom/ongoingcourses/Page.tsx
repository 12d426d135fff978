/** /learningClassroom/ongoingcourses: courses I started and have not completed. */
import { CourseList } from '../../../features/classroom/CourseList.tsx';

export default function OngoingCoursesPage() {
  return (
    <>
      <CourseList completed={false} />
    </>
  );
}
