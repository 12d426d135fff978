/** /learningClassroom/learningnotesedit?noteId=: one of my notes in the full editor. */
import { Link, useSearchParams } from 'react-router';
import { Empty } from 'antd';
import { notes } from '@portal/contract/refs';
import { NoteEditor } from '../../../features/notes/NoteEditor.tsx';
import { NOTES_HREF } from '../../../features/notes/links.ts';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { idFrom } from '../../../features/learning/query.ts';
import { useCallQuery } from '../../../api/useCallQuery.ts';

function Editor({ noteId }: { noteId: number }) {
  const q = useCallQuery(notes.findNoteById, { query: { noteId } }, { staleTime: 0 });
  return <QueryState query={q} empty="">{(note) => <NoteEditor key={note.id} note={note} />}</QueryState>;
}

export default function LearningNotesEditPage() {
  const [params] = useSearchParams();
  const noteId = idFrom(params.get('noteId'));
  return noteId ? (
    <Editor noteId={noteId} />
  ) : (
    <Empty description="请从学习笔记中选择要编辑的笔记">
      <Link to={NOTES_HREF}>返回学习笔记</Link>
    </Empty>
  );
}
