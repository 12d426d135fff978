/** /learningClassroom/learningnotes: all my notes, grouped by course, searchable and paged. */
import { NotesList } from '../../../features/notes/NotesList.tsx';

export default function LearningNotesPage() {
  return <NotesList />;
}
