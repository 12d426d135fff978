/**
 * An exam's editor: its settings (topic, whether it counts for completion, window, duration, pass
 * mark, attempts, grading) and its fixed paper (questions chosen from the banks, points each, in
 * order). Saved as a draft; 发布 makes it the learners'. Once anybody has sat it, only the close time
 * may move, later: the form says so and the server refuses anything else.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
// A kept draft's picker values come back as the JSON of dayjs objects that already read the college's clock.
import dayjs, { type Dayjs } from 'dayjs';
import { pickerIso, pickerNow, toPicker } from '../../../lib/pickerTime.ts';
import { useNavigate, useParams } from 'react-router';
import type { adminExams as AX } from '@portal/contract';
import { adminExams } from '@portal/contract/refs';
import { call, CallError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { toast } from '../../../lib/toast.ts';
import { adminSession } from '../../../lib/adminSession.ts';
import { useEditorGuard } from '../../../features/forms/useEditorGuard.tsx';
import { PageLoading } from '../../../app/PageLoading.tsx';
import { answerText, REVIEW_LABELS, STATUS_LABELS, TYPE_LABELS, TYPE_OPTIONS } from './labels.ts';

type Item = { question: AX.AdminQuestion; score: number };
interface Values {
  title: string;
  installId?: number | null;
  classId?: number | null;
  window: [Dayjs, Dayjs];
  durationMinutes: number;
  passScore: number;
  attemptsAllowed: number;
  decidesCompletion: boolean;
  review: AX.AdminExamDetail['review'];
  partialCredit: boolean;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  selection: 'fixed' | 'random';
  randomRules: { bank: string | null; type: AX.QuestionType; count: number; score: number }[];
}
const DEFAULT_SCORE: Record<AX.QuestionType, number> = { single: 10, multiple: 10, judge: 5, fill: 10 };

/** Questions in use, searched by bank, type and words; the chosen ones added to the paper. */
function QuestionPicker({ chosen, onAdd, onClose }: { chosen: Set<number>; onAdd: (qs: AX.AdminQuestion[]) => void; onClose: () => void }) {
  const [filter, setFilter] = useState<{ bank?: string; type?: string; text?: string }>({});
  const [pageNum, setPageNum] = useState(1);
  const [picked, setPicked] = useState<AX.AdminQuestion[]>([]);
  const opts = useCallQuery(adminExams.adminExamOptions, {}, { staleTime: 0 });
  const query = { pageNum, pageSize: 10, status: 'active' as const, bank: filter.bank || undefined, text: filter.text || undefined, type: (filter.type || undefined) as AX.QuestionType | undefined };
  const list = useCallQuery(adminExams.adminExamQuestionList, { query }, { keepPrevious: true, staleTime: 0 });
  const [form] = Form.useForm();
  return (
    <Modal open title="从题库添加试题" width={900} onCancel={onClose} okText={`添加所选（${picked.length}）`} okButtonProps={{ disabled: picked.length === 0 }} onOk={() => onAdd(picked)} destroyOnHidden>
      <Form
        form={form}
        name="picker"
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={(v: typeof filter) => {
          setFilter({ bank: v.bank, type: v.type, text: v.text?.trim() });
          setPageNum(1);
        }}
      >
        <Form.Item name="bank" label="题库">
          <Select allowClear placeholder="全部" style={{ width: 160 }} options={(opts.data?.banks ?? []).map((b) => ({ value: b.bank, label: b.bank }))} />
        </Form.Item>
        <Form.Item name="type" label="题型">
          <Select allowClear placeholder="全部" style={{ width: 100 }} options={TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item name="text" label="题干">
          <Input allowClear placeholder="题干关键词" style={{ width: 160 }} maxLength={40} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" type="primary">
            查询
          </Button>
        </Form.Item>
      </Form>
      <Table<AX.AdminQuestion>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        rowSelection={{
          selectedRowKeys: picked.map((q) => q.id),
          getCheckboxProps: (r) => ({ disabled: chosen.has(r.id), 'aria-label': `选择试题 ${r.id}` }),
          onChange: (_, rows) => setPicked((prev) => [...prev.filter((p) => !(list.data?.list ?? []).some((x) => x.id === p.id)), ...rows]),
        }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 70 },
          { title: '题库', dataIndex: 'bank', width: 100 },
          { title: '题型', dataIndex: 'type', width: 80, render: (v: AX.QuestionType) => TYPE_LABELS[v] },
          { title: '题干', dataIndex: 'stem' },
        ]}
        pagination={{ current: pageNum, pageSize: 10, total: list.data?.total ?? 0, onChange: setPageNum, showSizeChanger: false }}
        locale={{ emptyText: '没有符合条件的试题' }}
      />
    </Modal>
  );
}

