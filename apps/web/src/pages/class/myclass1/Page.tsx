/**
 * /class/myclass1: one class's roster and address list (mobiles in full: only the class's own
 * teachers reach it), searched, paged, kept in the address; edit a member's details (updatePerson,
 * validated by the contract's own field rules) and reset a member's password (shown once, or sent by SMS).
 */
import { useState } from 'react';
import { Button, Checkbox, Form, Input, Modal, Radio, Select, Space, Table, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gender, nationName, personName, POSITION_LEVELS, positionLevelId, type teacher as T } from '@portal/contract';
import { teacher } from '@portal/contract/refs';
import { call, showError } from '../../../api/client.ts';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { LoadError } from '../../../features/learning/ListState.tsx';
import { formatDate } from '../../../features/learning/format.ts';
import { ClassPicker, useClassChoice } from '../../../features/teacher/ClassPicker.tsx';
import { ExportButton } from '../../../features/teacher/ExportButton.tsx';
import { zodRule } from '../../../lib/formRules.ts';
import { toast } from '../../../lib/toast.ts';
import { useUrlFilters } from '../../../lib/urlFilters.ts';
import { deskTable } from '../../../features/teacher/tableLayout.ts';
import '../../../features/teacher/teacher.css';
import { TableRegion } from '../../../features/content/TableRegion.tsx';

const DEFAULTS = { keyword: '', pageNum: 1, pageSize: 20 };
type Details = { personName: string; gender: number; nationName: string; positionLevelId: number };

function EditMember({ classId, member, onClose }: { classId: number; member: T.MemberItem; onClose: () => void }) {
  const [form] = Form.useForm<Details>();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (d: Details) => call(teacher.updatePerson, { body: { classId, personId: member.personId, ...d } }),
    onSuccess: (m) => {
      toast('success', `已保存 ${m.personName} 的信息`);
      void client.invalidateQueries({ queryKey: [teacher.findAddressList.name] });
      onClose();
    },
    onError: (err) => showError(err, 'warning'),
  });
  return (
    <Modal open title={`编辑学员信息：${member.personName}`} okText="保存" cancelText="取消" confirmLoading={save.isPending} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ personName: member.personName, gender: member.gender === 0 ? 0 : 1, nationName: member.nationName, positionLevelId: member.positionLevelId ?? undefined }}
        onFinish={(d) => save.mutate(d)}
      >
        <Form.Item label="姓名" name="personName" rules={[zodRule(personName)]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item label="性别" name="gender" rules={[zodRule(gender)]}>
          <Radio.Group options={[{ value: 0, label: '男' }, { value: 1, label: '女' }]} />
        </Form.Item>
        <Form.Item label="民族" name="nationName" rules={[zodRule(nationName)]}>
          <Input maxLength={10} />
        </Form.Item>
        <Form.Item label="职级" name="positionLevelId" rules={[zodRule(positionLevelId)]}>
          <Select options={POSITION_LEVELS.map((name, i) => ({ value: i + 1, label: name }))} />
        </Form.Item>
        <Typography.Text type="secondary">手机号是学员的登录账号，如需变更请联系本单位培训联络员。</Typography.Text>
      </Form>
    </Modal>
  );
}

