/**
 * The 关怀版 / 标准版 switch (issue 27), in the header of every page and in the exam's own bar (the
 * exam page has no header). Both words are drawn and the root's mark (set before the first paint) shows
 * one of them (display.css), so a page rendered on the server never shows the other word first.
 */
import { useId } from 'react';
import { display } from '../../lib/display.ts';

export function CareSwitch({ className }: { className: string }) {
  const hint = useId();
  return (
    <>
      <button type="button" className={className} onClick={() => display.set({ care: !display.get().care })} aria-describedby={hint}>
        <span className="when-standard">关怀版</span>
        <span className="when-care">标准版</span>
      </button>
      <span id={hint} hidden>
        切换关怀版（大字体、大按钮、单栏）与标准版
      </span>
    </>
  );
}
