/**
 * What the toolbar's settings add to every page beyond styles (issue 27): the reading guide (阅读线: a
 * band that follows the pointer; 十字线: a horizontal and a vertical line) and 指读 (the text under the
 * pointer, or the element that takes the keyboard's focus, read aloud). Plain HTML, no antd: it is part
 * of the frame.
 */
import { useEffect, useRef, useState } from 'react';
import { useDisplay } from '../../lib/display.ts';
import { readableText, speak, stopSpeaking } from './speech.ts';

function ReadingGuide({ cross }: { cross: boolean }) {
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const move = (e: PointerEvent) => setAt({ x: e.clientX, y: e.clientY });
    window.addEventListener('pointermove', move, { passive: true });
    return () => window.removeEventListener('pointermove', move);
  }, []);
  if (!at) return null;
  return (
    <div className="reading-guide" aria-hidden="true">
      <div className="reading-guide-line" style={{ top: at.y }} />
      {cross ? <div className="reading-guide-column" style={{ left: at.x }} /> : null}
    </div>
  );
}

/** Reads what the pointer rests on (after 400 ms, so a pointer passing by says nothing) or what takes the focus. */
function useReadAloud(on: boolean) {
  const last = useRef<Element | null>(null);
  useEffect(() => {
    if (!on) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = (el: Element) => {
      if (el === last.current) return;
      last.current = el;
      const text = readableText(el);
      if (text) speak(text);
    };
    const over = (e: PointerEvent) => {
      clearTimeout(timer);
      const el = e.target;
      if (el instanceof Element) timer = setTimeout(() => read(el), 400);
    };
    const focus = (e: FocusEvent) => {
      if (e.target instanceof Element) read(e.target);
    };
    document.addEventListener('pointerover', over);
    document.addEventListener('focusin', focus);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerover', over);
      document.removeEventListener('focusin', focus);
      stopSpeaking();
      last.current = null;
    };
  }, [on]);
}

export function ReadingAids() {
  const { guide, readAloud } = useDisplay();
  useReadAloud(readAloud);
  return guide === 'none' ? null : <ReadingGuide cross={guide === 'cross'} />;
}
