/** Pieces the login and password forms share: image captcha, SMS-code countdown button, the timed login message. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { SMS_RESEND_SECONDS } from '@portal/contract/base';
import { auth } from '@portal/contract/refs';
import { call } from '../../api/client.ts';

export interface ImageCaptchaState {
  id: string | null;
  image: string | null;
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

export function useImageCaptcha(): ImageCaptchaState {
  const [captcha, setCaptcha] = useState<{ id: string; image: string } | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  /** Only the latest request of a mounted form may set the image. */
  const seq = useRef(0);
  const mounted = useRef(false);
  const reload = useCallback(() => {
    const mine = ++seq.current;
    const current = () => mounted.current && mine === seq.current;
    setLoading(true);
    setFailed(false);
    call(auth.requestImageCode)
      .then((d) => {
        if (current()) setCaptcha({ id: d.id, image: d.captcha_image });
      })
      .catch(() => {
        // The client has shown the failure; the image offers a retry.
        if (current()) setFailed(true);
      })
      .finally(() => {
        if (current()) setLoading(false);
      });
  }, []);
  useEffect(() => {
    mounted.current = true;
    reload();
    return () => {
      mounted.current = false;
    };
  }, [reload]);
  return { id: captcha?.id ?? null, image: captcha?.image ?? null, loading, failed, reload };
}

export function CaptchaImage({ captcha }: { captcha: ImageCaptchaState }) {
  return (
    <button type="button" className="captcha-image" onClick={captcha.reload} title="看不清？点击刷新" aria-label="图形验证码，点击刷新">
      {captcha.image && !captcha.failed ? (
        <img src={captcha.image} alt="图形验证码" width={120} height={40} />
      ) : captcha.loading ? (
        <Spin size="small" />
      ) : (
        <span className="captcha-retry">
          <ReloadOutlined /> 点击重试
        </span>
      )}
    </button>
  );
}

/** A countdown in whole seconds; start() begins at SMS_RESEND_SECONDS. */
export function useCountdown(seconds: number = SMS_RESEND_SECONDS): { left: number; start: () => void } {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);
  const start = useCallback(() => {
    stop();
    const endsAt = Date.now() + seconds * 1000;
    setLeft(seconds);
    timer.current = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) stop();
    }, 250);
  }, [seconds]);
  return { left, start };
}

export function SmsCodeButton({ left, loading, onClick }: { left: number; loading: boolean; onClick: () => void }) {
  return (
    <Button className="sms-button" onClick={onClick} loading={loading} disabled={left > 0}>
      {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
    </Button>
  );
}

/** A message shown in place for a while (LOGIN_MESSAGE_MS for login failures), then gone. */
export function useTimedMessage(ms: number): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const show = useCallback(
    (next: string | null) => {
      if (timer.current) clearTimeout(timer.current);
      setMessage(next);
      if (next) timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  return [message, show];
}

export function FormMessage({ message }: { message: string | null }) {
  return <div className="form-message">{message ? <Alert type="error" showIcon title={message} /> : null}</div>;
}
