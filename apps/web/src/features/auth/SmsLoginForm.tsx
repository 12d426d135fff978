/**
 * 短信登录: 获取验证码 checks the phone and the image captcha, then sends the SMS code (120 s
 * countdown); 登录 needs the phone and the SMS code.
 */
import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { imageCaptchaForSms, phone, smsCode } from '@portal/contract';
import { CAPTCHA_MAX_LENGTH, LOGIN_MESSAGE_MS, MSG, PHONE_LENGTH, SESSION_EXPIRES_SECONDS, SMS_CODE_MAX_LENGTH } from '@portal/contract/base';
import { auth } from '@portal/contract/refs';
import { call, refusalMessage } from '../../api/client.ts';
import { zodRule } from '../../lib/formRules.ts';
import { CaptchaImage, FormMessage, SmsCodeButton, useCountdown, useImageCaptcha, useTimedMessage } from './parts.tsx';
import { useSmsRequest } from './useSmsRequest.ts';
import type { FinishLogin } from './LoginModal.tsx';

interface Values {
  phone: string;
  captcha: string;
  smsCode: string;
}

export function SmsLoginForm({ onToken }: { onToken: FinishLogin }) {
  const [form] = Form.useForm<Values>();
  const captcha = useImageCaptcha();
  const countdown = useCountdown();
  const sms = useSmsRequest(captcha, countdown.start);
  const [message, showMessage] = useTimedMessage(LOGIN_MESSAGE_MS);
  const [busy, setBusy] = useState(false);

  const requestCode = async () => {
    const ok = await form.validateFields(['phone', 'captcha']).then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const sent = await sms.request(form.getFieldValue('phone'), form.getFieldValue('captcha'));
    form.setFieldValue('captcha', '');
    if (sent) form.setFields([{ name: 'smsCode', errors: [] }]);
  };

  const submit = async () => {
    const valid = await form.validateFields(['phone', 'smsCode']).then(
      (v) => v,
      () => null,
    );
    if (!valid) return;
    if (!sms.sessionId) {
      form.setFields([{ name: 'smsCode', errors: [MSG.smsCodeNotObtained] }]);
      return;
    }
    setBusy(true);
    showMessage(null);
    try {
      const data = await call(auth.smscodeLogin, {
        body: { captcha: valid.smsCode, captcha_session_id: sms.sessionId, phone_number: valid.phone, expires: SESSION_EXPIRES_SECONDS },
      });
      const failed = await onToken(data.authorization.id, data.user.mobile, 'sms');
      if (failed) showMessage(failed);
    } catch (err) {
      showMessage(refusalMessage(err));
      captcha.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="smsLogin" layout="vertical" requiredMark={false} className="login-form">
      <FormMessage message={message} />
      <Form.Item label="手机号" name="phone" rules={[zodRule(phone)]}>
        <Input prefix={<MobileOutlined />} maxLength={PHONE_LENGTH} placeholder="请输入手机号" inputMode="numeric" autoComplete="username" />
      </Form.Item>
      <Form.Item label="验证码" htmlFor="smsLogin_captcha">
        <div className="captcha-row">
          <Form.Item name="captcha" noStyle rules={[zodRule(imageCaptchaForSms)]}>
            <Input prefix={<SafetyOutlined />} maxLength={CAPTCHA_MAX_LENGTH} placeholder="请输入图形验证码" autoComplete="off" />
          </Form.Item>
          <CaptchaImage captcha={captcha} />
        </div>
      </Form.Item>
      <Form.Item label="手机验证码" htmlFor="smsLogin_smsCode">
        <div className="captcha-row">
          <Form.Item name="smsCode" noStyle rules={[zodRule(smsCode)]}>
            <Input
              prefix={<MailOutlined />}
              maxLength={SMS_CODE_MAX_LENGTH}
              placeholder="请输入手机验证码"
              inputMode="numeric"
              autoComplete="one-time-code"
              onPressEnter={() => void submit()}
            />
          </Form.Item>
          <SmsCodeButton left={countdown.left} loading={sms.sending} onClick={() => void requestCode()} />
        </div>
      </Form.Item>
      <Button type="primary" block size="large" loading={busy} onClick={() => void submit()}>
        登录
      </Button>
    </Form>
  );
}
