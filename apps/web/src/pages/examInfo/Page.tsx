/**
 * /examInfo?examId=(&attemptId=): one exam's rules, my records, and 开始考试 or 继续考试 (or why I
 * cannot); after an attempt its score and 合格 / 不合格, and its review where the exam allows it.
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Descriptions, Empty, Table, Tag } from 'antd';
import { exam as E } from '@portal/contract/refs';
import type { exam as ExamTypes } from '@portal/contract';
import { idFrom } from '../../features/learning/query.ts';
import { QueryState } from '../../features/learning/ListState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { formatDateTime } from '../../features/exam/format.ts';
import { QuestionView } from '../../features/exam/QuestionView.tsx';
import '../../features/exam/exam.css';
import { ScrollRegion } from '../../features/content/ScrollRegion.tsx';

function Verdict({ r }: { r: ExamTypes.AttemptResult }) {
  if (r.submittedAt === null) return <Tag color="warning">答题中</Tag>;
  return r.passed ? <Tag color="success">合格</Tag> : <Tag color="red">不合格</Tag>;
}

export default function ExamInfoPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const examId = idFrom(params.get('examId'));
  const attemptId = idFrom(params.get('attemptId'));
  const q = useCallQuery(E.findExamRecord, { query: attemptId ? { examId: examId ?? 0, attemptId } : { examId: examId ?? 0 } }, { enabled: examId !== null, staleTime: 0 });
  if (!examId) {
    return (
      <div className="exam-info">
        <h1 className="page-title">考试详情</h1>
        <Empty description="请从在线考试列表选择考试" />
        <Link to="/onlineExam">返回在线考试</Link>
      </div>
    );
  }
  return (
    <div className="exam-info">
      <nav aria-label="位置" className="breadcrumb">
        <Link to="/onlineExam">在线考试</Link> / 考试详情
      </nav>
      <QueryState query={q} empty="">
        {(d) => {
          const latest = attemptId ? d.records.find((r) => r.attemptId === attemptId) : undefined;
          return (
            <>
              <h1 className="page-title">{d.rules.title}</h1>
              {latest && latest.submittedAt && (
                <Alert
                  type={latest.passed ? 'success' : 'warning'}
                  showIcon
                  message={`第${latest.attemptNo}次考试成绩：${latest.score}分（满分${latest.totalScore}分），${latest.passed ? '合格' : '不合格'}`}
                  description={`作答 ${latest.answeredCount}/${latest.questionCount} 题，交卷时间 ${formatDateTime(latest.submittedAt)}（${latest.submitMode ? E.SUBMIT_MODE_LABELS[latest.submitMode] : ''}）`}
                />
              )}
              <Descriptions
                className="exam-rules"
                bordered
                size="small"
                column={{ xs: 1, sm: 2 }}
                title="考试规则"
                items={[
                  ...(d.rules.installTitle ? [{ key: 'install', label: '所属培训', children: d.rules.installTitle }] : []),
                  { key: 'window', label: '考试时间', children: `${formatDateTime(d.rules.startAt)} 至 ${formatDateTime(d.rules.endAt)}` },
                  { key: 'duration', label: '考试时长', children: `${d.rules.durationMinutes}分钟（开始后计时，最晚至考试结束时间）` },
                  { key: 'score', label: '题量与分数', children: `${d.rules.questionCount}题，满分${d.rules.totalScore}分，${d.rules.passScore}分及格` },
                  {
                    key: 'attempts',
                    label: '考试次数',
                    children: `已考 ${d.mine.attemptsUsed} 次，共可考 ${d.rules.attemptsAllowed} 次${d.mine.bestScore !== null ? `，最高 ${d.mine.bestScore} 分` : ''}`,
                  },
                  { key: 'multiple', label: '多选题', children: d.rules.partialCredit ? '少选按选对比例得分，错选不得分' : '全部选对才得分' },
                  { key: 'leave', label: '离开页面', children: d.rules.leaveLimit === null ? '离开考试页面会被记录' : `离开考试页面超过${d.rules.leaveLimit}次将自动交卷` },
                  { key: 'review', label: '答案与解析', children: d.reviewNote },
                ]}
              />
              <div className="exam-nav">
                {d.mine.openAttemptId ? (
                  <Button type="primary" size="large" onClick={() => navigate(`/exam?examId=${examId}`)}>
                    继续考试
                  </Button>
                ) : d.mine.refusal ? (
                  <Alert
                    type="info"
                    showIcon
                    message={d.mine.refusal}
                    action={d.mine.blocked === 'notJoined' && d.mine.installId ? <Link to={`/specialTrainingInfo?id=${d.mine.installId}`}>去报名</Link> : undefined}
                  />
                ) : (
                  <Button type="primary" size="large" onClick={() => navigate(`/exam?examId=${examId}`)}>
                    开始考试
                  </Button>
                )}
              </div>
              <h2 className="exam-sheet-title">我的考试记录</h2>
              <ScrollRegion label="我的考试记录" minWidth={640}>
                <Table
                  rowKey="attemptId"
                  size="small"
                  pagination={false}
                  dataSource={d.records}
                  locale={{ emptyText: '暂无考试记录' }}
                  columns={[
                    { title: '次数', dataIndex: 'attemptNo', render: (n: number) => `第${n}次` },
                    { title: '开始时间', dataIndex: 'startedAt', render: formatDateTime },
                    { title: '交卷时间', dataIndex: 'submittedAt', render: (v: string | null) => (v ? formatDateTime(v) : '—') },
                    { title: '得分', dataIndex: 'score', render: (v: number | null) => v ?? '—' },
                    { title: '结果', key: 'verdict', render: (_: unknown, r: ExamTypes.AttemptResult) => <Verdict r={r} /> },
                    { title: '离开页面', dataIndex: 'leaveCount', render: (n: number) => `${n}次` },
                    {
                      title: '操作',
                      key: 'review',
                      render: (_: unknown, r: ExamTypes.AttemptResult) =>
                        r.submittedAt ? <Link to={`/examInfo?examId=${examId}&attemptId=${r.attemptId}`}>查看答卷</Link> : null,
                    },
                  ]}
                />
              </ScrollRegion>
              {d.review && (
                <section aria-label="答卷详情">
                  <h2 className="exam-sheet-title">答卷详情</h2>
                  {d.review.map((item) => (
                    <QuestionView key={item.questionId} question={item} value={item.given} review={item} />
                  ))}
                </section>
              )}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
