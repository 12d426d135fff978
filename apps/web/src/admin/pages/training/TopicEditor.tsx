/**
 * One topic (/admin/training/topics/:id, or new): what it is and its application rules (the window,
 * the places, who may apply by kind), its dates and hours; then its plans, each with its courses
 * picked from the catalogue (required or elective), and the classes and exams that belong to it.
 * A course an enrolled learner has studied cannot leave its plan: the server says so, in its words.
 */
import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Empty, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useNavigate, useParams } from 'react-router';
import type { adminTraining as AT } from '@portal/contract';
import { adminTraining as T } from '@portal/contract/refs';
import { call, showError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { toast } from '../../../lib/toast.ts';
import { PageLoading } from '../../../app/PageLoading.tsx';
import { TableRegion } from '../../../features/content/TableRegion.tsx';
import { DeleteRecord } from './DeleteRecord.tsx';
import { KIND_OPTIONS } from './labels.ts';

type Topic = AT.AdminTopicDetail;
type Plan = AT.AdminPlan;
interface Values {
  title: string;
  yearId: number;
  kind: Topic['kind'];
  organizer: string;
  description: string;
  coverUrl: string;
  apply: [Dayjs, Dayjs];
  period: [Dayjs, Dayjs];
  capacity: number;
  requiredHours: number;
}

const KIND_HELP: Record<Topic['kind'], string> = {
  annual: '年度培训：所有学员都可报名。',
  special: '专题培训：有专题培训权限的学员可报名，显示在“专题培训”页。',
  class: '培训班：有专题培训权限的学员可报名，通常配合班级使用。',
};

export function TopicEditor() {
  const param = useParams().id;
  const id = param && param !== 'new' ? Number(param) : null;
  const detail = useCallQuery(T.adminTopicGet, { query: { id: id ?? 0 } }, { enabled: id !== null, staleTime: 0 });
  if (id !== null && detail.isPending) return <PageLoading />;
  if (id !== null && !detail.data) return <Alert type="error" showIcon title="培训项目加载失败" description={(detail.error as Error)?.message} />;
  return <Editor key={`${id ?? 'new'}:${detail.data?.version ?? 0}`} topic={detail.data ?? null} />;
}

/** Saves through `run`, shows the server's refusal, refreshes the topic's queries. */
function useSaver() {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async <R,>(work: () => Promise<R>, done: string): Promise<R | null> => {
    setBusy(true);
    try {
      const r = await work();
      toast('success', done);
      await client.invalidateQueries({ queryKey: callKey(T.adminTopicGet) });
      await client.invalidateQueries({ queryKey: callKey(T.adminTopicList) });
      return r;
    } catch (err) {
      showError(err);
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function Editor({ topic }: { topic: Topic | null }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const options = useCallQuery(T.adminTrainingOptions, {}, { staleTime: 0 });
  const { busy, run } = useSaver();
  const kind = (Form.useWatch('kind', form) as Values['kind'] | undefined) ?? topic?.kind ?? 'special';
  const started = topic ? dayjs(topic.startAt).isBefore(dayjs()) : false;

  const initial: Partial<Values> = topic
    ? { ...topic, apply: [dayjs(topic.applyStart), dayjs(topic.applyEnd)], period: [dayjs(topic.startAt), dayjs(topic.endAt)] }
    : {
        kind: 'special',
        organizer: '',
        description: '',
        coverUrl: '',
        capacity: 0,
        requiredHours: 10,
        apply: [dayjs().startOf('day'), dayjs().add(30, 'day').endOf('day').startOf('minute')],
        period: [dayjs().startOf('day'), dayjs().add(90, 'day').endOf('day').startOf('minute')],
      };

  const save = async (v: Values) => {
    const body = {
      yearId: v.yearId,
      title: v.title,
      kind: v.kind,
      organizer: v.organizer ?? '',
      description: v.description ?? '',
      coverUrl: v.coverUrl ?? '',
      applyStart: v.apply[0].toISOString(),
      applyEnd: v.apply[1].toISOString(),
      startAt: v.period[0].toISOString(),
      endAt: v.period[1].toISOString(),
      capacity: v.capacity,
      requiredHours: v.requiredHours,
      id: topic?.id ?? null,
      version: topic?.version ?? null,
    };
    const saved = await run(() => call(T.adminTopicSave, { body }), topic ? '培训项目已保存，学员页面即时更新' : '培训项目已创建，请继续添加学习计划');
    if (saved && !topic) void navigate(`/admin/training/topics/${saved.id}`, { replace: true });
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div className="admin-list-toolbar">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {topic ? `培训项目：${topic.title}` : '新建培训项目'}
        </Typography.Title>
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/admin/training/topics')}>
          返回项目列表
        </Button>
      </div>
      {topic?.code ? <Alert type="info" showIcon title={`该项目由导入创建（项目编号 ${topic.code}）；再次导入同一编号会更新这里的内容。`} /> : null}
      <Card title="项目信息与报名规则" size="small">
        <Form<Values> form={form} name="topic" layout="vertical" initialValues={initial} onFinish={(v) => void save(v)} disabled={busy} className="training-form">
          <Form.Item name="title" label="项目名称" rules={[{ required: true, whitespace: true, message: '请填写项目名称' }, { max: 60, message: '项目名称不能超过60个字' }]}>
            <Input />
          </Form.Item>
          <div className="training-grid">
            <Form.Item name="yearId" label="培训年度" rules={[{ required: true, message: '请选择培训年度' }]} extra={<Link to="/admin/training/years">管理培训年度</Link>}>
              <Select placeholder="选择年度" options={(options.data?.years ?? []).map((y) => ({ value: y.id, label: y.name }))} />
            </Form.Item>
            <Form.Item name="kind" label="项目类型" rules={[{ required: true, message: '请选择项目类型' }]} extra={KIND_HELP[kind]}>
              <Select options={KIND_OPTIONS} />
            </Form.Item>
            <Form.Item name="organizer" label="主办单位" rules={[{ max: 60, message: '主办单位不能超过60个字' }]}>
              <Input placeholder="如 省委组织部" />
            </Form.Item>
          </div>
          <div className="training-grid">
            <Form.Item name="apply" label="报名时间" rules={[{ required: true, message: '请选择报名时间' }]} extra="只有在报名时间内学员才能报名或重新报名。">
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="period" label="培训时间" rules={[{ required: true, message: '请选择培训时间' }]}>
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
            </Form.Item>
          </div>
          <Space wrap size="large">
            <Form.Item name="capacity" label="名额" rules={[{ required: true, message: '请填写名额' }]} extra="0 为不限；不能少于已报名人数。">
              <InputNumber min={0} max={1000000} precision={0} addonAfter="人" />
            </Form.Item>
            <Form.Item
              name="requiredHours"
              label="要求学时"
              rules={[{ required: true, message: '请填写要求学时' }]}
              extra={started ? '项目已开始，发证规则固定，要求学时不能再修改。' : '修满学时（并通过结业考试）后自动颁发证书。'}
            >
              {/* Read-only rather than disabled: the figure stays legible (a disabled addon is too faint to read). */}
              <InputNumber min={0} max={9999} step={0.5} precision={1} addonAfter="学时" readOnly={started} />
            </Form.Item>
          </Space>
          <Form.Item name="description" label="项目简介" rules={[{ max: 2000, message: '项目简介不能超过2000个字' }]}>
            <Input.TextArea rows={3} showCount maxLength={2000} />
          </Form.Item>
          <Form.Item name="coverUrl" label="封面图片网址" extra="不填则使用该类型的默认封面。" rules={[{ max: 500, message: '封面图片网址不能超过500个字' }]}>
            <Input placeholder="/media/... 或 https://..." />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={busy}>
              {topic ? '保存项目' : '创建项目'}
            </Button>
            {topic ? <Typography.Text type="secondary">已报名 {topic.applicantCount} 人</Typography.Text> : null}
            {topic ? (
              <DeleteRecord
                label="删除项目"
                question={`删除培训项目“${topic.title}”？`}
                description="学习计划随项目一并删除。已有学员报名，或已设班级、考试、作业、证书的项目不能删除。"
                done={`培训项目“${topic.title}”已删除`}
                remove={() => call(T.adminTopicDelete, { body: { id: topic.id, version: topic.version } })}
                one={T.adminTopicGet}
                list={T.adminTopicList}
                listPath="/admin/training/topics"
                disabled={busy}
              />
            ) : null}
          </Space>
        </Form>
      </Card>
      {topic ? <Plans topic={topic} /> : null}
      {topic ? <Belonging topic={topic} /> : null}
    </Space>
  );
}

function Plans({ topic }: { topic: Topic }) {
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [picking, setPicking] = useState<Plan | null>(null);
  const { busy, run } = useSaver();
  const remove = (plan: Plan, courseId: number) => run(() => call(T.adminPlanCourseRemove, { body: { planId: plan.id, courseId } }), '课程已移出计划');
  const columns = (plan: Plan): TableColumnsType<Plan['courses'][number]> => [
    { title: '课程', dataIndex: 'title', render: (v: string, c) => (c.offline ? `${v}（已下线）` : v) },
    { title: '主讲', dataIndex: 'lecturer', width: 110 },
    { title: '学时', dataIndex: 'creditHours', width: 70 },
    { title: '性质', dataIndex: 'required', width: 80, render: (v: boolean) => (v ? <Tag color="blue">必修</Tag> : <Tag>选修</Tag>) },
    { title: '已学人数', dataIndex: 'studied', width: 90 },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, c) => (
        <Popconfirm title={`把“${c.title}”移出${plan.title}？`} okText="移出" cancelText="取消" onConfirm={() => remove(plan, c.courseId)}>
          <Button type="link" danger size="small" aria-label={`移出课程 ${c.title}`} disabled={busy}>
            移出
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Card
      title={`学习计划（${topic.plans.length}）`}
      size="small"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新建计划
        </Button>
      }
    >
      {topic.plans.length === 0 ? <Empty description="还没有学习计划：新建计划后从课程库添加课程" /> : null}
      {topic.plans.map((p) => (
        <Card
          key={p.id}
          type="inner"
          size="small"
          className="training-plan"
          title={`${p.title}（要求 ${p.requiredHours} 学时）`}
          extra={
            <Space size={0} wrap>
              <Button type="link" icon={<PlusOutlined />} onClick={() => setPicking(p)} aria-label={`向${p.title}添加课程`}>
                添加课程
              </Button>
              <Button type="link" onClick={() => setEditing(p)}>
                编辑
              </Button>
              <Popconfirm title={`删除计划“${p.title}”？`} okText="删除" cancelText="取消" onConfirm={() => run(() => call(T.adminPlanDelete, { body: { id: p.id, version: p.version } }), '计划已删除')}>
                <Button type="link" danger disabled={busy}>
                  删除
                </Button>
              </Popconfirm>
            </Space>
          }
        >
          {p.description ? <Typography.Paragraph type="secondary">{p.description}</Typography.Paragraph> : null}
          <TableRegion label={`${p.title}的课程`}>
            <Table rowKey="courseId" size="small" columns={columns(p)} dataSource={p.courses} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: '计划中还没有课程' }} />
          </TableRegion>
        </Card>
      ))}
      {editing ? <PlanModal topic={topic} plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {picking ? <CoursePicker plan={picking} onClose={() => setPicking(null)} /> : null}
    </Card>
  );
}

function PlanModal({ topic, plan, onClose }: { topic: Topic; plan: Plan | null; onClose: () => void }) {
  const [form] = Form.useForm<{ title: string; requiredHours: number; sort: number; description: string }>();
  const { busy, run } = useSaver();
  const save = async (v: { title: string; requiredHours: number; sort: number; description: string }) => {
    const body = { ...v, description: v.description ?? '', installId: topic.id, id: plan?.id ?? null, version: plan?.version ?? null };
    if (await run(() => call(T.adminPlanSave, { body }), plan ? '计划已保存' : '计划已创建')) onClose();
  };
  return (
    <Modal open title={plan ? `编辑计划：${plan.title}` : '新建学习计划'} okText="保存" cancelText="取消" onOk={() => form.submit()} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <Form form={form} name="plan" layout="vertical" initialValues={plan ?? { requiredHours: topic.requiredHours, sort: topic.plans.length + 1, description: '' }} onFinish={(v) => void save(v)}>
        <Form.Item name="title" label="计划名称" rules={[{ required: true, whitespace: true, message: '请填写计划名称' }, { max: 40, message: '计划名称不能超过40个字' }]}>
          <Input placeholder="如 专题必修" />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="requiredHours" label="要求学时" rules={[{ required: true, message: '请填写要求学时' }]}>
            <InputNumber min={0} max={9999} step={0.5} precision={1} addonAfter="学时" />
          </Form.Item>
          <Form.Item name="sort" label="顺序" extra="小的在前">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item name="description" label="计划说明" rules={[{ max: 1000, message: '计划说明不能超过1000个字' }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The catalogue, searched by title or lecturer; a course joins the plan as required or elective. */
function CoursePicker({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const [text, setText] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [required, setRequired] = useState(true);
  const list = useCallQuery(T.adminTrainingCourses, { query: { pageNum, pageSize: 8, text: text || undefined } }, { keepPrevious: true, staleTime: 0 });
  const { busy, run } = useSaver();
  const inPlan = new Set(plan.courses.map((c) => c.courseId));
  const [added, setAdded] = useState<Set<number>>(new Set());
  const add = async (courseId: number, title: string) => {
    if (await run(() => call(T.adminPlanCourseAdd, { body: { planId: plan.id, courseId, required } }), `已将“${title}”加入${plan.title}`)) setAdded((s) => new Set(s).add(courseId));
  };
  const columns: TableColumnsType<AT.AdminCourseOption> = [
    { title: '课程', dataIndex: 'title', render: (v: string, c) => (c.offline ? `${v}（已下线）` : v) },
    { title: '主讲', dataIndex: 'lecturer', width: 110 },
    { title: '分类', dataIndex: 'category', width: 120 },
    { title: '学时', dataIndex: 'creditHours', width: 60 },
    {
      title: '操作',
      key: 'add',
      width: 90,
      render: (_, c) =>
        inPlan.has(c.id) || added.has(c.id) ? (
          <Tag color="success">已在计划中</Tag>
        ) : (
          <Button size="small" type="primary" disabled={busy} onClick={() => void add(c.id, c.title)} aria-label={`加入课程 ${c.title}`}>
            加入
          </Button>
        ),
    },
  ];
  return (
    <Modal open title={`向“${plan.title}”添加课程`} width={860} footer={<Button onClick={onClose}>完成</Button>} onCancel={onClose} destroyOnHidden>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="课程名称或主讲人"
          aria-label="搜索课程"
          enterButton="搜索"
          onSearch={(v) => {
            setText(v.trim());
            setPageNum(1);
          }}
          style={{ width: 300 }}
        />
        <Radio.Group value={required} onChange={(e) => setRequired(e.target.value as boolean)} optionType="button" aria-label="课程性质">
          <Radio.Button value={true}>作为必修</Radio.Button>
          <Radio.Button value={false}>作为选修</Radio.Button>
        </Radio.Group>
      </Space>
      <TableRegion label="可选课程">
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '没有符合条件的课程' }}
          pagination={{ current: pageNum, pageSize: 8, total: list.data?.total ?? 0, onChange: setPageNum, showSizeChanger: false, showTotal: (n) => `共 ${n} 门` }}
        />
      </TableRegion>
    </Modal>
  );
}

/** The classes and exams of the topic, each a link to where it is changed. */
function Belonging({ topic }: { topic: Topic }) {
  const navigate = useNavigate();
  return (
    <Card
      title="班级与考试"
      size="small"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => void navigate(`/admin/training/classes/new?installId=${topic.id}`)}>
          新建本项目的班级
        </Button>
      }
    >
      <Typography.Paragraph>
        班级：
        {topic.classes.length === 0
          ? '无'
          : topic.classes.map((c, i) => (
              <span key={c.id}>
                {i > 0 ? '、' : ''}
                <Link to={`/admin/training/classes/${c.id}`}>{c.name}</Link>（{c.memberCount}人）
              </span>
            ))}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        考试：
        {topic.exams.length === 0
          ? '无（在“考试管理”中新建考试并选择本项目）'
          : topic.exams.map((e, i) => (
              <span key={e.id}>
                {i > 0 ? '、' : ''}
                <Link to={`/admin/exams/papers/${e.id}`}>{e.title}</Link>
                {e.decidesCompletion ? '（结业考试）' : ''}
                {e.status === 'draft' ? '（草稿）' : ''}
              </span>
            ))}
      </Typography.Paragraph>
    </Card>
  );
}
