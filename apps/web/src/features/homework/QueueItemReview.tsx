/**
 * One hand-in of the review queue, reviewed in place: the learner, the text (and the changes since the
 * previous version), the attachments read in the page, then score and comment and 通过 / 退回. The
 * queue page drives it from the keyboard through `actions` (pass, return, focus the score or the
 * comment); a verdict is sent to the server, which holds it for the undo window.
 */
import { useRef, useState, type RefObject } from 'react';
import { Alert, Button, Card, Collapse, Input, InputNumber, Space, type GetRef } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { review as R } from '@portal/contract';
import { review, work } from '@portal/contract/refs';
import { call, refusalMessage } from '../../api/client.ts';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { QueryState } from '../learning/ListState.tsx';
import { formatDateTime } from '../learning/format.ts';
import { AttachmentList } from './Attachments.tsx';
import { DiffView } from './DiffView.tsx';
import { VersionText } from './ReviewPanel.tsx';
import { deadlineText, LateTag, SafeHtml, wordLimitText } from './common.tsx';

export interface ItemActions {
  pass: () => void;
  ret: () => void;
  focusScore: () => void;
  focusComment: () => void;
}

type Decision = 'pass' | 'return';

/** The verdict's rules as the server states them, checked here first so a slip is named at once. */
export function verdictProblem(kind: R.QueueItem['kind'], decision: Decision, score: number | null, comment: string): string | null {
  if (kind === 'homework' && decision === 'pass') {
    if (score === null) return work.WORK_MSG.scoreRequired;
    if (score < 0 || score > work.WORK_LIMITS.scoreMax) return work.WORK_MSG.scoreRange;
  }
  if (kind === 'homework' && score !== null && (score < 0 || score > work.WORK_LIMITS.scoreMax)) return work.WORK_MSG.scoreRange;
  if (decision === 'return' && !comment.trim()) return kind === 'practice' ? work.WORK_MSG.rejectCommentRequired : work.WORK_MSG.commentRequired;
  return null;
}

export function QueueItemReview({ item, actions, onReviewed }: { item: R.QueueItem; actions: RefObject<ItemActions | null>; onReviewed: (held: R.HeldReviews, decision: Decision) => void }) {
  const practice = item.kind === 'practice';
  const q = useCallQuery(work.findWorkSubmission, { query: { classId: item.classId, submissionId: item.submissionId } }, { staleTime: 0 });
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const scoreInput = useRef<GetRef<typeof InputNumber>>(null);
  const commentInput = useRef<GetRef<typeof Input.TextArea>>(null);
  const save = useMutation({
    mutationFn: (decision: Decision) => call(review.reviewFromQueue, { body: { submissionId: item.submissionId, version: item.version, decision, score: practice ? null : score, comment } }),
    onSuccess: (held, decision) => onReviewed(held, decision),
    onError: (err) => setError(refusalMessage(err)),
  });
  const decide = (decision: Decision) => {
    if (save.isPending) return;
    const problem = verdictProblem(item.kind, decision, practice ? null : score, comment);
    setError(problem);
    if (problem) {
      // Where the slip is: the score for a pass, the comment for a return.
      (decision === 'pass' && !practice ? scoreInput : commentInput).current?.focus();
      return;
    }
    save.mutate(decision);
  };
  actions.current = { pass: () => decide('pass'), ret: () => decide('return'), focusScore: () => scoreInput.current?.focus(), focusComment: () => commentInput.current?.focus() };

  return (
    <div className="rq-item">
      <Card size="small">
        <div className="hw-person">
          <h2 className="hw-section-title" style={{ margin: 0 }}>
            {item.personName}
          </h2>
          <span className="hw-muted">
            {item.personNo} · {item.organName}
          </span>
        </div>
        <div className="hw-meta">
          <span>{item.className}</span>
          <span>{item.workTitle}</span>
          <LateTag late={item.late} />
          <span>
            第{item.version}次提交 · {formatDateTime(item.submittedAt)}
          </span>
        </div>
      </Card>
      <QueryState query={q} empty="">
        {(d) => (
          <>
            <Collapse size="small" items={[{ key: 'req', label: `${practice ? '报告' : '作业'}要求（${deadlineText(d.work)}${practice ? '' : `；${wordLimitText(d.work)}，本次${d.current.wordCount}字`}）`, children: <SafeHtml html={d.work.requirementHtml} label="作业要求" /> }]} />
            {d.diff ? (
              <Card size="small" title={`与第${d.current.version - 1}次提交相比的修改`}>
                <DiffView parts={d.diff} />
              </Card>
            ) : null}
            <Card size="small" title={d.diff ? `第${d.current.version}次提交全文` : '提交内容'}>
              <VersionText v={d.current} />
              <h3 className="hw-section-title">{practice ? '实践照片' : '附件'}</h3>
              <AttachmentList files={d.current.attachments} photos={practice} />
            </Card>
          </>
        )}
      </QueryState>
      <Card size="small" title={practice ? '审核' : '批阅'} className="rq-form">
        {practice ? null : (
          <label className="hw-field" htmlFor="rq-score">
            <span>成绩（0至100分，通过时必填）</span>
            {/* No min/max: the input would silently turn 150 into 100; a score outside 0–100 is refused with a message instead. */}
            <InputNumber id="rq-score" ref={scoreInput} step={0.5} precision={1} value={score} onChange={(v) => setScore(typeof v === 'number' ? v : null)} style={{ width: 160 }} />
          </label>
        )}
        <label className="hw-field" htmlFor="rq-comment">
          <span>{practice ? '审核意见（驳回时必填）' : '评语（退回时必填）'}</span>
          <Input.TextArea id="rq-comment" ref={commentInput} rows={3} maxLength={work.WORK_LIMITS.commentMax} showCount value={comment} onChange={(e) => setComment(e.target.value)} />
        </label>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} role="alert" /> : null}
        <Space wrap>
          <Button type="primary" loading={save.isPending && save.variables === 'pass'} disabled={save.isPending} onClick={() => decide('pass')}>
            通过（P）
          </Button>
          <Button danger loading={save.isPending && save.variables === 'return'} disabled={save.isPending} onClick={() => decide('return')}>
            {practice ? '驳回（R）' : '退回（R）'}
          </Button>
        </Space>
      </Card>
    </div>
  );
}
