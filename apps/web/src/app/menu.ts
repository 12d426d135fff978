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

/** Visitors see the student menu. */
export const menuOf = (person: AccessSubject | null): MenuItem[] => (person && isTeacher(person) ? TEACHER_MENU : STUDENT_MENU);
