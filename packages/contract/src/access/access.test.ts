import { describe, expect, it } from 'vitest';
import { canTakeOnlineExam, canUsePermissionModules, isTeacher, isTrainingClassAccount, showsNationalAcademyLink } from './rules.ts';
import { decideRoute, flattenRoutes, landingOf, ROUTES } from './routes.ts';

const student = { personType: 1, createuser: 'admin', explain: '', positionLevelId: 8, organName: '某市财政局' };
const teacher = { ...student, personType: 4 };
const trainee = { ...student, createuser: 'train', explain: '' };
const traineeExam = { ...trainee, explain: 'train' };

describe('SPEC.md section 6 roles', () => {
  it('person type 4 is teacher; every other type is a student', () => {
    expect(isTeacher(teacher)).toBe(true);
    for (const t of [0, 1, 2, 3, 5]) expect(isTeacher({ personType: t })).toBe(false);
  });

  it('createuser train marks a training-class account, closed to permission modules', () => {
    expect(isTrainingClassAccount(trainee)).toBe(true);
    expect(canUsePermissionModules(trainee)).toBe(false);
    expect(canUsePermissionModules(student)).toBe(true);
  });

  it('online exam is allowed to a training-class account only if explain also equals train', () => {
    expect(canTakeOnlineExam(trainee)).toBe(false);
    expect(canTakeOnlineExam(traineeExam)).toBe(true);
    expect(canTakeOnlineExam(student)).toBe(true);
  });

  it('national academy link: level 2-6, 干部学院, 党校 without 培训班, explain mentioning 党校', () => {
    expect(showsNationalAcademyLink({ ...student, positionLevelId: 1 })).toBe(false);
    expect(showsNationalAcademyLink({ ...student, positionLevelId: 2 })).toBe(true);
    expect(showsNationalAcademyLink({ ...student, positionLevelId: 6 })).toBe(true);
    expect(showsNationalAcademyLink({ ...student, positionLevelId: 7 })).toBe(false);
    expect(showsNationalAcademyLink({ ...student, organName: '省委党校干部学院' })).toBe(true);
    expect(showsNationalAcademyLink({ ...student, organName: '市委党校' })).toBe(true);
    expect(showsNationalAcademyLink({ ...student, organName: '市委党校培训班' })).toBe(false);
    expect(showsNationalAcademyLink({ ...student, explain: '党校学员' })).toBe(true);
    expect(showsNationalAcademyLink(student)).toBe(false);
  });
});

describe('SPEC.md section 2 route access table', () => {
  const route = (path: string) => {
    const r = flattenRoutes().find((x) => x.path === path);
    if (!r) throw new Error(path);
    return r;
  };

  it('lists every route of the spec', () => {
    const paths = flattenRoutes().map((r) => r.path);
    for (const p of ['/index', '/pictureNewInfo', '/charts', '/certificate', '/download', '/question', '/about', '/noticeList', '/noticeInfo', '/course', '/specialTraining', '/learningColumn', '/learningColumnInfo', '/onlineExam', '/exam', '/exam1', '/examInfo', '/study', '/studypdf', '/studypdf1', '/studylive', '/studylive1', '/specialTrainingInfo', '/class/teacherinfo', '/class/message1', '/learningClassroom/ongoingTopic', '/learningClassroom/printcertificate', '/learningClassroom/myhomework5'])
      expect(paths).toContain(p);
    // SPEC.md's fifteen, 批阅中心 and 学习提醒.
    expect(paths.filter((p) => p.startsWith('/class/'))).toHaveLength(17);
    expect(paths).toContain('/class/review');
    expect(paths).toContain('/class/remind');
    // The spec's sixteen, 我的消息, and the practice pages (错题本, 错题重练, 练习记录 and one record).
    expect(paths.filter((p) => p.startsWith('/learningClassroom/'))).toHaveLength(21);
  });

  it('the classroom\'s practice pages follow the exam pages: closed to a training-class account without the exam right', () => {
    for (const p of ['/learningClassroom/wrongbook', '/learningClassroom/wrongbook1', '/learningClassroom/practicerecord', '/learningClassroom/practicerecord1']) {
      expect(decideRoute(route(p), trainee)).toBe('noPermission');
      expect(decideRoute(route(p), traineeExam)).toBe('allow');
      expect(decideRoute(route(p), student)).toBe('allow');
      expect(decideRoute(route(p), teacher)).toBe('noPermission');
      expect(decideRoute(route(p), null)).toBe('login');
    }
  });

  it('public routes open for anybody; /course asks no login but checks permission', () => {
    expect(decideRoute(route('/index'), null)).toBe('allow');
    expect(decideRoute(route('/index'), trainee)).toBe('allow');
    expect(decideRoute(route('/course'), null)).toBe('allow');
    expect(decideRoute(route('/course'), trainee)).toBe('noPermission');
  });

  it('login routes ask a visitor to log in; permission routes refuse training-class accounts', () => {
    expect(decideRoute(route('/study'), null)).toBe('login');
    expect(decideRoute(route('/specialTraining'), null)).toBe('login');
    expect(decideRoute(route('/specialTraining'), trainee)).toBe('noPermission');
    expect(decideRoute(route('/specialTraining'), student)).toBe('allow');
    expect(decideRoute(route('/study'), trainee)).toBe('allow');
  });

  it('exam routes admit training-class accounts only with explain train', () => {
    expect(decideRoute(route('/onlineExam'), trainee)).toBe('noPermission');
    expect(decideRoute(route('/onlineExam'), traineeExam)).toBe('allow');
    expect(route('/exam').bare && route('/examInfo').bare && route('/exam1').bare).toBe(true);
  });

  it('the teacher area is for teachers, the classroom for learners; each lands on its own page', () => {
    expect(decideRoute(route('/class/teacherinfo'), student)).toBe('noPermission');
    expect(decideRoute(route('/class/teacherinfo'), teacher)).toBe('allow');
    expect(decideRoute(route('/class/review'), student)).toBe('noPermission');
    expect(decideRoute(route('/class/review'), teacher)).toBe('allow');
    expect(decideRoute(route('/learningClassroom/ongoingTopic'), teacher)).toBe('noPermission');
    expect(landingOf(student)).toBe('/learningClassroom/ongoingTopic');
    expect(landingOf(teacher)).toBe('/class/teacherinfo');
    // Not the topics page, which sends to 专题培训: a permission module a training-class account cannot open.
    for (const p of [trainee, traineeExam]) {
      expect(landingOf(p)).toBe('/learningClassroom/ongoingcourses');
      expect(decideRoute(route(landingOf(p)), p)).toBe('allow');
    }
    expect(ROUTES.find((r) => r.path === '/class')?.index).toBe('teacherinfo');
    expect(ROUTES.find((r) => r.path === '/learningClassroom')?.index).toBe('ongoingTopic');
  });
});
