/**
 * 微信登录: the mini-program QR code and its ticket, polled every 3 s. -1 (expired) and 2 (failed)
 * stop polling and offer a refresh; 1 shows that the phone scanned; 3 logs in with accessToken.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import { CheckCircleFilled, ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { WECHAT_STATUS } from '@portal/contract';
import { MSG, WECHAT_POLL_INTERVAL_MS } from '@portal/contract/base';
import { auth } from '@portal/contract/refs';
import { call, refusalMessage } from '../../api/client.ts';
import type { FinishLogin } from './LoginModal.tsx';

type Phase =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'shown'; image: string; ticket: string; status: number; message: string };

export function WechatLogin({ onToken }: { onToken: FinishLogin }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  /** Counts answered polls: each answer schedules the next poll 3 s later. */
  const [polls, setPolls] = useState(0);
  const alive = useRef(true);

  const load = useCallback(() => {
    setPhase({ kind: 'loading' });
    call(auth.requestWechatQrcode, { query: { page: 'pages/login/index', version: 'release', is_hyaline: 'false' } })
      .then((d) => {
        if (alive.current) setPhase({ kind: 'shown', image: d.path, ticket: d.ticket, status: WECHAT_STATUS.waiting, message: MSG.wechatWaiting });
      })
      .catch((err: unknown) => {
        if (alive.current) setPhase({ kind: 'error', message: refusalMessage(err) ?? MSG.wechatLoadFailed });
      });
  }, []);

  useEffect(() => {
    alive.current = true;
    load();
    return () => {
      alive.current = false;
    };
  }, [load]);

  const ticket = phase.kind === 'shown' ? phase.ticket : null;
  const status = phase.kind === 'shown' ? phase.status : null;
  const polling = status === WECHAT_STATUS.waiting || status === WECHAT_STATUS.scanned;

  useEffect(() => {
    if (!ticket || !polling) return;
    let stopped = false;
    const timer = setTimeout(async () => {
      try {
        const d = await call(auth.refreshWechatTicket, { query: { ticket } });
        if (stopped) return;
        if (d.status === WECHAT_STATUS.confirmed && d.accessToken) {
          setPhase((p) => (p.kind === 'shown' ? { ...p, status: d.status, message: MSG.wechatScanned } : p));
          const failed = await onToken(d.accessToken, d.mobile ?? '', 'wechat');
          if (failed && !stopped) setPhase((p) => (p.kind === 'shown' ? { ...p, status: WECHAT_STATUS.failed, message: failed } : p));
          return;
        }
        const message =
          d.status === WECHAT_STATUS.expired ? MSG.wechatExpired : d.status === WECHAT_STATUS.failed ? MSG.wechatFailed : d.status === WECHAT_STATUS.scanned ? MSG.wechatScanned : MSG.wechatWaiting;
        setPhase((p) => (p.kind === 'shown' && p.ticket === ticket ? { ...p, status: d.status, message } : p));
        setPolls((n) => n + 1);
      } catch (err) {
        if (!stopped) setPhase((p) => (p.kind === 'shown' ? { ...p, status: WECHAT_STATUS.failed, message: refusalMessage(err) ?? MSG.wechatExpired } : p));
      }
    }, WECHAT_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [ticket, polling, polls, onToken]);

  if (phase.kind === 'loading') {
    return (
      <div className="wechat-box">
        <Spin tip="正在生成二维码…">
          <div className="wechat-qr-placeholder" />
        </Spin>
      </div>
    );
  }
  if (phase.kind === 'error') {
    return (
      <div className="wechat-box">
        <p className="wechat-hint">{phase.message}</p>
        <Button icon={<ReloadOutlined />} onClick={load}>
          重新获取二维码
        </Button>
      </div>
    );
  }
  const ended = phase.status === WECHAT_STATUS.expired || phase.status === WECHAT_STATUS.failed;
  const scanned = phase.status === WECHAT_STATUS.scanned || phase.status === WECHAT_STATUS.confirmed;
  return (
    <div className="wechat-box">
      <div className="wechat-qr">
        <img src={phase.image} alt="微信登录二维码" width={200} height={200} />
        {ended ? (
          <button type="button" className="wechat-qr-mask" onClick={load} aria-label={MSG.wechatRefresh}>
            <ReloadOutlined className="wechat-qr-icon" />
            <span>{MSG.wechatRefresh}</span>
          </button>
        ) : scanned ? (
          <div className="wechat-qr-mask wechat-qr-scanned">
            <CheckCircleFilled className="wechat-qr-icon" />
            <span>扫描成功</span>
          </div>
        ) : null}
      </div>
      <p className="wechat-hint" role="status">
        <WechatOutlined /> {phase.message}
      </p>
    </div>
  );
}
