/**
 * /exam1: a practice test (no header or footer): random questions from the bank, one subject or all,
 * answered on the same sheet as an exam and graded at once with the right answers and explanations.
 * Recorded on the server; never counted toward a topic.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Modal, Result, Select } from 'antd';
import { FileDoneOutlined } from '@ant-design/icons';
import { exam as E } from '@portal/contract/refs';
import type { exam as ExamTypes } from '@portal/contract';
import { call, showError } from '../../api/client.ts';
import { PaperSheet, unansweredNumbers } from '../../features/exam/PaperSheet.tsx';
import { QuestionView } from '../../features/exam/QuestionView.tsx';
import '../../features/exam/exam.css';

const ALL = '全部题库';
const COUNTS = [5, 10, 20, 30];

export default function PracticePage() {
  const [bank, setBank] = useState<string>(ALL);
  const [count, setCount] = useState<number>(E.PRACTICE_COUNT.default);
  const [paper, setPaper] = useState<ExamTypes.PracticePaper | null>(null);
  const [answers, setAnswers] = useState<Map<number, string[]>>(new Map());
  const [result, setResult] = useState<ExamTypes.PracticeResult | null>(null);
  const [busy, setBusy] = useState(false);

  const begin = async () => {
    setBusy(true);
    try {
      const chosen = E.QUESTION_BANKS.find((b) => b === bank);
      setPaper(await call(E.findExamTestQuestions, { query: chosen ? { count, bank: chosen } : { count } }));
      setAnswers(new Map());
      setResult(null);
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
      content: missing.length > 0 ? `还有第${missing.join('、')}题未作答，确定交卷吗？` : '所有题目均已作答，确定交卷吗？',
      okText: '交卷',
      cancelText: '继续作答',
      onOk: submit,
    });
  };

  if (result && paper) {
    return (
      <div className="exam-info">
        <h1 className="visually-hidden">模拟练习成绩</h1>
        <Result
          status={result.correctCount === result.items.length ? 'success' : 'info'}
          // antd's info icon is an exclamation mark, in the theme's red a warning; a practice has no pass mark: it is graded.
          icon={result.correctCount === result.items.length ? undefined : <FileDoneOutlined />}
          title={`答对 ${result.correctCount}/${result.items.length} 题，得分 ${result.score}/${result.totalScore}`}
          subTitle={`模拟练习成绩不计入专题培训考核${result.book.activeCount > 0 ? `；答错的题目已收入错题本（共${result.book.activeCount}题）` : ''}`}
          extra={[
            <Button key="again" type="primary" onClick={() => void begin()} loading={busy}>
              再练一次
            </Button>,
            <Link key="book" to="/learningClassroom/wrongbook">
              查看错题本
            </Link>,
            <Link key="records" to="/learningClassroom/practicerecord">
              练习记录
            </Link>,
            <Link key="back" to="/onlineExam">
              返回在线考试
            </Link>,
          ]}
        />
        <section aria-label="答案与解析">
          <h2 className="exam-sheet-title">答案与解析</h2>
          {result.items.map((item) => (
            <QuestionView key={item.questionId} question={item} value={item.given} review={item} />
          ))}
        </section>
      </div>
    );
  }

  if (paper) {
    return (
      <div className="exam-page">
        <header className="exam-bar">
          <h1>模拟练习</h1>
          <Button type="primary" size="large" loading={busy} onClick={confirmSubmit}>
            交卷
          </Button>
        </header>
        <PaperSheet questions={paper.questions} answers={answers} onAnswer={(questionId, answer) => setAnswers((m) => new Map(m).set(questionId, answer))} />
      </div>
    );
  }

  return (
    <div className="exam-info">
      <nav aria-label="位置" className="breadcrumb">
        <Link to="/onlineExam">在线考试</Link> / 模拟练习
      </nav>
      <h1 className="page-title">模拟练习</h1>
      <Alert
        type="info"
        showIcon
        message={
          <>
            从题库随机抽题，交卷后立即评分并显示正确答案与解析。练习成绩记入<Link to="/learningClassroom/practicerecord">练习记录</Link>，答错的题目收入
            <Link to="/learningClassroom/wrongbook">错题本</Link>，均不计入专题培训考核。
          </>
        }
      />
      <div className="exam-nav">
        <label>
          题库{' '}
          <Select aria-label="题库" value={bank} onChange={setBank} style={{ minWidth: 140 }} options={[ALL, ...E.QUESTION_BANKS].map((b) => ({ value: b, label: b }))} />
        </label>
        <label>
          题量{' '}
          <Select aria-label="题量" value={count} onChange={setCount} style={{ minWidth: 100 }} options={COUNTS.map((n) => ({ value: n, label: `${n}题` }))} />
        </label>
        <Button type="primary" size="large" loading={busy} onClick={() => void begin()}>
          开始练习
        </Button>
      </div>
    </div>
  );
}
