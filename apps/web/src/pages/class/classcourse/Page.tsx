/**
 * /class/classcourse: the class plan — its period, requirement, and its required and elective courses.
 * The requirement (hours of any course completed in the period, studyRuleOf) and the required
 * courses' hours are different figures: the page says what each counts and how they meet.
 */
import { Link } from 'react-router';
import { Button, Card, Descriptions } from 'antd';
import { teacher } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { LoadError, QueryState } from '../../../features/learning/ListState.tsx';
import { formatDate } from '../../../features/learning/format.ts';
import { ClassPicker, useClassChoice } from '../../../features/teacher/ClassPicker.tsx';
import '../../../features/teacher/teacher.css';

/** The two figures side by side: the class's requirement and what its required courses carry. */
function requiredVsPlan(required: number, requiredCourses: number): string {
  if (requiredCourses >= required) return `学完必修课程即达到应完成的${required}学时`;
  return `学完必修课程后，还需选学${Math.round((required - requiredCourses) * 10) / 10}学时`;
}

export default function ClassPlanPage() {
  const choice = useClassChoice();
  const classId = choice.chosen?.id ?? 0;
  const q = useCallQuery(teacher.findClassPlan, { query: { classId } }, { enabled: classId > 0, staleTime: 0 });
  if (choice.classes.isError) return <LoadError error={choice.classes.error} retry={() => void choice.classes.refetch()} />;
  return (
    <div className="teacher-page">
      <div className="teacher-toolbar">
        <ClassPicker choice={choice} />
      </div>
      <QueryState query={q} empty="">
        {(p) => (
          <Card
            title={p.cls.name}
            extra={
              <Link to={`/class/classcourse1?classId=${classId}`}>
                <Button type="primary">管理班级课程</Button>
              </Link>
            }
          >
            <Descriptions column={{ xs: 1, md: 2 }} bordered>
              <Descriptions.Item label="所属培训">{p.cls.installTitle ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="学习期">
                {formatDate(p.cls.startAt)} 至 {formatDate(p.cls.endAt)}
              </Descriptions.Item>
              <Descriptions.Item label="应完成学时">
                {p.cls.requiredHours}学时
                <div className="teacher-muted">学习期内完成课程的学时合计，必修、选修和班级计划以外的课程都计入</div>
              </Descriptions.Item>
              <Descriptions.Item label="学员">{p.cls.memberCount}人</Descriptions.Item>
              <Descriptions.Item label="必修课程">
                {p.requiredCourses}门，共{p.requiredCourseHours}学时
                <div className="teacher-muted">{requiredVsPlan(p.cls.requiredHours, p.requiredCourseHours)}</div>
              </Descriptions.Item>
              <Descriptions.Item label="选修课程">
                {p.electiveCourses}门，共{p.electiveCourseHours}学时
              </Descriptions.Item>
            </Descriptions>
          </Card>
        )}
      </QueryState>
    </div>
  );
}