export function ExamEditor() {
  const param = useParams().id;
  const id = param && param !== 'new' ? Number(param) : null;
  const detail = useCallQuery(adminExams.adminExamGet, { query: { id: id ?? 0 } }, { enabled: id !== null, staleTime: 0 });
  if (id !== null && detail.isPending) return <PageLoading />;
  if (id !== null && !detail.data) return <Alert type="error" showIcon title="考试加载失败" description={(detail.error as Error)?.message} />;
  return <Editor key={`${id ?? 'new'}:${detail.data?.version ?? 0}`} exam={detail.data ?? null} />;
}

function Editor({ exam }: { exam: AX.AdminExamDetail | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const opts = useCallQuery(adminExams.adminExamOptions, {}, { staleTime: 0 });
  const [paper, setPaper] = useState<Item[]>(exam?.questions ?? []);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const locked = (exam?.attemptCount ?? 0) > 0;
  const selection = (Form.useWatch('selection', form) as Values['selection'] | undefined) ?? exam?.selection ?? 'fixed';
  const rules = (Form.useWatch('randomRules', form) as Values['randomRules'] | undefined) ?? [];
  const random = selection === 'random';
  const fixedTotal = useMemo(() => Math.round(paper.reduce((n, p) => n + (p.score || 0), 0) * 10) / 10, [paper]);
  const total = random ? Math.round(rules.reduce((n, r) => n + (r?.count || 0) * (r?.score || 0), 0) * 10) / 10 : fixedTotal;
  useEffect(() => {
    if (!exam) form.setFieldsValue({ window: [pickerNow().startOf('minute'), pickerNow().add(7, 'day').endOf('day').startOf('minute')] });
  }, [exam, form]);
  const personId = adminSession.get()?.person.personId ?? null;
  const guard = useEditorGuard<Values>({
    form,
    address: personId !== null ? { personId, editor: 'exam', record: exam?.id ?? 'new' } : null,
    save: async () => (await save()) !== null,
    fromStored: (stored) => {
      const v = stored as Values & { window?: [string, string] };
      return { ...v, window: v.window ? [dayjs(v.window[0]), dayjs(v.window[1])] : undefined } as Values;
    },
  });
  const { loaded: guardLoaded, changed: guardChanged } = guard;
  // The form starts from the exam as loaded (the editor is keyed on its version).
  useEffect(() => guardLoaded(), [guardLoaded]);
  // The paper's questions live beside the form: a change to them is unsaved work too (the device copy holds the settings).
  const paperSeen = useRef(paper);
  useEffect(() => {
    if (paperSeen.current !== paper) guardChanged();
    paperSeen.current = paper;
  }, [paper, guardChanged]);

  const initial: Partial<Values> = exam
    ? { ...exam, window: [toPicker(exam.startAt), toPicker(exam.endAt)], randomRules: exam.randomRules.map(({ available: _n, ...r }) => ({ ...r, bank: r.bank ?? '' })) }
    : { selection: 'fixed', randomRules: [], durationMinutes: 60, passScore: 60, attemptsAllowed: 1, decidesCompletion: false, review: 'afterEnd', partialCredit: false, shuffleQuestions: false, shuffleOptions: false, installId: null, classId: null };

  /** Saves; answers the saved exam (or null when refused or invalid). */
  const save = async (): Promise<AX.AdminExamDetail | null> => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return null;
    const body = {
      title: v.title,
      installId: v.installId ?? null,
      classId: v.classId ?? null,
      startAt: pickerIso(v.window[0]),
      endAt: pickerIso(v.window[1]),
      durationMinutes: v.durationMinutes,
      passScore: v.passScore,
      attemptsAllowed: v.attemptsAllowed,
      decidesCompletion: v.decidesCompletion,
      review: v.review,
      partialCredit: v.partialCredit,
      shuffleQuestions: v.shuffleQuestions,
      shuffleOptions: v.shuffleOptions,
      selection: v.selection,
      randomRules: v.selection === 'random' ? (v.randomRules ?? []).map((r) => ({ bank: r.bank || null, type: r.type, count: r.count, score: r.score })) : [],
      questions: v.selection === 'random' ? [] : paper.map((p) => ({ questionId: p.question.id, score: p.score })),
    };
    setBusy(true);
    try {
      const saved = exam ? await call(adminExams.adminExamUpdate, { body: { ...body, id: exam.id, version: exam.version } }) : await call(adminExams.adminExamCreate, { body });
      guard.settled();
      await client.invalidateQueries({ queryKey: callKey(adminExams.adminExamList) });
      await client.invalidateQueries({ queryKey: callKey(adminExams.adminExamGet) });
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
    toast('success', exam ? '考试已保存' : '考试已保存为草稿');
    if (!exam) navigate(`/admin/exams/papers/${saved.id}`, { replace: true });
  };

  const publish = async () => {
    const saved = await save();
    if (!saved) return;
    // Saved as a draft whatever the publish answers: the page is that draft's from now on.
    if (!exam) navigate(`/admin/exams/papers/${saved.id}`, { replace: true });
    setBusy(true);
    try {
      await call(adminExams.adminExamPublish, { body: { id: saved.id, version: saved.version } });
      toast('success', '考试已发布，学员可在“在线考试”中看到');
      await client.invalidateQueries({ queryKey: callKey(adminExams.adminExamList) });
      await client.invalidateQueries({ queryKey: callKey(adminExams.adminExamGet) });
      navigate(`/admin/exams/papers/${saved.id}`, { replace: true });
    } catch (err) {
      if (err instanceof CallError && err.kind === 'business') toast('error', err.message);
    } finally {
      setBusy(false);
    }
  };

  /** Back to a draft: only while nobody has started it (the server counts). */
  const unpublish = async () => {
    if (!exam) return;
    setBusy(true);
    try {
      await call(adminExams.adminExamUnpublish, { body: { id: exam.id, version: exam.version } });
      toast('success', '已撤回发布，考试改回草稿，学员不再看到');
      await client.invalidateQueries({ queryKey: callKey(adminExams.adminExamList) });
      await client.invalidateQueries({ queryKey: callKey(adminExams.adminExamGet) });
    } catch (err) {
      if (err instanceof CallError && err.kind === 'business') toast('error', err.message);
    } finally {
      setBusy(false);
    }
  };

  const move = (i: number, d: -1 | 1) =>
    setPaper((p) => {
      const next = [...p];
      [next[i], next[i + d]] = [next[i + d]!, next[i]!];
      return next;
    });

  const columns: TableColumnsType<Item> = [
    { title: '序号', key: 'no', width: 60, render: (_, __, i) => i + 1 },
    { title: '题型', key: 'type', width: 80, render: (_, r) => TYPE_LABELS[r.question.type] },
    {
      title: '题干',
      key: 'stem',
      render: (_, r) => (
        <Space size={4} wrap>
          <span>{r.question.stem}</span>
          {r.question.retiredAt ? <Tag color="warning">已停用</Tag> : null}
        </Space>
      ),
    },
    { title: '答案', key: 'answer', width: 80, render: (_, r) => answerText(r.question) },
    {
      title: '分值',
      key: 'score',
      width: 110,
      render: (_, r, i) => (
        <InputNumber
          aria-label={`第${i + 1}题分值`}
          min={0.5}
          max={100}
          step={0.5}
          value={r.score}
          disabled={locked}
          onChange={(v) => setPaper((p) => p.map((x, j) => (j === i ? { ...x, score: Number(v ?? 0) } : x)))}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, __, i) =>
        locked ? null : (
          <Space size={0}>
            <Button type="text" icon={<ArrowUpOutlined />} aria-label={`第${i + 1}题上移`} disabled={i === 0} onClick={() => move(i, -1)} />
            <Button type="text" icon={<ArrowDownOutlined />} aria-label={`第${i + 1}题下移`} disabled={i === paper.length - 1} onClick={() => move(i, 1)} />
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`移除第${i + 1}题`} onClick={() => setPaper((p) => p.filter((_, j) => j !== i))} />
          </Space>
        ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div className="admin-list-toolbar">
        <Space wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {exam ? `编辑考试：${exam.title}` : '新建考试'}
          </Typography.Title>
          {exam ? <Tag color={exam.status === 'published' ? 'success' : 'default'}>{STATUS_LABELS[exam.status]}</Tag> : <Tag>未保存</Tag>}
        </Space>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin/exams/papers')}>
            返回考试列表
          </Button>
          {exam ? <Button onClick={() => navigate(`/admin/exams/papers/${exam.id}/preview`)}>以学员身份预览</Button> : null}
          {exam ? <Button onClick={() => navigate(`/admin/exams/papers/${exam.id}/results`)}>成绩</Button> : null}
          <Button onClick={() => void saveOnly()} loading={busy}>
            {exam ? '保存' : '保存草稿'}
          </Button>
          {exam?.status !== 'published' ? (
            <Button type="primary" onClick={() => void publish()} loading={busy}>
              发布
            </Button>
          ) : locked ? null : (
            <Button onClick={() => void unpublish()} loading={busy}>
              撤回发布
            </Button>
          )}
        </Space>
      </div>
      {locked ? (
        <Alert
          type="warning"
          showIcon
          title={`已有 ${exam!.attemptCount} 份答卷`}
          description="为保证成绩公正，试题、分值、及格分、时长、考试次数等影响成绩的设置都不能再修改，只能把结束时间延后。"
        />
      ) : null}
      {guard.offer}
      <Card title="考试设置" size="small">
        <Form<Values> form={form} name="exam" layout="vertical" initialValues={initial} disabled={busy} className="admin-exams-form" onValuesChange={guard.changed}>
          <Form.Item name="title" label="考试名称" rules={[{ required: true, whitespace: true, message: '请填写考试名称' }, { max: 60, message: '考试名称不能超过60个字' }]}>
            <Input disabled={locked} />
          </Form.Item>
          <Form.Item name="installId" label="所属专题" extra="学员须报名该专题才能参加考试；不选则所有有考试权限的学员都可参加。">
            <Select allowClear placeholder="不属于任何专题" disabled={locked} options={(opts.data?.installs ?? []).map((i) => ({ value: i.id, label: i.title }))} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
          <Form.Item name="classId" label="所属班级" extra="选择班级后，只有该班学员可以参加。">
            <Select
              allowClear
              placeholder="不限班级"
              disabled={locked}
              options={(opts.data?.classes ?? []).map((c) => ({ value: c.id, label: c.name }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Form.Item name="decidesCompletion" label="计入结业（通过后才能结业、获发证书）" valuePropName="checked">
            <Switch disabled={locked} />
          </Form.Item>
          <Form.Item name="window" label="开放时间" rules={[{ required: true, message: '请选择开放时间' }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabled={locked ? [true, false] : false} style={{ width: '100%' }} />
          </Form.Item>
          <Space wrap size="large">
            <Form.Item name="durationMinutes" label="考试时长（分钟）" rules={[{ required: true, message: '请填写考试时长' }]}>
              <InputNumber min={1} max={600} precision={0} disabled={locked} />
            </Form.Item>
            <Form.Item name="passScore" label={`及格分（总分 ${total}）`} rules={[{ required: true, message: '请填写及格分' }]}>
              <InputNumber min={0} max={1000} precision={0} disabled={locked} />
            </Form.Item>
            <Form.Item name="attemptsAllowed" label="考试次数" rules={[{ required: true, message: '请填写考试次数' }]}>
              <InputNumber min={1} max={20} precision={0} disabled={locked} />
            </Form.Item>
            <Form.Item name="review" label="答案公布">
              <Select style={{ width: 200 }} disabled={locked} options={Object.entries(REVIEW_LABELS).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
          </Space>
          <Space wrap size="large">
            <Form.Item name="partialCredit" label="多选题少选得部分分" valuePropName="checked">
              <Switch disabled={locked} />
            </Form.Item>
            <Form.Item name="shuffleQuestions" label="试题乱序" valuePropName="checked">
              <Switch disabled={locked} />
            </Form.Item>
            <Form.Item name="shuffleOptions" label="选项乱序" valuePropName="checked">
              <Switch disabled={locked} />
            </Form.Item>
          </Space>
          <Form.Item name="selection" label="组卷方式">
            <Radio.Group
              disabled={locked}
              options={[
                { value: 'fixed', label: '固定试卷（所有学员同一套题）' },
                { value: 'random', label: '随机抽题（每位学员按规则各抽一套）' },
              ]}
            />
          </Form.Item>
          {random ? (
            <Form.List name="randomRules">
              {(fields, { add, remove }) => (
                <Form.Item label={`抽题规则（共 ${rules.reduce((n, r) => n + (r?.count || 0), 0)} 题，总分 ${total} 分）`} required>
                  {fields.map((f, i) => (
                    <Space key={f.key} wrap style={{ display: 'flex', marginBottom: 8 }} align="start">
                      <Form.Item name={[f.name, 'bank']} noStyle>
                        <Select
                          aria-label={`规则${i + 1}题库`}
                          style={{ width: 200 }}
                          disabled={locked}
                          options={[{ value: '', label: '全部题库' }, ...(opts.data?.banks ?? []).map((b) => ({ value: b.bank, label: `${b.bank}（${b.count}题）` }))]}
                        />
                      </Form.Item>
                      <Form.Item name={[f.name, 'type']} noStyle rules={[{ required: true, message: '请选择题型' }]}>
                        <Select aria-label={`规则${i + 1}题型`} style={{ width: 110 }} disabled={locked} options={TYPE_OPTIONS} />
                      </Form.Item>
                      <span style={{ lineHeight: '32px' }}>抽</span>
                      <Form.Item name={[f.name, 'count']} noStyle rules={[{ required: true, message: '请填写抽题数量' }]}>
                        <InputNumber aria-label={`规则${i + 1}抽题数量`} min={1} max={100} precision={0} disabled={locked} />
                      </Form.Item>
                      <span style={{ lineHeight: '32px' }}>题，每题</span>
                      <Form.Item name={[f.name, 'score']} noStyle rules={[{ required: true, message: '请填写分值' }]}>
                        <InputNumber aria-label={`规则${i + 1}每题分值`} min={0.5} max={100} step={0.5} disabled={locked} />
                      </Form.Item>
                      <span style={{ lineHeight: '32px' }}>分</span>
                      {exam?.randomRules[i] ? <span style={{ lineHeight: '32px', color: 'rgba(0,0,0,0.65)' }}>（在用 {exam.randomRules[i]!.available} 题）</span> : null}
                      {locked ? null : <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除规则${i + 1}`} onClick={() => remove(f.name)} />}
                    </Space>
                  ))}
                  {locked ? null : (
                    <Button icon={<PlusOutlined />} onClick={() => add({ bank: '', type: 'single', count: 5, score: 2 })}>
                      添加抽题规则
                    </Button>
                  )}
                </Form.Item>
              )}
            </Form.List>
          ) : null}
        </Form>
      </Card>
      {random ? null : (
      <Card
        title={`试卷（${paper.length} 题，总分 ${total} 分）`}
        size="small"
        extra={
          locked ? null : (
            <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
              添加试题
            </Button>
          )
        }
      >
        <Table<Item> rowKey={(r) => r.question.id} size="small" pagination={false} dataSource={paper} columns={columns} scroll={{ x: 'max-content' }} locale={{ emptyText: '还没有试题，请从题库添加' }} />
      </Card>
      )}
      {picking ? (
        <QuestionPicker
          chosen={new Set(paper.map((p) => p.question.id))}
          onClose={() => setPicking(false)}
          onAdd={(qs) => {
            setPaper((p) => [...p, ...qs.filter((q) => !p.some((x) => x.question.id === q.id)).map((question) => ({ question, score: DEFAULT_SCORE[question.type] }))]);
            setPicking(false);
          }}
        />
      ) : null}
      {guard.element}
    </Space>
  );
}
