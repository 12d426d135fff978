/**
 * The full note editor (learningnotesadd, learningnotesedit): the course chosen from my courses, its
 * chapter, an optional position (seconds of a video, a PDF page), title and content.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { notes as notesSchemas, type notes as notesTypes } from '@portal/contract';
import { catalog, learning, notes } from '@portal/contract/refs';
import { call, showError } from '../../api/client.ts';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { toast } from '../../lib/toast.ts';
import { rulesOf } from '../../lib/formRules.ts';
import { useSession } from '../auth/session.ts';
import { useEditorGuard } from '../forms/useEditorGuard.tsx';
import { NOTES_HREF } from './links.ts';
import { useInvalidateNotes } from './CourseNotes.tsx';
import './notes.css';

interface Values {
  courseId?: number;
  resourceId?: number;
  anchor?: number | null;
  title: string;
  content: string;
}

/** My courses to choose from: in progress and completed (a note may be about a course studied before). */
function useMyCourses(extra: { id: number; title: string } | null) {
  const ongoing = useCallQuery(learning.findLearningCourse, { query: { completed: 'false', pageNum: 1, pageSize: 100 } });
  const done = useCallQuery(learning.findLearningCourse, { query: { completed: 'true', pageNum: 1, pageSize: 100 } });
  const seen = new Map<number, string>();
  if (extra) seen.set(extra.id, extra.title);
  for (const c of [...(ongoing.data?.list ?? []), ...(done.data?.list ?? [])]) seen.set(c.id, c.title);
  return { options: [...seen].map(([value, label]) => ({ value, label })), loading: ongoing.isPending || done.isPending };
}

export function NoteEditor({ note, courseId: initialCourse }: { note?: notesTypes.Note; courseId?: number | null }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const refresh = useInvalidateNotes();
  const [courseId, setCourseId] = useState<number | undefined>(note?.courseId ?? initialCourse ?? undefined);
  const courses = useMyCourses(note ? { id: note.courseId, title: note.courseTitle } : null);
  const detail = useCallQuery(catalog.findCourseById, { query: { id: courseId ?? 0 } }, { enabled: courseId !== undefined });
  const resourceId = Form.useWatch('resourceId', form);
  const resource = detail.data?.resources.find((r) => r.id === resourceId);

  const personId = useSession().person?.personId ?? null;
  const guard = useEditorGuard<Values>({
    form,
    address: personId !== null ? { personId, editor: 'note', record: note?.id ?? 'new' } : null,
    save: async () => {
      const v = await form.validateFields().catch(() => null);
      if (!v) return false;
      return save.mutateAsync(v).then(
        () => true,
        () => false,
      );
    },
  });
  const { loaded: guardLoaded } = guard;
  useEffect(() => guardLoaded(), [guardLoaded]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = { resourceId: v.resourceId ?? 0, anchor: v.anchor ?? null, title: v.title, content: v.content };
      return note ? call(notes.updateNote, { body: { noteId: note.id, ...body } }) : call(notes.addNote, { body });
    },
    onSuccess: () => {
      toast('success', note ? '笔记已修改' : '笔记已保存');
      guard.settled();
      refresh();
      void navigate(NOTES_HREF);
    },
    onError: (err) => showError(err, 'warning'),
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="lc-card notes-editor"
      initialValues={note ? { courseId: note.courseId, resourceId: note.resourceId, anchor: note.anchor, title: note.title, content: note.content } : { courseId: initialCourse ?? undefined }}
      onFinish={(v) => save.mutate(v)}
      onValuesChange={guard.changed}
    >
      {guard.offer}
      <Form.Item name="courseId" label="课程" rules={[{ required: true, message: '请选择课程' }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="从我的课程中选择"
          loading={courses.loading}
          options={courses.options}
          onChange={(v: number) => {
            setCourseId(v);
            form.setFieldsValue({ resourceId: undefined, anchor: null });
          }}
        />
      </Form.Item>
      <Form.Item name="resourceId" label="章节" rules={[{ required: true, message: '请选择章节' }]}>
        <Select
          placeholder={courseId ? '选择章节' : '请先选择课程'}
          disabled={!courseId}
          loading={detail.isFetching}
          options={(detail.data?.resources ?? []).map((r) => ({ value: r.id, label: r.title }))}
          onChange={() => form.setFieldsValue({ anchor: null })}
        />
      </Form.Item>
      {resource && resource.kind !== 'live' ? (
        <Form.Item name="anchor" label={resource.kind === 'pdf' ? '页码（选填）' : '视频位置，单位秒（选填）'}>
          <InputNumber min={resource.kind === 'pdf' ? 1 : 0} max={resource.kind === 'pdf' ? (resource.pages ?? undefined) : (resource.durationSeconds ?? undefined)} precision={0} />
        </Form.Item>
      ) : null}
      <Form.Item name="title" label="标题" rules={rulesOf(notesSchemas.addNote.body, 'title')}>
        <Input maxLength={notes.NOTE_LIMITS.title} showCount />
      </Form.Item>
      <Form.Item name="content" label="内容" rules={rulesOf(notesSchemas.addNote.body, 'content')}>
        <Input.TextArea rows={10} maxLength={notes.NOTE_LIMITS.content} showCount />
      </Form.Item>
      <div className="notes-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存笔记
        </Button>
        <Button onClick={() => void navigate(NOTES_HREF)}>返回笔记列表</Button>
      </div>
      {guard.element}
    </Form>
  );
}
