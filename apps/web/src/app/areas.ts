/**
 * The two areas with a side navigation of their own: the learner's classroom and the teacher's class
 * management. Each lists the pages its navigation offers; every page under the area's path (built or
 * still under construction) is drawn inside the area's layout, with the entry it belongs to marked.
 */
export interface Area {
  path: '/learningClassroom' | '/class';
  title: string;
  /** The pages of the navigation; a page whose name extends one (myhomework3, work1) belongs to it. */
  pages: readonly string[];
  /** The area's pages are wide tables, so it takes the screen's width rather than the site's design width. */
  wide?: boolean;
}

export const AREAS: readonly Area[] = [
  {
    path: '/learningClassroom',
    title: '学习课堂',
    pages: ['ongoingTopic', 'ongoingcourses', 'qualifiedcourses', 'statisticspage', 'learningstatistics', 'myhomework', 'wrongbook', 'practicerecord', 'learningnotes', 'printcertificate', 'mymessage'],
  },
  {
    path: '/class',
    title: '班级管理',
    wide: true,
    pages: ['teacherinfo', 'review', 'classstatistics', 'myclass', 'work', 'classcourse', 'practice', 'message', 'remind'],
  },
];

/** The area a route's path lies in, if any. */
export const areaOf = (path: string): Area | undefined => AREAS.find((a) => path.startsWith(`${a.path}/`));

/** The navigation entry a path belongs to: the longest entry its page name starts with. */
export function entryOf(area: Area, path: string): string | undefined {
  const page = path.slice(area.path.length + 1);
  return area.pages.filter((p) => page.startsWith(p)).sort((a, b) => b.length - a.length)[0];
}
