/**
 * 内容管理 (/admin/content/<kind>): a tab per kind of content (news, notices, downloads, FAQ, the
 * carousel, the about page, friendly links); each a searchable paged list of the kind's items with
 * their state, and the actions on a row — edit in a drawer, publish, take offline, pin, order,
 * delete. Every action names the version the list showed; another administrator's newer change is
 * refused with the server's message and the list reloads.
 */
import { useState } from 'react';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { Button, InputNumber, Popconfirm, Popover, Space, Tabs, Tag, Typography, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { adminContent } from '@portal/contract/refs';
import type { adminContent as AC } from '@portal/contract';
import { call, showError } from '../../../api/client.ts';
import { callKey } from '../../../api/useCallQuery.ts';
import { formatDateTime } from '../../../features/content/format.ts';
import { DataList, type FilterField } from '../../../ui/list/DataList.tsx';
import { RowActions } from '../../../ui/list/RowActions.tsx';
import { ItemEditor } from './ItemEditor.tsx';
import './content.css';

type Kind = AC.ContentKind;
type Row = AC.ContentRow;

const FILTERS: FilterField[] = [
  { kind: 'text', name: 'keyword', label: '关键词', placeholder: '标题或正文中的文字', width: 220 },
  { kind: 'select', name: 'status', label: '状态', options: adminContent.CONTENT_STATUSES.map((s) => ({ value: s, label: adminContent.CONTENT_STATUS_LABELS[s] })) },
];

const STATUS_COLORS: Record<AC.ContentStatus, string | undefined> = { draft: undefined, published: 'success', scheduled: 'processing', offline: 'default' };

function ContentActions({ row, onEdit }: { row: Row; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<number | null>(row.sort);
  const target = { kind: row.kind, id: row.id, version: row.version };
  async function act(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      void message.success(done);
    } catch (err) {
      // Another administrator's newer change (409) says so; the list reloads below with the version now in force.
      showError(err);
    } finally {
      queryClient.removeQueries({ queryKey: callKey(adminContent.adminContentGet) });
      await queryClient.invalidateQueries({ queryKey: callKey(adminContent.adminContentList) });
    }
  }
  const live = row.status === 'published' || row.status === 'scheduled';
  const weighted = adminContent.WEIGHTED_KINDS.includes(row.kind);
  return (
    <RowActions label={row.title}>
      <Button type="link" size="small" onClick={onEdit} aria-label={`编辑 ${row.title}`}>
        编辑
      </Button>
      {live ? (
        <Button type="link" size="small" aria-label={`下线 ${row.title}`} onClick={() => void act(() => call(adminContent.adminContentUnpublish, { body: target }), '已下线')}>
          下线
        </Button>
      ) : (
        <Button type="link" size="small" aria-label={`发布 ${row.title}`} onClick={() => void act(() => call(adminContent.adminContentPublish, { body: target }), '已发布')}>
          发布
        </Button>
      )}
      {adminContent.PINNABLE_KINDS.includes(row.kind) ? (
        <Button
          type="link"
          size="small"
          aria-label={`${row.pinned ? '取消置顶' : '置顶'} ${row.title}`}
          onClick={() => void act(() => call(adminContent.adminContentArrange, { body: { ...target, pinned: !row.pinned } }), row.pinned ? '已取消置顶' : '已置顶')}
        >
          {row.pinned ? '取消置顶' : '置顶'}
        </Button>
      ) : null}
      <Popover
        trigger="click"
        title={weighted ? '排序权重（数字大的在前）' : '显示顺序（数字小的在前）'}
        content={
          <Space>
            <InputNumber aria-label="排序" min={-9999} max={9999} value={sort} onChange={(v) => setSort(v)} />
            <Button size="small" type="primary" disabled={sort === null} onClick={() => void act(() => call(adminContent.adminContentArrange, { body: { ...target, sort: sort ?? 0 } }), '已调整顺序')}>
              确定
            </Button>
          </Space>
        }
      >
        <Button type="link" size="small" aria-label={`排序 ${row.title}`}>
          排序
        </Button>
      </Popover>
      <Popconfirm title={`删除“${row.title}”？`} description="删除后不可恢复。" okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => act(() => call(adminContent.adminContentDelete, { body: target }), '已删除')}>
        <Button type="link" size="small" danger aria-label={`删除 ${row.title}`}>
          删除
        </Button>
      </Popconfirm>
    </RowActions>
  );
}

function KindPanel({ kind }: { kind: Kind }) {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const columns: TableColumnsType<Row> = [
    {
      title: adminContent.CONTENT_KIND_LABELS[kind] === '常见问题' ? '问题' : '标题',
      dataIndex: 'title',
      width: 300,
      ellipsis: true,
      render: (title: string, r: Row) => (
        <Space size={4}>
          {r.pinned ? <Tag color="red">置顶</Tag> : null}
          <span>{title}</span>
        </Space>
      ),
    },
    { title: kind === 'link' ? '网址' : kind === 'news' ? '来源' : '分类', dataIndex: 'note', width: 120, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: AC.ContentStatus) => <Tag color={STATUS_COLORS[s]}>{adminContent.CONTENT_STATUS_LABELS[s]}</Tag>,
    },
    {
      title: '发布时间',
      dataIndex: 'publishedAt',
      width: 150,
      render: (v: string, r: Row) => (r.status === 'draft' ? <span aria-label="未发布">—</span> : formatDateTime(v)),
    },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '操作', key: 'actions', fixed: 'right', render: (_: unknown, r: Row) => <ContentActions row={r} onEdit={() => setEditing(r.id)} /> },
  ];
  return (
    <>
      <DataList<Row> label="内容列表"
        list={adminContent.adminContentList}
        fixed={{ kind }}
        filters={FILTERS}
        columns={columns}
        rowKey="id"
        empty="还没有内容"
        toolbar={
          <Button type="primary" onClick={() => setEditing('new')}>
            新建{adminContent.CONTENT_KIND_LABELS[kind]}
          </Button>
        }
      />
      {editing !== null ? <ItemEditor kind={kind} id={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function Tabbed() {
  const { kind } = useParams();
  const navigate = useNavigate();
  if (!adminContent.CONTENT_KINDS.includes(kind as Kind)) return <Navigate to="../news" replace />;
  return (
    <Tabs
      activeKey={kind}
      onChange={(k) => navigate(`../${k}`)}
      destroyOnHidden
      items={adminContent.CONTENT_KINDS.map((k) => ({ key: k, label: adminContent.CONTENT_KIND_LABELS[k], children: <KindPanel kind={k} /> }))}
    />
  );
}

export default function ContentPage() {
  return (
    <>
      <Typography.Title level={2}>内容管理</Typography.Title>
      <Routes>
        <Route index element={<Navigate to="news" replace />} />
        <Route path=":kind" element={<Tabbed />} />
      </Routes>
    </>
  );
}

