/** The classroom's note pages. */
export const NOTES_HREF = '/learningClassroom/learningnotes';
export const ADD_NOTE_HREF = '/learningClassroom/learningnotesadd';
export const editNoteHref = (noteId: number) => `/learningClassroom/learningnotesedit?noteId=${noteId}`;
