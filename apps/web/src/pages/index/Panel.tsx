/** A titled panel of the home page with an optional 更多 link. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function Panel({ id, title, more, children, className = '' }: { id: string; title: string; more?: { to: string; text: string }; children: ReactNode; className?: string }) {
  return (
    <section className={`panel ${className}`} aria-labelledby={id}>
      <div className="panel-head">
        <h2 id={id} className="panel-title">
          {title}
        </h2>
        {more ? (
          <Link to={more.to} className="more-link">
            {more.text} ›
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
