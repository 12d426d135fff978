/**
 * request_sms_code with the image captcha: on success the countdown starts and the code's session
 * id is kept; a refusal is a warning toast with the server's message, except for a number nobody
 * has, which gets the "number does not exist" message (SPEC.md section 8). The captcha is single-use,
 * so it reloads after every attempt.
 */
import { useState } from 'react';
import { MSG, UC_CODE } from '@portal/contract/base';
import { auth } from '@portal/contract/refs';
import { call, CallError, showError } from '../../api/client.ts';
import { toast } from '../../lib/toast.ts';
import type { ImageCaptchaState } from './parts.tsx';

export function useSmsRequest(captcha: ImageCaptchaState, onSent: () => void) {
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const request = async (phoneNumber: string, captchaAnswer: string): Promise<boolean> => {
    setSending(true);
    try {
      const data = await call(auth.requestSmsCode, {
        body: { captcha: captchaAnswer, captcha_session_id: captcha.id ?? '', phone_number: phoneNumber },
      });
      setSessionId(data.id);
      onSent();
      return true;
    } catch (err) {
      if (err instanceof CallError && err.kind === 'business' && err.code === UC_CODE.phoneNotRegistered) toast('warning', MSG.phoneNotRegistered);
      else showError(err, 'warning');
      return false;
    } finally {
      setSending(false);
      captcha.reload();
    }
  };

  return { sessionId, sending, request };
}
