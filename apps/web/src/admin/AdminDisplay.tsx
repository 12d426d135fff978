/**
 * 关怀版 and the accessibility toolbar (issue 27) in the administration area, which has its own frame
 * and not the portal's header: the same two switches on the device's display settings (lib/display.ts)
 * as antd buttons on the area's white header, the same toolbar under it, the reading aids, and the
 * settings followed when another tab of this browser changes them.
 */
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Button, Space } from 'antd';
import { display, useDisplay } from '../lib/display.ts';
import { AccessToolbar } from '../features/display/AccessToolbar.tsx';
import { ReadingAids } from '../features/display/ReadingAids.tsx';

/** Another tab changed the display settings: this one follows (the portal's frame does the same). */
export function useDisplayFromOtherTabs() {
  useEffect(() => {
    const follow = () => display.reload();
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, []);
}

const TOOLBAR_ID = 'admin-a11y-toolbar';

/** Whether the toolbar is open, and the button that opens it (the focus goes back there on close). */
export function useToolbar() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return { open, setOpen, button };
}
type Toolbar = ReturnType<typeof useToolbar>;

/** 关怀版 / 标准版 and 无障碍, for the header. */
export function AdminDisplaySwitches({ toolbar }: { toolbar: Toolbar }) {
  const { care } = useDisplay();
  const hint = useId();
  return (
    <Space size="small">
      <Button onClick={() => display.set({ care: !care })} aria-describedby={hint}>
        {care ? '标准版' : '关怀版'}
      </Button>
      <span id={hint} hidden>
        切换关怀版（大字体、大按钮）与标准版
      </span>
      <Button ref={toolbar.button as RefObject<HTMLButtonElement>} aria-expanded={toolbar.open} aria-controls={TOOLBAR_ID} onClick={() => toolbar.setOpen(!toolbar.open)}>
        无障碍
      </Button>
    </Space>
  );
}

/** The toolbar when open (Escape or 关闭 gives the focus back to 无障碍), and the reading aids. */
export function AdminToolbar({ toolbar }: { toolbar: Toolbar }) {
  return (
    <>
      {toolbar.open ? (
        <AccessToolbar
          id={TOOLBAR_ID}
          onClose={() => {
            toolbar.setOpen(false);
            toolbar.button.current?.focus();
          }}
        />
      ) : null}
      <ReadingAids />
    </>
  );
}
