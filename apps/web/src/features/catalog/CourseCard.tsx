/**
 * A course card: cover, title, lecturer, credit hours, popularity; for a learner the progress bar and
 * 加入我的课程 / 已加入. The card opens /study?courseId= (the study page's agreed address).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { catalog } from '@portal/contract';
import { formatCount, formatHours } from '../content/format.ts';
import { useAddCourse, useIsLearner } from './useAddCourse.ts';
import { Cover } from './Cover.tsx';

export const studyPathOf = (courseId: number) => `/study?courseId=${courseId}`;

function Progress({ value }: { value: number }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="course-progress">
      <div className="course-progress-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label="学习进度">
        <span style={{ width: `${pct}%` }} />
      </div>
      <span className="course-progress-text">已学 {pct}%</span>
    </div>
  );
}

function AddButton({ course }: { course: catalog.CourseCard }) {
  const add = useAddCourse();
  const [added, setAdded] = useState(false);
  if (course.added || added) {
    return (
      <span className="course-added" aria-label={`${course.title} 已加入我的课程`}>
        已加入
      </span>
    );
  }
  return (
    <button
      type="button"
      className="course-add"
      disabled={add.isPending}
      aria-label={`加入我的课程：${course.title}`}
      onClick={() => add.mutate(course.id, { onSuccess: () => setAdded(true) })}
    >
      {add.isPending ? '正在加入…' : '加入我的课程'}
    </button>
  );
}

export function CourseCard({ course, required, eager = false }: { course: catalog.CourseCard; required?: boolean; eager?: boolean }) {
  const learner = useIsLearner();
  return (
    <article className="course-card">
      <Link to={studyPathOf(course.id)} className="course-cover-link" tabIndex={-1} aria-hidden="true">
        <Cover className="course-cover" url={course.coverUrl} title={course.title} width={480} height={270} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      </Link>
      <div className="course-body">
        <h3 className="course-title">
          <Link to={studyPathOf(course.id)}>{course.title}</Link>
        </h3>
        <p className="course-lecturer">
          {course.lecturer}
          {course.lecturerTitle ? <span className="course-lecturer-title"> · {course.lecturerTitle}</span> : null}
        </p>
        <p className="course-meta">
          {required === undefined ? null : <span className={required ? 'tag tag-required' : 'tag'}>{required ? '必修' : '选修'}</span>}
          <span>{formatHours(course.creditHours)} 学时</span>
          <span>{formatCount(course.popularity)} 人学习</span>
        </p>
        {learner ? (
          <div className="course-learner">
            {course.progress !== null ? <Progress value={course.progress} /> : <span className="course-progress-text">尚未开始</span>}
            <AddButton course={course} />
          </div>
        ) : null}
      </div>
    </article>
  );
}

export function CourseGrid({ courses, requiredOf, eagerFirst = 0 }: { courses: catalog.CourseCard[]; requiredOf?: (id: number) => boolean; eagerFirst?: number }) {
  return (
    <ul className="course-grid">
      {courses.map((c, i) => (
        <li key={c.id}>
          <CourseCard course={c} required={requiredOf?.(c.id)} eager={i < eagerFirst} />
        </li>
      ))}
    </ul>
  );
}
