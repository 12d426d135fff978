/**
 * /exam?examId=: taking an exam (no header or footer). The server starts or resumes my one attempt
 * and fixes its deadline; the countdown (剩余时间) runs to that deadline, corrected for this device's
 * clock offset. Every answer is kept on the device and sent (features/exam/answerQueue.ts: a choice at
 * once, typed text once typing pauses or the field is left), each with a save state a learner can
 * read (已保存 / 保存中 / 未保存); answers the server refused (the attempt was handed in meanwhile:
 * on another device, at the deadline, beyond the leave limit) are listed as not counted, saying which.
 * Warnings at 5 and 1 minute left; at the deadline the paper is submitted. Leaving the page is
 * counted on the server, with a warning before its limit.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Modal, Result } from 'antd';
import { exam as E } from '@portal/contract/refs';
import type { exam as ExamTypes } from '@portal/contract';
import { call, CallError, showError } from '../../api/client.ts';
import { toast } from '../../lib/toast.ts';
import { idFrom } from '../../features/learning/query.ts';
import { Loading } from '../../features/learning/ListState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { TopicPath } from '../../features/learning/TopicPath.tsx';
import { answerSender, type AnswerEvent } from '../../features/exam/answerQueue.ts';
import { PaperSheet, unansweredNumbers } from '../../features/exam/PaperSheet.tsx';
import { formatCountdown } from '../../features/exam/format.ts';
import { CareSwitch } from '../../features/display/CareSwitch.tsx';
import '../../features/exam/exam.css';

type Paper = ExamTypes.ExamPaper;
type AttemptResult = ExamTypes.AttemptResult;

const WARN_AT_MS = [5 * 60_000, 60_000];
/**
 * Answers the server refused because the attempt was handed in first, said by how it was: this page
 * sends what it holds before its own 交卷, so a 主动交卷 that left answers behind was made on
 * another device or page; the deadline and the leave limit are the server's.
 */
const NOT_COUNTED_BY_MODE: Record<ExamTypes.SubmitMode, string> = {
  manual: '本次考试已在其他设备或页面交卷，以下答案未能保存，未计入成绩',
  deadline: '以下答案在考试截止后才送达，未计入成绩',
  leaveLimit: '离开考试页面次数超过限制，系统已自动交卷，以下答案未计入成绩',
};
/** A blur and the hidden tab that follows it are one departure. */
const LEAVE_DEBOUNCE_MS = 1500;

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

export default function ExamPage() {
  const [params] = useSearchParams();
  const examId = idFrom(params.get('examId'));
  const [paper, setPaper] = useState<Paper | null>(null);
  const [offset, setOffset] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!examId) return;
    let live = true;
    const asked = Date.now();
    call(E.findExamQuestions, { query: { examId } })
      .then((p) => {
        if (!live) return;
        // The server's time was read about half-way through the request.
        setOffset(Date.parse(p.serverNow) - (asked + Date.now()) / 2);
        setPaper(p);
      })
      .catch((err: unknown) => {
        if (!live) return;
        setRefusal(err instanceof CallError ? err.message : '试卷加载失败，请稍后重试');
        if (!(err instanceof CallError)) showError(err);
      });
    return () => {
      live = false;
    };
  }, [examId]);

  if (!examId || refusal) {
    return (
      <div className="exam-info">
        <h1 className="page-title">无法开始考试</h1>
        <Alert type="warning" showIcon message={refusal ?? '请从在线考试列表选择考试'} />
        <Link to={examId ? `/examInfo?examId=${examId}` : '/onlineExam'}>{examId ? '返回考试详情' : '返回在线考试'}</Link>
      </div>
    );
  }
  if (!paper) return <Loading label="正在加载试卷" />;
  return <Attempt paper={paper} offset={offset} />;
}

