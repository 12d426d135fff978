/** /learningClassroom/myhomework3?workId=: editing my draft, or my work returned for revision. */
import { WorkEditorPage } from '../../../features/homework/WorkEditorPage.tsx';

export default function MyHomeworkEditPage() {
  return <WorkEditorPage />;
}
