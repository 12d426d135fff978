/**
 * 题库: every question by bank, type, words of the stem and status; add, edit (a new version when an
 * attempt holds it), retire, and 更正答案 (corrects this version's answer and re-grades the submitted
 * attempts that hold it).
 */
import { useState } from 'react';
import { Alert, Button, Form, Modal, Popconfirm, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { adminExams as AX } from '@portal/contract';
import { adminExams } from '@portal/contract/refs';
import { call, CallError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { toast } from '../../../lib/toast.ts';
import { RowActions } from '../../../ui/list/RowActions.tsx';
import { DataList, type FilterField } from '../../../ui/list/DataList.tsx';
import { AnswerInput, QuestionDrawer } from './QuestionForm.tsx';
import { answerText, TYPE_LABELS, TYPE_OPTIONS } from './labels.ts';

type Row = AX.AdminQuestion;

function CorrectModal({ question, onClose }: { question: Row; onClose: () => void }) {
  const [form] = Form.useForm<{ answer: string[] }>();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const r = await call(adminExams.adminExamQuestionCorrect, { body: { id: question.id, version: question.version, answer: v.answer } });
      toast('success', `答案已更正，重新评分 ${r.regraded} 份答卷，其中 ${r.changed} 份成绩有变化`);
      await client.invalidateQueries({ queryKey: callKey(adminExams.adminExamQuestionList) });
      onClose();
    } catch (err) {
      if (err instanceof CallError && err.kind === 'business') toast('error', err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={`更正答案（试题编号 ${question.id}）`} onCancel={onClose} onOk={() => void ok()} okText="更正并重新评分" confirmLoading={busy} destroyOnHidden>
      <Typography.Paragraph>{question.stem}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">原答案：{answerText(question)}</Typography.Paragraph>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`将重新计算 ${question.attemptCount} 份使用本题的答卷的成绩；新及格的考生如满足结业条件将获发证书。每份成绩变化都记入审计日志。`} />
      <Form form={form} name="correct" layout="vertical" initialValues={{ answer: question.answer }}>
        <Form.Item name="answer" label="更正后的答案" rules={[{ required: true, type: 'array', min: 1, message: '请填写更正后的答案' }]}>
          <AnswerInput type={question.type} optionCount={question.options.length} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function Questions() {
  const client = useQueryClient();
  const opts = useCallQuery(adminExams.adminExamOptions, {}, { staleTime: 0 });
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [correcting, setCorrecting] = useState<Row | null>(null);

  const retire = async (q: Row) => {
    try {
      await call(adminExams.adminExamQuestionRetire, { body: { id: q.id, version: q.version } });
      toast('success', '试题已停用');
      await client.invalidateQueries({ queryKey: callKey(adminExams.adminExamQuestionList) });
    } catch (err) {
      if (err instanceof CallError && err.kind === 'business') toast('error', err.message);
    }
  };

  const filters: FilterField[] = [
    { kind: 'select', name: 'bank', label: '题库', options: (opts.data?.banks ?? []).map((b) => ({ value: b.bank, label: `${b.bank}（${b.count}）` })), width: 180, search: true },
    { kind: 'select', name: 'type', label: '题型', options: TYPE_OPTIONS, width: 110 },
    { kind: 'text', name: 'text', label: '题干', placeholder: '题干关键词' },
    {
      kind: 'select',
      name: 'status',
      label: '状态',
      width: 110,
      options: [
        { value: 'active', label: '在用' },
        { value: 'retired', label: '已停用' },
        { value: 'all', label: '全部' },
      ],
    },
  ];

  const columns: TableColumnsType<Row> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    { title: '题库', dataIndex: 'bank', width: 100 },
    { title: '题型', dataIndex: 'type', width: 80, render: (v: AX.QuestionType) => TYPE_LABELS[v] },
    {
      title: '题干',
      dataIndex: 'stem',
      render: (v: string, r) => (
        <div style={{ maxWidth: 320 }}>
          <Typography.Text>{v}</Typography.Text>
          {r.options.length ? (
            <div style={{ display: "flex", flexWrap: "wrap", gap: "4px 16px", color: "rgba(0,0,0,0.65)", marginTop: 4 }}>
              {r.options.map((o, i) => (
                <span key={i}>
                  {String.fromCharCode(65 + i)}. {o}
                </span>
              ))}
            </div>
          ) : null}
        </div>
      ),
    },
    { title: '答案', key: 'answer', width: 70, render: (_, r) => answerText(r) },
    { title: '答卷', dataIndex: 'attemptCount', width: 60 },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, r) => (r.retiredAt ? <Tag>已停用</Tag> : <Tag color="success">在用</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, r) =>
        r.retiredAt ? null : (
          <RowActions label={r.stem}>
            <Button type="link" onClick={() => setEditing(r)}>
              编辑
            </Button>
            {r.attemptCount > 0 ? (
              <Button type="link" onClick={() => setCorrecting(r)}>
                更正答案
              </Button>
            ) : null}
            <Popconfirm title="停用后该题不再被抽取或加入试卷，已有试卷和答卷保留。确定停用？" okText="停用" cancelText="取消" onConfirm={() => void retire(r)}>
              <Button type="link" danger>
                停用
              </Button>
            </Popconfirm>
          </RowActions>
        ),
    },
  ];

  return (
    <>
      <DataList<Row> label="试题列表"
        list={adminExams.adminExamQuestionList}
        filters={filters}
        columns={columns}
        rowKey="id"
        empty="没有符合条件的试题"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增试题
          </Button>
        }
      />
      {editing ? <QuestionDrawer question={editing} onClose={() => setEditing(null)} /> : null}
      {correcting ? <CorrectModal question={correcting} onClose={() => setCorrecting(null)} /> : null}
    </>
  );
}
