/**
 * /class/classcourse1: the courses of the class plan (searched, paged, kept in the address); remove a
 * course nobody in the class has studied; add courses from the category tree, a search or the
 * suggestions, as required or elective.
 */
import { useState } from 'react';
import { Button, Drawer, Input, List, Popconfirm, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { catalog as K } from '@portal/contract';
import { catalog, teacher } from '@portal/contract/refs';
import { call, showError } from '../../../api/client.ts';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { LoadError } from '../../../features/learning/ListState.tsx';
import { formatDate } from '../../../features/learning/format.ts';
import { ClassPicker, useClassChoice } from '../../../features/teacher/ClassPicker.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUrlFilters } from '../../../lib/urlFilters.ts';
import { deskTable } from '../../../features/teacher/tableLayout.ts';
import '../../../features/teacher/teacher.css';
import { TableRegion } from '../../../features/content/TableRegion.tsx';

const DEFAULTS = { keyword: '', pageNum: 1, pageSize: 20 };

function AddCourses({ classId, onClose }: { classId: number; onClose: () => void }) {
  const [keyword, setKeyword] = useState('');
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const [pageNum, setPageNum] = useState(1);
  const client = useQueryClient();
  const tree = useCallQuery(catalog.findCourseCategory, {});
  const found = useCallQuery(catalog.findCourseByPage, { query: { keyword: keyword || undefined, categoryId, sort: 'popular', pageNum, pageSize: 10 } }, { keepPrevious: true });
  const liked = useCallQuery(catalog.guessYouLike, { query: { size: 6 } });
  const add = useMutation({
    mutationFn: (v: { courseId: number; required: boolean }) => call(teacher.addPersonCourse, { body: { classId, ...v } }),
    onSuccess: (c) => {
      toast('success', `已将“${c.title}”加入班级计划（${c.required ? '必修' : '选修'}）`);
      void client.invalidateQueries({ queryKey: [teacher.findClassCourse.name] });
      void client.invalidateQueries({ queryKey: [teacher.findClassPlan.name] });
    },
    onError: (err) => showError(err, 'warning'),
  });
  const actions = (c: K.CourseCard) => [
    <Button key="r" size="small" type="primary" onClick={() => add.mutate({ courseId: c.id, required: true })}>
      加入必修
    </Button>,
    <Button key="e" size="small" onClick={() => add.mutate({ courseId: c.id, required: false })}>
      加入选修
    </Button>,
  ];
  const item = (c: K.CourseCard) => (
    <List.Item actions={actions(c)}>
      <List.Item.Meta title={c.title} description={`${c.lecturer} · ${c.categoryName} · ${c.creditHours}学时`} />
    </List.Item>
  );
  const categoryOptions = (tree.data ?? []).flatMap((top) => [{ value: top.id, label: `${top.name}（${top.courseCount}）` }, ...top.children.map((c) => ({ value: c.id, label: `└ ${c.name}（${c.courseCount}）` }))]);
  return (
    <Drawer open title="添加课程" width={720} onClose={onClose}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select aria-label="课程分类" allowClear placeholder="全部分类" style={{ width: 220 }} loading={tree.isPending} value={categoryId} options={categoryOptions} onChange={(v: number | undefined) => { setCategoryId(v); setPageNum(1); }} />
        <Input.Search aria-label="搜索课程" placeholder="课程名称或主讲人" allowClear onSearch={(v) => { setKeyword(v); setPageNum(1); }} style={{ width: 260 }} />
      </Space>
      <List
        loading={found.isFetching}
        dataSource={found.data?.list ?? []}
        locale={{ emptyText: '没有找到课程' }}
        renderItem={item}
        pagination={{ current: pageNum, pageSize: 10, total: found.data?.total ?? 0, onChange: setPageNum, size: 'small' }}
      />
      <h3>猜你喜欢</h3>
      <List loading={liked.isPending} dataSource={liked.data ?? []} locale={{ emptyText: '暂无推荐' }} renderItem={item} />
    </Drawer>
  );
}

export default function ClassCoursesPage() {
  const choice = useClassChoice();
  const [f, set] = useUrlFilters(DEFAULTS);
  const [adding, setAdding] = useState(false);
  const classId = choice.chosen?.id ?? 0;
  const client = useQueryClient();
  const q = useCallQuery(teacher.findClassCourse, { query: { classId, keyword: f.keyword || undefined, pageNum: f.pageNum, pageSize: f.pageSize } }, { enabled: classId > 0, keepPrevious: true, staleTime: 0 });
  const remove = useMutation({
    mutationFn: (courseId: number) => call(teacher.deleteClassCourse, { query: { classId, courseId } }),
    onSuccess: () => {
      toast('success', '已移出班级计划');
      void client.invalidateQueries({ queryKey: [teacher.findClassCourse.name] });
      void client.invalidateQueries({ queryKey: [teacher.findClassPlan.name] });
    },
    onError: (err) => showError(err, 'warning'),
  });
  if (choice.classes.isError) return <LoadError error={choice.classes.error} retry={() => void choice.classes.refetch()} />;
  return (
    <div className="teacher-page">
      <div className="teacher-toolbar">
        <ClassPicker choice={choice} />
        <Input.Search aria-label="搜索班级课程" placeholder="课程名称" allowClear defaultValue={f.keyword} onSearch={(keyword) => set({ keyword })} style={{ width: 220 }} />
        <Button type="primary" disabled={!classId} onClick={() => setAdding(true)}>
          添加课程
        </Button>
      </div>
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : (
        <TableRegion label="班级课程">
          <Table
            rowKey="courseId"
            loading={q.isFetching || choice.classes.isPending}
            dataSource={q.data?.list ?? []}
            locale={{ emptyText: f.keyword ? '没有符合条件的课程' : '班级学习计划中还没有课程，点击“添加课程”' }}
            pagination={{ current: f.pageNum, pageSize: f.pageSize, total: q.data?.total ?? 0, onChange: (pageNum, pageSize) => set({ pageNum, pageSize }), showTotal: (n) => `共${n}门课程` }}
            {...deskTable<NonNullable<typeof q.data>['list'][number]>(
              [
                { title: '课程', dataIndex: 'title', width: 260 },
                { title: '主讲人', dataIndex: 'lecturer', width: 100 },
                { title: '分类', dataIndex: 'categoryName', width: 140 },
                { title: '学时', dataIndex: 'creditHours', width: 70, align: 'right' },
                { title: '类型', dataIndex: 'required', width: 80, render: (r: boolean) => (r ? <Tag color="red">必修</Tag> : <Tag>选修</Tag>) },
                { title: '已开始学习', dataIndex: 'started', width: 100, align: 'right', render: (n: number) => `${n}人` },
                { title: '加入日期', dataIndex: 'addedAt', width: 110, render: (d: string) => formatDate(d) },
                {
                  title: '操作',
                  key: 'action',
                  width: 90,
                  render: (_: unknown, c) =>
                    c.started > 0 ? (
                      <Tooltip title="已有学员学习该课程，不能移出">
                        <Button size="small" disabled>
                          移出
                        </Button>
                      </Tooltip>
                    ) : (
                      <Popconfirm title={`将“${c.title}”移出班级计划？`} okText="移出" cancelText="取消" onConfirm={() => remove.mutateAsync(c.courseId)}>
                        <Button size="small" danger>
                          移出
                        </Button>
                      </Popconfirm>
                    ),
                },
              ],
              { name: 'title' },
            )}
          />
        </TableRegion>
      )}
      {adding ? <AddCourses classId={classId} onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
