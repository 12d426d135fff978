/**
 * /class/remind: reminders that say what each learner lacks. The teacher writes (or keeps) a template
 * with fields, picks who and how, and sees the preview — each learner's own message, how many get
 * it, how many SMS and what they take of the daily cap — before anything is sent; sending sends what
 * the preview showed. Below: weekly schedules of the same template (pause, resume, delete) and the
 * record of every reminder sent.
 */
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, Input, List, Modal, Radio, Select, Space, Table, Tag } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { remind as R } from '@portal/contract';
import { remind, teacher } from '@portal/contract/refs';
import { call, showError, type CallAnswer } from '../../../api/client.ts';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { LoadError } from '../../../features/learning/ListState.tsx';
import { ClassPicker, useClassChoice } from '../../../features/teacher/ClassPicker.tsx';
import { RemindRuns } from '../../../features/teacher/RemindRuns.tsx';
import { smsSummary } from '../../../features/teacher/SentMessages.tsx';
import { StudyStateTag } from '../../../features/teacher/StudyStateTag.tsx';
import { deskTable } from '../../../features/teacher/tableLayout.ts';
import { toast } from '../../../lib/toast.ts';
import { usePortalConfig } from '../../../lib/config.ts';
import { collegeDateTime } from '../../../lib/format.ts';
import { DEFAULT_UTC_OFFSET_MINUTES } from '@portal/contract/base';
import '../../../features/teacher/teacher.css';
import { TableRegion } from '../../../features/content/TableRegion.tsx';
import { usePageNarrowerThan } from '../../../lib/pageWidth.ts';

