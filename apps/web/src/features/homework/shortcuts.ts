/**
 * The review queue's keyboard shortcuts: one letter each, never while the teacher is typing (a text
 * box, a number box, an open list or a dialog takes the keys), never with Ctrl, Alt or ⌘. Esc in a
 * text box leaves it, so the next letter is a shortcut again.
 */
import { useEffect, useRef } from 'react';

export const SHORTCUTS = [
  { key: 'j', label: '下一份' },
  { key: 'k', label: '上一份' },
  { key: 'p', label: '通过' },
  { key: 'r', label: '退回' },
  { key: 'u', label: '撤销' },
  { key: 's', label: '填写成绩' },
  { key: 'c', label: '填写评语' },
] as const;
export type ShortcutKey = (typeof SHORTCUTS)[number]['key'];

/** Inputs that take no typing: a ticked checkbox or a chosen filter keeps the shortcuts working. */
const NOT_TYPED = ['checkbox', 'radio', 'button', 'submit', 'reset'];

/** Whether the key goes to what the person is typing in (or to a dialog or list that is open). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[role="dialog"], [role="combobox"], .ant-select')) return true;
  const field = target.closest('input, textarea, select');
  if (field instanceof HTMLInputElement) return !NOT_TYPED.includes(field.type);
  return field !== null;
}

export function useShortcuts(handlers: Partial<Record<ShortcutKey, () => void>>) {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (isTyping(e.target)) {
        if (e.key === 'Escape' && e.target instanceof HTMLElement && e.target.closest('input, textarea')) e.target.blur();
        return;
      }
      const handler = current.current[e.key.toLowerCase() as ShortcutKey];
      if (!handler) return;
      e.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
