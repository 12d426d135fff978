/**
 * /index: the portal's home page (PRODUCT.md section 4): picture news, notices and the real-time
 * ticker, live figures, the year → install → plan → course browser, new and popular courses,
 * rankings, open exams, recent certificates, friendly links and the floating side panel. Every panel
 * loads on its own. The first screen comes with the page; the rest is a separate chunk fetched as the
 * visitor nears it. No chart library here (rankings are CSS bars), so the first load stays small.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Skeleton } from '../../features/content/QueryState.tsx';
import { usePortalConfig } from '../../lib/config.ts';
import '../../features/content/public.css';
import './home.css';
import { FlashNews } from './Carousel.tsx';
import { LiveFigures, Notices, Ticker } from './Sections.tsx';

const BelowFold = lazy(() => import('./BelowFold.tsx'));
// The floating side panel is not needed for the first paint.
const SidePanel = lazy(() => import('../../app/SidePanel.tsx').then((m) => ({ default: m.SidePanel })));

function BelowFoldPlaceholder() {
  return (
    <div className="panel home-deferred">
      <Skeleton rows={6} label="正在加载课程与排行…" />
    </div>
  );
}

/** Renders the rest of the page once its placeholder is within a screen of the viewport. */
function WhenNear() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: '600px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  if (!near) {
    return (
      <div ref={ref}>
        <BelowFoldPlaceholder />
      </div>
    );
  }
  return (
    <Suspense fallback={<BelowFoldPlaceholder />}>
      <BelowFold />
    </Suspense>
  );
}

export default function IndexPage() {
  const { config } = usePortalConfig();
  return (
    <div className="home">
      <div className="page-container home-top">
        <h1 className="home-welcome">欢迎来到{config?.collegeName ?? '干部网络学院'}</h1>
        <Ticker />
      </div>
      <div className="page-container home-grid">
        <div className="home-row home-row-news">
          <FlashNews />
          <Notices />
        </div>
        <LiveFigures />
        <WhenNear />
      </div>
      <Suspense fallback={null}>
        <SidePanel />
      </Suspense>
    </div>
  );
}
