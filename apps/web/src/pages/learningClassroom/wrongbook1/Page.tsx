/**
 * /learningClassroom/wrongbook1 (错题重练): a practice test drawn only from my wrong-answer book (one
 * bank or all), answered on the exam sheet and graded at once; each question answered right twice in
 * a row leaves the book. Again and again until the book is empty.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Modal, Result, Select } from 'antd';
import { FileDoneOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { exam as E, mistakes as M } from '@portal/contract/refs';
import type { exam as ExamTypes } from '@portal/contract';
import { call, showError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { PaperSheet, unansweredNumbers } from '../../../features/exam/PaperSheet.tsx';
import { PracticeReview } from '../../../features/mistakes/PracticeReview.tsx';
import '../../../features/exam/exam.css';
import '../../../features/mistakes/mistakes.css';

const ALL = '';
const COUNTS = [5, 10, 20, 50];

export default function RedoPage() {
  const client = useQueryClient();
  const [bank, setBank] = useState(ALL);
  const [count, setCount] = useState<number>(M.REDO_COUNT.default);
  const [paper, setPaper] = useState<ExamTypes.PracticePaper | null>(null);
  const [answers, setAnswers] = useState<Map<number, string[]>>(new Map());
  const [result, setResult] = useState<ExamTypes.PracticeResult | null>(null);
  const [busy, setBusy] = useState(false);
  const book = useCallQuery(M.findMistakeBook, { query: { status: 'active', pageNum: 1, pageSize: 1, bank: undefined } }, { staleTime: 0 });

  const begin = async () => {
    setBusy(true);
    try {
      setPaper(await call(M.findMistakePractice, { query: { count, bank: bank || undefined } }));
      setAnswers(new Map());
      setResult(null);
      window.scrollTo({ top: 0 });
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (!paper) return;
    setBusy(true);
    try {
      setResult(await call(E.saveExamTestRecord, { body: { testId: paper.testId, answers: [...answers].map(([questionId, answer]) => ({ questionId, answer })) } }));
      setBank(ALL);
      await client.invalidateQueries({ queryKey: callKey(M.findMistakeBook) });
      window.scrollTo({ top: 0 });
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  const confirmSubmit = () => {
    if (!paper) return;
    const missing = unansweredNumbers(paper.questions, answers);
    Modal.confirm({
      title: '确认交卷',
      content: missing.length > 0 ? `还有第${missing.join('、')}题未作答（未作答的题目不计连续答对），确定交卷吗？` : '所有题目均已作答，确定交卷吗？',
      okText: '交卷',
      cancelText: '继续作答',
      onOk: submit,
    });
  };

  if (result) {
    const left = result.book.activeCount;
    const removed = result.book.items.filter((i) => !i.inBook && result.items.some((x) => x.questionId === i.questionId && x.earned === x.score)).length;
    return (
      <>
        <Result
          status={left === 0 ? 'success' : 'info'}
          icon={left === 0 ? undefined : <FileDoneOutlined />}
          title={left === 0 ? '错题本已清空' : `答对 ${result.correctCount}/${result.items.length} 题`}
          subTitle={
            left === 0
              ? `本次答对 ${result.correctCount}/${result.items.length} 题，所有错题均已连续答对${M.MASTERED_STREAK}次，移出错题本。`
              : `本次有 ${removed} 题移出错题本，错题本还剩 ${left} 题。`
          }
          extra={[
            left > 0 && (
              <Button key="again" type="primary" onClick={() => void begin()} loading={busy}>
                继续重练
              </Button>
            ),
            <Link key="book" to="/learningClassroom/wrongbook">
              返回错题本
            </Link>,
          ]}
        />
        <PracticeReview result={result} />
      </>
    );
  }

  if (paper) {
    return (
      <div>
        <div className="exam-bar">
          <h2>本次重练 {paper.questions.length} 题</h2>
          <Button type="primary" size="large" loading={busy} onClick={confirmSubmit}>
            交卷
          </Button>
        </div>
        <PaperSheet questions={paper.questions} answers={answers} onAnswer={(questionId, answer) => setAnswers((m) => new Map(m).set(questionId, answer))} />
      </div>
    );
  }

  return (
    <QueryState query={book} empty="" isEmpty={() => false}>
      {(d) =>
        d.activeCount === 0 ? (
          <Result
            status="success"
            title="错题本中暂无错题"
            subTitle="模拟练习中答错的题目，以及考试公布答案后答错的题目，会自动收入错题本。"
            extra={[
              <Link key="practice" to="/exam1">
                去做模拟练习
              </Link>,
              <Link key="book" to="/learningClassroom/wrongbook">
                返回错题本
              </Link>,
            ]}
          />
        ) : (
          <>
            <Alert type="info" showIcon message={`错题本中共 ${d.activeCount} 题。从错题中抽题练习，交卷后立即评分；一道题连续答对${M.MASTERED_STREAK}次即移出错题本。重练成绩记入练习记录，不计入学时与专题考核。`} />
            <div className="exam-nav">
              <label>
                题库{' '}
                <Select
                  aria-label="题库"
                  value={bank}
                  onChange={setBank}
                  style={{ minWidth: 180 }}
                  options={[{ value: ALL, label: '全部题库' }, ...d.banks.map((b) => ({ value: b.bank, label: `${b.bank}（${b.count}题）` }))]}
                />
              </label>
              <label>
                题量{' '}
                <Select aria-label="题量" value={count} onChange={setCount} style={{ minWidth: 100 }} options={COUNTS.map((n) => ({ value: n, label: `最多${n}题` }))} />
              </label>
              <Button type="primary" size="large" loading={busy} onClick={() => void begin()}>
                开始重练
              </Button>
            </div>
          </>
        )
      }
    </QueryState>
  );
}
