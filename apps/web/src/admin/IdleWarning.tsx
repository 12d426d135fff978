/**
 * The administrator's idle logout, seen coming. The server ends a session after idleSeconds without a
 * call, so typing alone (a long notice) would not keep it: while the person types, a cheap call
 * (adminMe) goes out at most once a minute. Two minutes before the end a dialog counts down and
 * 继续使用 keeps the session; at the end the area goes to its login. Whatever an editor held is kept
 * on the device (features/forms) and offered again after the next login.
 */
import { useEffect, useState } from 'react';
import { Button, Modal } from 'antd';
import { admin } from '@portal/contract/refs';
import { quietCall } from '../api/client.ts';
import { adminSession, adminSessionExpired } from '../lib/adminSession.ts';
import '../features/forms/forms.css';

/** How long before the logout the warning shows. */
export const WARN_BEFORE_MS = 120_000;
/** Typing sends at most one keep-alive call in this time. */
export const KEEP_ALIVE_EVERY_MS = 60_000;

/** What the screen should show now: nothing, the countdown (ms left), or the end. */
export function idleState(now: number, lastCallAt: number, idleSeconds: number): { kind: 'fine' } | { kind: 'warn'; left: number } | { kind: 'over' } {
  const left = lastCallAt + idleSeconds * 1000 - now;
  if (left <= 0) return { kind: 'over' };
  if (left <= WARN_BEFORE_MS) return { kind: 'warn', left };
  return { kind: 'fine' };
}

const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export function IdleWarning({ idleSeconds }: { idleSeconds: number }) {
  const [left, setLeft] = useState<number | null>(null);

  // Typing counts as activity: the server hears of it through a keep-alive at most once a minute.
  useEffect(() => {
    let sending = false;
    const typed = () => {
      if (sending || Date.now() - adminSession.lastCallAt() < KEEP_ALIVE_EVERY_MS) return;
      sending = true;
      void quietCall(admin.adminMe)
        .catch(() => undefined)
        .finally(() => {
          sending = false;
        });
    };
    document.addEventListener('keydown', typed, true);
    document.addEventListener('input', typed, true);
    return () => {
      document.removeEventListener('keydown', typed, true);
      document.removeEventListener('input', typed, true);
    };
  }, []);

  useEffect(() => {
    const tick = () => {
      const s = idleState(Date.now(), adminSession.lastCallAt(), idleSeconds);
      if (s.kind === 'over') {
        setLeft(null);
        adminSessionExpired();
      } else setLeft(s.kind === 'warn' ? s.left : null);
    };
    const timer = setInterval(tick, 1_000);
    return () => clearInterval(timer);
  }, [idleSeconds]);

  const extend = () => {
    void quietCall(admin.adminMe).catch(() => undefined);
    adminSession.touched();
    setLeft(null);
  };

  return (
    <Modal
      open={left !== null}
      title="即将自动退出登录"
      closable={false}
      maskClosable={false}
      keyboard={false}
      className="form-kit-idle"
      footer={
        <Button type="primary" onClick={extend} autoFocus>
          继续使用
        </Button>
      }
    >
      <p>
        您已较长时间没有操作，为保护账号安全，系统将在 <span className="form-kit-idle-count" role="timer">{clock(left ?? 0)}</span> 后自动退出登录。
      </p>
      <p>正在编辑而尚未保存的内容会保留在本机，重新登录后可以恢复。</p>
    </Modal>
  );
}
