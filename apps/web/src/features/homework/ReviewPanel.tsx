/**
 * Reviewing one submission (work2) or auditing one practice report (practice1): the learner, the text
 * and attachments of the version under review read in the page, the changes since the version before,
 * the earlier versions; then score and comment, pass or return (approve or reject), and 下一份 to the
 * next one awaiting review without going back to the list.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Collapse, Empty, Form, Input, InputNumber, Modal, Result, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { work as W } from '@portal/contract';
import { work } from '@portal/contract/refs';
import { call, refusalMessage } from '../../api/client.ts';
import { callKey, useCallQuery } from '../../api/useCallQuery.ts';
import { QueryState } from '../learning/ListState.tsx';
import { formatDateTime } from '../learning/format.ts';
import { idFrom } from '../learning/query.ts';
import { toast } from '../../lib/toast.ts';
import { AttachmentList } from './Attachments.tsx';
import { DiffView } from './DiffView.tsx';
import { classHref, deadlineText, LateTag, SafeHtml, WorkStateTag, wordLimitText } from './common.tsx';
import '../teacher/teacher.css';

type ReviewOutcome = { state: W.WorkState; score: number | null; comment: string; nextPendingId: number | null };

export function VersionText({ v }: { v: W.WorkVersion }) {
  if (v.practice)
    return (
      <>
        <p>
          <strong>实践时间：</strong>
          {v.practice.time || '—'} · <strong>实践地点：</strong>
          {v.practice.place || '—'}
        </p>
        <h3 className="hw-section-title">实践内容</h3>
        <SafeHtml html={v.practice.doneHtml} label="实践内容" />
        <h3 className="hw-section-title">取得成效</h3>
        <SafeHtml html={v.practice.outcomeHtml} label="取得成效" />
      </>
    );
  return <SafeHtml html={v.html} label="作业正文" />;
}

function ReviewForm({ d, classId, onDone }: { d: W.SubmissionDetail; classId: number; onDone: (r: ReviewOutcome) => void }) {
  const practice = d.work.kind === 'practice';
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The hook's confirm, not Modal.confirm: it renders inside the app and so takes the portal's theme.
  const [modal, modalHolder] = Modal.useModal();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (decision: 'pass' | 'return') =>
      practice
        ? call(work.auditPractice, { body: { classId, submissionId: d.submissionId, version: d.current.version, decision: decision === 'pass' ? 'approve' : 'reject', comment } })
        : call(work.examineWork, { body: { classId, submissionId: d.submissionId, version: d.current.version, decision, score, comment } }),
    onSuccess: (r) => {
      toast('success', practice ? work.WORK_MSG.audited : work.WORK_MSG.examined);
      for (const c of [work.findWorkSubmission, work.findWorkSubmissionByPage, work.findClassWork, work.findPracticeByPage, work.findWorkPending]) void client.invalidateQueries({ queryKey: callKey(c) });
      onDone(r);
    },
    onError: (err) => setError(refusalMessage(err)),
  });
  const decide = (decision: 'pass' | 'return') => {
    setError(null);
    if (!practice && decision === 'pass') {
      if (score === null) return setError(work.WORK_MSG.scoreRequired);
      if (score < 0 || score > work.WORK_LIMITS.scoreMax) return setError(work.WORK_MSG.scoreRange);
    }
    if (decision === 'return' && !comment.trim()) return setError(practice ? work.WORK_MSG.rejectCommentRequired : work.WORK_MSG.commentRequired);
    if (decision === 'return') return save.mutate(decision);
    // A pass is final (the learner is told at once): the teacher sees the score given and confirms it once.
    modal.confirm({
      title: practice ? '通过这份实践报告？' : `通过并给出成绩${score}分？`,
      content: `确定后学员将收到通知，${practice ? '审核' : '批阅'}结果不能再更改。`,
      okText: '确定通过',
      cancelText: '取消',
      onOk: () => save.mutate('pass'),
    });
  };
  return (
    <Card title={practice ? '审核' : '批阅'} className="hw-review-form">
      {modalHolder}
      <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
        {practice ? null : (
          <Form.Item label="成绩（0至100分，通过时必填）" htmlFor="hw-score">
            {/* No min/max: the input would silently turn 150 into 100; a score outside 0–100 is refused with a message instead. */}
            <InputNumber id="hw-score" step={0.5} precision={1} value={score} onChange={(v) => setScore(typeof v === 'number' ? v : null)} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item label={practice ? '审核意见（驳回时必填）' : '评语（退回修改时必填）'} htmlFor="hw-comment">
          <Input.TextArea id="hw-comment" rows={4} maxLength={work.WORK_LIMITS.commentMax} showCount value={comment} onChange={(e) => setComment(e.target.value)} />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
        <Space wrap>
          <Button type="primary" loading={save.isPending && save.variables === 'pass'} disabled={save.isPending} onClick={() => decide('pass')}>
            通过
          </Button>
          <Button danger loading={save.isPending && save.variables === 'return'} disabled={save.isPending} onClick={() => decide('return')}>
            {practice ? '驳回' : '退回修改'}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

