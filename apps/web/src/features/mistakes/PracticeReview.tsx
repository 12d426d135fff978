/**
 * A graded practice test question by question (after 交卷, and in 练习记录): my answer, the right one
 * and the explanation, and where each question now stands in my wrong-answer book.
 */
import { Tag } from 'antd';
import { mistakes as M } from '@portal/contract/refs';
import type { exam as ExamTypes } from '@portal/contract';
import { QuestionView } from '../exam/QuestionView.tsx';

function BookState({ item, result }: { item: ExamTypes.ReviewItem; result: ExamTypes.PracticeResult }) {
  const state = result.book.items.find((i) => i.questionId === item.questionId);
  if (!state) return null;
  if (state.inBook) {
    return (
      <Tag className="mk-book-state is-in">
        在错题本中 · 连续答对 {state.rightStreak}/{M.MASTERED_STREAK} 次
      </Tag>
    );
  }
  // Answered right in a 重练 and out of the book now; a question never missed says nothing.
  return item.earned === item.score && result.kind === 'mistakes' ? (
    <Tag className="mk-book-state is-out">
      已移出错题本
    </Tag>
  ) : null;
}

export function PracticeReview({ result }: { result: ExamTypes.PracticeResult }) {
  return (
    <section aria-label="答案与解析">
      <h2 className="exam-sheet-title">答案与解析</h2>
      {result.items.map((item) => (
        <QuestionView key={item.questionId} question={item} value={item.given} review={item} status={<BookState item={item} result={result} />} />
      ))}
    </section>
  );
}
