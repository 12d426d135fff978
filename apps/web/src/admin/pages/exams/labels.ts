/** The section's words for the contract's values. */
import type { adminExams } from '@portal/contract';

export const TYPE_LABELS: Record<adminExams.QuestionType, string> = { single: '单选题', multiple: '多选题', judge: '判断题', fill: '填空题' };
export const TYPE_OPTIONS = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }));
export const STATUS_LABELS = { draft: '草稿', published: '已发布' } as const;
export const REVIEW_LABELS = { never: '只公布成绩', afterSubmit: '交卷后公布答案', afterEnd: '考试结束后公布答案' } as const;
export const SUBMIT_LABELS = { manual: '主动交卷', deadline: '到时交卷', leaveLimit: '离开次数超限' } as const;

/** The right answer as a person reads it: B; ABD; 对; 人民 / 群众. */
export function answerText(q: Pick<adminExams.AdminQuestion, 'type' | 'answer'>): string {
  if (q.type === 'judge') return q.answer[0] === 'T' ? '对' : '错';
  if (q.type === 'fill') return q.answer.join(' / ');
  return q.answer.join('');
}
