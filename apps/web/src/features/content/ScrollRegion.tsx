/**
 * A table (or any wide content) that scrolls sideways on a narrow screen inside a region a keyboard
 * can reach and a screen reader names (WCAG 2.1.1; axe's scrollable-region-focusable). antd's own
 * table scroll box offers neither, so a wide table without links or buttons in it goes in one of these
 * (`max-content`: as wide as the table's columns need, for a deskTable, whose own box then never scrolls).
 */
import type { ReactNode } from 'react';

export function ScrollRegion({ label, minWidth, children }: { label: string; minWidth: number | 'max-content'; children: ReactNode }) {
  return (
    <div className="scroll-region" role="region" aria-label={label} tabIndex={0}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
