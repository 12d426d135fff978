/**
 * Writing a homework or a practice report (myhomework2, myhomework3): the text in Markdown with its
 * word count against the limits, or the practice template's fields; attachments or photos with their
 * upload progress; the save state always in view (已保存 hh:mm:ss / 保存中 / 离线，已存本机); 保存草稿
 * and 提交. A submitted work is shown read-only until it is returned.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Input, Popconfirm, Space } from 'antd';
import { formatClock } from '../../lib/format.ts';
import { wordCount, work as W } from '@portal/contract';
import { work } from '@portal/contract/refs';
import { showError } from '../../api/client.ts';
import { toast } from '../../lib/toast.ts';
import { formatDateTime } from '../learning/format.ts';
import { AttachmentList, Uploader } from './Attachments.tsx';
import { deadlineText, hwHref, LateTag, SafeHtml, WorkStateTag, wordLimitText } from './common.tsx';
import { useDraft, type SaveState } from './useDraft.ts';
import type { PracticeCopy } from './draftStore.ts';
import { NOTES_PARAM } from './fromNotes.tsx';

function SaveStateText({ state }: { state: SaveState }) {
  const [text, warn] = ((): [string, boolean] => {
    switch (state.kind) {
      case 'clean':
        return ['尚未保存', false];
      case 'pending':
        return ['有修改待保存（已存本机）', false];
      case 'saving':
        return ['保存中…', false];
      case 'saved':
        return [`已保存 ${formatClock(Date.parse(state.at))}`, false];
      case 'offline':
        return ['离线，已存本机', true];
      case 'conflict':
        return ['草稿已在其他窗口或设备上更新', true];
      case 'refused':
        return [state.message, true];
    }
  })();
  return (
    <span className={warn ? 'hw-save-state hw-save-state-warn' : 'hw-save-state'} role="status" aria-live="polite" data-testid="save-state">
      {text}
    </span>
  );
}

function WordCount({ n, w }: { n: number; w: Pick<W.WorkItem, 'minWords' | 'maxWords'> }) {
  const bad = (w.minWords > 0 && n < w.minWords) || (w.maxWords > 0 && n > w.maxWords);
  return (
    <span className={bad ? 'hw-count-bad' : 'hw-muted'} data-testid="word-count">
      字数：{n}（要求{wordLimitText(w)}）
    </span>
  );
}

const EMPTY_PRACTICE: PracticeCopy = { time: '', place: '', done: '', outcome: '' };

function Editor({ personId, detail, quote }: { personId: number; detail: W.WorkDetail; quote?: string }) {
  const w = detail.work;
  const practice = w.kind === 'practice';
  const navigate = useNavigate();
  const draft = useDraft(personId, detail);
  const [, setParams] = useSearchParams();
  const quoted = useRef(false);
  // 用笔记写心得: the notes are added to the end of the draft once (then saved like any typing), and
  // the request leaves the address, so a reload does not add them again.
  useEffect(() => {
    if (!quote || quoted.current || practice) return;
    quoted.current = true;
    const text = draft.latest().text;
    if (!text.includes(quote)) draft.change({ text: text.trim() ? `${text.trimEnd()}\n\n${quote}` : quote });
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(NOTES_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [quote]); // eslint-disable-line react-hooks/exhaustive-deps
  const [submitting, setSubmitting] = useState(false);
  const { content, state } = draft;
  const p = content.practice ?? EMPTY_PRACTICE;
  const count = practice ? wordCount(`${p.done}\n${p.outcome}`) : wordCount(content.text);
  const blocked = state.kind === 'conflict' || state.kind === 'refused';
  const files = content.files.filter((f) => (practice ? f.kind === 'photo' : f.kind === 'file'));
  const setPractice = (patch: Partial<PracticeCopy>) => draft.change({ practice: { ...p, ...patch } });

  const submit = async () => {
    setSubmitting(true);
    try {
      await draft.submit();
      toast('success', practice ? '实践报告已提交' : work.WORK_MSG.submitted);
      void navigate(hwHref.detail(w.id));
    } catch (err) {
      showError(err, 'warning');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="hw-editor">
      {draft.restored ? <Alert type="info" showIcon closable title="已从本机恢复上次未保存到服务器的内容，正在保存。" style={{ marginBottom: 12 }} /> : null}
      {state.kind === 'conflict' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="此草稿已在其他窗口或设备上保存了不同的内容"
          description={`本窗口的内容有${wordCount(state.local.text || `${state.local.practice?.done ?? ''}${state.local.practice?.outcome ?? ''}`)}字，其他窗口保存的有${state.server?.wordCount ?? 0}字。请选择保留哪一份，另一份将被覆盖。`}
          action={
            <Space direction="vertical">
              <Button size="small" type="primary" onClick={() => draft.resolve('local')}>
                保留本窗口的内容
              </Button>
              <Button size="small" onClick={() => draft.resolve('server')}>
                改用较新保存的内容
              </Button>
            </Space>
          }
        />
      ) : null}
      {state.kind === 'refused' ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={state.message} description="您的内容仍保存在本机，刷新页面后可查看。" /> : null}
      {detail.submission?.state === 'returned' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={practice ? '实践报告被驳回，请修改后重新提交' : '作业被退回修改，请修改后重新提交'}
          description={detail.submission.comment ? `${detail.submission.examinedBy ?? '老师'}的意见：${detail.submission.comment}` : undefined}
        />
      ) : null}
      {w.closed && !detail.submission?.version ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={work.WORK_MSG.pastCutoff} /> : w.overdue && !detail.submission?.version ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="已过截止时间，现在提交将记为迟交" /> : null}
      <Card>
        <div className="hw-editor-head">
          <div>
            <h2 className="hw-section-title">{w.title}</h2>
            <div className="hw-meta">
              <span>{deadlineText(w)}</span>
              {w.extensionUntil ? <span>已为您延期至 {formatDateTime(w.extensionUntil)}</span> : null}
              <span>字数要求：{wordLimitText(w)}</span>
              <Link to={hwHref.detail(w.id)}>查看作业要求</Link>
            </div>
          </div>
          <SaveStateText state={state} />
        </div>
        {practice ? (
          <div className="hw-practice-form">
            <label className="hw-field">
              <span>实践时间</span>
              <Input value={p.time} maxLength={work.WORK_LIMITS.timeMax} placeholder="如：2026年10月12日至14日" disabled={blocked} onChange={(e) => setPractice({ time: e.target.value })} />
            </label>
            <label className="hw-field">
              <span>实践地点</span>
              <Input value={p.place} maxLength={work.WORK_LIMITS.placeMax} placeholder="如：本单位、某社区" disabled={blocked} onChange={(e) => setPractice({ place: e.target.value })} />
            </label>
            <label className="hw-field">
              <span>实践内容</span>
              <Input.TextArea className="hw-textarea" value={p.done} rows={8} maxLength={work.WORK_LIMITS.practiceTextMax} disabled={blocked} onChange={(e) => setPractice({ done: e.target.value })} />
            </label>
            <label className="hw-field">
              <span>取得成效</span>
              <Input.TextArea className="hw-textarea" value={p.outcome} rows={6} maxLength={work.WORK_LIMITS.practiceTextMax} disabled={blocked} onChange={(e) => setPractice({ outcome: e.target.value })} />
            </label>
          </div>
        ) : (
          <label className="hw-field">
            <span>正文（空一行分段；“# ”开头为小标题，“&gt; ”开头为引用）</span>
            <Input.TextArea className="hw-textarea" value={content.text} rows={18} maxLength={work.WORK_LIMITS.textMax} disabled={blocked} onChange={(e) => draft.change({ text: e.target.value })} />
          </label>
        )}
        <div className="hw-meta">
          <WordCount n={count} w={w} />
        </div>
        {practice || w.maxFiles > 0 ? (
          <section aria-label={practice ? '实践照片' : '附件'}>
            <h3 className="hw-section-title">{practice ? '实践照片' : '附件'}</h3>
            <AttachmentList files={files} photos={practice} onRemove={blocked ? undefined : (f) => draft.change({ files: content.files.filter((x) => x.id !== f.id) })} />
            <Uploader
              workId={w.id}
              photo={practice}
              max={practice ? work.WORK_LIMITS.photosMax : w.maxFiles}
              tooMany={practice ? work.WORK_MSG.tooManyPhotos : W.tooManyFiles(w.maxFiles)}
              count={files.length}
              disabled={blocked}
              onUploaded={(f) => draft.change({ files: [...draft.latest().files, f] })}
            />
          </section>
        ) : null}
        <div className="hw-actions">
          <Button
            disabled={blocked}
            onClick={() =>
              void draft.flush().then((ok) => {
                if (ok) toast('success', work.WORK_MSG.saved);
                else if (navigator.onLine) toast('warning', '草稿暂未保存到服务器，内容已保存在本机');
                else toast('warning', '网络连接已断开，草稿已保存在本机，联网后自动保存');
              })
            }
          >
            保存草稿
          </Button>
          <Popconfirm title={practice ? '提交后在审核驳回前不能修改，确定提交吗？' : '提交后在老师退回前不能修改，确定提交吗？'} okText="提交" cancelText="取消" onConfirm={() => void submit()}>
            <Button type="primary" loading={submitting} disabled={blocked}>
              {detail.submission?.version ? '重新提交' : '提交'}
            </Button>
          </Popconfirm>
          {!detail.submission?.version ? (
            <Popconfirm
              title="删除草稿后，已写的内容和上传的附件都将删除，确定删除吗？"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() =>
                void draft.discard().then(
                  () => {
                    toast('success', '草稿已删除');
                    void navigate(hwHref.list);
                  },
                  (err: unknown) => showError(err, 'warning'),
                )
              }
            >
              <Button danger>删除草稿</Button>
            </Popconfirm>
          ) : null}
          <Link to={hwHref.list}>返回我的作业</Link>
        </div>
      </Card>
    </div>
  );
}

/** The editor, or why the work cannot be changed now. */
export function WorkEditor({ personId, detail, quote }: { personId: number; detail: W.WorkDetail; quote?: string }) {
  const sub = detail.submission;
  if (sub && !sub.editable) {
    return (
      <Card>
        <h2 className="hw-section-title">{detail.work.title}</h2>
        <div className="hw-meta">
          <WorkStateTag kind={detail.work.kind} state={sub.state} />
          <LateTag late={sub.late} />
          <span>第{sub.version}次提交</span>
        </div>
        <Alert type="info" showIcon title={sub.state === 'passed' ? work.WORK_MSG.passedReadOnly : work.WORK_MSG.readOnly} style={{ marginBottom: 12 }} />
        {detail.work.kind === 'practice' && sub.practice ? <SafeHtml html={sub.practice.doneHtml} /> : <SafeHtml html={sub.html} />}
        <div className="hw-actions">
          <Link to={hwHref.review(detail.work.id)}>查看批阅结果</Link>
          <Link to={hwHref.history(detail.work.id)}>提交记录</Link>
          <Link to={hwHref.list}>返回我的作业</Link>
        </div>
      </Card>
    );
  }
  return <Editor key={detail.work.id} personId={personId} detail={detail} quote={quote} />;
}
