/** The exam column of a class's per-learner statistics: schema-free, so the web's pages and the server's export share it. */
/** A learner's result in the exams of the class's training arrangement: none (it has no exam), not taken, passed, failed. */
export const CLASS_EXAM_STATES = ['none', 'notTaken', 'passed', 'failed'] as const;
export type ClassExamState = (typeof CLASS_EXAM_STATES)[number];
/** The exam column, on the screen and in the export alike. */
export function examResultText(r: { examState: ClassExamState; examBestScore: number | null }): string {
  if (r.examState === 'none') return '本班无考试';
  if (r.examState === 'notTaken') return '未参加';
  return `${r.examBestScore ?? 0}分（${r.examState === 'passed' ? '合格' : '不合格'}）`;
}
