/** /learningClassroom/myhomework2?workId=: writing my homework or practice report (a new one or my draft). */
import { WorkEditorPage } from '../../../features/homework/WorkEditorPage.tsx';

export default function MyHomeworkWritePage() {
  return <WorkEditorPage />;
}