type Compose = { audience: (typeof remind.REMIND_AUDIENCES)[number]; personIds: number[]; channel: R.RemindChannel; title: string; template: string };
type Preview = CallAnswer<typeof remind.previewRemind>;
const TIMES = Array.from({ length: 29 }, (_, i) => `${String(7 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

const smsNote = (i: R.RemindPreviewItem) => (i.smsCapped ? <Tag color="warning">今日已发{i.smsToday}条，达上限不发</Tag> : `${i.smsParts}条计费（今日已发${i.smsToday}条）`);

function PreviewView({ p, channel }: { p: Preview; channel: R.RemindChannel }) {
  // A phone reads each learner's message in full, one under another, rather than in a sideways table.
  // antd's md (768 px) of the zoomed page (lib/pageWidth.ts): Grid.useBreakpoint would ask the window.
  const wide = !usePageNarrowerThan(768);
  return (
    <>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} style={{ marginTop: 16 }}>
        <Descriptions.Item label="收件人">{p.recipientCount}人</Descriptions.Item>
        <Descriptions.Item label="发送方式">{remind.REMIND_CHANNEL_LABELS[channel]}</Descriptions.Item>
        {p.sms ? (
          <>
            <Descriptions.Item label="将发短信">
              {p.sms.count}条（按每条70字计费共{p.sms.parts}条）
            </Descriptions.Item>
            <Descriptions.Item label="当日上限">
              每个号码每天最多{p.sms.dailyCap}条通知短信，本次每人占用1条{p.sms.capped ? `；${p.sms.capped}人今天已达上限，不发短信` : ''}
            </Descriptions.Item>
          </>
        ) : null}
      </Descriptions>
      {wide ? null : (
        <List<R.RemindPreviewItem>
          style={{ marginTop: 12 }}
          dataSource={p.items}
          locale={{ emptyText: '没有需要提醒的学员' }}
          pagination={p.items.length > 10 ? { pageSize: 10, size: 'small' } : false}
          renderItem={(i) => (
            <List.Item key={i.personId} className="remind-item">
              <div>
                <Space>
                  <strong>{i.personName}</strong>
                  <StudyStateTag state={i.state} />
                </Space>
                <div className="remind-text">{i.content}</div>
                {p.sms ? <div className="teacher-muted">短信：{smsNote(i)}</div> : null}
              </div>
            </List.Item>
          )}
        />
      )}
      {wide ? (
        <TableRegion label="将收到提醒的学员">
          <Table<R.RemindPreviewItem>
            rowKey="personId"
            style={{ marginTop: 12 }}
            dataSource={p.items}
            locale={{ emptyText: '没有需要提醒的学员' }}
            pagination={p.items.length > 10 ? { pageSize: 10, showTotal: (n) => `共${n}人` } : false}
            {...deskTable<R.RemindPreviewItem>(
              [
                { title: '姓名', dataIndex: 'personName', width: 90 },
                { title: '学习状态', dataIndex: 'state', width: 100, render: (s: R.RemindPreviewItem['state']) => <StudyStateTag state={s} /> },
                { title: '将收到的消息', dataIndex: 'content', width: 460, render: (c: string) => <div className="remind-text">{c}</div> },
                ...(p.sms
                  ? [
                      {
                        title: '短信',
                        key: 'sms',
                        width: 150,
                        render: (_: unknown, i: R.RemindPreviewItem) => smsNote(i),
                      },
                    ]
                  : []),
              ],
              { name: 'personName' },
            )}
          />
        </TableRegion>
      ) : null}
    </>
  );
}

function Schedules({ classId, compose }: { classId: number; compose: () => Promise<Compose | null> }) {
  const client = useQueryClient();
  const list = useCallQuery(remind.findRemindSchedule, { query: { classId } }, { enabled: classId > 0, staleTime: 0 });
  const [adding, setAdding] = useState<Compose | null>(null);
  const [when, setWhen] = useState({ weekday: 1, time: '09:00' });
  const offset = usePortalConfig().config?.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES;
  const formatDateTime = (iso: string | null) => collegeDateTime(iso, offset);
  const changed = () => {
    void client.invalidateQueries({ queryKey: [remind.findRemindSchedule.name] });
    void client.invalidateQueries({ queryKey: [remind.findRemindRun.name] });
  };
  const add = useMutation({
    mutationFn: (c: Compose) => call(remind.addRemindSchedule, { body: { classId, channel: c.channel, title: c.title, template: c.template, ...when } }),
    onSuccess: (s) => {
      toast('success', `已设置定时提醒，首次提醒：${formatDateTime(s.nextRunAt)}`);
      setAdding(null);
      changed();
    },
    onError: (err) => showError(err, 'warning'),
  });
  const set = useMutation({
    mutationFn: (b: { scheduleId: number; paused: boolean }) => call(remind.setRemindSchedule, { body: { classId, ...b } }),
    onSuccess: (s) => {
      toast('success', s.state === 'paused' ? '定时提醒已暂停' : s.state === 'active' ? `定时提醒已恢复，下次提醒：${formatDateTime(s.nextRunAt)}` : '班级学习期内已没有下次提醒，计划已结束');
      changed();
    },
    onError: (err) => showError(err, 'warning'),
  });
  const remove = useMutation({
    mutationFn: (scheduleId: number) => call(remind.deleteRemindSchedule, { query: { classId, scheduleId } }),
    onSuccess: () => {
      toast('success', '定时提醒已删除');
      changed();
    },
    onError: (err) => showError(err, 'warning'),
  });
  return (
    <Card
      title="定时提醒"
      style={{ marginTop: 16 }}
      extra={
        <Button
          onClick={() =>
            void compose().then((c) => {
              if (c) setAdding(c);
            })
          }
          disabled={!classId}
        >
          设置定时提醒
        </Button>
      }
    >
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <TableRegion label="定时提醒">
          <Table<R.RemindSchedule>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data ?? []}
            pagination={false}
            locale={{ emptyText: '还没有定时提醒' }}
            {...deskTable<R.RemindSchedule>(
              [
                { title: '标题', dataIndex: 'title', width: 160, ellipsis: true },
                { title: '时间', key: 'when', width: 110, render: (_: unknown, s) => `每${remind.WEEKDAY_LABELS[s.weekday - 1]} ${s.time}` },
                { title: '方式', dataIndex: 'channel', width: 120, render: (c: R.RemindChannel) => remind.REMIND_CHANNEL_LABELS[c] },
                {
                  title: '状态',
                  key: 'state',
                  width: 200,
                  render: (_: unknown, s) => (
                    <Space size={4} wrap>
                      <Tag color={s.state === 'active' ? 'success' : s.state === 'paused' ? 'warning' : undefined}>{remind.SCHEDULE_STATE_LABELS[s.state]}</Tag>
                      {s.endReason ? remind.SCHEDULE_END_LABELS[s.endReason] : null}
                    </Space>
                  ),
                },
                { title: '下次提醒', dataIndex: 'nextRunAt', width: 150, render: (d: string | null) => formatDateTime(d) },
                { title: '已运行', dataIndex: 'runs', width: 80, render: (n: number) => `${n}次` },
                { title: '创建人', dataIndex: 'createdBy', width: 90 },
                {
                  title: '操作',
                  key: 'action',
                  width: 130,
                  render: (_: unknown, s) => (
                    <Space>
                      {s.state !== 'ended' ? (
                        <Button size="small" loading={set.isPending && set.variables?.scheduleId === s.id} onClick={() => set.mutate({ scheduleId: s.id, paused: s.state === 'active' })}>
                          {s.state === 'active' ? '暂停' : '恢复'}
                        </Button>
                      ) : null}
                      <Button
                        size="small"
                        danger
                        onClick={() => Modal.confirm({ title: '删除定时提醒', content: `删除后“${s.title}”不再提醒，已发送的记录保留。确定删除吗？`, okText: '删除', cancelText: '取消', onOk: () => remove.mutateAsync(s.id) })}
                      >
                        删除
                      </Button>
                    </Space>
                  ),
                },
              ],
              { name: 'title' },
            )}
          />
        </TableRegion>
      )}
      <Alert
        style={{ marginTop: 12 }}
        type="info"
        showIcon
        message="定时提醒只发给当时进度落后和尚未开始的学员，每人收到按自己情况填写的内容；班级学习期结束或已没有落后学员时自动结束，每次运行都记在下方“提醒记录”中。"
      />
      <Modal
        open={adding !== null}
        title="设置定时提醒"
        okText="确定"
        cancelText="取消"
        confirmLoading={add.isPending}
        onOk={() => adding && add.mutate(adding)}
        onCancel={() => setAdding(null)}
      >
        <p>
          “{adding?.title}”，通过{adding ? remind.REMIND_CHANNEL_LABELS[adding.channel] : ''}，提醒进度落后和尚未开始的学员，直到班级学习期结束。
        </p>
        <Space wrap>
          <span>每周</span>
          <Select aria-label="星期" style={{ width: 90 }} value={when.weekday} onChange={(weekday: number) => setWhen((w) => ({ ...w, weekday }))} options={remind.WEEKDAY_LABELS.map((label, i) => ({ value: i + 1, label }))} />
          <Select aria-label="时间" style={{ width: 100 }} value={when.time} onChange={(time: string) => setWhen((w) => ({ ...w, time }))} options={TIMES.map((t) => ({ value: t, label: t }))} />
        </Space>
      </Modal>
    </Card>
  );
}

export default function RemindPage() {
  const choice = useClassChoice();
  const [params] = useSearchParams();
  const classId = choice.chosen?.id ?? 0;
  const preset = (params.get('personIds') ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const [form] = Form.useForm<Compose>();
  const audience = Form.useWatch('audience', form);
  const channel = Form.useWatch('channel', form);
  const textArea = useRef<TextAreaRef>(null);
  const client = useQueryClient();
  const roster = useCallQuery(teacher.findAddressList, { query: { classId, pageNum: 1, pageSize: 100 } }, { enabled: classId > 0 && audience === 'chosen' });
  /** The preview and the exact body it was made for: sending sends that body, and a change of the form asks for a new preview. */
  const [shown, setShown] = useState<{ key: string; body: Compose; preview: Preview } | null>(null);
  const bodyOf = (c: Compose) => ({ classId, audience: c.audience, personIds: c.audience === 'chosen' ? c.personIds : [], channel: c.channel, title: c.title, template: c.template });
  const keyOf = (c: Compose) => JSON.stringify(bodyOf(c));
  const values = Form.useWatch([], form) as Compose | undefined;
  const current = shown !== null && values !== undefined && keyOf(values) === shown.key;

  const preview = useMutation({
    mutationFn: (c: Compose) => call(remind.previewRemind, { body: bodyOf(c) }).then((p) => ({ key: keyOf(c), body: c, preview: p })),
    onSuccess: setShown,
    onError: (err) => showError(err, 'warning'),
  });
  const send = useMutation({
    mutationFn: (c: Compose) => call(remind.sendRemind, { body: bodyOf(c) }),
    onSuccess: (r) => {
      toast('success', `提醒已发送给${r.recipientCount}人${r.sms ? `；${smsSummary(r.sms)}` : ''}`);
      setShown(null);
      void client.invalidateQueries({ queryKey: [remind.findRemindRun.name] });
      void client.invalidateQueries({ queryKey: [teacher.findMessage.name] });
    },
    onError: (err) => showError(err, 'warning'),
  });
  const confirmSend = () => {
    if (!shown) return;
    const p = shown.preview;
    Modal.confirm({
      title: '确认发送提醒',
      content: `将向${p.recipientCount}人发送“${shown.body.title}”${p.sms ? `，其中短信${p.sms.count}条（计费${p.sms.parts}条）${p.sms.capped ? `，${p.sms.capped}人已达当日上限不发短信` : ''}` : ''}。发送后不能撤回。`,
      okText: '发送',
      cancelText: '取消',
      onOk: () => send.mutateAsync(shown.body),
    });
  };
  const insertField = (name: string) => {
    const el = textArea.current?.resizableTextArea?.textArea;
    const text = (form.getFieldValue('template') as string | undefined) ?? '';
    const at = el ? el.selectionStart : text.length;
    const end = el ? el.selectionEnd : text.length;
    form.setFieldValue('template', `${text.slice(0, at)}{${name}}${text.slice(end)}`);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + name.length + 2, at + name.length + 2);
    });
  };
  const validCompose = () => form.validateFields().then((c) => c, () => null);

  if (choice.classes.isError) return <LoadError error={choice.classes.error} retry={() => void choice.classes.refetch()} />;
  return (
    <div className="teacher-page">
      <div className="teacher-toolbar">
        <ClassPicker choice={choice} />
        {choice.chosen ? (
          <span className="teacher-muted">
            进度落后和尚未开始：{choice.chosen.behindCount}人 / 全班{choice.chosen.memberCount}人
          </span>
        ) : null}
      </div>
      <Card title="学习提醒">
        <Form<Compose>
          form={form}
          layout="vertical"
          initialValues={{ audience: preset.length ? 'chosen' : 'behind', personIds: preset, channel: 'message', title: remind.DEFAULT_REMIND_TITLE, template: remind.DEFAULT_REMIND_TEMPLATE }}
          onFinish={(c) => preview.mutate(c)}
        >
          <Form.Item label="提醒对象" name="audience">
            <Radio.Group options={remind.REMIND_AUDIENCES.map((a) => ({ value: a, label: remind.REMIND_AUDIENCE_LABELS[a] }))} />
          </Form.Item>
          {audience === 'chosen' ? (
            <Form.Item name="personIds" rules={[{ validator: async (_r, v: number[]) => { if (!v?.length) throw new Error('请选择要提醒的学员'); } }]}>
              <Select
                mode="multiple"
                aria-label="选定的学员"
                placeholder="输入姓名查找学员"
                loading={roster.isPending}
                optionFilterProp="label"
                options={(roster.data?.list ?? []).map((m) => ({ value: m.personId, label: `${m.personName}（${m.organName}）` }))}
              />
            </Form.Item>
          ) : null}
          <Form.Item label="发送方式" name="channel">
            <Radio.Group options={remind.REMIND_CHANNELS.map((c) => ({ value: c, label: remind.REMIND_CHANNEL_LABELS[c] }))} />
          </Form.Item>
          <Form.Item label="标题" name="title" rules={[{ required: true, whitespace: true, message: '请输入提醒标题' }, { max: 50, message: '提醒标题不能超过50个字符' }]}>
            <Input maxLength={50} showCount />
          </Form.Item>
          <div className="remind-fields" role="group" aria-label="插入填充字段">
            <span className="teacher-muted">插入字段（发送时按每位学员的情况填写）：</span>
            {remind.REMIND_FIELD_NAMES.map((f) => (
              <Button key={f} size="small" onClick={() => insertField(f)}>
                {`{${f}}`}
              </Button>
            ))}
          </div>
          <Form.Item label="提醒内容" name="template" rules={[{ required: true, whitespace: true, message: '请输入提醒内容' }, { max: 500, message: '提醒内容不能超过500个字符' }]}>
            <Input.TextArea ref={textArea} rows={4} maxLength={500} showCount />
          </Form.Item>
          {channel && channel !== 'message' ? (
            <Alert
              style={{ marginBottom: 16 }}
              type="warning"
              showIcon
              message="短信按每条70字计费，超过70字按每67字一条拆分；每个手机号每天的通知短信有上限，今天已达上限的学员不发短信。请先预览再发送。"
            />
          ) : null}
          <Space wrap>
            <Button htmlType="submit" loading={preview.isPending} disabled={!classId}>
              预览
            </Button>
            <Button type="primary" disabled={!current || shown.preview.recipientCount === 0} loading={send.isPending} onClick={confirmSend}>
              确认发送
            </Button>
            {shown && !current ? <span className="teacher-muted">内容或对象已修改，请重新预览</span> : null}
          </Space>
        </Form>
        {shown ? <PreviewView p={shown.preview} channel={shown.body.channel} /> : null}
      </Card>
      {/* Drawn once the class is known, so their lists load from the first frame rather than drawing empty first. */}
      {classId ? (
        <>
          <Schedules classId={classId} compose={validCompose} />
          <RemindRuns classId={classId} />
        </>
      ) : null}
    </div>
  );
}
