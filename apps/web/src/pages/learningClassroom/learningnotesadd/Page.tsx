/** /learningClassroom/learningnotesadd?courseId=: a new note, the course chosen from my courses. */
import { useSearchParams } from 'react-router';
import { NoteEditor } from '../../../features/notes/NoteEditor.tsx';
import { idFrom } from '../../../features/learning/query.ts';

export default function LearningNotesAddPage() {
  const [params] = useSearchParams();
  return <NoteEditor courseId={idFrom(params.get('courseId'))} />;
}
