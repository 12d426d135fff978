/**
 * One class (/admin/training/classes/:id, or new): its name, topic, study period and required hours;
 * its teachers; its members (searched, paged; added by searching people, taken out with a
 * confirmation that says their learning record stays theirs).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, List, Popconfirm, Select, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ArrowLeftOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
// A kept draft's picker values come back as the JSON of dayjs objects that already read the college's clock.
import dayjs, { type Dayjs } from 'dayjs';
import { pickerIso, pickerNow, toPicker } from '../../../lib/pickerTime.ts';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { adminTraining as AT } from '@portal/contract';
import { adminTraining as T } from '@portal/contract/refs';
import { call, showError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { toast } from '../../../lib/toast.ts';
import { adminSession } from '../../../lib/adminSession.ts';
import { useEditorGuard } from '../../../features/forms/useEditorGuard.tsx';
import { PageLoading } from '../../../app/PageLoading.tsx';
import { DataList, type FilterField } from '../../../ui/list/DataList.tsx';
import { DeleteRecord } from './DeleteRecord.tsx';
import { PersonSearch } from './PersonSearch.tsx';
import { day } from './labels.ts';

type Cls = AT.AdminClassDetail;
type Role = 'teacher' | 'member';
interface Values {
  name: string;
  installId: number | null;
  period: [Dayjs, Dayjs];
  requiredHours: number;
}

export function ClassEditor() {
  const param = useParams().id;
  const id = param && param !== 'new' ? Number(param) : null;
  const detail = useCallQuery(T.adminClassGet, { query: { id: id ?? 0 } }, { enabled: id !== null, staleTime: 0 });
  if (id !== null && detail.isPending) return <PageLoading />;
  if (id !== null && !detail.data) return <Alert type="error" showIcon title="班级加载失败" description={(detail.error as Error)?.message} />;
  return <Editor key={`${id ?? 'new'}:${detail.data?.version ?? 0}`} cls={detail.data ?? null} />;
}

function Editor({ cls }: { cls: Cls | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const options = useCallQuery(T.adminTrainingOptions, {}, { staleTime: 0 });
  const presetTopic = Number(useSearchParams()[0].get('installId')) || null;

  const initial: Partial<Values> = cls
    ? { ...cls, period: [toPicker(cls.startAt), toPicker(cls.endAt)] }
    : { installId: presetTopic, requiredHours: 10, period: [pickerNow().startOf('day'), pickerNow().add(90, 'day').endOf('day').startOf('minute')] };

  const personId = adminSession.get()?.person.personId ?? null;
  const guard = useEditorGuard<Values>({
    form,
    address: personId !== null ? { personId, editor: 'training-class', record: cls?.id ?? 'new' } : null,
    save: async () => {
      const v = await form.validateFields().catch(() => null);
      return v ? save(v) : false;
    },
    fromStored: (stored) => {
      const v = stored as Values & { period?: [string, string] };
      return { ...v, period: v.period ? [dayjs(v.period[0]), dayjs(v.period[1])] : undefined } as Values;
    },
  });
  const { loaded: guardLoaded } = guard;
  // The form starts from the class as loaded.
  useEffect(() => guardLoaded(), [guardLoaded]);

  /** Saves; resolves true when the server holds the class. */
  const save = async (v: Values): Promise<boolean> => {
    setBusy(true);
    try {
      const body = { name: v.name, installId: v.installId ?? null, startAt: pickerIso(v.period[0]), endAt: pickerIso(v.period[1]), requiredHours: v.requiredHours, id: cls?.id ?? null, version: cls?.version ?? null };
      const saved = await call(T.adminClassSave, { body });
      guard.settled();
      toast('success', cls ? '班级已保存' : '班级已创建，请添加教师和学员');
      await client.invalidateQueries({ queryKey: callKey(T.adminClassGet) });
      await client.invalidateQueries({ queryKey: callKey(T.adminClassList) });
      if (!cls) void navigate(`/admin/training/classes/${saved.id}`, { replace: true });
      return true;
    } catch (err) {
      showError(err);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div className="admin-list-toolbar">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {cls ? `班级：${cls.name}` : '新建班级'}
        </Typography.Title>
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/admin/training/classes')}>
          返回班级列表
        </Button>
      </div>
      {guard.offer}
      <Card title="班级信息" size="small">
        <Form<Values> form={form} name="class" layout="vertical" initialValues={initial} onFinish={(v) => void save(v)} disabled={busy} className="training-form" onValuesChange={guard.changed}>
          <Form.Item name="name" label="班级名称" rules={[{ required: true, whitespace: true, message: '请填写班级名称' }, { max: 60, message: '班级名称不能超过60个字' }]}>
            <Input />
          </Form.Item>
          <div className="training-grid">
            <Form.Item name="installId" label="所属培训项目" extra="不选则为独立班级。">
              <Select allowClear placeholder="不属于任何项目" showSearch={{ optionFilterProp: 'label' }} options={(options.data?.topics ?? []).map((t) => ({ value: t.id, label: `${t.title}（${t.year}）` }))} />
            </Form.Item>
            <Form.Item name="period" label="学习时间" rules={[{ required: true, message: '请选择学习时间' }]} extra="学员在此期间的学时计入本班。">
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="requiredHours" label="要求学时" rules={[{ required: true, message: '请填写要求学时' }]}>
              <InputNumber min={0} max={9999} step={0.5} precision={1} addonAfter="学时" />
            </Form.Item>
          </div>
          <Space>
            <Button type="primary" htmlType="submit" loading={busy}>
              {cls ? '保存班级' : '创建班级'}
            </Button>
            {cls ? (
              <DeleteRecord
                label="删除班级"
                question={`删除班级“${cls.name}”？`}
                description="班级的教师和所选课程随班级一并删除。有学员，或布置过作业、考试、通知、学习提醒的班级不能删除。"
                done={`班级“${cls.name}”已删除`}
                remove={() => call(T.adminClassDelete, { body: { id: cls.id, version: cls.version } })}
                one={T.adminClassGet}
                list={T.adminClassList}
                listPath="/admin/training/classes"
                disabled={busy}
              />
            ) : null}
          </Space>
        </Form>
      </Card>
      {cls ? <Teachers cls={cls} /> : null}
      {cls ? <Members cls={cls} /> : null}
      {guard.element}
    </Space>
  );
}

