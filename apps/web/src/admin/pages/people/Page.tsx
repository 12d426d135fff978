/**
 * 人员与单位: the units as a tree of cities beside the people list (one DataList: keyword, status and
 * role in the address, the chosen city or unit too), a drawer to correct a person (saved at the version
 * read: another administrator's change since is never overwritten), lock and unlock, 解除登录锁定, a
 * password reset told to the person by SMS, and the roles editor for system administrators.
 */
import { useMemo, useState, useSyncExternalStore, type Key } from 'react';
import { Alert, Button, Card, Checkbox, Descriptions, Drawer, Empty, Form, Input, Modal, Popconfirm, Radio, Select, Space, Tag, Tree, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROLES, ADMIN_ROLE_NAMES, maskMobile, type AdminRole } from '@portal/contract/base';
import { adminPeople } from '@portal/contract/refs';
import { gender, nationName, personName, phone, POSITION_LEVELS, positionLevelId, adminPeople as P } from '@portal/contract';
import { call, CallError, showError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { zodRule } from '../../../lib/formRules.ts';
import { toast } from '../../../lib/toast.ts';
import { useUrlFilters } from '../../../lib/urlFilters.ts';
import { adminSession } from '../../../lib/adminSession.ts';
import { DataList, type FilterField } from '../../../ui/list/DataList.tsx';
import { formatDateTime } from '../../format.ts';
import './people.css';

type Person = P.AdminPersonItem;
type Tree = { cities: { id: number; name: string; people: number; units: { id: number; name: string; cityId: number; people: number; version: number }[] }[]; withoutUnit: number };
type Unit = Tree['cities'][number]['units'][number];

const STATUS_OPTIONS = [
  { value: 'active', label: '正常' },
  { value: 'disabled', label: '已锁定' },
];
const ROLE_OPTIONS = ADMIN_ROLES.map((r) => ({ value: r, label: ADMIN_ROLE_NAMES[r] }));
const FILTERS: FilterField[] = [
  { kind: 'text', name: 'keyword', label: '人员', placeholder: '姓名、手机号或人员编号', width: 200 },
  { kind: 'select', name: 'status', label: '状态', options: STATUS_OPTIONS, width: 110 },
  { kind: 'select', name: 'role', label: '管理员角色', options: ROLE_OPTIONS, width: 130 },
];

function useMyRoles(): readonly AdminRole[] {
  const s = useSyncExternalStore(adminSession.subscribe, adminSession.get, adminSession.get);
  return s?.person.roles ?? [];
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: callKey(adminPeople.adminPersonList) });
    void qc.invalidateQueries({ queryKey: callKey(adminPeople.adminUnitTree) });
  };
}

// ---- units ---------------------------------------------------------------------------------------

