/**
 * The layout of an area (the learner's classroom, the teacher's class management): its side
 * navigation beside the page's title and content. RouteView draws every page of an area in it.
 * The navigation offers only the pages the route table lets this person open (a training-class
 * account without the exam right sees no 错题本 or 练习记录).
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { decideRoute } from '@portal/contract/base';
import { useSession } from '../features/auth/session.ts';
import { entryOf, type Area } from './areas.ts';
import { routeOf } from './routeSpec.ts';
import { badgeText, useReviewWaiting } from '../features/teacher/reviewWaiting.ts';
import { tabStop, useMenuKeys } from '../lib/rovingFocus.ts';
import '../features/learning/learning.css';

export default function AreaLayout({ area, title, children }: { area: Area; title: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const current = entryOf(area, pathname);
  const { person } = useSession();
  // 批阅中心 carries how many hand-ins await the teacher.
  const waiting = useReviewWaiting();
  const badgeOf = (p: string) => (area.path === '/class' && p === 'review' ? waiting : 0);
  // The side menu is a vertical menubar (WAI-ARIA): one Tab stop, the current page's entry; arrows move.
  const keys = useMenuKeys('vertical');
  const shown = area.pages.filter((p) => {
    const spec = routeOf(`${area.path}/${p}`);
    return !(spec && person && decideRoute(spec, person) !== 'allow');
  });
  const stop = shown.includes(current ?? '') ? current : shown[0];
  return (
    <div className={area.wide ? 'page-container classroom classroom-wide' : 'page-container classroom'}>
      <nav className="classroom-nav" aria-label={area.title}>
        <h2 className="classroom-nav-title">{area.title}</h2>
        <ul role="menubar" aria-label={area.title} {...keys}>
          {shown.map((p) => {
            const path = `${area.path}/${p}`;
            const spec = routeOf(path);
            const active = p === current;
            const exact = pathname === path;
            return (
              <li key={p} role="none">
                <Link to={path} role="menuitem" tabIndex={tabStop(p === stop)} className={active ? 'classroom-link classroom-link-active' : 'classroom-link'} aria-current={exact ? 'page' : active ? 'true' : undefined}>
                  {spec?.title ?? p}
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
