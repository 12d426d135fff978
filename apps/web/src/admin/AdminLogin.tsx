/**
 * 管理后台登录: the password (with the image captcha), then the SMS code sent to the administrator's
 * mobile — both every time. A lapsed session comes back here with ?expired=1 and returns to where it was.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined, MessageOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { imageCaptcha, loginPassword, phone, smsCode } from '@portal/contract';
import { CAPTCHA_MAX_LENGTH, LOGIN_MESSAGE_MS, PASSWORD_MAX_LENGTH, PHONE_LENGTH, SMS_RESEND_SECONDS } from '@portal/contract/base';
import { admin } from '@portal/contract/refs';
import { call, refusalMessage } from '../api/client.ts';
import { zodRule } from '../lib/formRules.ts';
import { adminSession } from '../lib/adminSession.ts';
import { CaptchaImage, FormMessage, useCountdown, useImageCaptcha, useTimedMessage } from '../features/auth/parts.tsx';
import { useCollegeName } from './useCollegeName.ts';
import { AdminDisplaySwitches, AdminToolbar, useToolbar } from './AdminDisplay.tsx';

interface PasswordValues {
  phone: string;
  password: string;
  captcha: string;
}

export function AdminLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const target = next && next.startsWith('/admin') && !next.startsWith('/admin/login') ? next : '/admin';
  const college = useCollegeName();
  const [form] = Form.useForm<PasswordValues>();
  const [codeForm] = Form.useForm<{ code: string }>();
  const captcha = useImageCaptcha();
  const [message, showMessage] = useTimedMessage(LOGIN_MESSAGE_MS);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<{ id: string; mobile: string } | null>(null);
  const resend = useCountdown(SMS_RESEND_SECONDS);
  const toolbar = useToolbar();

  useEffect(() => {
    document.title = `管理后台登录 - ${college}`;
  }, [college]);

  const submitPassword = async (v: PasswordValues) => {
    setBusy(true);
    showMessage(null);
    try {
      const data = await call(admin.adminLogin, { body: { captcha_session_id: captcha.id ?? '', captcha: v.captcha, username: v.phone, password: v.password } });
      setChallenge({ id: data.challenge, mobile: data.mobile });
      resend.start();
    } catch (err) {
      showMessage(refusalMessage(err));
      captcha.reload();
      form.setFieldValue('captcha', '');
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async ({ code }: { code: string }) => {
    if (!challenge) return;
    setBusy(true);
    showMessage(null);
    try {
      const data = await call(admin.adminVerify, { body: { challenge: challenge.id, code } });
      adminSession.set({ token: data.token, person: data.person });
      navigate(target, { replace: true });
    } catch (err) {
      showMessage(refusalMessage(err));
      codeForm.setFieldValue('code', '');
    } finally {
      setBusy(false);
    }
  };

  const startOver = () => {
    setChallenge(null);
    captcha.reload();
    form.setFieldsValue({ password: '', captcha: '' });
  };

  return (
    <>
    <AdminToolbar toolbar={toolbar} />
    <main className="admin-login">
      <Card className="admin-login-card">
        <div className="admin-login-display">
          <AdminDisplaySwitches toolbar={toolbar} />
        </div>
        <Typography.Title level={1} className="admin-login-title">
          管理后台
        </Typography.Title>
        <Typography.Paragraph className="admin-login-college">{college}</Typography.Paragraph>
        {params.get('expired') ? <Alert type="warning" showIcon title="登录已超时（30分钟无操作）或已退出，请重新登录" className="admin-login-alert" /> : null}
        {challenge === null ? (
          <Form form={form} name="adminLogin" layout="vertical" requiredMark={false} onFinish={submitPassword}>
            <FormMessage message={message} />
            <Form.Item label="手机号" name="phone" rules={[zodRule(phone)]}>
              <Input prefix={<MobileOutlined />} maxLength={PHONE_LENGTH} placeholder="请输入手机号" inputMode="numeric" autoComplete="username" size="large" />
            </Form.Item>
            <Form.Item label="密码" name="password" rules={[zodRule(loginPassword)]}>
              <Input.Password prefix={<LockOutlined />} maxLength={PASSWORD_MAX_LENGTH} placeholder="请输入密码" autoComplete="current-password" size="large" />
            </Form.Item>
            <Form.Item label="验证码" htmlFor="adminLogin_captcha">
              <div className="captcha-row">
                <Form.Item name="captcha" noStyle rules={[zodRule(imageCaptcha)]}>
                  <Input prefix={<SafetyOutlined />} maxLength={CAPTCHA_MAX_LENGTH} placeholder="请输入图形验证码" autoComplete="off" size="large" />
                </Form.Item>
                <CaptchaImage captcha={captcha} />
              </div>
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={busy}>
              下一步：获取短信验证码
            </Button>
          </Form>
        ) : (
          <Form form={codeForm} name="adminCode" layout="vertical" requiredMark={false} onFinish={submitCode}>
            <FormMessage message={message} />
            <Alert type="info" showIcon title={`短信验证码已发送至 ${challenge.mobile}，5分钟内有效`} className="admin-login-alert" />
            <Form.Item label="短信验证码" name="code" rules={[zodRule(smsCode)]}>
              <Input prefix={<MessageOutlined />} maxLength={6} placeholder="请输入6位短信验证码" inputMode="numeric" autoComplete="one-time-code" size="large" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={busy}>
              登录
            </Button>
            <Button type="link" block onClick={startOver} disabled={resend.left > 0}>
              {resend.left > 0 ? `没有收到？${resend.left}秒后可重新获取` : '没有收到？重新输入密码获取'}
            </Button>
          </Form>
        )}
      </Card>
    </main>
    </>
  );
}
