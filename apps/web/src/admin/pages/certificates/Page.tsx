/**
 * 证书管理 (training administrators): certificates searched by number, holder, topic, year and status and
 * exported with the same filter, each revoked with a reason or reissued after a correction (the links
 * between an old and a new number shown both ways) at /admin/certificates; each topic's issuing rule
 * (hours, the 结业考试 and its pass mark), changed in a drawer until the topic starts, at
 * /admin/certificates/rules.
 */
import { useState } from 'react';
import { Button, Space, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { collegeYear, type adminCertificate } from '@portal/contract';
import { adminCertificate as AC } from '@portal/contract/refs';
import { DataList, type FilterField } from '../../../ui/list/DataList.tsx';
import { formatDateTime } from '../../format.ts';
import { CertificateActions } from './CertificateActions.tsx';
import { RuleDrawer } from './RuleDrawer.tsx';

type Item = adminCertificate.AdminCertItem;
type Rule = adminCertificate.IssueRule;

const thisYear = collegeYear();
const YEARS = Array.from({ length: 6 }, (_, i) => String(thisYear - i)).map((y) => ({ value: y, label: `${y}年` }));
const day = (iso: string | null) => (iso ? formatDateTime(iso).slice(0, 10) : '—');

const CERT_FILTERS: FilterField[] = [
  { kind: 'text', name: 'certNo', label: '证书编号', width: 160 },
  { kind: 'text', name: 'holder', label: '持证人', placeholder: '姓名、手机号或人员编号' },
  { kind: 'text', name: 'topic', label: '培训', placeholder: '培训名称' },
  { kind: 'select', name: 'year', label: '发证年度', options: YEARS, width: 120 },
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    options: [
      { value: 'valid', label: '有效' },
      { value: 'revoked', label: '已撤销' },
    ],
    width: 110,
  },
];

const CERT_COLUMNS: TableColumnsType<Item> = [
  { title: '证书编号', dataIndex: 'certNo', width: 150, fixed: 'left' },
  { title: '持证人', key: 'holder', width: 150, render: (_, r) => `${r.personName}（${r.personNo}）` },
  { title: '手机号', dataIndex: 'mobile', width: 120 },
  { title: '单位', dataIndex: 'organName', width: 180, render: (v: string) => v || '—' },
  { title: '培训', dataIndex: 'installTitle', width: 240 },
  { title: '学时', dataIndex: 'hours', width: 70, align: 'right' },
  { title: '发证日期', dataIndex: 'issuedAt', width: 110, render: (v: string) => day(v) },
  {
    title: '状态',
    key: 'status',
    width: 200,
    render: (_, r) =>
      r.revokedAt ? (
        <Space direction="vertical" size={0}>
          <Tag color="error">已撤销 {day(r.revokedAt)}</Tag>
          {r.revokeReason ? <Typography.Text type="secondary">原因：{r.revokeReason}</Typography.Text> : null}
        </Space>
      ) : (
        <Tag color="success">有效</Tag>
      ),
  },
  {
    title: '补发关联',
    key: 'links',
    width: 190,
    render: (_, r) => (
      <Space direction="vertical" size={0}>
        {r.replaces ? <span>补发自 {r.replaces}</span> : null}
        {r.replacedBy ? <span>已补发为 {r.replacedBy}</span> : null}
        {!r.replaces && !r.replacedBy ? '—' : null}
      </Space>
    ),
  },
  { title: '操作', key: 'actions', width: 130, fixed: 'right', render: (_, r) => <CertificateActions cert={r} /> },
];

function Certificates() {
  return (
    <DataList<Item> label="结业证书列表"
      list={AC.adminCertList}
      exportCall={AC.adminCertExport}
      exportName="结业证书"
      filters={CERT_FILTERS}
      columns={CERT_COLUMNS}
      rowKey="id"
      empty="没有符合条件的证书"
    />
  );
}

const RULE_FILTERS: FilterField[] = [
  { kind: 'text', name: 'title', label: '培训', placeholder: '培训名称' },
  { kind: 'select', name: 'year', label: '年度', options: YEARS, width: 120 },
];

function Rules() {
  const [editing, setEditing] = useState<Rule | null>(null);
  const columns: TableColumnsType<Rule> = [
    { title: '培训', dataIndex: 'title', width: 260, fixed: 'left' },
    { title: '年度', dataIndex: 'year', width: 80 },
    { title: '开始', dataIndex: 'startAt', width: 110, render: (v: string) => day(v) },
    { title: '结束', dataIndex: 'endAt', width: 110, render: (v: string) => day(v) },
    { title: '须修满学时', dataIndex: 'requiredHours', width: 110, align: 'right' },
    {
      title: '结业考试（及格分）',
      key: 'exam',
      width: 260,
      render: (_, r) => {
        const deciding = r.exams.filter((e) => e.decidesCompletion);
        return deciding.length ? deciding.map((e) => `${e.title}（${e.passScore}/${e.totalScore}分）`).join('；') : '无（只看学时）';
      },
    },
    { title: '已发有效证书', dataIndex: 'certificates', width: 120, align: 'right' },
    { title: '状态', dataIndex: 'started', width: 130, render: (s: boolean) => (s ? <Tag>已开始，不可修改</Tag> : <Tag color="success">未开始，可修改</Tag>) },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button size="small" onClick={() => setEditing(r)} aria-label={`${r.started ? '查看' : '修改'}发证规则 ${r.title}`}>
          {r.started ? '查看' : '修改'}
        </Button>
      ),
    },
  ];
  return (
    <>
      <DataList<Rule> label="发证规则列表" list={AC.adminCertRuleList} filters={RULE_FILTERS} columns={columns} rowKey="installId" empty="没有符合条件的培训" />
      {editing ? <RuleDrawer rule={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

export default function CertificatesPage() {
  const navigate = useNavigate();
  const rules = useLocation().pathname.replace(/\/$/, '').endsWith('/rules');
  return (
    <>
      <Typography.Title level={2}>证书管理</Typography.Title>
      <Tabs
        activeKey={rules ? 'rules' : 'certificates'}
        onChange={(k) => void navigate(k === 'rules' ? '/admin/certificates/rules' : '/admin/certificates')}
        items={[
          { key: 'certificates', label: '证书查询' },
          { key: 'rules', label: '发证规则' },
        ]}
      />
      <Routes>
        <Route index element={<Certificates />} />
        <Route path="rules" element={<Rules />} />
      </Routes>
    </>
  );
}
