/** /class/myclass: the classes I teach, each with its roster, statistics and messages one click away. */
import { Link } from 'react-router';
import { Card, Col, Progress, Row, Space, Tag } from 'antd';
import { teacher } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { formatDate } from '../../../features/learning/format.ts';
import '../../../features/teacher/teacher.css';

export default function MyClassesPage() {
  const q = useCallQuery(teacher.findClass, {}, { staleTime: 0 });
  return (
    <div className="teacher-page">
      <QueryState query={q} empty="您还没有负责的班级，请联系学院教务处" isEmpty={(d) => d.length === 0}>
        {(classes) => (
          <Row gutter={[16, 16]}>
            {classes.map((c) => (
              <Col key={c.id} xs={24} md={12}>
                <Card title={c.name}>
                  <p className="teacher-muted">
                    {c.installTitle ? `${c.installTitle} · ` : ''}
                    {formatDate(c.startAt)} 至 {formatDate(c.endAt)} · 应完成{c.requiredHours}学时 · 班主任：{c.teachers.join('、')}
                  </p>
                  <p>
                    学员 {c.memberCount}人 · 落后或未开始 <Tag color={c.behindCount ? 'warning' : 'success'}>{c.behindCount}人</Tag>
                  </p>
                  <Progress percent={c.averageCompletion} aria-label={`${c.name} 平均完成度`} />
                  <Space wrap style={{ marginTop: 8 }}>
                    <Link to={`/class/myclass1?classId=${c.id}`}>班级学员</Link>
                    <Link to={`/class/classstatistics?classId=${c.id}`}>班级统计</Link>
                    <Link to={`/class/classcourse?classId=${c.id}`}>班级计划</Link>
                    <Link to={`/class/message1?classId=${c.id}`}>发送消息</Link>
                  </Space>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </QueryState>
    </div>
  );
}
