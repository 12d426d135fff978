/**
 * 课程管理 (issue 26, "Courses and their media"), the training and the system administrator's: every
 * course by title or lecturer, category and status (drafts and offline ones too), exported from the
 * same query; new, edit, publish and take offline. A learner's pages show a change at once.
 */
import { Button, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Route, Routes, useNavigate } from 'react-router';
import type { adminCourses as AC } from '@portal/contract';
import { adminCourses } from '@portal/contract/refs';
import { call, CallError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { toast } from '../../../lib/toast.ts';
import { AdminList, type FilterField } from '../../AdminList.tsx';
import { formatDateTime } from '../../format.ts';
import { CourseEditor } from './CourseEditor.tsx';

type Row = AC.AdminCourseRow;
const STATUS_COLORS: Record<AC.CourseStatus, string> = { draft: 'default', published: 'success', offline: 'warning' };

export function StatusTag({ status }: { status: AC.CourseStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{adminCourses.COURSE_STATUS_LABELS[status]}</Tag>;
}

/** Publishes or takes offline the version the administrator sees; answers whether it was done. */
export async function switchStatus(c: { id: number; version: number; status: AC.CourseStatus }): Promise<boolean> {
  const publishing = c.status !== 'published';
  try {
    await call(publishing ? adminCourses.adminCoursePublish : adminCourses.adminCourseUnpublish, { body: { id: c.id, version: c.version } });
    toast('success', publishing ? '课程已发布，学员可在“课程分类”中看到' : '课程已下架，学员的学习记录和已获学时保留');
    return true;
  } catch (err) {
    if (err instanceof CallError && err.kind === 'business') toast('error', err.message);
    return false;
  }
}

function CourseList() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const opts = useCallQuery(adminCourses.adminCourseOptions, {}, { staleTime: 60_000 });
  const categoryOptions = (opts.data?.categories ?? []).flatMap((top) => [{ value: String(top.id), label: top.name }, ...top.children.map((c) => ({ value: String(c.id), label: `${top.name} / ${c.name}` }))]);
  const filters: FilterField[] = [
    { kind: 'text', name: 'keyword', label: '课程', placeholder: '课程名称或主讲人' },
    { kind: 'select', name: 'categoryId', label: '分类', options: categoryOptions, width: 220, search: true },
    { kind: 'select', name: 'status', label: '状态', options: Object.entries(adminCourses.COURSE_STATUS_LABELS).map(([value, label]) => ({ value, label })) },
  ];
  const refresh = () => client.invalidateQueries({ queryKey: callKey(adminCourses.adminCourseList) });
  const columns: TableColumnsType<Row> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    { title: '课程名称', dataIndex: 'title', render: (v: string, r) => <Link to={`/admin/courses/${r.id}`}>{v}</Link> },
    { title: '主讲人', dataIndex: 'lecturer', width: 100 },
    { title: '分类', dataIndex: 'categoryName', width: 130 },
    { title: '学时', dataIndex: 'creditHours', width: 60 },
    { title: '章节', dataIndex: 'chapterCount', width: 60 },
    { title: '学习/完成', key: 'learners', width: 100, render: (_, r) => `${r.learners} / ${r.completions}` },
    { title: '状态', dataIndex: 'status', width: 80, render: (v: AC.CourseStatus) => <StatusTag status={v} /> },
    { title: '发布时间', dataIndex: 'publishedAt', width: 150, render: (v: string, r) => (r.status === 'draft' ? '—' : formatDateTime(v).slice(0, 16)) },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Link className="ant-btn ant-btn-link" to={`/admin/courses/${r.id}`}>
            编辑
          </Link>
          <Button type="link" onClick={() =>
              void switchStatus(r).then(async (done) => {
                if (done) await refresh();
              })
            }>
            {r.status === 'published' ? '下架' : '发布'}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <AdminList<Row> label="课程列表"
      list={adminCourses.adminCourseList}
      exportCall={adminCourses.adminCourseExport}
      exportName="课程列表"
      filters={filters}
      columns={columns}
      rowKey="id"
      empty="没有符合条件的课程"
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/courses/new')}>
          新建课程
        </Button>
      }
    />
  );
}

export default function CoursesPage() {
  return (
    <div className="admin-courses">
      <Routes>
        <Route
          index
          element={
            <>
              <Typography.Title level={2}>课程管理</Typography.Title>
              <CourseList />
            </>
          }
        />
        <Route path="new" element={<CourseEditor />} />
        <Route path=":id" element={<CourseEditor />} />
      </Routes>
    </div>
  );
}
