/** A page-sized message (login required, no access, not found, under construction, load failure). */
import type { ReactNode } from 'react';

export function StatusPanel({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <section className="status-panel">
      <div className="status-icon" aria-hidden="true">
        {icon}
      </div>
      <h2 className="status-title">{title}</h2>
      <p className="status-text">{text}</p>
      {children ? <div className="status-actions">{children}</div> : null}
    </section>
  );
}
