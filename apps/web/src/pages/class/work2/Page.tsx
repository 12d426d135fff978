/** /class/work2?classId=&submissionId=: reviewing one homework submission, then the next awaiting review. */
import { ReviewPanel } from '../../../features/homework/ReviewPanel.tsx';

export default function WorkReviewPage() {
  return <ReviewPanel kind="homework" />;
}
