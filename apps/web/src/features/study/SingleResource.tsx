/**
 * One chapter on its own (a topic's reading material, a live lesson's replay) with a way back, and
 * beside it "my notes" of its course, as on /study: the player (or reader) the children render is
 * given the bridge through which 记笔记 takes its position and a note goes back to it.
 */
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LeftOutlined } from '@ant-design/icons';
import type { catalog as catalogTypes } from '@portal/contract';
import { catalog } from '@portal/contract/refs';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { useAnchorBridge, type AnchorBridge } from '../notes/anchor.ts';
import { CourseNotesLater } from './later.tsx';
import { LazyEmpty, LazyLoadError, StudyLoading } from './plain.tsx';
import '../learning/learning.css';

export function SingleResource({
  courseId,
  resourceId,
  kind,
  back,
  children,
}: {
  courseId: number;
  resourceId: number;
  kind: catalogTypes.ResourceKind;
  back: { to: string; label: string };
  children: (resource: catalogTypes.CourseResource, bridge: AnchorBridge) => ReactNode;
}) {
  const course = useCallQuery(catalog.findCourseById, { query: { id: courseId } }, { staleTime: 0 });
  const bridge = useAnchorBridge();
  const backLink = (
    <Link to={back.to} className="study-back">
      <LeftOutlined /> {back.label}
    </Link>
  );
  if (course.isPending) return <StudyLoading />;
  if (course.isError) {
    return (
      <Suspense fallback={<StudyLoading />}>
        <LazyLoadError error={course.error} retry={() => void course.refetch()} />
      </Suspense>
    );
  }
  const resource = course.data.resources.find((r) => r.id === resourceId && r.kind === kind);
  if (!resource) {
    return (
      <>
        {backLink}
        <Suspense fallback={null}>
          <LazyEmpty description="该学习资料不存在" />
        </Suspense>
      </>
    );
  }
  return (
    <div className="study-layout">
      {backLink}
      <header className="study-head">
        <h1 className="page-title">{resource.title}</h1>
        <p className="study-sub">{course.data.title}</p>
      </header>
      <div className="study-body">
        <div className="study-content">{children(resource, bridge)}</div>
        <div className="study-side">
          <CourseNotesLater courseId={course.data.id} resource={resource} bridge={bridge} />
        </div>
      </div>
    </div>
  );
}
