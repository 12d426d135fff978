/**
 * Under the study page's player: the course's appraisal (my stars and text, the average and count)
 * and its comments with replies one level deep, paged. A person changes or deletes only their own; a
 * comment deleted with replies reads 已删除. Comments are shown as text (React escapes them).
 */
import { useState } from 'react';
import { Button, Input, Pagination, Popconfirm, Rate, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { notes as notesTypes } from '@portal/contract';
import { notes } from '@portal/contract/refs';
import { call, showError } from '../../api/client.ts';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { QueryState } from '../learning/ListState.tsx';
import { formatDateTime } from '../learning/format.ts';
import { toast } from '../../lib/toast.ts';
import './notes.css';

const PAGE_SIZE = 10;
type Reply = notesTypes.CriticismReply;

function Appraisal({ courseId }: { courseId: number }) {
  const client = useQueryClient();
  const q = useCallQuery(notes.findCourseAppraise, { query: { courseId } }, { staleTime: 0 });
  const [text, setText] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (stars: number) => call(notes.addCourseAppraise, { body: { courseId, stars, text: text ?? q.data?.mine?.text ?? '' } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [notes.findCourseAppraise.name] });
      setText(null);
      toast('success', '评价已保存');
    },
    onError: (err) => showError(err, 'warning'),
  });
  return (
    <QueryState query={q} empty="">
      {(a) => (
        <div className="feedback-appraisal">
          <p className="feedback-average" aria-live="polite">
            课程评分 <strong data-testid="appraisal-average">{a.count ? a.average.toFixed(1) : '暂无'}</strong>
            <span className="notes-muted">（{a.count}人评价）</span>
          </p>
          <div className="feedback-mine">
            <span id="my-stars-label">我的评分</span>
            <Rate aria-labelledby="my-stars-label" value={a.mine?.stars ?? 0} disabled={save.isPending} onChange={(stars) => stars > 0 && save.mutate(stars)} />
            <Input
              className="feedback-text"
              aria-label="评价内容"
              placeholder="说说对本课程的看法（选填，选择星级后保存）"
              maxLength={notes.APPRAISE_TEXT_MAX}
              value={text ?? a.mine?.text ?? ''}
              onChange={(e) => setText(e.target.value)}
            />
            {a.mine && text !== null ? (
              <Button size="small" onClick={() => save.mutate(a.mine!.stars)} loading={save.isPending}>
                保存评价
              </Button>
            ) : null}
          </div>
        </div>
      )}
    </QueryState>
  );
}

function CommentBody({ item, onChanged }: { item: Reply; onChanged: () => void }) {
  const [editing, setEditing] = useState<string | null>(null);
  const update = useMutation({
    mutationFn: (content: string) => call(notes.updateCourseCriticism, { body: { criticismId: item.id, content } }),
    onSuccess: () => {
      setEditing(null);
      onChanged();
    },
    onError: (err) => showError(err, 'warning'),
  });
  const remove = useMutation({
    mutationFn: () => call(notes.deleteCourseCriticism, { body: { criticismId: item.id } }),
    onSuccess: () => {
      toast('success', '评论已删除');
      onChanged();
    },
    onError: (err) => showError(err, 'warning'),
  });
  return (
    <div className="feedback-comment">
      <p className="notes-muted">
        <span className="feedback-author">{item.author}</span>
        {item.mine ? <Tag className="feedback-me">我</Tag> : null} {formatDateTime(item.createdAt)}
        {item.editedAt ? '（已编辑）' : ''}
      </p>
      {editing !== null ? (
        <div className="feedback-edit">
          <Input.TextArea aria-label="修改评论" rows={2} maxLength={notes.CRITICISM_MAX} value={editing} onChange={(e) => setEditing(e.target.value)} />
          <div className="notes-actions">
            <Button size="small" type="primary" loading={update.isPending} onClick={() => update.mutate(editing)}>
              保存
            </Button>
            <Button size="small" onClick={() => setEditing(null)}>
              取消
            </Button>
          </div>
        </div>
      ) : (
        <p className={item.deleted ? 'feedback-deleted' : 'notes-content'}>{item.content}</p>
      )}
      {item.mine && !item.deleted && editing === null ? (
        <div className="notes-actions">
          <Button type="link" size="small" onClick={() => setEditing(item.content)}>
            编辑
          </Button>
          <Popconfirm title="确定删除这条评论吗？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate()}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </div>
      ) : null}
    </div>
  );
}

function Composer({ courseId, parentId, label, onDone }: { courseId: number; parentId?: number; label: string; onDone: () => void }) {
  const [content, setContent] = useState('');
  const post = useMutation({
    mutationFn: () => call(notes.addCourseCriticism, { body: { courseId, content, ...(parentId ? { parentId } : {}) } }),
    onSuccess: () => {
      setContent('');
      onDone();
    },
    onError: (err) => showError(err, 'warning'),
  });
  return (
    <div className="feedback-composer">
      <Input.TextArea aria-label={label} placeholder={label} rows={2} maxLength={notes.CRITICISM_MAX} value={content} onChange={(e) => setContent(e.target.value)} />
      <Button type="primary" size="small" loading={post.isPending} disabled={content.trim() === ''} onClick={() => post.mutate()}>
        {parentId ? '回复' : '发表评论'}
      </Button>
    </div>
  );
}

export function CourseFeedback({ courseId }: { courseId: number }) {
  const [pageNum, setPageNum] = useState(1);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const client = useQueryClient();
  const list = useCallQuery(notes.findCourseCriticismByPage, { query: { courseId, pageNum, pageSize: PAGE_SIZE } }, { staleTime: 0, keepPrevious: true });
  const changed = () => void client.invalidateQueries({ queryKey: [notes.findCourseCriticismByPage.name] });
  return (
    <section className="feedback" aria-labelledby="feedback-title">
      <h2 id="feedback-title" className="study-chapters-title">
        课程评价与评论
      </h2>
      <Appraisal courseId={courseId} />
      <Composer
        courseId={courseId}
        label="发表评论"
        onDone={() => {
          setPageNum(1);
          changed();
        }}
      />
      <QueryState query={list} empty="还没有评论，欢迎发表第一条" isEmpty={(d) => d.list.length === 0}>
        {(d) => (
          <>
            <ol className="feedback-list">
              {d.list.map((c) => (
                <li key={c.id} className="feedback-thread">
                  <CommentBody item={c} onChanged={changed} />
                  {!c.deleted ? (
                    <Button type="link" size="small" onClick={() => setReplyTo(replyTo === c.id ? null : c.id)}>
                      {replyTo === c.id ? '收起回复' : '回复'}
                    </Button>
                  ) : null}
                  {replyTo === c.id ? (
                    <Composer
                      courseId={courseId}
                      parentId={c.id}
                      label={`回复 ${c.author}`}
                      onDone={() => {
                        setReplyTo(null);
                        changed();
                      }}
                    />
                  ) : null}
                  {c.replies.length ? (
                    <ol className="feedback-replies" aria-label="回复">
                      {c.replies.map((r) => (
                        <li key={r.id}>
                          <CommentBody item={r} onChanged={changed} />
                        </li>
                      ))}
                    </ol>
                  ) : null}
                </li>
              ))}
            </ol>
            <Pagination size="small" current={pageNum} pageSize={PAGE_SIZE} total={d.total} onChange={setPageNum} showSizeChanger={false} hideOnSinglePage />
          </>
        )}
      </QueryState>
    </section>
  );
}