/** Adds or takes out one person; refreshes the class and its member list. */
function usePeopleChange(cls: Cls) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const change = async (personId: number, role: Role, adding: boolean, done: string) => {
    setBusy(true);
    try {
      await call(adding ? T.adminClassPersonAdd : T.adminClassPersonRemove, { body: { classId: cls.id, personId, role } });
      toast('success', done);
      await client.invalidateQueries({ queryKey: callKey(T.adminClassGet) });
      await client.invalidateQueries({ queryKey: callKey(T.adminClassMembers) });
      return true;
    } catch (err) {
      showError(err);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, change };
}

function Adder({ cls, role }: { cls: Cls; role: Role }) {
  const [person, setPerson] = useState<AT.AdminClassPerson | null>(null);
  const { busy, change } = usePeopleChange(cls);
  const label = T.CLASS_ROLE_LABELS[role];
  return (
    <Space wrap>
      <PersonSearch teachers={role === 'teacher'} value={person} onChange={setPerson} label={`查找要加入的${label}`} />
      <Button
        type="primary"
        icon={<UserAddOutlined />}
        disabled={!person}
        loading={busy}
        onClick={async () => {
          if (person && (await change(person.personId, role, true, `已将${person.personName}加入本班${label}`))) setPerson(null);
        }}
      >
        加入{label}
      </Button>
    </Space>
  );
}

function Teachers({ cls }: { cls: Cls }) {
  const { busy, change } = usePeopleChange(cls);
  return (
    <Card title={`班级教师（${cls.teacherList.length}）`} size="small" extra={<Adder cls={cls} role="teacher" />}>
      <List
        // The list's own empty text is too faint to read (axe colour contrast): said in the page's text colour.
        locale={{ emptyText: <Typography.Text>还没有教师：查找人员类型为教师的人员加入</Typography.Text> }}
        dataSource={cls.teacherList}
        renderItem={(p) => (
          <List.Item
            actions={[
              <Popconfirm key="remove" title={`把${p.personName}移出本班教师？`} okText="移出" cancelText="取消" onConfirm={() => change(p.personId, 'teacher', false, `已将${p.personName}移出本班教师`)}>
                <Button type="link" danger disabled={busy} aria-label={`移出教师 ${p.personName}`}>
                  移出
                </Button>
              </Popconfirm>,
            ]}
          >
            {p.personName}（{p.personNo}，{p.mobile}
            {p.organName ? `，${p.organName}` : ''}）
          </List.Item>
        )}
      />
    </Card>
  );
}

const MEMBER_FILTERS: FilterField[] = [{ kind: 'text', name: 'person', label: '学员', placeholder: '姓名、手机号或人员编号' }];

function Members({ cls }: { cls: Cls }) {
  const { busy, change } = usePeopleChange(cls);
  const columns: TableColumnsType<AT.AdminClassMember> = [
    { title: '姓名', dataIndex: 'personName', width: 100 },
    { title: '人员编号', dataIndex: 'personNo', width: 120 },
    { title: '手机号', dataIndex: 'mobile', width: 120 },
    { title: '单位', dataIndex: 'organName', width: 200, render: (v: string) => v || '—' },
    { title: '加入日期', dataIndex: 'joinedAt', width: 110, render: (v: string) => day(v) },
    { title: '班内学时', dataIndex: 'earnedHours', width: 90, render: (v: number) => `${v} / ${cls.requiredHours}` },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, m) => (
        <Popconfirm
          title={`把${m.personName}移出本班？`}
          description="其学习记录、学时、考试成绩和证书都会保留。"
          okText="移出"
          cancelText="取消"
          onConfirm={() => change(m.personId, 'member', false, `已将${m.personName}移出本班，学习记录已保留`)}
        >
          <Button type="link" danger size="small" disabled={busy} aria-label={`移出学员 ${m.personName}`}>
            移出
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Card title={`班级学员（${cls.memberCount}）`} size="small">
      <DataList<AT.AdminClassMember> label="班级学员列表"
        list={T.adminClassMembers}
        exportCall={T.adminClassMembersExport}
        exportName={`班级学员_${cls.name}`}
        fixed={{ classId: cls.id }}
        filters={MEMBER_FILTERS}
        columns={columns}
        rowKey="personId"
        empty="还没有学员：在右上方查找人员加入"
        toolbar={<Adder cls={cls} role="member" />}
      />
    </Card>
  );
}
