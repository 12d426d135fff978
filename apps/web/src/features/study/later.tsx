/**
 * What the study pages show below or beside their first view, loaded after it: my notes and the
 * course's comments (antd's forms, lists, rating, select). Each is requested once the page has loaded,
 * the browser has had an idle moment and, on a phone (one column: below the player and the chapters),
 * once the learner scrolls towards it; on a wide screen, beside and under the player, at once,
 * and rendered as a transition, so that neither their chunks nor their rendering sit between the
 * learner and the player. /index loads its lower half the same way (ADR 0008).
 */
import { startTransition, Suspense, useEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { lazyAntd } from '../../app/lazyAntd.tsx';
import type { CourseNotes as CourseNotesType } from '../notes/CourseNotes.tsx';
import type { CourseFeedback as CourseFeedbackType } from '../notes/CourseFeedback.tsx';

const LazyNotes = lazyAntd<ComponentProps<typeof CourseNotesType>>(() => import('../notes/CourseNotes.tsx').then((m) => ({ default: m.CourseNotes })));
const LazyFeedback = lazyAntd<ComponentProps<typeof CourseFeedbackType>>(() => import('../notes/CourseFeedback.tsx').then((m) => ({ default: m.CourseFeedback })));

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };

/** How far ahead of the visible area a part starts loading. */
const NEAR = '0px 0px 200px 0px';
/** Two columns (learning.css): the notes are beside the player and the comments under it, loaded without waiting for a scroll. */
// The page's width as zoomed (lib/pageWidth.ts; #root measures itself in zoomed pixels), as learning.css's container query sees it.
const WIDE = 901;

/**
 * The study panel is on screen (the player or reader and its figures: the first view). Where the notes
 * and comments fall on a phone is known only then; StudyPanel says so when it first shows its figures.
 */
let firstViewShown = false;
const firstViewListeners = new Set<() => void>();
export function markFirstViewShown() {
  if (firstViewShown) return;
  firstViewShown = true;
  firstViewListeners.forEach((l) => l());
  firstViewListeners.clear();
}
/** A page without a study panel (a failed session) places its parts after this long instead. */
const FIRST_VIEW_WAIT_MS = 5000;

/**
 * True once the page has loaded, its first view is shown, the browser has had an idle moment (at most
 * 2 s later) and, on a narrow screen, `place` (the part's empty slot) is in view or within NEAR of it.
 */
export function useAfterFirstView(place: RefObject<HTMLElement | null>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const w = window as IdleWindow;
    let idle: number | null = null;
    let timer: number | null = null;
    let waitTimer: number | null = null;
    let observer: IntersectionObserver | null = null;
    const done = () => startTransition(() => setReady(true));
    const whenNear = () => {
      const el = place.current;
      if (!el || typeof IntersectionObserver === 'undefined' || (document.getElementById('root') ?? document.documentElement).clientWidth >= WIDE) return done();
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            observer?.disconnect();
            done();
          }
        },
        { rootMargin: NEAR },
      );
      observer.observe(el);
    };
    let placed = false;
    const placeWhenIdle = () => {
      if (placed) return;
      placed = true;
      firstViewListeners.delete(placeWhenIdle);
      if (w.requestIdleCallback) idle = w.requestIdleCallback(whenNear, { timeout: 2000 });
      else timer = window.setTimeout(whenNear, 200);
    };
    const afterLoad = () => {
      if (firstViewShown) return placeWhenIdle();
      firstViewListeners.add(placeWhenIdle);
      waitTimer = window.setTimeout(placeWhenIdle, FIRST_VIEW_WAIT_MS);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      if (idle !== null) w.cancelIdleCallback?.(idle);
      if (timer !== null) window.clearTimeout(timer);
      if (waitTimer !== null) window.clearTimeout(waitTimer);
      firstViewListeners.delete(placeWhenIdle);
      observer?.disconnect();
    };
  }, [ready, place]);
  return ready;
}

/** My notes of the course, after the first view. */
export function CourseNotesLater(props: ComponentProps<typeof CourseNotesType>) {
  const place = useRef<HTMLDivElement>(null);
  const ready = useAfterFirstView(place);
  if (!ready) return <div ref={place} className="later-slot" />;
  return (
    <Suspense fallback={null}>
      <LazyNotes {...props} />
    </Suspense>
  );
}

/** The course's rating and comments, after the first view. */
export function CourseFeedbackLater(props: ComponentProps<typeof CourseFeedbackType>) {
  const place = useRef<HTMLDivElement>(null);
  const ready = useAfterFirstView(place);
  if (!ready) return <div ref={place} className="later-slot" />;
  return (
    <Suspense fallback={null}>
      <LazyFeedback {...props} />
    </Suspense>
  );
}
