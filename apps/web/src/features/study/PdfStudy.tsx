/** A PDF chapter (or a topic's reading material): reading time counts while the document is open and the page visible. */
import { useEffect, useRef, useState } from 'react';
import { Notice, StudyWait } from './plain.tsx';
import type { AnchorBridge } from '../notes/anchor.ts';
import { PdfReader } from './PdfReader.tsx';
import { StudyPanel } from './StudyPanel.tsx';
import { useStudySession } from './useStudySession.ts';

export function PdfStudy({ resourceId, title, bridge }: { resourceId: number; title: string; bridge?: AnchorBridge }) {
  const [page, setPage] = useState(1);
  const pageRef = useRef(page);
  pageRef.current = page;
  // The notes beside the reader take its page (记笔记) and open a note's page.
  useEffect(() => bridge?.attach({ resourceId, position: () => pageRef.current, go: setPage }), [bridge, resourceId]);
  const study = useStudySession({ resourceId, position: () => page });
  const { session } = study;

  if (study.loading) return <StudyWait kind="pdf" />;
  if (study.error || !session) return <Notice type="error" title={study.error ?? '无法开始学习'} />;
  if (!session.resource.mediaUrl) return <Notice type="warning" title="本章节暂无课件" />;

  return (
    <div className="study-main">
      <div className="study-media">
        <PdfReader
          url={session.resource.mediaUrl}
          title={title}
          page={page}
          onPage={setPage}
          onLoaded={() => {
            // Reading counts from the moment the document is open (while the page is visible and the reader not idle).
            study.setMediaPlaying(true);
          }}
        />
      </div>
      <StudyPanel study={study} />
    </div>
  );
}
