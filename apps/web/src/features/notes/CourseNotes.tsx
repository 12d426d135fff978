/**
 * "My notes" of a course beside the study page's player: 记笔记 takes the current position of the
 * video (or the PDF page) and saves without leaving the lesson; clicking a note goes to its place,
 * moving to its chapter first when it is another one.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Form, Input, Pagination, Popconfirm } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { notes as notesTypes } from '@portal/contract';
import { anchorLabel } from '@portal/contract/base';
import { notes } from '@portal/contract/refs';
import { call, showError } from '../../api/client.ts';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { QueryState } from '../learning/ListState.tsx';
import { studyHref } from '../study/links.ts';
import { toast } from '../../lib/toast.ts';
import type { AnchorBridge } from './anchor.ts';
import { editNoteHref } from './links.ts';
import './notes.css';

const PAGE_SIZE = 20;
type Note = notesTypes.Note;

export function useInvalidateNotes() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: [notes.findNoteByPage.name] });
    void client.invalidateQueries({ queryKey: [notes.findNoteCourses.name] });
  };
}

export function CourseNotes({ courseId, resource, bridge }: { courseId: number; resource: { id: number; title: string; kind: Note['resourceKind'] }; bridge: AnchorBridge }) {
  const [pageNum, setPageNum] = useState(1);
  const [draft, setDraft] = useState<{ anchor: number | null } | null>(null);
  const [form] = Form.useForm<{ title: string; content: string }>();
  const navigate = useNavigate();
  const refresh = useInvalidateNotes();
  const list = useCallQuery(notes.findNoteByPage, { query: { courseId, pageNum, pageSize: PAGE_SIZE } }, { staleTime: 0, keepPrevious: true });

  const save = useMutation({
    mutationFn: (v: { title: string; content: string }) => call(notes.addNote, { body: { resourceId: resource.id, anchor: draft?.anchor ?? null, ...v } }),
    onSuccess: () => {
      toast('success', '笔记已保存');
      setDraft(null);
      form.resetFields();
      refresh();
    },
    onError: (err) => showError(err, 'warning'),
  });
  const remove = useMutation({
    mutationFn: (noteId: number) => call(notes.deleteNote, { body: { noteId } }),
    onSuccess: () => {
      toast('success', '笔记已删除');
      refresh();
    },
    onError: (err) => showError(err, 'warning'),
  });

  const take = () => {
    const anchor = bridge.position(resource.id);
    setDraft({ anchor });
    form.setFieldsValue({ title: `${resource.title}${anchor === null ? '' : ` ${anchorLabel(resource.kind, anchor)}`}`.slice(0, notes.NOTE_LIMITS.title), content: '' });
  };

  const open = (n: Note) => {
    if (n.anchor === null) {
      if (n.resourceId !== resource.id) void navigate(studyHref(n.resourceKind, n.courseId, n.resourceId));
      return;
    }
    if (!bridge.open(n.resourceId, n.anchor)) void navigate(studyHref(n.resourceKind, n.courseId, n.resourceId));
  };

  return (
    <section className="notes-panel" aria-labelledby="notes-panel-title">
      <div className="notes-panel-head">
        <h2 id="notes-panel-title" className="study-chapters-title">
          我的笔记
        </h2>
        <Button type="primary" size="small" icon={<EditOutlined />} onClick={take} disabled={draft !== null}>
          记笔记
        </Button>
      </div>
      {draft ? (
        <Form form={form} layout="vertical" className="notes-draft" onFinish={(v) => save.mutate(v)} aria-label="记笔记">
          <p className="notes-muted">{draft.anchor === null ? `记在：${resource.title}` : `记在：${resource.title} ${anchorLabel(resource.kind, draft.anchor)}`}</p>
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写笔记标题' }, { max: notes.NOTE_LIMITS.title, message: `笔记标题不能超过${notes.NOTE_LIMITS.title}个字` }]}>
            <Input maxLength={notes.NOTE_LIMITS.title} />
          </Form.Item>
          <Form.Item name="content" label="内容" rules={[{ required: true, whitespace: true, message: '请填写笔记内容' }]}>
            <Input.TextArea rows={4} maxLength={notes.NOTE_LIMITS.content} showCount />
          </Form.Item>
          <div className="notes-actions">
            <Button type="primary" htmlType="submit" size="small" loading={save.isPending}>
              保存笔记
            </Button>
            <Button size="small" onClick={() => setDraft(null)}>
              取消
            </Button>
          </div>
        </Form>
      ) : null}
      <QueryState query={list} empty="本课程还没有笔记，学习时点击“记笔记”记录要点" isEmpty={(d) => d.list.length === 0}>
        {(d) => (
          <>
            <ol className="notes-list">
              {d.list.map((n) => (
                <li key={n.id} className="notes-item">
                  <button type="button" className="notes-open" onClick={() => open(n)} aria-label={`跳转到笔记位置：${n.title}`}>
                    {n.anchor !== null ? <span className="notes-anchor">{anchorLabel(n.resourceKind, n.anchor)}</span> : null}
                    <span className="notes-title">{n.title}</span>
                  </button>
                  <p className="notes-where notes-muted">{n.resourceTitle}</p>
                  <p className="notes-content">{n.content}</p>
                  <div className="notes-actions">
                    <Link to={editNoteHref(n.id)}>编辑</Link>
                    <Popconfirm title="确定删除这条笔记吗？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate(n.id)}>
                      <Button type="link" size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  </div>
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
