/** The learner's classroom: a side navigation of all its pages beside the page's content. */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { routeOf } from '../../app/routeSpec.ts';
import '../learning/learning.css';

const PAGES = ['ongoingTopic', 'ongoingcourses', 'qualifiedcourses', 'statisticspage', 'learningstatistics', 'myhomework', 'learningnotes', 'printcertificate'] as const;

export function ClassroomLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page-container classroom">
      <nav className="classroom-nav" aria-label="学习课堂">
        <h2 className="classroom-nav-title">学习课堂</h2>
        <ul>
          {PAGES.map((p) => {
            const path = `/learningClassroom/${p}`;
            return (
              <li key={p}>
                <NavLink to={path} className={({ isActive }) => (isActive ? 'classroom-link classroom-link-active' : 'classroom-link')}>
                  {routeOf(path)?.title ?? p}
                </NavLink>
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
