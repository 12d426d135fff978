import { describe, expect, it } from 'vitest';
import type { learning } from '@portal/contract';
import { topicPathView } from './topicPath.ts';

const base: learning.TopicPath = {
  coursesDone: 0,
  coursesTotal: 1,
  hoursMet: false,
  exam: { id: 7, title: '行政复议法结业测试', passed: false },
  certificate: null,
  next: 'join',
  nextCourse: null,
};
const labels = (p: learning.TopicPath) => topicPathView(p, 3).steps.map((s) => `${s.label}${s.done ? '✓' : ''}${s.current ? '←' : ''}`);

describe('a topic path', () => {
  it('not joined: the checklist, no button, a word on joining', () => {
    const v = topicPathView(base, 3);
    expect(labels(base)).toEqual(['课程 0/1', '结业考试', '证书']);
    expect(v.action).toBeNull();
    expect(v.note).toBe('报名后即可开始学习，学时计入本专题。');
  });

  it('joined: the next course to study, remembering the topic', () => {
    const p = { ...base, next: 'study' as const, nextCourse: { id: 12, title: '行政复议法' } };
    expect(labels(p)).toEqual(['课程 0/1←', '结业考试', '证书']);
    expect(topicPathView(p, 3).action).toEqual({ label: '继续学习《行政复议法》', href: '/study?courseId=12&installId=3' });
  });

  it('the courses done: the 结业考试', () => {
    const p = { ...base, coursesDone: 1, hoursMet: true, next: 'exam' as const };
    expect(labels(p)).toEqual(['课程 1/1✓', '结业考试←', '证书']);
    expect(topicPathView(p, 3).action).toEqual({ label: '参加结业考试', href: '/examInfo?examId=7' });
  });

  it('passed and issued: 打印证书', () => {
    const p = { ...base, coursesDone: 1, hoursMet: true, exam: { ...base.exam!, passed: true }, certificate: { certNo: 'ZS2026000001', revoked: false }, next: 'certificate' as const };
    expect(labels(p)).toEqual(['课程 1/1✓', '结业考试✓', '证书✓←']);
    expect(topicPathView(p, 3).action).toEqual({ label: '打印证书', href: '/learningClassroom/printcertificate' });
  });

  it('a topic without a 结业考试 has no such step', () => {
    const p = { ...base, exam: null, next: 'study' as const, nextCourse: { id: 12, title: '《行政复议法》' } };
    expect(labels(p)).toEqual(['课程 0/1←', '证书']);
    expect(topicPathView(p, 3).action?.label).toBe('继续学习《行政复议法》');
  });

  it('a revoked certificate: nothing to do, and says so', () => {
    const p = { ...base, hoursMet: true, exam: { ...base.exam!, passed: true }, certificate: { certNo: 'ZS2026000001', revoked: true }, next: 'none' as const };
    const v = topicPathView(p, 3);
    expect(labels(p)).toEqual(['课程 0/1✓', '结业考试✓', '证书']);
    expect(v.action).toBeNull();
    expect(v.note).toBe('本专题的结业证书已被撤销。');
  });
});
