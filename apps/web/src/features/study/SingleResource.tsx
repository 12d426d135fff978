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
import { LazyEmpty, LazyLoadError, StudyLoading, StudyWait } from './plain.tsx';
import { usePreview } from '../../app/preview.ts';
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
  /** The chapter's player or reader; `poster` is the course's cover (a video's picture before it plays). */
  children: (resource: catalogTypes.CourseResource, bridge: AnchorBridge, poster: string | undefined) => ReactNode;
}) {
  // The page's public part (app/preview.ts): the course as a visitor's, the chapter's place waiting.
  const preview = usePreview();
  // One query whose key moves from the visitor's to mine: the course as the server rendered it stays until mine is in.
  const course = useCallQuery(catalog.findCourseById, { query: { id: courseId } }, preview ? { asVisitor: true } : { staleTime: 0, keepPrevious: true });
  const data = course.data?.id === courseId ? course.data : undefined;
  const bridge = useAnchorBridge();
  const backLink = (
    <Link to={back.to} className="study-back">
      <LeftOutlined /> {back.label}
    </Link>
  );
  if (!preview && course.isError) {
    return (
      <Suspense fallback={<StudyLoading />}>
        <LazyLoadError error={course.error} retry={() => void course.refetch()} />
      </Suspense>
    );
  }
  if (!data) return <StudyLoading />;
  const resource = data.resources.find((r) => r.id === resourceId && r.kind === kind);
  const ready = !preview && !course.isPlaceholderData;
  if (!resource) {
    if (!ready) return <StudyLoading />;
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
        <p className="study-sub">{data.title}</p>
      </header>
      <div className="study-body">
        <div className="study-content">{ready ? children(resource, bridge, data.coverUrl || undefined) : <StudyWait kind={kind} poster={data.coverUrl || undefined} />}</div>
        <div className="study-side">{ready ? <CourseNotesLater courseId={data.id} resource={resource} bridge={bridge} /> : null}</div>
      </div>
    </div>
  );
}
