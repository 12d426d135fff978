/**
 * A topic's issuing rule in a drawer: the hours to earn, the exam that decides completion (or none)
 * and its pass mark. The server refuses a change once the topic has started, or over another
 * administrator's change since it was read; the refusal is shown in the drawer, in its words.
 */
import { useState } from 'react';
import { Alert, Button, Drawer, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { adminCertificate as AC } from '@portal/contract/refs';
import type { adminCertificate } from '@portal/contract';
import { call, CallError, showError } from '../../../api/client.ts';
import { callKey } from '../../../api/useCallQuery.ts';
import { toast } from '../../../lib/toast.ts';

type Rule = adminCertificate.IssueRule;
interface Values {
  requiredHours: number;
  examId: number | 0;
  passScore: number | null;
}

export function RuleDrawer({ rule, onClose }: { rule: Rule; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const deciding = rule.exams.find((e) => e.decidesCompletion) ?? null;
  const examId = Form.useWatch('examId', form) ?? (deciding?.id ?? 0);
  const exam = rule.exams.find((e) => e.id === examId) ?? null;

  async function save(v: Values) {
    setSaving(true);
    setRefusal(null);
    try {
      await call(AC.adminCertRuleSave, {
        params: { installId: rule.installId },
        body: { version: rule.version, requiredHours: v.requiredHours, examId: v.examId || null, passScore: v.examId ? v.passScore : null },
      });
      toast('success', '发证规则已保存');
      await queryClient.invalidateQueries({ queryKey: callKey(AC.adminCertRuleList) });
      onClose();
    } catch (e) {
      if (e instanceof CallError && e.kind === 'business') setRefusal(e.message);
      else showError(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Drawer
      open
      title={`发证规则：${rule.title}`}
      width={480}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} disabled={rule.started} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {rule.started ? (
        <Alert type="warning" showIcon title="该培训已开始，发证规则不能再修改。" style={{ marginBottom: 16 }} />
      ) : (
        <Typography.Paragraph type="secondary">学员修满学时{rule.exams.length ? '并通过结业考试' : ''}后自动颁发结业证书。培训开始后规则不能再修改。</Typography.Paragraph>
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={rule.started}
        initialValues={{ requiredHours: rule.requiredHours, examId: deciding?.id ?? 0, passScore: deciding?.passScore ?? null }}
        onFinish={(v) => void save(v)}
      >
        <Form.Item name="requiredHours" label="须修满学时" rules={[{ required: true, message: '请填写学时' }]}>
          <InputNumber min={0} max={9999} step={0.5} precision={1} style={{ width: 160 }} addonAfter="学时" />
        </Form.Item>
        <Form.Item name="examId" label="结业考试">
          <Select
            onChange={(id: number) => form.setFieldValue('passScore', rule.exams.find((e) => e.id === id)?.passScore ?? null)}
            options={[{ value: 0, label: '无（只看学时）' }, ...rule.exams.map((e) => ({ value: e.id, label: `${e.title}（满分${e.totalScore}）` }))]}
          />
        </Form.Item>
        {exam ? (
          <Form.Item name="passScore" label="及格分" rules={[{ required: true, message: '请填写及格分' }]}>
            <InputNumber min={1} max={exam.totalScore} precision={0} style={{ width: 160 }} addonAfter="分" />
          </Form.Item>
        ) : null}
        {refusal ? (
          <Typography.Text type="danger" role="alert">
            {refusal}
          </Typography.Text>
        ) : null}
      </Form>
    </Drawer>
  );
}
