/**
 * The header's 手机学习 entry: a button that shows the mobile-learning QR code below it. A plain
 * disclosure instead of antd's Popover keeps the tooltip machinery out of every page's first load.
 */
import { useCallback, useId, useRef, useState } from 'react';
import { MobileOutlined } from '@ant-design/icons';
import { MobileQrCard } from './MobileQr.tsx';
import { useDismiss } from './useDismiss.ts';

export function HeaderQr({ url }: { url: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const box = useRef<HTMLSpanElement>(null);
  // A mouse click arrives after the hover has opened the panel: that click keeps it open instead of
  // toggling it shut; a second click (or a keyboard press) toggles.
  const openedByHover = useRef(false);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, box, close);

  return (
    <span
      className="header-qr"
      ref={box}
      onMouseEnter={() => {
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        openedByHover.current = false;
        setOpen(false);
      }}
    >
      <button
        type="button"
        className="header-link"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (openedByHover.current) openedByHover.current = false;
          else setOpen((v) => !v);
        }}
      >
        <MobileOutlined /> 手机学习
      </button>
      {open ? (
        <span id={panelId} role="dialog" aria-label="手机学习" className="header-qr-panel">
          <strong className="header-qr-title">手机学习</strong>
          <MobileQrCard url={url} />
        </span>
      ) : null}
    </span>
  );
}
