/**
 * 培训年度: the years topics belong to (a handful, so one table without paging), each with its
 * topics counted; a year is added or renamed in a dialog.
 */
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { collegeYear, type adminTraining as AT } from '@portal/contract';
import { adminTraining as T } from '@portal/contract/refs';
import { call, showError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { toast } from '../../../lib/toast.ts';

type Year = AT.AdminYear;

export function Years() {
  const options = useCallQuery(T.adminTrainingOptions, {}, { staleTime: 0 });
  const [editing, setEditing] = useState<Year | 'new' | null>(null);
  const columns: TableColumnsType<Year> = [
    { title: '年度', dataIndex: 'year', width: 90 },
    { title: '名称', dataIndex: 'name' },
    { title: '培训项目', dataIndex: 'topicCount', width: 100 },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, y) => (
        <Button type="link" onClick={() => setEditing(y)} aria-label={`修改年度 ${y.name}`}>
          修改
        </Button>
      ),
    },
  ];
  return (
    <>
      <div className="admin-list-toolbar">
        <div>{options.data ? `共 ${options.data.years.length} 个年度` : null}</div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新建年度
        </Button>
      </div>
      <Table<Year> rowKey="id" columns={columns} dataSource={options.data?.years ?? []} loading={options.isFetching} pagination={false} locale={{ emptyText: '还没有培训年度' }} />
      {editing ? <YearModal year={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function YearModal({ year, onClose }: { year: Year | null; onClose: () => void }) {
  const [form] = Form.useForm<{ year: number; name: string }>();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const save = async (v: { year: number; name: string }) => {
    setBusy(true);
    try {
      await call(T.adminYearSave, { body: { ...v, id: year?.id ?? null } });
      toast('success', year ? '年度已保存' : '年度已创建');
      await client.invalidateQueries({ queryKey: callKey(T.adminTrainingOptions) });
      onClose();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  const next = collegeYear() + 1;
  return (
    <Modal open title={year ? `修改年度：${year.name}` : '新建培训年度'} okText="保存" cancelText="取消" onOk={() => form.submit()} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <Form form={form} name="year" layout="vertical" initialValues={year ?? { year: next, name: `${next}年度` }} onFinish={(v) => void save(v)}>
        <Form.Item name="year" label="年度" rules={[{ required: true, message: '请填写年度' }]}>
          <InputNumber min={2000} max={2100} precision={0} />
        </Form.Item>
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请填写年度名称' }, { max: 30, message: '年度名称不能超过30个字' }]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