function Attempt({ paper, offset }: { paper: Paper; offset: number }) {
  const navigate = useNavigate();
  const sender = answerSender();
  const online = useOnline();
  const deadline = Date.parse(paper.deadline);
  const [remaining, setRemaining] = useState(() => deadline - (Date.now() + offset));
  const [result, setResult] = useState<AttemptResult | null>(null);
  const [leaveCount, setLeaveCount] = useState(paper.leaveCount);
  const [submitting, setSubmitting] = useState(false);

  // Answers: the server's acknowledged ones, then anything still waiting on this device.
  const [answers, setAnswers] = useState<Map<number, { answer: string[]; seq: number }>>(() => {
    const m = new Map(paper.answers.map((a) => [a.questionId, { answer: a.answer, seq: a.seq }]));
    for (const p of sender.pendingOf(paper.attemptId)) if ((m.get(p.questionId)?.seq ?? 0) < p.seq) m.set(p.questionId, { answer: p.answer, seq: p.seq });
    return m;
  });
  const [acked, setAcked] = useState<Map<number, number>>(() => new Map(paper.answers.map((a) => [a.questionId, a.seq])));
  const [refused, setRefused] = useState<Map<number, { seq: number; message: string }>>(new Map());
  const [, setQueueTick] = useState(0);
  const seq = useRef(Math.max(0, ...[...answers.values()].map((a) => a.seq)));

  useEffect(() => {
    const off = sender.on((e: AnswerEvent) => {
      if (e.kind === 'queue') return setQueueTick((n) => n + 1);
      if (e.answer.attemptId !== paper.attemptId) return;
      if (e.kind === 'saved') setAcked((m) => new Map(m).set(e.answer.questionId, Math.max(m.get(e.answer.questionId) ?? 0, e.seq)));
      else {
        setRefused((m) => new Map(m).set(e.answer.questionId, { seq: e.answer.seq, message: e.message }));
        // Submitted meanwhile (the deadline, another device): show its record rather than a paper that can no longer change.
        call(E.findExamRecord, { query: { examId: paper.rules.examId } })
          .then((r) => {
            const mine = r.records.find((x) => x.attemptId === paper.attemptId);
            if (mine?.submittedAt) setResult(mine);
          })
          .catch((err: unknown) => console.warn('attempt state not read', err));
      }
      setQueueTick((n) => n + 1);
    });
    void sender.flush();
    return off;
  }, [sender, paper.attemptId, paper.rules.examId]);

  const onAnswer = useCallback(
    (questionId: number, answer: string[], typing?: boolean) => {
      const next = ++seq.current;
      setAnswers((m) => new Map(m).set(questionId, { answer, seq: next }));
      void sender.save({ attemptId: paper.attemptId, questionId, answer, seq: next }, typing);
    },
    [sender, paper.attemptId],
  );
  const onSettle = useCallback(() => void sender.flush(), [sender]);

  const finish = useCallback(async () => {
    setSubmitting(true);
    try {
      // What can still reach the server goes first; after the deadline the server refuses it, and says so.
      await sender.flush();
      setResult(await call(E.saveExamRecord, { body: { attemptId: paper.attemptId } }));
    } catch (err) {
      showError(err);
    } finally {
      setSubmitting(false);
    }
  }, [sender, paper.attemptId]);

  // The countdown, its warnings, and the submission at the deadline.
  const finished = useRef(false);
  useEffect(() => {
    if (result) return;
    let previous = deadline - (Date.now() + offset);
    const timer = setInterval(() => {
      const left = deadline - (Date.now() + offset);
      setRemaining(left);
      for (const at of WARN_AT_MS) {
        if (previous > at && left <= at && left > 0) toast('warning', `距离考试结束还有${at / 60_000}分钟，请抓紧作答，到时系统将自动交卷`);
      }
      previous = left;
      if (left <= 0 && !finished.current) {
        finished.current = true;
        void finish();
      }
    }, 500);
    return () => clearInterval(timer);
  }, [deadline, offset, finish, result]);

  // Leaving the page: counted on the server; beyond the exam's limit the server submits the paper.
  useEffect(() => {
    if (result) return;
    let last = 0;
    // A reload or a closed tab hides the page too; that is not leaving the exam for something else.
    let unloading = false;
    const onUnload = () => {
      unloading = true;
    };
    const left = () => {
      const now = Date.now();
      if (unloading || now - last < LEAVE_DEBOUNCE_MS) return;
      last = now;
      call(E.saveExamLeave, { body: { attemptId: paper.attemptId } })
        .then((r) => {
          setLeaveCount(r.leaveCount);
          if (r.submittedAt) {
            setResult(r);
            return;
          }
          const limit = paper.rules.leaveLimit;
          toast('warning', limit === null ? `您已离开考试页面${r.leaveCount}次，离开记录将保存在答卷中` : `您已离开考试页面${r.leaveCount}次，超过${limit}次将自动交卷`);
        })
        .catch((err: unknown) => console.warn('page leave not recorded', err));
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') left();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', left);
    window.addEventListener('pagehide', onUnload);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', left);
      window.removeEventListener('pagehide', onUnload);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [paper.attemptId, paper.rules.leaveLimit, result]);

  const answerMap = useMemo(() => new Map([...answers].map(([k, v]) => [k, v.answer])), [answers]);
  const notCounted = paper.questions.filter((q) => {
    const r = refused.get(q.questionId);
    return r && r.seq >= (acked.get(q.questionId) ?? 0);
  });
  const pendingIds = new Set(sender.pendingOf(paper.attemptId).map((p) => p.questionId));

  /** A question's save state in words (已保存 / 保存中 / 未保存 / 未计入), and the class that colours it. */
  const saveStateOf = (questionId: number): { word: string; tone: string } | null => {
    const a = answers.get(questionId);
    if (!a) return null;
    const r = refused.get(questionId);
    if (r && r.seq >= a.seq) return { word: '未计入', tone: 'is-refused' };
    if ((acked.get(questionId) ?? 0) >= a.seq) return { word: '已保存', tone: 'is-saved' };
    if (pendingIds.has(questionId) && (!online || sender.failing)) return { word: '未保存（网络恢复后自动提交）', tone: 'is-unsaved' };
    return { word: '保存中', tone: 'is-saving' };
  };
  const statusOf = (questionId: number) => {
    const state = saveStateOf(questionId);
    return state ? <span className={`exam-save ${state.tone}`}>{state.word}</span> : null;
  };
  // What a screen reader hears after an answer: the state of the question answered last, once it has
  // settled (保存中 is left unsaid: it changes within a moment).
  const lastAnswered = [...answers.entries()].sort((x, y) => y[1].seq - x[1].seq)[0]?.[0];
  const lastState = lastAnswered === undefined ? null : saveStateOf(lastAnswered);
  const lastNo = paper.questions.find((q) => q.questionId === lastAnswered)?.no;
  const saveSaid = lastState && lastState.tone !== 'is-saving' ? `第${lastNo}题${lastState.word}` : '';

  const confirmSubmit = () => {
    const missing = unansweredNumbers(paper.questions, answerMap);
    Modal.confirm({
      title: '确认交卷',
      content: missing.length > 0 ? `还有第${missing.join('、')}题未作答，交卷后不能再修改。确定交卷吗？` : '所有题目均已作答，交卷后不能再修改。确定交卷吗？',
      okText: '交卷',
      cancelText: '继续作答',
      onOk: finish,
    });
  };

  if (result) {
    return (
      <div className="exam-info">
        <Result
          status={result.passed ? 'success' : 'warning'}
          title={`${paper.rules.title}：${result.score ?? 0}分（满分${result.totalScore}分），${result.passed ? '合格' : '不合格'}`}
          subTitle={`作答 ${result.answeredCount}/${result.questionCount} 题${result.submitMode ? `，${E.SUBMIT_MODE_LABELS[result.submitMode]}` : ''}`}
          extra={
            <>
              <ExamTopicPath examId={paper.rules.examId} />
              <Button onClick={() => navigate(`/examInfo?examId=${paper.rules.examId}&attemptId=${paper.attemptId}`)}>查看考试记录</Button>
            </>
          }
        />
        {notCounted.length > 0 && (
          <Alert type="error" showIcon message={`${NOT_COUNTED_BY_MODE[result.submitMode ?? 'manual']}：第${notCounted.map((q) => q.no).join('、')}题`} description={refused.get(notCounted[0]!.questionId)?.message} />
        )}
      </div>
    );
  }

  const short = remaining <= 60_000;
  const minutesLeft = Math.ceil(remaining / 60_000);
  const lastMinutes = remaining > 0 && minutesLeft <= 5 ? `剩余时间不足${minutesLeft}分钟` : '';
  return (
    <div className="exam-page">
      <header className="exam-bar">
        <h1>{paper.rules.title}</h1>
        <p className={`exam-clock${short ? ' is-short' : ''}`} role="timer" aria-label="剩余时间">
          剩余时间 {formatCountdown(remaining)}
        </p>
        {/* The timer itself is not read out each second; in the last five minutes each minute is. */}
        <p className="visually-hidden" aria-live="assertive">
          {lastMinutes}
        </p>
        <p className="visually-hidden" role="status">
          {saveSaid}
        </p>
        <CareSwitch className="exam-care-switch" />
        <Button type="primary" size="large" danger={short} loading={submitting} onClick={confirmSubmit}>
          交卷
        </Button>
      </header>
      <div className="exam-alerts" aria-live="polite">
        {!online && <Alert type="warning" showIcon message="网络已断开：您的答案已保存在本机，网络恢复后将自动提交。请不要关闭浏览器。" />}
        {leaveCount > 0 && (
          <Alert
            type={paper.rules.leaveLimit !== null && leaveCount >= paper.rules.leaveLimit ? 'error' : 'info'}
            showIcon
            message={`已离开考试页面 ${leaveCount} 次${paper.rules.leaveLimit === null ? '' : `（超过 ${paper.rules.leaveLimit} 次将自动交卷）`}`}
          />
        )}
        {notCounted.length > 0 && <Alert type="error" showIcon message={`第${notCounted.map((q) => q.no).join('、')}题的答案未能保存`} description={refused.get(notCounted[0]!.questionId)?.message} />}
      </div>
      <PaperSheet questions={paper.questions} answers={answerMap} onAnswer={onAnswer} onSettle={onSettle} attemptId={paper.attemptId} statusOf={statusOf} disabled={remaining <= 0 || submitting} />
    </div>
  );
}

/** After the result, the topic's next step: 打印证书 when this attempt completed it (an exam open to all has no topic). */
function ExamTopicPath({ examId }: { examId: number }) {
  const mine = useCallQuery(E.findAnswerNumber, { query: { examId } }, { staleTime: 0 });
  return mine.data?.installId ? <TopicPath installId={mine.data.installId} centred /> : null;
}
