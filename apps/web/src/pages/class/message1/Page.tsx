/**
 * /class/message1: write a message to the whole class or chosen members (chosen ones may come in the
 * address from the statistics page), optionally also by SMS; below, the class's messages and their
 * read state (SentMessages).
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Checkbox, Form, Input, Radio, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teacher } from '@portal/contract/refs';
import { call, showError } from '../../../api/client.ts';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { LoadError } from '../../../features/learning/ListState.tsx';
import { ClassPicker, useClassChoice } from '../../../features/teacher/ClassPicker.tsx';
import { SentMessages, smsSummary } from '../../../features/teacher/SentMessages.tsx';
import { toast } from '../../../lib/toast.ts';
import '../../../features/teacher/teacher.css';

type Compose = { to: 'all' | 'chosen'; personIds: number[]; title: string; content: string; sms: boolean };

export default function SendMessagePage() {
  const choice = useClassChoice();
  const [params] = useSearchParams();
  const classId = choice.chosen?.id ?? 0;
  const preset = (params.get('personIds') ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const [form] = Form.useForm<Compose>();
  const to = Form.useWatch('to', form);
  const client = useQueryClient();
  const roster = useCallQuery(teacher.findAddressList, { query: { classId, pageNum: 1, pageSize: 100 } }, { enabled: classId > 0 });
  // Members chosen on another page who are not in this class's roster are dropped, not shown as numbers.
  const members = roster.data?.list;
  useEffect(() => {
    if (!members) return;
    const current = (form.getFieldValue('personIds') as number[] | undefined) ?? [];
    form.setFieldValue(
      'personIds',
      current.filter((id) => members.some((m) => m.personId === id)),
    );
  }, [members, form]);
  const send = useMutation({
    mutationFn: (c: Compose) => call(teacher.sendMessage, { body: { classId, personIds: c.to === 'all' ? [] : c.personIds, title: c.title, content: c.content, sms: c.sms } }),
    onSuccess: (r) => {
      toast('success', `消息已发送给${r.recipientCount}人${r.sms ? `；${smsSummary(r.sms)}` : ''}`);
      form.resetFields(['title', 'content', 'sms']);
      void client.invalidateQueries({ queryKey: [teacher.findMessage.name] });
    },
    onError: (err) => showError(err, 'warning'),
  });
  if (choice.classes.isError) return <LoadError error={choice.classes.error} retry={() => void choice.classes.refetch()} />;
  return (
    <div className="teacher-page">
      <div className="teacher-toolbar">
        <ClassPicker choice={choice} />
      </div>
      <Card title="写消息">
        <Form<Compose>
          form={form}
          layout="vertical"
          initialValues={{ to: preset.length ? 'chosen' : 'all', personIds: preset, sms: false }}
          onFinish={(c) => send.mutate(c)}
        >
          <Form.Item label="接收人" name="to">
            <Radio.Group options={[{ value: 'all', label: `全班学员（${choice.chosen?.memberCount ?? 0}人）` }, { value: 'chosen', label: '指定学员' }]} />
          </Form.Item>
          {to === 'chosen' ? (
            <Form.Item name="personIds" rules={[{ validator: async (_r, v: number[]) => { if (!v?.length) throw new Error('请选择接收消息的学员'); } }]}>
              <Select
                mode="multiple"
                aria-label="指定学员"
                placeholder="输入姓名查找学员"
                loading={roster.isPending}
                optionFilterProp="label"
                options={(roster.data?.list ?? []).map((m) => ({ value: m.personId, label: `${m.personName}（${m.organName}）` }))}
              />
            </Form.Item>
          ) : null}
          <Form.Item label="标题" name="title" rules={[{ required: true, whitespace: true, message: '请输入消息标题' }, { max: 50, message: '消息标题不能超过50个字符' }]}>
            <Input maxLength={50} showCount />
          </Form.Item>
          <Form.Item label="内容" name="content" rules={[{ required: true, whitespace: true, message: '请输入消息内容' }, { max: 500, message: '消息内容不能超过500个字符' }]}>
            <Input.TextArea rows={4} maxLength={500} showCount />
          </Form.Item>
          <Form.Item name="sms" valuePropName="checked">
            <Checkbox>同时发送短信（每个手机号每天的短信条数有上限，超出的不再发送）</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending} disabled={!classId}>
            发送
          </Button>
        </Form>
      </Card>
      <SentMessages classId={classId} />
    </div>
  );
}
