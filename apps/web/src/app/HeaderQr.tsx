/**
 * The header's 手机学习 entry: a button that shows the mobile-learning QR code below it. A plain
 * disclosure instead of antd's Popover keeps the tooltip machinery out of every page's first load.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { MobileOutlined } from '@ant-design/icons';
import { MobileQrCard } from './MobileQr.tsx';

export function HeaderQr({ url }: { url: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const box = useRef<HTMLSpanElement>(null);
  // A mouse click arrives after the hover has opened the panel: that click keeps it open instead of
  // toggling it shut; a second click (or a keyboard press) toggles.
  const openedByHover = useRef(false);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

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
