/**
 * One question of a paper, answered with the controls its type takes: radio buttons (single choice,
 * true/false), check boxes (multiple choice) or a text field (fill-in: every keystroke is reported as
 * the answer so far, marked as still being typed; leaving the field says it is settled).
 * Options show as A, B, C... by their place on this paper; the answer carries the options' keys.
 * With a review item, the question shows my answer, the right one and the explanation instead.
 */
import { useState } from 'react';
import { Checkbox, Input, Radio, Tag } from 'antd';
import { exam as E } from '@portal/contract/refs';
import type { exam as ExamTypes } from '@portal/contract';

type PaperQuestion = ExamTypes.PaperQuestion;
type ReviewItem = ExamTypes.ReviewItem;

const JUDGE = [
  { key: E.JUDGE_KEYS.true, text: '正确' },
  { key: E.JUDGE_KEYS.false, text: '错误' },
];

/** The options as shown: A, B... by position, the key the server knows. */
export function shownOptions(q: Pick<PaperQuestion, 'type' | 'options'>) {
  const options = q.type === 'judge' ? JUDGE : q.options;
  return options.map((o, i) => ({ ...o, label: q.type === 'judge' ? o.text : `${String.fromCharCode(65 + i)}. ${o.text}` }));
}

/** An answer in words: the shown letters of chosen options, 正确/错误, or the text. */
export function answerText(q: Pick<PaperQuestion, 'type' | 'options'>, answer: string[]): string {
  if (answer.length === 0) return '未作答';
  if (q.type === 'fill') return answer.join('、');
  if (q.type === 'judge') return answer[0] === E.JUDGE_KEYS.true ? '正确' : '错误';
  const letters = shownOptions(q).flatMap((o, i) => (answer.includes(o.key) ? [String.fromCharCode(65 + i)] : []));
  return letters.join('');
}

export function QuestionView({
  question,
  value,
  onChange,
  onSettle,
  disabled,
  review,
  status,
}: {
  question: PaperQuestion;
  value: string[];
  /** `typing`: a fill-in answer still being typed (it may be sent once typing pauses). */
  onChange?: (answer: string[], typing?: boolean) => void;
  /** The fill-in field was left: what was typed can be sent now. */
  onSettle?: () => void;
  disabled?: boolean;
  review?: ReviewItem;
  /** The save state shown beside the question (已保存 / 保存中 / 未保存 / 未计入). */
  status?: React.ReactNode;
}) {
  const titleId = `q-${question.questionId}-title`;
  // The field owns its text while mounted and reports it; it is never reset from `value`, which is a
  // new (equal) array at every render of the page, such as each tick of the exam's countdown, and
  // which holds the trimmed text (a space just typed is not in it yet).
  const [text, setText] = useState(value[0] ?? '');
  const options = shownOptions(question);
  const readOnly = disabled || review !== undefined;
  return (
    <section className="exam-question" aria-labelledby={titleId} id={`question-${question.no}`}>
      <h3 id={titleId} className="exam-question-title">
        <span className="exam-question-no">{question.no}.</span> <Tag>{E.QUESTION_TYPE_LABELS[question.type]}</Tag>
        <span>{question.stem}</span> <span className="exam-question-score">（{question.score}分）</span>
        {status}
      </h3>
      {question.type === 'multiple' ? (
        <Checkbox.Group
          className="exam-options"
          aria-labelledby={titleId}
          value={value}
          disabled={readOnly}
          onChange={(v) => onChange?.(options.map((o) => o.key).filter((k) => (v as string[]).includes(k)))}
          options={options.map((o) => ({ value: o.key, label: o.label }))}
        />
      ) : question.type === 'fill' ? (
        <Input
          className="exam-fill"
          aria-labelledby={titleId}
          value={text}
          maxLength={200}
          disabled={readOnly}
          placeholder="请输入答案，输入即自动保存"
          onChange={(e) => {
            setText(e.target.value);
            const next = e.target.value.trim() === '' ? [] : [e.target.value.trim()];
            if (next.join() !== value.join()) onChange?.(next, true);
          }}
          onBlur={onSettle}
          onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
        />
      ) : (
        <Radio.Group
          className="exam-options"
          aria-labelledby={titleId}
          value={value[0] ?? null}
          disabled={readOnly}
          onChange={(e) => onChange?.([e.target.value as string])}
          options={options.map((o) => ({ value: o.key, label: o.label }))}
        />
      )}
      {review && (
        <div className={`exam-review ${review.earned === question.score ? 'is-right' : 'is-wrong'}`}>
          <p>
            我的答案：{answerText(question, review.given)}{'\u3000'}得分：{review.earned}/{question.score}
            {'\u3000'}正确答案：{answerText(question, review.correct)}
          </p>
          {review.explanation !== '' && <p className="exam-explanation">解析：{review.explanation}</p>}
        </div>
      )}
    </section>
  );
}

/** A question on the 答题卡: answered or not, and flagged or not (a flag is a note, not an answer). */
export interface SheetMark {
  answered: boolean;
  flagged: boolean;
}

/** 答题卡: every question's number and state; a click goes to the question. */
export function AnswerSheet({ marks, current, onPick }: { marks: SheetMark[]; current?: number; onPick: (index: number) => void }) {
  const answered = marks.filter((m) => m.answered).length;
  return (
    <nav className="exam-sheet" aria-label="答题卡">
      <h2 className="exam-sheet-title">
        答题卡 <small>已答 {answered}/{marks.length}</small>
      </h2>
      <ol className="exam-sheet-grid">
        {marks.map((m, i) => (
          <li key={i}>
            <button
              type="button"
              className={`exam-sheet-item ${m.answered ? 'is-answered' : 'is-unanswered'}${m.flagged ? ' is-flagged' : ''}${current === i ? ' is-current' : ''}`}
              aria-label={`第${i + 1}题 ${m.answered ? '已答' : '未答'}${m.flagged ? ' 已标记' : ''}`}
              aria-current={current === i ? 'true' : undefined}
              onClick={() => onPick(i)}
            >
              {i + 1}
            </button>
          </li>
        ))}
      </ol>
      <p className="exam-sheet-legend">
        <span className="exam-sheet-item is-answered" aria-hidden /> 已答 <span className="exam-sheet-item is-unanswered" aria-hidden /> 未答 <span className="exam-sheet-item is-flagged" aria-hidden /> 标记
      </p>
    </nav>
  );
}
