/**
 * The layout of an area (the learner's classroom, the teacher's class management): its side
 * navigation beside the page's title and content. RouteView draws every page of an area in it.
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { entryOf, type Area } from './areas.ts';
import { routeOf } from './routeSpec.ts';
import { badgeText, useReviewWaiting } from '../features/teacher/reviewWaiting.ts';
import '../features/learning/learning.css';

export default function AreaLayout({ area, title, children }: { area: Area; title: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const current = entryOf(area, pathname);
  // 批阅中心 carries how many hand-ins await the teacher.
  const waiting = useReviewWaiting();
  const badgeOf = (p: string) => (area.path === '/class' && p === 'review' ? waiting : 0);
  return (
    <div className={area.wide ? 'page-container classroom classroom-wide' : 'page-container classroom'}>
      <nav className="classroom-nav" aria-label={area.title}>
        <h2 className="classroom-nav-title">{area.title}</h2>
        <ul>
          {area.pages.map((p) => {
            const path = `${area.path}/${p}`;
            const active = p === current;
            const exact = pathname === path;
            return (
              <li key={p}>
                <Link to={path} className={active ? 'classroom-link classroom-link-active' : 'classroom-link'} aria-current={exact ? 'page' : active ? 'true' : undefined}>
                  {routeOf(path)?.title ?? p}
                  {badgeOf(p) > 0 ? (
                    <span className="header-badge" aria-label={`${badgeOf(p)}份待批阅`}>
                      {badgeText(badgeOf(p))}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="classroom-main">
        <h1 className="page-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