function ResetPassword({ classId, member, onClose }: { classId: number; member: T.MemberItem; onClose: () => void }) {
  const [bySms, setBySms] = useState(false);
  const reset = useMutation({
    mutationFn: () => call(teacher.resetPassword, { body: { classId, personId: member.personId, bySms } }),
    onError: (err) => showError(err, 'warning'),
  });
  const done = reset.data;
  return (
    <Modal
      open
      title={`重置密码：${member.personName}`}
      okText={done ? '关闭' : '重置密码'}
      cancelButtonProps={{ style: done ? { display: 'none' } : {} }}
      cancelText="取消"
      confirmLoading={reset.isPending}
      onOk={() => (done ? onClose() : reset.mutate())}
      onCancel={onClose}
    >
      {done ? (
        done.password ? (
          <>
            <p>{bySms && !done.smsSent ? '短信未能发出（发送失败或该号码今日短信已达上限），请将新密码当面或电话告知学员：' : '新密码如下，只显示这一次，请告知学员并提醒其登录后修改：'}</p>
            <Typography.Paragraph copyable strong style={{ fontSize: 20 }}>
              {done.password}
            </Typography.Paragraph>
          </>
        ) : (
          <p>新密码已通过短信发送至 {member.mobile}。</p>
        )
      ) : (
        <>
          <p>将为该学员生成一个新的随机密码，学员已登录的设备将全部退出登录。</p>
          <Checkbox checked={bySms} onChange={(e) => setBySms(e.target.checked)}>
            通过短信发送给学员（{member.mobile}），不在此处显示
          </Checkbox>
        </>
      )}
    </Modal>
  );
}

export default function ClassMembersPage() {
  const choice = useClassChoice();
  const [f, set] = useUrlFilters(DEFAULTS);
  const [editing, setEditing] = useState<T.MemberItem | null>(null);
  const [resetting, setResetting] = useState<T.MemberItem | null>(null);
  const classId = choice.chosen?.id ?? 0;
  const q = useCallQuery(teacher.findAddressList, { query: { classId, keyword: f.keyword || undefined, pageNum: f.pageNum, pageSize: f.pageSize } }, { enabled: classId > 0, keepPrevious: true, staleTime: 0 });
  if (choice.classes.isError) return <LoadError error={choice.classes.error} retry={() => void choice.classes.refetch()} />;
  return (
    <div className="teacher-page">
      <div className="teacher-toolbar">
        <ClassPicker choice={choice} />
        <Input.Search aria-label="搜索学员" placeholder="姓名、学号、手机号或工作单位" allowClear defaultValue={f.keyword} onSearch={(keyword) => set({ keyword })} style={{ width: 260 }} />
        <ExportButton call={teacher.directoriesExport} query={{ classId, keyword: f.keyword || undefined }} fileName="通讯录.xlsx" label="导出通讯录" />
      </div>
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : (
        <TableRegion label="班级学员">
          <Table<T.MemberItem>
            rowKey="personId"
            loading={q.isFetching || choice.classes.isPending}
            dataSource={q.data?.list ?? []}
            locale={{ emptyText: f.keyword ? '没有符合条件的学员' : '本班暂无学员' }}
            pagination={{
              current: f.pageNum,
              pageSize: f.pageSize,
              total: q.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (n) => `共${n}人`,
              onChange: (pageNum, pageSize) => set({ pageNum, pageSize }),
            }}
            {...deskTable<T.MemberItem>(
              [
                { title: '学号', dataIndex: 'personNo', width: 110 },
                { title: '姓名', dataIndex: 'personName', width: 90 },
                { title: '性别', dataIndex: 'gender', width: 60, render: (g: number) => (g === 0 ? '男' : '女') },
                { title: '民族', dataIndex: 'nationName', width: 80 },
                { title: '职级', dataIndex: 'positionLevelName', width: 120 },
                { title: '工作单位', dataIndex: 'organName', width: 220, ellipsis: true },
                { title: '手机号码', dataIndex: 'mobile', width: 120 },
                { title: '加入日期', dataIndex: 'joinedAt', width: 110, render: (d: string) => formatDate(d) },
                {
                  title: '操作',
                  key: 'action',
                  width: 160,
                  render: (_: unknown, m) => (
                    <Space>
                      <Button size="small" onClick={() => setEditing(m)}>
                        编辑
                      </Button>
                      <Button size="small" danger onClick={() => setResetting(m)}>
                        重置密码
                      </Button>
                    </Space>
                  ),
                },
              ],
              { name: 'personName' },
            )}
          />
        </TableRegion>
      )}
      {editing ? <EditMember classId={classId} member={editing} onClose={() => setEditing(null)} /> : null}
      {resetting ? <ResetPassword classId={classId} member={resetting} onClose={() => setResetting(null)} /> : null}
    </div>
  );
}
