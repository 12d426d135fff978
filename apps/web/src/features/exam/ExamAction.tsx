/**
 * What an exam's card offers me: 参加考试 (to its rules page) when I may start, 继续考试 when an
 * attempt of mine is open, otherwise why not, from the server's reason (the rule that also refuses
 * the start): 未报名 with the way to enrol, 未开始 with the start, 已结束, 次数已用完.
 */
import { Link, useNavigate } from 'react-router';
import { Button } from 'antd';
import type { catalog as K } from '@portal/contract';
import { exam as E } from '@portal/contract/refs';
import { formatDateTime } from './format.ts';
import './examAction.css';

export function ExamAction({ exam }: { exam: K.ExamItem }) {
  const navigate = useNavigate();
  const mine = exam.mine;
  if (mine?.openAttemptId) {
    return (
      <Button type="primary" size="large" aria-label={`继续考试 ${exam.title}`} onClick={() => navigate(`/exam?examId=${exam.id}`)}>
        继续考试
      </Button>
    );
  }
  // A visitor is told the window only; the rest depends on who logs in.
  const blocked = mine ? mine.blocked : exam.state === 'upcoming' ? 'notStarted' : exam.state === 'ended' ? 'ended' : null;
  if (!blocked) {
    return (
      <Button type="primary" size="large" aria-label={`参加考试 ${exam.title}`} onClick={() => navigate(`/examInfo?examId=${exam.id}`)}>
        参加考试
      </Button>
    );
  }
  return (
    <div className="exam-blocked">
      <span className="exam-blocked-label">{E.EXAM_BLOCK_LABELS[blocked]}</span>
      {blocked === 'notJoined' && mine?.installId ? (
        <Link to={`/specialTrainingInfo?id=${mine.installId}`} aria-label={`去报名 ${exam.installTitle}`}>
          去报名
        </Link>
      ) : null}
      {blocked === 'notStarted' ? <span className="exam-blocked-note">{formatDateTime(exam.startAt)} 开始</span> : null}
      {blocked === 'noAttemptsLeft' || (blocked === 'ended' && mine && mine.attemptsUsed > 0) ? (
        <Link to={`/examInfo?examId=${exam.id}`} aria-label={`查看成绩 ${exam.title}`}>
          查看成绩
        </Link>
      ) : null}
    </div>
  );
}
