/** Binds the notes, appraisal and comment calls of the contract to the notes service; each acts for the caller. */
import { MSG, notes as N } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { HttpError } from '../../http/errors.ts';
import { notesDocument } from './document.ts';
import type { NotesService } from './service.ts';

export function notesRoutes(bind: Binder, svc: NotesService) {
  bind(N.addNote, ({ caller, body }) => svc.addNote(caller, body));
  bind(N.findNoteByPage, ({ caller, query }) => svc.notePage(caller, query));
  bind(N.findNoteCourses, ({ caller }) => svc.noteCourses(caller));
  bind(N.findNoteById, ({ caller, query }) => svc.note(caller, query.noteId));
  bind(N.updateNote, ({ caller, body: { noteId, ...input } }) => svc.updateNote(caller, noteId, input));
  bind(N.deleteNote, ({ caller, body }) => svc.deleteNote(caller, body.noteId));
  bind(N.exportNotes, async ({ caller, query, reply }) => {
    const found = await svc.notesForExport(caller, query.courseId);
    if (!found) throw new HttpError(404, MSG.notFound);
    const bytes = await notesDocument({ ...found, personName: caller.personName, now: new Date() });
    await reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
      .header('Content-Disposition', `attachment; filename="notes-${query.courseId}.docx"; filename*=UTF-8''${encodeURIComponent(`学习笔记-${found.courseTitle}.docx`)}`)
      .header('Cache-Control', 'private, no-store')
      .send(bytes);
    return null;
  });

  bind(N.findCourseAppraise, ({ caller, query }) => svc.appraisal(caller, query.courseId));
  bind(N.addCourseAppraise, ({ caller, body }) => svc.appraise(caller, body));
  bind(N.deleteCourseAppraise, ({ caller, body }) => svc.withdrawAppraisal(caller, body.courseId));

  bind(N.findCourseCriticismByPage, ({ caller, query }) => svc.criticismPage(caller, query));
  bind(N.addCourseCriticism, ({ caller, ip, body }) => svc.addCriticism(caller, ip, body));
  bind(N.updateCourseCriticism, ({ caller, ip, body }) => svc.updateCriticism(caller, ip, body.criticismId, body.content));
  bind(N.deleteCourseCriticism, ({ caller, body }) => svc.deleteCriticism(caller, body.criticismId));
}