function Review({ d, classId }: { d: W.SubmissionDetail; classId: number }) {
  const navigate = useNavigate();
  const practice = d.work.kind === 'practice';
  const [done, setDone] = useState<ReviewOutcome | null>(null);
  const listHref = practice ? classHref.practices(classId) : classHref.submissions(classId, d.work.id);
  const hrefOf = (id: number) => (practice ? classHref.audit(classId, id) : classHref.review(classId, id));
  const next = done ? done.nextPendingId : d.nextPendingId;
  const earlier = d.versions.filter((v) => v.version !== d.current.version);
  const reviewed = d.state !== 'submitted';
  const nextButton = next ? (
    <Button type="primary" onClick={() => void navigate(hrefOf(next))}>
      下一份
    </Button>
  ) : null;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card>
        <div className="hw-person">
          <h2 className="hw-section-title" style={{ margin: 0 }}>
            {d.personName}
          </h2>
          <span className="hw-muted">
            {d.personNo} · {d.organName}
          </span>
        </div>
        <div className="hw-meta">
          <span>{d.work.title}</span>
          <WorkStateTag kind={d.work.kind} state={done?.state ?? d.state} />
          <LateTag late={d.current.late} />
          <span>
            第{d.current.version}次提交 · {formatDateTime(d.current.submittedAt)}
          </span>
          {practice ? null : <span>{d.current.wordCount}字（要求{wordLimitText(d.work)}）</span>}
        </div>
        <Collapse
          size="small"
          items={[{ key: 'req', label: `作业要求（${deadlineText(d.work)}）`, children: <SafeHtml html={d.work.requirementHtml} label="作业要求" /> }]}
        />
      </Card>
      {d.diff ? (
        <Card title={`与第${d.current.version - 1}次提交相比的修改`}>
          <DiffView parts={d.diff} />
        </Card>
      ) : null}
      <Card title={d.diff ? `第${d.current.version}次提交全文` : '提交内容'}>
        <VersionText v={d.current} />
        <h3 className="hw-section-title">{practice ? '实践照片' : '附件'}</h3>
        <AttachmentList files={d.current.attachments} />
      </Card>
      {done ? (
        <Result
          status="success"
          title={practice ? work.WORK_MSG.audited : work.WORK_MSG.examined}
          subTitle={next ? '还有待批阅的提交。' : practice ? '本班的实践报告已全部审核。' : '这项作业已全部批阅。'}
          extra={
            <Space wrap>
              {nextButton}
              <Link to={listHref}>返回列表</Link>
            </Space>
          }
        />
      ) : reviewed ? (
        <Card title={practice ? '审核结果' : '批阅结果'}>
          <p>
            <WorkStateTag kind={d.work.kind} state={d.state} />
            {d.current.score !== null ? `成绩：${d.current.score}分 · ` : null}
            {d.current.examinedBy ?? ''} {formatDateTime(d.current.examinedAt)}
          </p>
          {d.current.comment ? <p>意见：{d.current.comment}</p> : null}
          <Space wrap>
            {nextButton}
            <Link to={listHref}>返回列表</Link>
          </Space>
        </Card>
      ) : (
        <>
          <ReviewForm d={d} classId={classId} onDone={setDone} />
          <Space wrap>
            {next ? (
              <Button onClick={() => void navigate(hrefOf(next))} aria-label="跳过，看下一份">
                跳过，看下一份
              </Button>
            ) : null}
            <Link to={listHref}>返回列表</Link>
          </Space>
        </>
      )}
      {earlier.length ? (
        <Card title="以往版本">
          <Collapse
            items={earlier.map((v) => ({
              key: v.version,
              label: `第${v.version}次提交 · ${formatDateTime(v.submittedAt)} · ${v.state === 'passed' ? '已通过' : v.state === 'returned' ? (practice ? '已驳回' : '已退回') : '待批阅'}${v.comment ? `：${v.comment}` : ''}`,
              children: (
                <>
                  <VersionText v={v} />
                  <AttachmentList files={v.attachments} />
                </>
              ),
            }))}
          />
        </Card>
      ) : null}
    </Space>
  );
}

export function ReviewPanel({ kind }: { kind: W.WorkKind }) {
  const [params] = useSearchParams();
  const classId = idFrom(params.get('classId'));
  const submissionId = idFrom(params.get('submissionId'));
  const q = useCallQuery(work.findWorkSubmission, { query: { classId: classId ?? 0, submissionId: submissionId ?? 0 } }, { enabled: classId !== null && submissionId !== null, staleTime: 0 });
  if (!classId || !submissionId)
    return (
      <div className="teacher-page">
        <Empty description={kind === 'practice' ? '请从实践报告列表中选择要审核的报告' : '请从作业管理中选择要批阅的作业'}>
          <Link to={kind === 'practice' ? '/class/practice' : '/class/work'}>{kind === 'practice' ? '前往实践报告' : '前往作业管理'}</Link>
        </Empty>
      </div>
    );
  return (
    <div className="teacher-page">
      <QueryState query={q} empty="">
        {(d) => <Review key={`${d.submissionId}:${d.current.version}`} d={d} classId={classId} />}
      </QueryState>
    </div>
  );
}
