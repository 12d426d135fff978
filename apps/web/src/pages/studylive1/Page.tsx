/** /studylive1?courseId=&resourceId=: the replay of a live lesson, with my notes of the course beside it (a note keeps the replay's moment). */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { idFrom } from '../../features/learning/query.ts';
import { NoCourse } from '../../features/study/CourseStudy.tsx';
import { LiveStudy, preloadHls } from '../../features/study/LiveStudy.tsx';
import { SingleResource } from '../../features/study/SingleResource.tsx';

export default function LiveReplayPage() {
  const [params] = useSearchParams();
  const courseId = idFrom(params.get('courseId'));
  const resourceId = idFrom(params.get('resourceId'));
  // The replay plays through hls.js: it loads beside the page's calls, not after the study session opens.
  useEffect(preloadHls, []);
  if (!courseId || !resourceId) return <NoCourse title="直播回放" />;
  return (
    <div className="page-container">
      <SingleResource courseId={courseId} resourceId={resourceId} kind="live" back={{ to: `/study?courseId=${courseId}`, label: '返回课程' }}>
        {(r, bridge, poster) => <LiveStudy key={r.id} resourceId={r.id} title={r.title} courseId={courseId} replay bridge={bridge} poster={poster} />}
      </SingleResource>
    </div>
  );
}
