/**
 * A question's form (add and edit) in a drawer, and the answer's input by type: a letter for single
 * choice, letters for multiple choice, 对/错, or the accepted texts of a blank. An edit of a question
 * an attempt holds makes its next version (the server decides; the drawer says so beforehand).
 */
import { useEffect, useState } from 'react';
import { Alert, AutoComplete, Button, Checkbox, Drawer, Form, Input, Radio, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { adminExams as AX } from '@portal/contract';
import { adminExams } from '@portal/contract/refs';
import { call, CallError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { toast } from '../../../lib/toast.ts';
import { adminSession } from '../../../lib/adminSession.ts';
import { useEditorGuard } from '../../../features/forms/useEditorGuard.tsx';
import { TYPE_OPTIONS } from './labels.ts';

type Type = AX.QuestionType;
const LETTERS = 'ABCDEFGH';

export function AnswerInput({ type, optionCount, value, onChange, id }: { type: Type; optionCount: number; value?: string[]; onChange?: (v: string[]) => void; id?: string }) {
  const keys = LETTERS.slice(0, Math.max(optionCount, 0)).split('');
  if (type === 'single')
    return (
      <Radio.Group id={id} value={value?.[0]} onChange={(e) => onChange?.([e.target.value as string])} options={keys.map((k) => ({ value: k, label: k }))} />
    );
  if (type === 'multiple') return <Checkbox.Group value={value} onChange={(v) => onChange?.((v as string[]).sort())} options={keys.map((k) => ({ value: k, label: k }))} />;
  if (type === 'judge')
    return (
      <Radio.Group
        id={id}
        value={value?.[0]}
        onChange={(e) => onChange?.([e.target.value as string])}
        options={[
          { value: 'T', label: '对' },
          { value: 'F', label: '错' },
        ]}
      />
    );
  return <Select id={id} mode="tags" value={value} onChange={onChange} open={false} placeholder="输入正确答案后按回车，可填多个可接受的答案" aria-label="正确答案" />;
}

interface Values {
  bank: string;
  type: Type;
  stem: string;
  options: string[];
  answer: string[];
  explanation: string;
}

export function QuestionDrawer({ question, onClose }: { question: AX.AdminQuestion | 'new'; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const opts = useCallQuery(adminExams.adminExamOptions, {}, { staleTime: 0 });
  const editing = question === 'new' ? null : question;
  const type = Form.useWatch('type', form) ?? editing?.type ?? 'single';
  const options = (Form.useWatch('options', form) as string[] | undefined) ?? [];
  const choice = type === 'single' || type === 'multiple';

  const personId = adminSession.get()?.person.personId ?? null;
  const guard = useEditorGuard<Values>({
    form,
    address: personId !== null ? { personId, editor: 'exam-question', record: editing?.id ?? 'new' } : null,
    save: () => save(false),
  });
  const { loaded: guardLoaded } = guard;
  // The form starts from the question as opened.
  useEffect(() => guardLoaded(), [guardLoaded]);

  /** Saves, then closes unless the guard is the one asking (it closes itself); resolves true when saved. */
  const save = async (close = true): Promise<boolean> => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return false;
    const body = { bank: v.bank, type: v.type, stem: v.stem, options: choice ? (v.options ?? []) : [], answer: v.answer ?? [], explanation: v.explanation ?? '' };
    setBusy(true);
    try {
      const saved = editing ? await call(adminExams.adminExamQuestionUpdate, { body: { ...body, id: editing.id, version: editing.version } }) : await call(adminExams.adminExamQuestionCreate, { body });
      toast('success', editing && saved.id !== editing.id ? `已保存为新版本（编号 ${saved.id}），原版本已停用，已有答卷不受影响` : '试题已保存');
      await client.invalidateQueries({ queryKey: callKey(adminExams.adminExamQuestionList) });
      await client.invalidateQueries({ queryKey: callKey(adminExams.adminExamOptions) });
      guard.settled();
      if (close) onClose();
      return true;
    } catch (err) {
      if (err instanceof CallError && err.kind === 'business') toast('error', err.message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open
      title={editing ? `编辑试题（编号 ${editing.id}）` : '新增试题'}
      size={640}
      onClose={() => guard.leave(onClose)}
      destroyOnHidden
      footer={
        <Space>
          <Button type="primary" onClick={() => void save()} loading={busy}>
            保存
          </Button>
          <Button onClick={() => guard.leave(onClose)}>取消</Button>
        </Space>
      }
    >
      {guard.offer}
      {editing && editing.attemptCount > 0 ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`已有 ${editing.attemptCount} 份答卷使用本题`}
          description="保存后将生成新版本并停用原版本：已有答卷和已有考生作答的试卷保留原版本，尚无人作答的试卷改用新版本。只更正答案并重新评分请用“更正答案”。"
        />
      ) : null}
      <Form<Values>
        form={form}
        name="question"
        layout="vertical"
        initialValues={editing ? { ...editing } : { type: 'single', options: ['', '', '', ''], answer: [], explanation: '' }}
        onValuesChange={(changed) => {
          guard.changed();
          if ('type' in changed) form.setFieldsValue({ answer: [], options: changed.type === 'single' || changed.type === 'multiple' ? ['', '', '', ''] : [] });
        }}
      >
        <Form.Item name="bank" label="题库" rules={[{ required: true, whitespace: true, message: '请填写题库' }, { max: 30, message: '题库不能超过30个字' }]}>
          <AutoComplete options={(opts.data?.banks ?? []).map((b) => ({ value: b.bank }))} placeholder="选择已有题库或输入新题库名称" showSearch={{ filterOption: true }} />
        </Form.Item>
        <Form.Item name="type" label="题型" rules={[{ required: true, message: '请选择题型' }]}>
          <Select options={TYPE_OPTIONS} disabled={!!editing} />
        </Form.Item>
        <Form.Item name="stem" label="题干" rules={[{ required: true, whitespace: true, message: '请填写题干' }, { max: 1000, message: '题干不能超过1000个字' }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        {choice ? (
          <Form.List name="options">
            {(fields, { add, remove }) => (
              <Form.Item label="选项" required>
                {fields.map((f, i) => (
                  <Space key={f.key} style={{ display: 'flex', marginBottom: 8 }} align="start">
                    <span style={{ display: 'inline-block', width: 20, lineHeight: '32px' }}>{LETTERS[i]}</span>
                    <Form.Item {...f} noStyle rules={[{ required: true, whitespace: true, message: `请填写选项${LETTERS[i]}` }]}>
                      <Input style={{ width: 440 }} aria-label={`选项${LETTERS[i]}`} maxLength={300} />
                    </Form.Item>
                    <Button icon={<DeleteOutlined />} aria-label={`删除选项${LETTERS[i]}`} disabled={fields.length <= 2} onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} disabled={fields.length >= 8} onClick={() => add('')}>
                  添加选项
                </Button>
              </Form.Item>
            )}
          </Form.List>
        ) : null}
        <Form.Item
          name="answer"
          label="正确答案"
          rules={[
            { required: true, type: 'array', min: type === 'multiple' ? 2 : 1, message: type === 'multiple' ? '多选题的答案至少两个选项' : '请填写正确答案' },
          ]}
        >
          <AnswerInput type={type} optionCount={options.length} />
        </Form.Item>
        <Form.Item name="explanation" label="解析" rules={[{ max: 1000, message: '解析不能超过1000个字' }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
      {guard.element}
    </Drawer>
  );
}
