import { describe, expect, it } from 'vitest';
import { answerFits, gradePaper, gradeQuestion, normaliseText } from './grade.ts';

describe('grading one question', () => {
  it('single choice and true/false: the one right key, in any case', () => {
    expect(gradeQuestion({ type: 'single', answer: ['B'] }, ['B'], 4, false)).toBe(4);
    expect(gradeQuestion({ type: 'single', answer: ['B'] }, ['b'], 4, false)).toBe(4);
    expect(gradeQuestion({ type: 'single', answer: ['B'] }, ['A'], 4, false)).toBe(0);
    expect(gradeQuestion({ type: 'judge', answer: ['F'] }, ['F'], 2, false)).toBe(2);
    expect(gradeQuestion({ type: 'judge', answer: ['F'] }, [], 2, false)).toBe(0);
  });

  it('multiple choice: all or nothing, or in proportion without any wrong option', () => {
    const q = { type: 'multiple' as const, answer: ['A', 'C', 'D'] };
    expect(gradeQuestion(q, ['D', 'A', 'C'], 6, false)).toBe(6);
    expect(gradeQuestion(q, ['A', 'C'], 6, false)).toBe(0);
    expect(gradeQuestion(q, ['A', 'C'], 6, true)).toBe(4);
    expect(gradeQuestion(q, ['A'], 10, true)).toBe(3.3);
    expect(gradeQuestion(q, ['A', 'B'], 6, true)).toBe(0);
    expect(gradeQuestion(q, ['A', 'B', 'C', 'D'], 6, true)).toBe(0);
  });

  it('fill-in: any accepted text, ignoring spaces, full-width characters and case', () => {
    const q = { type: 'fill' as const, answer: ['监察委员会', '监委'] };
    expect(gradeQuestion(q, [' 监 委 '], 5, false)).toBe(5);
    expect(gradeQuestion(q, ['监察委员会'], 5, false)).toBe(5);
    expect(gradeQuestion(q, ['纪委'], 5, false)).toBe(0);
    expect(gradeQuestion(q, [''], 5, false)).toBe(0);
    expect(normaliseText('ＡＢＣ　１２３')).toBe('abc123');
  });
});

describe('grading a paper', () => {
  it('adds the points of each entry, counts the fully right ones, and gives nothing for unanswered', () => {
    const questions = new Map([
      [1, { type: 'single' as const, answer: ['A'] }],
      [2, { type: 'multiple' as const, answer: ['A', 'B'] }],
      [3, { type: 'fill' as const, answer: ['人民'] }],
    ]);
    const r = gradePaper(
      [
        { questionId: 1, score: 40 },
        { questionId: 2, score: 30 },
        { questionId: 3, score: 30 },
      ],
      questions,
      new Map([
        [1, ['A']],
        [2, ['B']],
      ]),
      true,
    );
    expect(r.score).toBe(55);
    expect(r.correctCount).toBe(1);
    expect([...r.earned]).toEqual([
      [1, 40],
      [2, 15],
      [3, 0],
    ]);
  });
});

describe('the shape of an answer', () => {
  it('takes keys shown on the paper, one for single choice, T or F, one text for a blank; empty clears', () => {
    expect(answerFits('single', ['A', 'B'], ['A'])).toBe(true);
    expect(answerFits('single', ['A', 'B'], ['A', 'B'])).toBe(false);
    expect(answerFits('single', ['A', 'B'], ['C'])).toBe(false);
    expect(answerFits('multiple', ['A', 'B', 'C'], ['A', 'C'])).toBe(true);
    expect(answerFits('multiple', ['A', 'B', 'C'], ['A', 'A'])).toBe(false);
    expect(answerFits('judge', [], ['T'])).toBe(true);
    expect(answerFits('judge', [], ['true'])).toBe(false);
    expect(answerFits('fill', [], ['人民'])).toBe(true);
    expect(answerFits('fill', [], ['人民', '群众'])).toBe(false);
    expect(answerFits('single', ['A'], [])).toBe(true);
  });
});
