/** /class/practice1?classId=&submissionId=: auditing one practice report, then the next awaiting audit. */
import { ReviewPanel } from '../../../features/homework/ReviewPanel.tsx';

export default function PracticeAuditPage() {
  return <ReviewPanel kind="practice" />;
}
