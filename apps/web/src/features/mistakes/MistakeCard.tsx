/**
 * One question of the wrong-answer book: its stem and options in their own order, my last wrong
 * answer and the right one marked on them, the explanation, how many times I missed it and where,
 * and my right answers in a row toward taking it out of the book.
 */
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { exam as E, mistakes as M } from '@portal/contract/refs';
import type { mistakes as MistakeTypes } from '@portal/contract';
import { answerText, shownOptions } from '../exam/QuestionView.tsx';
import { formatDateTime } from '../learning/format.ts';

export function MistakeCard({ entry, action }: { entry: MistakeTypes.MistakeEntry; action?: ReactNode }) {
  const titleId = `mk-${entry.questionId}`;
  const options = entry.type === 'multiple' || entry.type === 'single' ? shownOptions(entry) : [];
  const source = entry.lastSource === 'exam' ? entry.lastSourceTitle : M.MISTAKE_SOURCE_LABELS[entry.lastSource];
  return (
    <li className="mk-card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Tag className="mk-bank">{entry.bank}</Tag>
        <Tag>{E.QUESTION_TYPE_LABELS[entry.type]}</Tag>
        {entry.stem}
      </h2>
      {options.length > 0 && (
        <ul className="mk-options">
          {options.map((o) => (
            <li key={o.key} className={entry.correct.includes(o.key) ? 'is-right' : entry.given.includes(o.key) ? 'is-mine' : undefined}>
              {o.label}
            </li>
          ))}
        </ul>
      )}
      <p className="mk-answers">
        我的答案：<span className="is-mine">{answerText(entry, entry.given)}</span>
        {'\u3000'}正确答案：<span className="is-right">{answerText(entry, entry.correct)}</span>
      </p>
      {entry.explanation !== '' && <p className="exam-explanation">解析：{entry.explanation}</p>}
      <div className="mk-meta">
        <span>答错 {entry.missCount} 次</span>
        <span>
          最近答错：{formatDateTime(entry.lastMissedAt)}（{source}）
        </span>
        {entry.removedAt ? (
          <span>移出时间：{formatDateTime(entry.removedAt)}</span>
        ) : (
          <span>
            重练连续答对 {entry.rightStreak}/{M.MASTERED_STREAK} 次
          </span>
        )}
        {action}
      </div>
    </li>
  );
}
