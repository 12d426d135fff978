/** The header menus of SPEC.md section 2; labels are the route titles of the contract's table. */
import { isTeacher, type AccessSubject } from '@portal/contract/base';
import { routeOf } from './routeSpec.ts';

export type MenuItem = { key: string; label: string } & ({ kind: 'route'; path: string } | { kind: 'digitalBooks' });

const route = (path: string): MenuItem => ({ key: path, label: routeOf(path)?.title ?? path, kind: 'route', path });
const DIGITAL_BOOKS: MenuItem = { key: 'digitalBooks', label: '数字图书', kind: 'digitalBooks' };

export const STUDENT_MENU: MenuItem[] = [
  route('/index'),
  route('/about'),
  route('/learningClassroom'),
  route('/specialTraining'),
  route('/learningColumn'),
  route('/course'),
  route('/onlineExam'),
  DIGITAL_BOOKS,
];

export const TEACHER_MENU: MenuItem[] = [route('/index'), route('/about'), route('/specialTraining'), route('/class'), DIGITAL_BOOKS];

export type MenuKind = 'teacher' | 'student';
/** Visitors see the student menu. */
export const menuKindOf = (person: AccessSubject | null): MenuKind => (person && isTeacher(person) ? 'teacher' : 'student');
export const menuOf = (person: AccessSubject | null): MenuItem[] => (menuKindOf(person) === 'teacher' ? TEACHER_MENU : STUDENT_MENU);

/**
 * Marks the document with the menu of the person stored in this browser (`<html data-menu>`), as the
 * head script of a page rendered on the server did before its first paint (apps/server/src/http/
 * bootScript.ts), and keeps the mark as the session changes. The frame's styles hide a menu drawn for
 * the other kind: while React adopts such a page it draws a visitor's (the learner's) menu, which a
 * logged-in teacher must not see for even a frame.
 */
export function markStoredMenu(stored: () => AccessSubject | null, subscribe: (listener: () => void) => void): void {
  const mark = () => {
    document.documentElement.dataset.menu = menuKindOf(stored());
  };
  mark();
  subscribe(mark);
}
