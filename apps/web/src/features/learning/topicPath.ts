/**
 * What a topic's path shows (TopicPath.tsx): the checklist 课程 n/m → 结业考试 → 证书 and the one next
 * action, from the server's path (findCoursePlan's `path`, decided by one service function).
 */
import type { learning } from '@portal/contract';
import { bookTitle } from '@portal/contract/base';

export interface PathStep {
  label: string;
  done: boolean;
  /** The step the next action belongs to. */
  current: boolean;
}
export interface PathView {
  steps: PathStep[];
  /** The one next action as a button, or null with `note` saying why there is none. */
  action: { label: string; href: string } | null;
  note: string | null;
}

export const PRINT_CERTIFICATE_HREF = '/learningClassroom/printcertificate';

/** The study page of a topic's course, remembering the topic so that its completion notice shows the path. */
export const topicStudyHref = (courseId: number, installId: number) => `/study?courseId=${courseId}&installId=${installId}`;

export function topicPathView(path: learning.TopicPath, installId: number): PathView {
  const steps: PathStep[] = [{ label: `课程 ${path.coursesDone}/${path.coursesTotal}`, done: path.hoursMet, current: path.next === 'study' }];
  if (path.exam) steps.push({ label: '结业考试', done: path.exam.passed, current: path.next === 'exam' });
  steps.push({ label: '证书', done: path.certificate !== null && !path.certificate.revoked, current: path.next === 'certificate' });
  switch (path.next) {
    case 'join':
      return { steps, action: null, note: '报名后即可开始学习，学时计入本专题。' };
    case 'study':
      return path.nextCourse
        ? { steps, action: { label: `继续学习${bookTitle(path.nextCourse.title)}`, href: topicStudyHref(path.nextCourse.id, installId) }, note: null }
        : { steps, action: null, note: '本专题的课程学时尚不足要求，请联系培训管理员。' };
    case 'exam':
      return { steps, action: { label: '参加结业考试', href: `/examInfo?examId=${path.exam!.id}` }, note: null };
    case 'certificate':
      return { steps, action: { label: '打印证书', href: PRINT_CERTIFICATE_HREF }, note: null };
    case 'none':
      return { steps, action: null, note: path.certificate?.revoked ? '本专题的结业证书已被撤销。' : '本专题已完成。' };
  }
}
