/**
 * Grading and the checks of an answer's shape, as pure functions: the exam service applies them when an
 * attempt is submitted (by the learner, the deadline or the page-leave limit) and to practice tests;
 * the tests recompute stored scores with the same function.
 *
 * - Single choice and true/false: the one right key.
 * - Multiple choice: all-or-nothing, or, where the exam gives partial credit, points in proportion to
 *   the right options chosen, none as soon as one wrong option is chosen.
 * - Fill-in: any accepted text, ignoring surrounding and inner spaces, the width of letters, digits
 *   and punctuation (a learner typing on a Chinese keyboard), and letter case.
 */
import type { QUESTION_TYPE_VALUES } from '../../db/schema/exam.ts';

export type QuestionType = (typeof QUESTION_TYPE_VALUES)[number];

export interface Gradable {
  type: QuestionType;
  /** Right option keys, T or F, or the accepted texts of a blank. */
  answer: string[];
}

/** Full-width ASCII (Ａ, １, ，) to half-width, spaces dropped, lower case. */
export function normaliseText(text: string): string {
  return text
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000]+/g, '')
    .toLowerCase();
}

/** Option keys as a set: upper case, each once, sorted. */
const keySet = (keys: string[]) => [...new Set(keys.map((k) => k.trim().toUpperCase()))].sort();

/** One decimal: points are stored as numeric(6,1). */
export const roundPoints = (n: number) => Math.round(n * 10) / 10;

/** Points earned by `given` on a question worth `score`. */
export function gradeQuestion(q: Gradable, given: string[], score: number, partialCredit: boolean): number {
  if (given.length === 0) return 0;
  if (q.type === 'fill') {
    const text = normaliseText(given[0] ?? '');
    return text !== '' && q.answer.some((a) => normaliseText(a) === text) ? score : 0;
  }
  const right = keySet(q.answer);
  const chosen = keySet(given);
  if (q.type !== 'multiple') return chosen.length === 1 && chosen[0] === right[0] ? score : 0;
  if (chosen.some((k) => !right.includes(k))) return 0;
  if (chosen.length === right.length) return score;
  return partialCredit ? roundPoints((score * chosen.length) / right.length) : 0;
}

export interface GradedPaper {
  score: number;
  correctCount: number;
  earned: Map<number, number>;
}

/** Grades a paper: each entry's points from its saved answer (none saved: 0). */
export function gradePaper(
  paper: { questionId: number; score: number }[],
  questions: Map<number, Gradable>,
  answers: Map<number, string[]>,
  partialCredit: boolean,
): GradedPaper {
  const earned = new Map<number, number>();
  let score = 0;
  let correctCount = 0;
  for (const entry of paper) {
    const q = questions.get(entry.questionId);
    const points = q ? gradeQuestion(q, answers.get(entry.questionId) ?? [], entry.score, partialCredit) : 0;
    earned.set(entry.questionId, points);
    score += points;
    if (points === entry.score) correctCount++;
  }
  return { score: roundPoints(score), correctCount, earned };
}

/**
 * Whether an answer has the shape its question takes: option keys shown on this paper (one for single
 * choice), T or F, or one text for a blank. Empty clears the answer.
 */
export function answerFits(type: QuestionType, optionKeys: string[], given: string[]): boolean {
  if (given.length === 0) return true;
  if (type === 'fill') return given.length === 1;
  if (type === 'judge') return given.length === 1 && (given[0] === 'T' || given[0] === 'F');
  const keys = keySet(given);
  if (keys.length !== given.length || !keys.every((k) => optionKeys.includes(k))) return false;
  return type === 'multiple' || keys.length === 1;
}
