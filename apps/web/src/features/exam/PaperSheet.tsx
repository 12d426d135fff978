/**
 * A paper being answered (/exam and /exam1): one question at a time or the whole paper, as the
 * learner chooses, with the answer sheet (答题卡: answered or not, flagged or not) beside it, above on
 * a phone. Answers and their save states come from the page; flags are the learner's own notes, kept
 * on the device for an attempt (flags.ts). Moving to another question settles what was being typed.
 */
import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Segmented } from 'antd';
import type { exam as ExamTypes } from '@portal/contract';
import { AnswerSheet, QuestionView, type SheetMark } from './QuestionView.tsx';
import { useFlags } from './flags.ts';

type Mode = 'one' | 'all';

export function PaperSheet({
  questions,
  answers,
  onAnswer,
  onSettle,
  attemptId,
  statusOf,
  disabled,
}: {
  questions: ExamTypes.PaperQuestion[];
  answers: Map<number, string[]>;
  /** `typing`: a fill-in answer still being typed. */
  onAnswer: (questionId: number, answer: string[], typing?: boolean) => void;
  /** A fill-in field was left or the question changed: what was typed can be sent now. */
  onSettle?: () => void;
  /** The attempt whose flags this device keeps; none for a practice paper. */
  attemptId?: number;
  statusOf?: (questionId: number) => ReactNode;
  disabled?: boolean;
}) {
  const [mode, setMode] = useState<Mode>('one');
  const [current, setCurrent] = useState(0);
  const [flagged, toggleFlag] = useFlags(attemptId);
  const marks: SheetMark[] = questions.map((q) => ({ answered: (answers.get(q.questionId)?.length ?? 0) > 0, flagged: flagged.has(q.questionId) }));
  const go = (i: number) => {
    onSettle?.();
    setCurrent(i);
  };
  const pick = (i: number) => {
    go(i);
    if (mode === 'all') document.getElementById(`question-${i + 1}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const view = (q: ExamTypes.PaperQuestion) => (
    <div key={q.questionId}>
      <QuestionView question={q} value={answers.get(q.questionId) ?? []} onChange={(a, typing) => onAnswer(q.questionId, a, typing)} onSettle={onSettle} disabled={disabled} status={statusOf?.(q.questionId)} />
      <Checkbox className="exam-flag" checked={flagged.has(q.questionId)} onChange={() => toggleFlag(q.questionId)}>
        标记本题（稍后再看）
      </Checkbox>
    </div>
  );
  const q = questions[current];
  return (
    <div className="exam-layout">
      <div>
        <Segmented<Mode>
          aria-label="作答方式"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'one', label: '逐题作答' },
            { value: 'all', label: '整卷作答' },
          ]}
        />
        <div className="exam-questions">
          {/* The questions' titles are h3: under the page's h1 and this h2, as the answer sheet's h2 beside them. */}
          <h2 className="visually-hidden">试题</h2>
          {mode === 'all' ? questions.map(view) : q && view(q)}
        </div>
        {mode === 'one' && (
          <div className="exam-nav">
            <Button disabled={current === 0} onClick={() => go(current - 1)}>
              上一题
            </Button>
            <Button type="primary" ghost disabled={current >= questions.length - 1} onClick={() => go(current + 1)}>
              下一题
            </Button>
          </div>
        )}
      </div>
      <AnswerSheet marks={marks} current={mode === 'one' ? current : undefined} onPick={pick} />
    </div>
  );
}

/** Numbers of the questions without an answer, for the 交卷 confirmation. */
export function unansweredNumbers(questions: ExamTypes.PaperQuestion[], answers: Map<number, string[]>): number[] {
  return questions.filter((q) => (answers.get(q.questionId)?.length ?? 0) === 0).map((q) => q.no);
}
