/** /class/teacherinfo: my profile and my classes at a glance. */
import { Link } from 'react-router';
import { Card, Descriptions, Progress, Space, Table, Tag } from 'antd';
import { teacher, work } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { formatDate } from '../../../features/learning/format.ts';
import { deskTable } from '../../../features/teacher/tableLayout.ts';
import '../../../features/teacher/teacher.css';
import { TableRegion } from '../../../features/content/TableRegion.tsx';

export default function TeacherInfoPage() {
  const q = useCallQuery(teacher.findPersonalInfo, {}, { staleTime: 0 });
  // Pending reviews come from the homework module; the table shows them once they arrive.
  const pending = useCallQuery(work.findWorkPending, {}, { staleTime: 0 });
  const pendingOf = (classId: number) => pending.data?.find((p) => p.classId === classId);
  return (
    <div className="teacher-page">
      <QueryState query={q} empty="">
        {(info) => (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Card title="我的信息">
              <Descriptions column={{ xs: 1, sm: 2 }}>
                <Descriptions.Item label="姓名">{info.personName}</Descriptions.Item>
                <Descriptions.Item label="工号">{info.personNo}</Descriptions.Item>
                <Descriptions.Item label="手机号">{info.mobile}</Descriptions.Item>
                <Descriptions.Item label="职级">{info.positionLevelName || '—'}</Descriptions.Item>
                <Descriptions.Item label="工作单位">{info.organName || '—'}</Descriptions.Item>
              </Descriptions>
            </Card>
            <Card title={`我负责的班级（${info.classes.length}个）`}>
              <TableRegion label="我负责的班级">
                <Table
                  rowKey="id"
                  dataSource={info.classes}
                  pagination={false}
                  locale={{ emptyText: '您还没有负责的班级，请联系学院教务处' }}
                  {...deskTable<(typeof info.classes)[number]>(
                    [
                      {
                        title: '班级',
                        dataIndex: 'name',
                        width: 260,
                        render: (name: string, c) => (
                          <>
                            <Link to={`/class/classstatistics1?classId=${c.id}`}>{name}</Link>
                            <div className="teacher-muted">
                              {formatDate(c.startAt)} 至 {formatDate(c.endAt)} · 应完成{c.requiredHours}学时
                            </div>
                          </>
                        ),
                      },
                      { title: '学员', dataIndex: 'memberCount', render: (n: number, c) => <Link to={`/class/myclass1?classId=${c.id}`}>{n}人</Link> },
                      { title: '平均完成度', dataIndex: 'averageCompletion', width: 180, render: (p: number, c) => <Progress percent={p} size="small" aria-label={`${c.name} 平均完成度`} /> },
                      {
                        title: '落后或未开始',
                        dataIndex: 'behindCount',
                        render: (n: number, c) => (n > 0 ? <Link to={`/class/classstatistics1?classId=${c.id}&state=behind`}><Tag color="warning">{n}人</Tag></Link> : <Tag color="success">无</Tag>),
                      },
                      {
                        title: '待批阅作业',
                        key: 'homework',
                        render: (_v, c) => {
                          const n = pendingOf(c.id)?.homework;
                          if (n === undefined) return '—';
                          return n > 0 ? <Link to={`/class/work?classId=${c.id}`}><Tag color="warning">{n}份</Tag></Link> : <Tag color="success">无</Tag>;
                        },
                      },
                      {
                        title: '待审核实践报告',
                        key: 'practice',
                        render: (_v, c) => {
                          const n = pendingOf(c.id)?.practice;
                          if (n === undefined) return '—';
                          return n > 0 ? <Link to={`/class/practice?classId=${c.id}&state=pending`}><Tag color="warning">{n}份</Tag></Link> : <Tag color="success">无</Tag>;
                        },
                      },
                      { title: '消息未读', dataIndex: 'unreadCount', render: (n: number, c) => <Link to={`/class/message1?classId=${c.id}`}>{n}人次</Link> },
                      { title: '班主任', dataIndex: 'teachers', render: (t: string[]) => t.join('、') },
                    ],
                    { name: 'name' },
                  )}
                />
              </TableRegion>
            </Card>
          </Space>
        )}
      </QueryState>
    </div>
  );
}