function UnitModal({ tree, unit, cityId, onClose }: { tree: Tree; unit: Unit | null; cityId: number | null; onClose: () => void }) {
  const [form] = Form.useForm<{ cityId: number; name: string }>();
  const invalidate = useInvalidate();
  const save = useMutation({
    mutationFn: (v: { cityId: number; name: string }) =>
      unit ? call(adminPeople.adminUnitUpdate, { params: { id: unit.id }, body: { ...v, version: unit.version } }) : call(adminPeople.adminUnitCreate, { body: v }),
    onSuccess: () => {
      toast('success', unit ? '单位已保存' : '单位已新建');
      invalidate();
      onClose();
    },
    onError: (e) => showError(e),
  });
  return (
    <Modal open title={unit ? '编辑单位' : '新建单位'} okText="保存" onOk={() => form.submit()} confirmLoading={save.isPending} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={unit ? { cityId: unit.cityId, name: unit.name } : { cityId: cityId ?? undefined }} onFinish={(v) => save.mutate(v)}>
        <Form.Item label="所属城市" name="cityId" rules={[{ required: true, message: '请选择城市' }]}>
          <Select options={tree.cities.map((c) => ({ value: c.id, label: c.name }))} placeholder="请选择城市" />
        </Form.Item>
        <Form.Item label="单位名称" name="name" rules={[zodRule(P.unitName)]} extra="单位名称全省唯一（导入人员时按名称识别单位）">
          <Input maxLength={60} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function UnitTree({ tree, cityId, unitId, choose }: { tree: Tree | undefined; cityId: number | null; unitId: number | null; choose: (c: { cityId: number | null; unitId: number | null }) => void }) {
  const [editing, setEditing] = useState<{ unit: Unit | null } | null>(null);
  const invalidate = useInvalidate();
  const unit = tree?.cities.flatMap((c) => c.units).find((u) => u.id === unitId) ?? null;
  const remove = useMutation({
    mutationFn: (u: Unit) => call(adminPeople.adminUnitDelete, { params: { id: u.id } }),
    onSuccess: () => {
      toast('success', '单位已删除');
      choose({ cityId: unit?.cityId ?? null, unitId: null });
      invalidate();
    },
    onError: (e) => showError(e),
  });
  const data = useMemo(
    () =>
      (tree?.cities ?? []).map((c) => ({
        key: `c${c.id}`,
        title: `${c.name}（${c.people}）`,
        children: c.units.map((u) => ({ key: `u${u.id}`, title: `${u.name}（${u.people}）`, isLeaf: true })),
      })),
    [tree],
  );
  const selected = unitId ? `u${unitId}` : cityId ? `c${cityId}` : null;
  const [active, setActive] = useState<Key | null>(null);
  /** A node's key chosen (`c<id>` a city, `u<id>` a unit, '' none): the list shows its people. */
  const pick = (k: string) => {
    if (!k) return choose({ cityId: null, unitId: null });
    const id = Number(k.slice(1));
    if (k.startsWith('u')) choose({ cityId: null, unitId: id });
    else choose({ cityId: id, unitId: null });
  };
  return (
    <Card
      size="small"
      title="单位"
      className="people-units"
      extra={
        <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ unit: null })} disabled={!tree}>
          新建单位
        </Button>
      }
    >
      <Space wrap className="people-unit-actions">
        <Button size="small" type={selected ? 'default' : 'primary'} onClick={() => choose({ cityId: null, unitId: null })}>
          全部人员
        </Button>
        {unit ? (
          <>
            <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ unit })}>
              编辑单位
            </Button>
            <Popconfirm title={`删除“${unit.name}”？`} okText="删除" cancelText="取消" onConfirm={() => remove.mutate(unit)}>
              <Button size="small" danger icon={<DeleteOutlined />} loading={remove.isPending}>
                删除
              </Button>
            </Popconfirm>
          </>
        ) : null}
      </Space>
      {tree ? (
        // The tree by keyboard alone (WAI-ARIA's tree pattern, rc-tree's keys): one Tab stop; Up / Down
        // move, Right / Left open and close a city, Home / End, and Enter or Space chooses the node —
        // a city too (rc-tree's own Enter only opens a city), as a click on its name does. The node in
        // hand is outlined from the moment the tree takes the focus (the chosen one, else the first).
        <div
          onKeyDownCapture={(e) => {
            if ((e.key !== 'Enter' && e.key !== ' ') || !active) return;
            e.preventDefault();
            e.stopPropagation();
            pick(String(active));
          }}
        >
          <Tree
            blockNode
            showLine
            aria-label="单位树：上下方向键移动，右键展开，左键收起，回车选择"
            treeData={data}
            selectedKeys={selected ? [selected] : []}
            activeKey={active}
            onActiveChange={(k) => setActive(k)}
            onFocus={() => setActive((k) => k ?? selected ?? data[0]?.key ?? null)}
            defaultExpandedKeys={cityId ? [`c${cityId}`] : unit ? [`c${unit.cityId}`] : []}
            onSelect={(keys) => pick(String(keys[0] ?? ''))}
          />
        </div>
      ) : (
        <Empty description="正在加载单位" />
      )}
      {tree && tree.withoutUnit > 0 ? <Typography.Paragraph type="secondary">另有 {tree.withoutUnit} 人未填写单位</Typography.Paragraph> : null}
      {editing && tree ? <UnitModal tree={tree} unit={editing.unit} cityId={cityId} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

// ---- a person ------------------------------------------------------------------------------------

type FormValues = P.PersonFormInput;
const formValuesOf = (p: Person): Partial<FormValues> => ({
  personName: p.personName,
  gender: p.gender,
  nationName: p.nationName,
  positionLevelId: p.positionLevelId ?? undefined,
  unitId: p.unitId ?? undefined,
  mobile: p.mobile,
  personNo: p.personNo,
});
/** What the server says of a save at an older version (ADMIN_MSG.staleVersion). */
const A_STALE = '该人员已被其他管理员修改';

function PersonDrawer({ person, tree, onClose }: { person: Person; tree: Tree | undefined; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const invalidate = useInvalidate();
  const myRoles = useMyRoles();
  const isSystem = myRoles.includes('system');
  // The drawer shows the person as last saved (each action answers the person afresh).
  const [current, setCurrent] = useState(person);
  const [stale, setStale] = useState(false);
  const done = (message: string) => (p: Person) => {
    setCurrent(p);
    toast('success', message);
    invalidate();
  };
  const save = useMutation({
    mutationFn: (v: FormValues) => call(adminPeople.adminPersonUpdate, { params: { id: current.personId }, body: { ...v, version: current.version } }),
    onSuccess: (p) => {
      done('人员信息已保存')(p);
      onClose();
    },
    onError: (e) => {
      if (e instanceof CallError && e.code === 409) setStale(true);
      else showError(e);
    },
  });
  // After another administrator's change: the person as saved now, in the form (what was typed is replaced on request only).
  const reload = useMutation({
    mutationFn: () => call(adminPeople.adminPersonList, { query: { personId: current.personId, pageNum: 1, pageSize: 1 } }),
    onSuccess: (page) => {
      const fresh = page.list[0];
      if (!fresh) return;
      setCurrent(fresh);
      form.setFieldsValue(formValuesOf(fresh));
      setStale(false);
      invalidate();
    },
    onError: (e) => showError(e),
  });
  const status = useMutation({
    mutationFn: (s: 'active' | 'disabled') => call(adminPeople.adminPersonStatus, { params: { id: current.personId }, body: { status: s } }),
    onSuccess: (p) => done(p.status === 'disabled' ? '账号已锁定，其登录已全部退出' : '账号已解锁')(p),
    onError: (e) => showError(e),
  });
  const unlock = useMutation({
    mutationFn: () => call(adminPeople.adminPersonUnlockLogin, { params: { id: current.personId } }),
    onSuccess: done('已解除登录锁定'),
    onError: (e) => showError(e),
  });
  const reset = useMutation({
    mutationFn: () => call(adminPeople.adminPersonResetPassword, { params: { id: current.personId } }),
    onSuccess: (r) => {
      if (r.smsSent) Modal.success({ title: '密码已重置', content: `新密码已通过短信发送至 ${r.mobile}，该人员的登录已全部退出。`, okText: '知道了' });
      else
        Modal.warning({
          title: '密码已重置，但短信未发送',
          content: (
            <>
              <p>{r.reason}。请当面或电话告知该人员新密码（只显示这一次）：</p>
              <Typography.Text code copyable className="people-password">
                {r.password}
              </Typography.Text>
            </>
          ),
          okText: '已告知',
        });
    },
    onError: (e) => showError(e),
  });
  const role = useMutation({
    mutationFn: (v: { role: AdminRole; held: boolean }) => call(adminPeople.adminPersonRole, { params: { id: current.personId }, body: v }),
    onSuccess: (p, v) => done(`已${v.held ? '授予' : '移除'}${ADMIN_ROLE_NAMES[v.role]}`)(p),
    onError: (e) => showError(e),
  });
  const units = (tree?.cities ?? []).map((c) => ({ label: c.name, title: c.name, options: c.units.map((u) => ({ value: u.id, label: u.name })) }));
  const loginLocked = current.loginLockedUntil !== null;

  return (
    <Drawer open title={`修改人员：${current.personName}（${current.personNo}）`} size={560} onClose={onClose} destroyOnHidden>
      {stale ? (
        <Alert
          type="warning"
          showIcon
          className="people-stale"
          title={A_STALE}
          description="您的修改尚未保存。载入最新信息后，请在其上重新修改并保存。"
          action={
            <Button size="small" onClick={() => reload.mutate()} loading={reload.isPending}>
              载入最新信息
            </Button>
          }
        />
      ) : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={formValuesOf(person)}
        onFinish={(v) => save.mutate(v)}
      >
        <div className="people-form-grid">
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
            <Select options={POSITION_LEVELS.map((name, i) => ({ value: i + 1, label: name }))} placeholder="请选择职级" />
          </Form.Item>
          <Form.Item label="手机号（登录账号）" name="mobile" rules={[zodRule(phone)]}>
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Form.Item label="人员编号" name="personNo" rules={[zodRule(P.personNo)]}>
            <Input maxLength={32} />
          </Form.Item>
        </div>
        <Form.Item label="单位" name="unitId" rules={[{ required: true, message: '请选择单位' }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={units} placeholder="输入单位名称查找" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={stale}>
            保存
          </Button>
          <Button onClick={onClose}>取消</Button>
        </Space>
      </Form>

      <Typography.Title level={3} className="people-section-title">
        账号
      </Typography.Title>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="账号状态">{current.status === 'disabled' ? <Tag color="error">已锁定</Tag> : <Tag color="success">正常</Tag>}</Descriptions.Item>
        <Descriptions.Item label="登录锁定">{loginLocked ? `连续登录失败，锁定至 ${formatDateTime(current.loginLockedUntil)}` : '无'}</Descriptions.Item>
      </Descriptions>
      <Space wrap className="people-account-actions">
        {current.status === 'active' ? (
          <Popconfirm title="锁定后该人员立即退出登录且不能再登录，确定锁定？" okText="锁定" cancelText="取消" onConfirm={() => status.mutate('disabled')}>
            <Button danger loading={status.isPending}>
              锁定账号
            </Button>
          </Popconfirm>
        ) : (
          <Button onClick={() => status.mutate('active')} loading={status.isPending}>
            解锁账号
          </Button>
        )}
        {loginLocked ? (
          <Button onClick={() => unlock.mutate()} loading={unlock.isPending}>
            解除登录锁定
          </Button>
        ) : null}
        <Popconfirm
          title="重置密码"
          description={`将生成新密码并以短信发送至 ${maskMobile(current.mobile)}，该人员的登录将全部退出。确定重置？`}
          okText="重置"
          cancelText="取消"
          onConfirm={() => reset.mutate()}
        >
          <Button loading={reset.isPending}>重置密码</Button>
        </Popconfirm>
      </Space>

      {isSystem ? (
        <>
          <Typography.Title level={3} className="people-section-title">
            管理员角色
          </Typography.Title>
          <Typography.Paragraph type="secondary">勾选即授予，取消即移除，立即生效。不能移除自己的系统管理员角色。</Typography.Paragraph>
          <Space wrap>
            {ADMIN_ROLES.map((r) => (
              <Checkbox key={r} checked={current.roles.includes(r)} disabled={role.isPending} onChange={(e) => role.mutate({ role: r, held: e.target.checked })}>
                {ADMIN_ROLE_NAMES[r]}
              </Checkbox>
            ))}
          </Space>
        </>
      ) : current.roles.length > 0 ? (
        <Alert className="people-stale" type="info" showIcon title="该人员是管理员" description="只有系统管理员可以修改其账号、锁定或重置其密码。" />
      ) : null}
    </Drawer>
  );
}

// ---- the page ------------------------------------------------------------------------------------

export default function PeoplePage() {
  const [place, setPlace] = useUrlFilters(useMemo(() => ({ cityId: '', unitId: '', pageNum: 1 }), []));
  const tree = useCallQuery(adminPeople.adminUnitTree, {}, { staleTime: 0 }).data as Tree | undefined;
  const [editing, setEditing] = useState<Person | null>(null);
  const cityId = place.cityId ? Number(place.cityId) : null;
  const unitId = place.unitId ? Number(place.unitId) : null;
  const placeName = unitId ? tree?.cities.flatMap((c) => c.units).find((u) => u.id === unitId)?.name : cityId ? tree?.cities.find((c) => c.id === cityId)?.name : null;

  const columns: TableColumnsType<Person> = [
    { title: '人员编号', dataIndex: 'personNo', width: 104 },
    { title: '姓名', dataIndex: 'personName', width: 80 },
    { title: '手机号', dataIndex: 'mobile', width: 120 },
    {
      title: '单位',
      dataIndex: 'unitName',
      render: (v: string) => (
        <span className="people-unit-cell" title={v}>
          {v || '—'}
        </span>
      ),
    },
    {
      title: '状态与角色',
      key: 'status',
      width: 140,
      render: (_, r) => (
        <Space size={4} wrap>
          {r.status === 'disabled' ? <Tag color="error">已锁定</Tag> : <Tag color="success">正常</Tag>}
          {r.loginLockedUntil ? <Tag color="warning">登录锁定</Tag> : null}
          {r.roles.map((x) => (
            <Tag key={x}>
              {ADMIN_ROLE_NAMES[x]}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 64,
      render: (_, r) => (
        <Button size="small" type="link" onClick={() => setEditing(r)} aria-label={`修改 ${r.personName}`}>
          修改
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography.Title level={2}>人员与单位</Typography.Title>
      <div className="people-layout">
        <UnitTree tree={tree} cityId={cityId} unitId={unitId} choose={(c) => setPlace({ cityId: c.cityId ? String(c.cityId) : '', unitId: c.unitId ? String(c.unitId) : '' })} />
        <section className="people-list" aria-label="人员名单">
          {placeName ? (
            <Typography.Paragraph>
              当前单位：<strong>{placeName}</strong>
            </Typography.Paragraph>
          ) : null}
          <DataList<Person> label="人员列表"
            list={adminPeople.adminPersonList}
            exportCall={adminPeople.adminPersonExport}
            exportName="人员名单"
            filters={FILTERS}
            columns={columns}
            rowKey="personId"
            fixed={{ cityId: cityId ?? undefined, unitId: unitId ?? undefined }}
            empty="没有符合条件的人员"
          />
        </section>
      </div>
      {editing ? <PersonDrawer key={editing.personId} person={editing} tree={tree} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
