/**
 * The study page of a course: its chapters with my state in each, and the chosen chapter's player
 * (video, PDF or live). Without a resourceId the first incomplete chapter opens; a chapter of another
 * kind moves to its own page (/studypdf, /studylive).
 */
import { Suspense, useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FilePdfOutlined, PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { catalog as catalogTypes, learning as learningTypes } from '@portal/contract';
import { catalog, learning } from '@portal/contract/refs';
import { idFrom } from '../learning/query.ts';
import { formatDuration, percentOf } from '../learning/format.ts';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { KIND_LABELS, studyHref } from './links.ts';
import { LiveStudy } from './LiveStudy.tsx';
import { PdfStudy } from './PdfStudy.tsx';
import { reportSender } from './sender.ts';
import { VideoStudy } from './VideoStudy.tsx';
import { useAnchorBridge } from '../notes/anchor.ts';
import { lazyAntd } from '../../app/lazyAntd.tsx';
import { CourseFeedbackLater, CourseNotesLater } from './later.tsx';
import { LazyEmpty, LazyLoadError, Notice, StudyLoading, StudyWait, Tag } from './plain.tsx';
import { usePreview } from '../../app/preview.ts';
import '../learning/learning.css';

// The topic's path in the completion notice (a topic's learner, once the course is done) uses antd's Button.
const TopicPath = lazyAntd<{ installId: number }>(() => import('../learning/TopicPath.tsx').then((m) => ({ default: m.TopicPath })));

type Kind = catalogTypes.ResourceKind;
type Progress = learningTypes.ResourceProgress;
type TagColor = 'success' | 'processing';

const KIND_ICONS: Record<Kind, React.ReactNode> = { video: <PlayCircleOutlined />, pdf: <FilePdfOutlined />, live: <VideoCameraOutlined /> };

function chapterState(p: Progress | undefined): { text: string; color?: TagColor } {
  if (!p) return { text: '未开始' };
  if (p.completedAt) return { text: '已完成', color: 'success' };
  if (p.learnedSeconds > 0) return { text: `已学${percentOf(p.learnedSeconds, p.requiredSeconds)}%`, color: 'processing' };
  return { text: '未开始' };
}

export function CourseStudy({ courseId, resourceId, kind }: { courseId: number; resourceId: number | null; kind: Kind }) {
  // While the page shows its public part (on the server, while the login is checked) the course is
  // asked for as a visitor and nothing personal is (app/preview.ts); the chapters wait for my progress.
  const preview = usePreview();
  // One query whose key moves from the visitor's to mine: the course as the server rendered it stays
  // on the page (keepPrevious) until mine is in.
  const course = useCallQuery(catalog.findCourseById, { query: { id: courseId } }, preview ? { asVisitor: true } : { staleTime: 0, keepPrevious: true });
  const progress = useCallQuery(learning.findProgress, { query: { courseId } }, { staleTime: 0, enabled: !preview });
  const client = useQueryClient();
  const bridge = useAnchorBridge();
  // The topic the learner came from (its path's study button): the completion notice shows that topic's next step.
  const [params] = useSearchParams();
  const installId = idFrom(params.get('installId'));
  // A moment of the chapter named in the address (a note's position, in seconds).
  const t = params.get('t');
  const startAt = t !== null && /^\d+$/.test(t) ? Number(t) : null;

  // Chapter states follow the reports' answers.
  useEffect(() => {
    if (preview) return;
    return reportSender().onResult((result) => {
      if (course.data?.resources.some((r) => r.id === result.progress.resourceId)) {
        void client.invalidateQueries({ queryKey: [learning.findProgress.name] });
      }
    });
  }, [client, course.data, preview]);

  if (!preview && (course.isError || progress.isError)) {
    const failed = course.isError ? course : progress;
    return (
      <Suspense fallback={<StudyLoading />}>
        <LazyLoadError error={failed.error} retry={() => void failed.refetch()} />
      </Suspense>
    );
  }
  // Another course's answer (kept while this one loads) is not shown.
  const c = course.data?.id === courseId ? course.data : undefined;
  if (!c) return <StudyLoading />;
  const mine = !preview && !course.isPlaceholderData && progress.data ? progress.data : null;
  const byResource = new Map((mine?.resources ?? []).map((p) => [p.resourceId, p]));
  // Without a chapter in the address the first one I have not completed opens: known with my progress.
  const chosen = resourceId !== null ? c.resources.find((r) => r.id === resourceId) : mine ? (c.resources.find((r) => !byResource.get(r.id)?.completedAt) ?? c.resources[0]) : undefined;

  if (mine && c.resources.length === 0) {
    return (
      <>
        <h1 className="page-title">{c.title}</h1>
        <Suspense fallback={null}>
          <LazyEmpty description="本课程暂无章节" />
        </Suspense>
      </>
    );
  }
  if (mine && !chosen) {
    return (
      <>
        <h1 className="page-title">{c.title}</h1>
        <Suspense fallback={null}>
          <LazyEmpty description="该章节不存在">
            <Link to={studyHref(c.resources[0]!.kind, c.id)}>从第一章开始学习</Link>
          </LazyEmpty>
        </Suspense>
      </>
    );
  }
  if (mine && chosen && chosen.kind !== kind) return <Navigate replace to={studyHref(chosen.kind, c.id, chosen.id)} />;

  const next = chosen ? c.resources[c.resources.indexOf(chosen) + 1] : undefined;
  const poster = c.coverUrl || undefined;
  const courseDone = mine !== null && mine.completedAt !== null;

  return (
    <div className="study-layout">
      <header className="study-head">
        <h1 className="page-title">{c.title}</h1>
        <p className="study-sub">
          {c.lecturer} {c.lecturerTitle} · {c.creditHours}学时 · {c.categoryName}
          {courseDone ? <Tag color="success" className="study-done-tag">课程已完成</Tag> : null}
        </p>
        {c.description ? <p className="study-desc">{c.description}</p> : null}
      </header>
      <div className="study-body">
        <div className="study-content">
          <h2 className="study-chapter-title">{chosen ? `${KIND_LABELS[chosen.kind]} · ${chosen.title}` : KIND_LABELS[kind]}</h2>
          {!mine || !chosen ? <StudyWait kind={kind} poster={poster} /> : null}
          {mine && chosen?.kind === 'video' ? <VideoStudy key={chosen.id} resourceId={chosen.id} title={chosen.title} bridge={bridge} startAt={chosen.id === resourceId ? startAt : null} poster={poster} /> : null}
          {mine && chosen?.kind === 'pdf' ? <PdfStudy key={chosen.id} resourceId={chosen.id} title={chosen.title} bridge={bridge} /> : null}
          {mine && chosen?.kind === 'live' ? <LiveStudy key={chosen.id} resourceId={chosen.id} title={chosen.title} courseId={c.id} poster={poster} /> : null}
          {courseDone ? (
            <Notice
              className="study-done"
              type="success"
              role="status"
              title={`恭喜，本课程已完成，获得${c.creditHours}学时`}
              description={
                installId ? (
                  <Suspense fallback={null}>
                    <TopicPath installId={installId} />
                  </Suspense>
                ) : null
              }
            />
          ) : null}
          {next ? (
            <p className="study-next">
              <Link to={studyHref(next.kind, c.id, next.id)} className="st-btn">
                下一章：{next.title}
              </Link>
            </p>
          ) : null}
        </div>
        <div className="study-side">
          <nav className="study-chapters" aria-label="课程章节">
            <h2 className="study-chapters-title">课程章节</h2>
            <ol>
              {c.resources.map((r) => {
                const state = mine ? chapterState(byResource.get(r.id)) : null;
                const current = r.id === chosen?.id;
                return (
                  <li key={r.id} className={current ? 'study-chapter study-chapter-current' : 'study-chapter'}>
                    <Link to={studyHref(r.kind, c.id, r.id)} aria-current={current ? 'page' : undefined}>
                      <span className="study-chapter-icon" aria-hidden="true">
                        {KIND_ICONS[r.kind]}
                      </span>
                      <span className="study-chapter-name">{r.title}</span>
                    </Link>
                    <span className="study-chapter-meta">
                      {KIND_LABELS[r.kind]}
                      {r.kind === 'video' && r.durationSeconds ? ` · ${formatDuration(r.durationSeconds)}` : ''}
                      {r.kind === 'pdf' && r.pages ? ` · ${r.pages}页` : ''}
                      {state ? (
                        <Tag color={state.color} className="study-chapter-state">
                          {state.text}
                        </Tag>
                      ) : null}
                    </span>
                  </li>
                );
              })}
            </ol>
          </nav>
          {mine && chosen ? <CourseNotesLater courseId={c.id} resource={chosen} bridge={bridge} /> : null}
        </div>
        {/* After the chapters and notes in the page's order: on a phone they come right after the video, the comments last. */}
        {mine ? <CourseFeedbackLater courseId={c.id} /> : null}
      </div>
    </div>
  );
}

/** /study (and friends) without a course: where to find one. */
export function NoCourse({ title }: { title: string }) {
  // The public part of a page without a course is its title: where to find one is a learner's answer.
  const preview = usePreview();
  return (
    <div className="page-container">
      <h1 className="page-title">{title}</h1>
      {preview ? null : (
        <Suspense fallback={null}>
          <LazyEmpty description="请先选择要学习的课程">
            <Link to="/learningClassroom/ongoingcourses">我的在学课程</Link>
            <span className="lc-gap" />
            <Link to="/course">浏览课程分类</Link>
          </LazyEmpty>
        </Suspense>
      )}
    </div>
  );
}
