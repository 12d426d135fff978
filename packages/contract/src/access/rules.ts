/**
 * Roles and permission predicates of SPEC.md section 6, as pure functions of the session person.
 * The web uses them to choose menus and modals; the server uses the same ones to refuse.
 */
export interface AccessSubject {
  personType: number;
  createuser?: string | null;
  explain?: string | null;
  positionLevelId?: number | null;
  organName?: string | null;
}

export const PERSON_TYPE_STUDENT = 1;
export const PERSON_TYPE_TEACHER = 4;
export const TRAINING_CLASS_MARK = 'train';

/** Person type 4 is teacher; every other type is a student. */
export const isTeacher = (p: AccessSubject) => p.personType === PERSON_TYPE_TEACHER;
export const isStudent = (p: AccessSubject) => !isTeacher(p);

/** Training-class accounts are those created by the training class (createuser = train). */
export const isTrainingClassAccount = (p: AccessSubject) => p.createuser === TRAINING_CLASS_MARK;

/** Permission-checked routes, digital books and the AI entry are closed to training-class accounts. */
export const canUsePermissionModules = (p: AccessSubject) => !isTrainingClassAccount(p);

/** Online exam: open to everybody except training-class accounts whose explain is not also train. */
export const canTakeOnlineExam = (p: AccessSubject) => !isTrainingClassAccount(p) || p.explain === TRAINING_CLASS_MARK;

/**
 * The national cadre network academy link shows for position levels 2-6, a unit that is a cadre
 * academy (干部学院), a party school (党校) unless it is a training class (培训班), or an explain that
 * mentions the party school.
 */
export function showsNationalAcademyLink(p: AccessSubject): boolean {
  const level = p.positionLevelId ?? 0;
  const unit = p.organName ?? '';
  return (
    (level > 1 && level < 7) ||
    unit.includes('干部学院') ||
    (unit.includes('党校') && !unit.includes('培训班')) ||
    (p.explain ?? '').includes('党校')
  );
}
