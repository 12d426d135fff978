/** 密码登录: phone, password and image captcha; a refusal shows in place for 3 s and the captcha reloads. */
import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { imageCaptcha, loginPassword, phone } from '@portal/contract';
import { CAPTCHA_MAX_LENGTH, LOGIN_MESSAGE_MS, PASSWORD_MAX_LENGTH, PHONE_LENGTH, SESSION_EXPIRES_SECONDS } from '@portal/contract/base';
import { auth } from '@portal/contract/refs';
import { call, refusalMessage } from '../../api/client.ts';
import { zodRule } from '../../lib/formRules.ts';
import { CaptchaImage, FormMessage, useImageCaptcha, useTimedMessage } from './parts.tsx';
import type { FinishLogin } from './LoginModal.tsx';

interface Values {
  phone: string;
  password: string;
  captcha: string;
}

/** `onUseSms`: the captcha's alternative for a person who cannot read it (issue 27): the SMS login, offered beside it in words. */
export function PasswordLoginForm({ onToken, onUseSms }: { onToken: FinishLogin; onUseSms: () => void }) {
  const [form] = Form.useForm<Values>();
  const captcha = useImageCaptcha();
  const [message, showMessage] = useTimedMessage(LOGIN_MESSAGE_MS);
  const [busy, setBusy] = useState(false);

  const submit = async (v: Values) => {
    setBusy(true);
    showMessage(null);
    try {
      const data = await call(auth.usernameLogin, {
        body: { captcha_session_id: captcha.id ?? '', captcha: v.captcha, username: v.phone, password: v.password, expires: SESSION_EXPIRES_SECONDS },
      });
      const failed = await onToken(data.authorization.id, data.user.mobile, 'password');
      if (failed) showMessage(failed);
    } catch (err) {
      showMessage(refusalMessage(err));
      captcha.reload();
      form.setFieldValue('captcha', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="passwordLogin" layout="vertical" requiredMark={false} onFinish={submit} className="login-form">
      <FormMessage message={message} />
      <Form.Item label="手机号" name="phone" rules={[zodRule(phone)]}>
        <Input prefix={<MobileOutlined />} maxLength={PHONE_LENGTH} placeholder="请输入手机号" inputMode="numeric" autoComplete="username" />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={[zodRule(loginPassword)]}>
        <Input.Password prefix={<LockOutlined />} maxLength={PASSWORD_MAX_LENGTH} placeholder="请输入密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item label="验证码" htmlFor="passwordLogin_captcha">
        <div className="captcha-row">
          <Form.Item name="captcha" noStyle rules={[zodRule(imageCaptcha)]}>
            <Input prefix={<SafetyOutlined />} maxLength={CAPTCHA_MAX_LENGTH} placeholder="请输入验证码" autoComplete="off" />
          </Form.Item>
          <CaptchaImage captcha={captcha} />
        </div>
        <button type="button" className="link-button captcha-alternative" onClick={onUseSms}>
          看不清图形验证码？改用短信验证码登录
        </button>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        登录
      </Button>
    </Form>
  );
}
