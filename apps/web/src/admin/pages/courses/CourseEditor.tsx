/**
 * A course's editor: title, lecturer, category (the catalogue's tree), credit hours, cover, plain-text
 * description, and its chapters in order (video, PDF courseware, live lesson with its times), moved
 * up and down, added and removed. Saved as a draft; 发布 makes it the learners'. A chapter a learner
 * studied cannot be removed — the editor offers 停用 instead, and the server refuses anyway — and the
 * course's hours change only what later completions grant.
 */
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Switch, Tag, TreeSelect, Typography } from 'antd';
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { adminCourses as AC } from '@portal/contract';
import { adminCourses } from '@portal/contract/refs';
import { call, CallError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { toast } from '../../../lib/toast.ts';
import { PageLoading } from '../../../app/PageLoading.tsx';
import { ImageField, type UploadTarget } from '../content/fields.tsx';
import { ChapterSourceField } from './ChapterSourceField.tsx';
import { StatusTag, switchStatus } from './Page.tsx';

const M = adminCourses.ADMIN_COURSES_MSG;
const COVER: UploadTarget = { call: adminCourses.adminCourseCover, maxBytes: adminCourses.COURSE_LIMITS.coverMaxBytes, tooLarge: M.coverTooLarge };
const KIND_OPTIONS = adminCourses.CHAPTER_KINDS.map((k) => ({ value: k, label: adminCourses.CHAPTER_KIND_LABELS[k] }));

interface ChapterValues {
  id?: number;
  kind: AC.ChapterKind;
  title: string;
  hidden: boolean;
  mediaUrl?: string | null;
  durationSeconds?: number | null;
  pages?: number | null;
  minReadSeconds?: number | null;
  live?: [Dayjs, Dayjs] | null;
  streamUrl?: string | null;
  replayUrl?: string | null;
  /** Learners who studied it (0 for a new chapter). */
  learners: number;
}
interface Values {
  title: string;
  lecturer: string;
  lecturerTitle: string;
  categoryId?: number;
  creditHours: number;
  coverUrl: string;
  description: string;
  chapters: ChapterValues[];
}

const minutes = (s?: number | null) => (s ? `约 ${Math.round(s / 60)} 分钟` : '');

function chapterValues(c: AC.AdminChapter): ChapterValues {
  return { ...c, live: c.liveStart && c.liveEnd ? [dayjs(c.liveStart), dayjs(c.liveEnd)] : null };
}

/** What the save call takes of a chapter: the fields of its kind. */
function chapterBody(c: ChapterValues) {
  const base = { ...(c.id ? { id: c.id } : {}), title: c.title, hidden: Boolean(c.hidden) };
  if (c.kind === 'video') return { ...base, kind: c.kind, mediaUrl: c.mediaUrl ?? '', durationSeconds: c.durationSeconds };
  if (c.kind === 'pdf') return { ...base, kind: c.kind, mediaUrl: c.mediaUrl ?? '', pages: c.pages, minReadSeconds: c.minReadSeconds };
  return { ...base, kind: c.kind, liveStart: c.live?.[0]?.toISOString(), liveEnd: c.live?.[1]?.toISOString(), streamUrl: c.streamUrl ?? '', replayUrl: c.replayUrl || null };
}

export function CourseEditor() {
  const param = useParams().id;
  const id = param && param !== 'new' ? Number(param) : null;
  const detail = useCallQuery(adminCourses.adminCourseGet, { query: { id: id ?? 0 } }, { enabled: id !== null, staleTime: 0 });
  if (id !== null && detail.isPending) return <PageLoading />;
  if (id !== null && !detail.data) return <Alert type="error" showIcon title="课程加载失败" description={(detail.error as Error)?.message} />;
  return <Editor key={`${id ?? 'new'}:${detail.data?.version ?? 0}`} course={detail.data ?? null} />;
}

function ChapterCard({ index, count, name, onMove, onRemove }: { index: number; count: number; name: number; onMove: (to: number) => void; onRemove: () => void }) {
  const form = Form.useFormInstance<Values>();
  const kind = (Form.useWatch(['chapters', name, 'kind'], form) as AC.ChapterKind | undefined) ?? 'video';
  // Not a field of the form (nobody edits it): watched with preserve, as the chapter's loaded value.
  const learners = (Form.useWatch(['chapters', name, 'learners'], { form, preserve: true }) as number | undefined) ?? 0;
  const hidden = Boolean(Form.useWatch(['chapters', name, 'hidden'], form));
  const duration = Form.useWatch(['chapters', name, 'durationSeconds'], form) as number | undefined;
  const no = index + 1;
  const remove = () => {
    if (learners === 0) return onRemove();
    Modal.confirm({
      title: '该章节不能删除',
      content: `已有${learners}名学员学习过该章节，删除会让他们的学习记录失去依据。可以停用（隐藏）该章节：学员不再看到它、完成课程也不再需要它，已有的学习记录和学时保留。`,
      okText: '停用该章节',
      cancelText: '取消',
      onOk: () => form.setFieldValue(['chapters', name, 'hidden'], true),
    });
  };
  return (
    <Card
      size="small"
      className={hidden ? 'admin-course-chapter is-hidden' : 'admin-course-chapter'}
      title={
        <Space wrap size={4}>
          <span>第{no}章</span>
          {hidden ? <Tag color="warning">已停用</Tag> : null}
          {learners > 0 ? <Tag color="blue">{learners}人学过</Tag> : null}
        </Space>
      }
      extra={
        <Space size={0}>
          <Button type="text" icon={<ArrowUpOutlined />} aria-label={`第${no}章上移`} disabled={index === 0} onClick={() => onMove(index - 1)} />
          <Button type="text" icon={<ArrowDownOutlined />} aria-label={`第${no}章下移`} disabled={index === count - 1} onClick={() => onMove(index + 1)} />
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除第${no}章`} onClick={remove} />
        </Space>
      }
    >
      <Form.Item name={[name, 'id']} hidden>
        <Input />
      </Form.Item>
      <Space wrap size="middle" align="start" style={{ width: '100%' }}>
        <Form.Item name={[name, 'kind']} label="类型" extra={learners > 0 ? '已有学员学过，类型不能更改' : undefined}>
          <Select aria-label={`第${no}章类型`} style={{ width: 120 }} options={KIND_OPTIONS} disabled={learners > 0} />
        </Form.Item>
        <Form.Item name={[name, 'hidden']} label="停用（对学员隐藏）" valuePropName="checked">
          <Switch aria-label={`第${no}章停用`} />
        </Form.Item>
      </Space>
      <Form.Item name={[name, 'title']} label="章节名称" rules={[{ required: true, whitespace: true, message: '请输入章节名称' }, { max: 100, message: '章节名称不能超过100个字' }]}>
        <Input aria-label={`第${no}章名称`} />
      </Form.Item>
      {kind === 'video' ? (
        <>
          <Form.Item name={[name, 'mediaUrl']} label="视频" rules={[{ required: true, whitespace: true, message: '请填写视频地址' }]}>
            <ChapterSourceField kind="video" label={`第${no}章视频地址`} onMedia={(a) => a.durationSeconds && form.setFieldValue(['chapters', name, 'durationSeconds'], a.durationSeconds)} />
          </Form.Item>
          <Form.Item name={[name, 'durationSeconds']} label="视频时长（秒）" extra={minutes(duration)} rules={[{ required: true, message: '请填写视频时长' }]}>
            <InputNumber aria-label={`第${no}章视频时长`} min={1} max={86_400} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </>
      ) : kind === 'pdf' ? (
        <>
          <Form.Item name={[name, 'mediaUrl']} label="PDF课件" rules={[{ required: true, whitespace: true, message: '请填写课件地址' }]}>
            <ChapterSourceField kind="pdf" label={`第${no}章课件地址`} onMedia={(a) => a.pageCount && form.setFieldValue(['chapters', name, 'pages'], a.pageCount)} />
          </Form.Item>
          <Space wrap size="middle">
            <Form.Item name={[name, 'pages']} label="页数" rules={[{ required: true, message: '请填写页数' }]}>
              <InputNumber aria-label={`第${no}章页数`} min={1} max={5000} precision={0} />
            </Form.Item>
            <Form.Item name={[name, 'minReadSeconds']} label="最少阅读时间（秒）" rules={[{ required: true, message: '请填写最少阅读时间' }]}>
              <InputNumber aria-label={`第${no}章最少阅读时间`} min={10} max={86_400} precision={0} style={{ width: 160 }} />
            </Form.Item>
          </Space>
        </>
      ) : (
        <>
          <Form.Item name={[name, 'live']} label="直播时间" rules={[{ required: true, message: '请选择直播开始和结束时间' }]}>
            <DatePicker.RangePicker aria-label={`第${no}章直播时间`} showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={['开始时间', '结束时间']} />
          </Form.Item>
          <Form.Item name={[name, 'streamUrl']} label="直播地址" rules={[{ required: true, whitespace: true, message: '请填写直播地址' }]}>
            <ChapterSourceField kind="stream" label={`第${no}章直播地址`} />
          </Form.Item>
          <Form.Item name={[name, 'replayUrl']} label="回放地址（选填）">
            <ChapterSourceField kind="replay" label={`第${no}章回放地址`} />
          </Form.Item>
        </>
      )}
    </Card>
  );
}

function Editor({ course }: { course: AC.AdminCourse | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const opts = useCallQuery(adminCourses.adminCourseOptions, {}, { staleTime: 60_000 });
  const tree = (opts.data?.categories ?? []).map((top) => ({ value: top.id, title: top.name, children: top.children.map((c) => ({ value: c.id, title: c.name })) }));
  const initial: Partial<Values> = course
    ? { ...course, chapters: course.chapters.map(chapterValues) }
    : { title: '', lecturer: '', lecturerTitle: '', creditHours: 1, coverUrl: '', description: '', chapters: [] };

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: callKey(adminCourses.adminCourseList) });
    await client.invalidateQueries({ queryKey: callKey(adminCourses.adminCourseGet) });
  };

  /** Saves; answers the saved course (or null when refused or invalid). */
  const save = async (): Promise<AC.AdminCourse | null> => {
    const v = await form.validateFields().catch(() => null);
    if (!v) {
      toast('error', '请按提示补全课程信息');
      return null;
    }
    const body = {
      title: v.title,
      lecturer: v.lecturer,
      lecturerTitle: v.lecturerTitle ?? '',
      categoryId: v.categoryId,
      creditHours: v.creditHours,
      coverUrl: v.coverUrl ?? '',
      description: v.description ?? '',
      chapters: (v.chapters ?? []).map(chapterBody),
      ...(course ? { id: course.id, version: course.version } : {}),
    };
    setBusy(true);
    try {
      const saved = await call(adminCourses.adminCourseSave, { body: body as AC.CourseSave });
      await refresh();
      return saved;
    } catch (err) {
      if (err instanceof CallError && err.kind === 'business') toast('error', err.message);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const saveOnly = async () => {
    const saved = await save();
    if (!saved) return;
    toast('success', course ? '课程已保存' : '课程已保存为草稿');
    if (!course) navigate(`/admin/courses/${saved.id}`, { replace: true });
  };

  const publish = async () => {
    const saved = await save();
    if (!saved) return;
    if (!course) navigate(`/admin/courses/${saved.id}`, { replace: true });
    setBusy(true);
    if (await switchStatus(saved)) await refresh();
    setBusy(false);
  };

  const unpublish = async () => {
    if (!course) return;
    setBusy(true);
    if (await switchStatus(course)) await refresh();
    setBusy(false);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div className="admin-list-toolbar">
        <Space wrap>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {course ? `编辑课程：${course.title}` : '新建课程'}
          </Typography.Title>
          {course ? <StatusTag status={course.status} /> : <Tag>未保存</Tag>}
        </Space>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin/courses')}>
            返回课程列表
          </Button>
          <Button onClick={() => void saveOnly()} loading={busy}>
            {course ? '保存' : '保存草稿'}
          </Button>
          {course?.status === 'published' ? (
            <Button danger onClick={() => void unpublish()} loading={busy}>
              下架
            </Button>
          ) : (
            <Button type="primary" onClick={() => void publish()} loading={busy}>
              保存并发布
            </Button>
          )}
        </Space>
      </div>
      {course && course.completions > 0 ? (
        <Alert
          type="info"
          showIcon
          title={`已有 ${course.completions} 名学员完成本课程`}
          description="修改学时只影响今后完成课程的学员，已获得的学时保持不变；学员学过的章节不能删除，只能停用。"
        />
      ) : null}
      <Form<Values> form={form} name="course" layout="vertical" initialValues={initial} disabled={busy} className="admin-course-form">
        <Card title="课程信息" size="small">
          <Form.Item name="title" label="课程名称" rules={[{ required: true, whitespace: true, message: '请输入课程名称' }, { max: 100, message: '课程名称不能超过100个字' }]}>
            <Input />
          </Form.Item>
          <Space wrap size="middle" align="start">
            <Form.Item name="lecturer" label="主讲人" rules={[{ required: true, whitespace: true, message: '请输入主讲人' }, { max: 50, message: '主讲人不能超过50个字' }]}>
              <Input style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="lecturerTitle" label="主讲人职务（选填）" rules={[{ max: 50, message: '主讲人职务不能超过50个字' }]}>
              <Input style={{ width: 280 }} />
            </Form.Item>
            <Form.Item name="categoryId" label="课程分类" rules={[{ required: true, message: '请选择课程分类' }]}>
              <TreeSelect aria-label="课程分类" style={{ width: 280 }} treeData={tree} treeDefaultExpandAll placeholder="请选择" showSearch={{ treeNodeFilterProp: 'title' }} />
            </Form.Item>
            <Form.Item
              name="creditHours"
              label="学时"
              rules={[{ required: true, message: '请填写学时' }]}
              extra={course && course.completions > 0 ? '已获得的学时不随之改变' : '以0.5学时为单位'}
            >
              <InputNumber min={0.5} max={200} step={0.5} precision={1} />
            </Form.Item>
          </Space>
          <Form.Item name="coverUrl" label="封面">
            <ImageField label="上传封面" target={COVER} />
          </Form.Item>
          <Form.Item name="description" label="课程简介" rules={[{ max: 5000, message: '课程简介不能超过5000个字' }]} extra="纯文本，空行分段">
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} />
          </Form.Item>
        </Card>
        <Form.List name="chapters">
          {(fields, { add, remove, move }) => (
            <Card
              title={`章节（${fields.length} 个）`}
              size="small"
              style={{ marginTop: 16 }}
              extra={
                <Button icon={<PlusOutlined />} onClick={() => add({ kind: 'video', title: '', hidden: false, learners: 0 })} disabled={fields.length >= adminCourses.COURSE_LIMITS.chaptersMax}>
                  添加章节
                </Button>
              }
            >
              {fields.length === 0 ? <Typography.Text type="secondary">还没有章节。课程至少需要一个章节才能发布。</Typography.Text> : null}
              <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                {fields.map((f, i) => (
                  <ChapterCard key={f.key} index={i} count={fields.length} name={f.name} onMove={(to) => move(i, to)} onRemove={() => remove(f.name)} />
                ))}
              </Space>
            </Card>
          )}
        </Form.List>
      </Form>
    </Space>
  );
}
