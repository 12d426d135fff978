/**
 * The route access table of SPEC.md section 2: every screen, its access rule and its title.
 * The web router is built from this table; nothing else decides who may open a page.
 */
import { canTakeOnlineExam, canUsePermissionModules, isTeacher, type AccessSubject } from './rules.ts';

/** public: anybody; permission: anybody but checked for training-class accounts; login: logged in. */
export type RouteAccess = 'public' | 'permission' | 'login' | 'loginPermission';
export type RouteRole = 'teacher' | 'student';

export interface RouteSpec {
  path: string;
  title: string;
  access: RouteAccess;
  /** Only this role may open it (the teacher area, the learner's classroom). */
  role?: RouteRole;
  /** Online exam pages: training-class accounts need explain = train. */
  exam?: boolean;
  /** Header and footer hidden (the exam pages). */
  bare?: boolean;
  children?: RouteSpec[];
  /** Child to redirect to from the parent path. */
  index?: string;
  /**
   * A page that needs a login but has a public part (a study page: the course's head and chapters). While
   * a stored login is checked the page shows that part, and the server renders it for every request
   * (as a visitor's page), so that the learner sees the course before the scripts have run.
   */
  preview?: boolean;
}

const child = (path: string, title: string): RouteSpec => ({ path, title, access: 'login' });

export const ROUTES: RouteSpec[] = [
  { path: '/index', title: '首页', access: 'public' },
  { path: '/pictureNewInfo', title: '图片新闻', access: 'public' },
  { path: '/charts', title: '排行统计', access: 'public' },
  { path: '/certificate', title: '证书查询', access: 'public' },
  { path: '/download', title: '下载中心', access: 'public' },
  { path: '/question', title: '常见问题', access: 'public' },
  { path: '/about', title: '学院概况', access: 'public' },
  { path: '/noticeList', title: '通知公告', access: 'public' },
  { path: '/noticeInfo', title: '公告详情', access: 'public' },
  { path: '/course', title: '课程分类', access: 'permission' },
  { path: '/specialTraining', title: '专题培训', access: 'loginPermission' },
  { path: '/learningColumn', title: '学习专栏', access: 'loginPermission' },
  { path: '/learningColumnInfo', title: '专栏详情', access: 'loginPermission' },
  { path: '/onlineExam', title: '在线考试', access: 'login', exam: true },
  { path: '/exam', title: '考试', access: 'login', exam: true, bare: true },
  { path: '/exam1', title: '模拟练习', access: 'login', exam: true, bare: true },
  { path: '/examInfo', title: '考试详情', access: 'login', exam: true, bare: true },
  { path: '/study', title: '视频学习', access: 'login', preview: true },
  { path: '/studypdf', title: '课件学习', access: 'login', preview: true },
  { path: '/studypdf1', title: '专题资料', access: 'login', preview: true },
  { path: '/studylive', title: '直播课堂', access: 'login', preview: true },
  { path: '/studylive1', title: '直播回放', access: 'login', preview: true },
  { path: '/specialTrainingInfo', title: '专题详情', access: 'login' },
  {
    path: '/class',
    title: '班级管理',
    access: 'login',
    role: 'teacher',
    index: 'teacherinfo',
    children: [
      child('teacherinfo', '个人信息'),
      child('review', '批阅中心'),
      child('classstatistics', '班级统计'),
      child('classstatistics1', '学员学习统计'),
      child('classstatistics2', '课程学习统计'),
      child('myclass', '我的班级'),
      child('myclass1', '班级学员'),
      child('work', '作业管理'),
      child('work1', '作业提交'),
      child('work2', '作业批阅'),
      child('classcourse', '班级计划'),
      child('classcourse1', '班级课程'),
      child('practice', '实践报告'),
      child('practice1', '报告审核'),
      child('message', '消息管理'),
      child('message1', '发送消息'),
      child('remind', '学习提醒'),
    ],
  },
  {
    path: '/learningClassroom',
    title: '学习课堂',
    access: 'login',
    role: 'student',
    index: 'ongoingTopic',
    children: [
      child('ongoingTopic', '进行中的专题'),
      child('ongoingTopicDetail', '专题学习详情'),
      child('ongoingcourses', '正在学习的课程'),
      child('statisticspage', '学时统计'),
      child('qualifiedcourses', '已完成的课程'),
      child('myhomework', '我的作业'),
      child('myhomework1', '作业详情'),
      child('myhomework2', '撰写作业'),
      child('myhomework3', '修改作业'),
      child('myhomework4', '批阅结果'),
      child('myhomework5', '提交记录'),
      child('learningstatistics', '学习档案'),
      child('learningnotes', '学习笔记'),
      child('learningnotesedit', '编辑笔记'),
      child('learningnotesadd', '新增笔记'),
      child('printcertificate', '打印证书'),
      child('mymessage', '我的消息'),
      // Practice pages: like the exam pages, closed to a training-class account without the exam right.
      { ...child('wrongbook', '错题本'), exam: true },
      { ...child('wrongbook1', '错题重练'), exam: true },
      { ...child('practicerecord', '练习记录'), exam: true },
      { ...child('practicerecord1', '练习详情'), exam: true },
    ],
  },
];

/**
 * Where each role lands after login (SPEC.md section 2). A training-class account lands on its
 * courses instead of the topics page: topics are joined under 专题培训, a module it cannot open.
 */
export const LANDING = {
  student: '/learningClassroom/ongoingTopic',
  trainingClass: '/learningClassroom/ongoingcourses',
  teacher: '/class/teacherinfo',
  loggedOut: '/index',
} as const;
export const landingOf = (p: AccessSubject) => (isTeacher(p) ? LANDING.teacher : canUsePermissionModules(p) ? LANDING.student : LANDING.trainingClass);

/** What happens when somebody opens a route: allow it, ask to log in, or show the no-permission modal. */
export type RouteDecision = 'allow' | 'login' | 'noPermission';

export function decideRoute(route: Pick<RouteSpec, 'access' | 'role' | 'exam'>, person: AccessSubject | null): RouteDecision {
  const needsLogin = route.access === 'login' || route.access === 'loginPermission' || route.role !== undefined;
  if (!person) return needsLogin ? 'login' : 'allow';
  if (route.role === 'teacher' && !isTeacher(person)) return 'noPermission';
  if (route.role === 'student' && isTeacher(person)) return 'noPermission';
  if ((route.access === 'permission' || route.access === 'loginPermission') && !canUsePermissionModules(person)) return 'noPermission';
  if (route.exam && !canTakeOnlineExam(person)) return 'noPermission';
  return 'allow';
}

/** Flattened table: full path → spec (children get their parent's role). */
export function flattenRoutes(routes: RouteSpec[] = ROUTES): RouteSpec[] {
  return routes.flatMap((r) => [
    r,
    ...(r.children ?? []).map((c) => ({ ...c, path: `${r.path}/${c.path}`, role: r.role, access: r.access })),
  ]);
}
