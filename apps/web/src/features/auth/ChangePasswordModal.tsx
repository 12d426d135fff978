/**
 * 修改密码: an SMS code to the logged-in mobile (image captcha first, 120 s countdown), then the
 * new password twice. modify_password sets it in the user centre and updatePersonPassword confirms
 * the learning service's copy. Messages come from the contract's changePasswordForm.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { changePasswordForm, imageCaptchaForSms } from '@portal/contract';
import { CAPTCHA_MAX_LENGTH, MSG, PASSWORD_MAX_LENGTH, SMS_CODE_MAX_LENGTH, maskMobile } from '@portal/contract/base';
import { auth, person } from '@portal/contract/refs';
import { call, refusalMessage } from '../../api/client.ts';
import { zodFormRule, zodRule } from '../../lib/formRules.ts';
import { toast } from '../../lib/toast.ts';
import { authUi, useAuthUi } from './authUi.ts';
import { CaptchaImage, SmsCodeButton, useCountdown, useImageCaptcha } from './parts.tsx';
import { useSession } from './session.ts';
import { useSmsRequest } from './useSmsRequest.ts';

export function ChangePasswordModal() {
  const ui = useAuthUi();
  return (
    <Modal open={ui.changePassword} title="修改密码" onCancel={authUi.closeChangePassword} footer={null} destroyOnHidden centered width={460} className="auth-modal">
      <ChangePasswordForm />
    </Modal>
  );
}

interface Values {
  captcha: string;
  smsCode: string;
  password: string;
  confirm: string;
}

function ChangePasswordForm() {
  const { loginPhone } = useSession();
  const [form] = Form.useForm<Values>();
  const captcha = useImageCaptcha();
  const countdown = useCountdown();
  const sms = useSmsRequest(captcha, countdown.start);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mobile = loginPhone ?? '';
  const rule = (field: string) => zodFormRule(changePasswordForm, field, () => ({ smsSessionId: sms.sessionId ?? '' }));

  const requestCode = async () => {
    const ok = await form.validateFields(['captcha']).then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const sent = await sms.request(mobile, form.getFieldValue('captcha'));
    form.setFieldValue('captcha', '');
    if (sent) form.setFields([{ name: 'smsCode', errors: [] }]);
  };

  const submit = async () => {
    const v = await form.validateFields(['smsCode', 'password', 'confirm']).then(
      (values) => values,
      () => null,
    );
    if (!v || !sms.sessionId) return;
    setBusy(true);
    setError(null);
    try {
      await call(auth.modifyPassword, { body: { captcha: v.smsCode, captcha_session_id: sms.sessionId, mobile, password: v.password } });
    } catch (err) {
      setError(refusalMessage(err));
      setBusy(false);
      return;
    }
    // The password is changed once the user centre accepted it; the learning service's confirmation
    // failing (a dropped connection) must not tell the person it was not.
    await call(person.updatePersonPassword, { body: { newPassword: v.password, mobilePhone: mobile } }).catch(() => undefined);
    setBusy(false);
    toast('success', MSG.passwordChanged);
    authUi.closeChangePassword();
  };

  return (
    <Form form={form} name="changePassword" layout="vertical" requiredMark={false}>
      <div className="form-message">
        {error ? <Alert type="error" showIcon title={error} closable={{ onClose: () => setError(null) }} /> : null}
      </div>
      <Form.Item label="手机号">
        <span className="masked-phone">{maskMobile(mobile) || '未记录登录手机号，请重新登录'}</span>
      </Form.Item>
      <Form.Item label="验证码" htmlFor="changePassword_captcha">
        <div className="captcha-row">
          <Form.Item name="captcha" noStyle rules={[zodRule(imageCaptchaForSms)]}>
            <Input prefix={<SafetyOutlined />} maxLength={CAPTCHA_MAX_LENGTH} placeholder="请输入图形验证码" autoComplete="off" />
          </Form.Item>
          <CaptchaImage captcha={captcha} />
        </div>
      </Form.Item>
      <Form.Item label="手机验证码" htmlFor="changePassword_smsCode">
        <div className="captcha-row">
          <Form.Item name="smsCode" noStyle validateFirst rules={[rule('smsSessionId'), rule('smsCode')]}>
            <Input prefix={<MailOutlined />} maxLength={SMS_CODE_MAX_LENGTH} placeholder="请输入手机验证码" inputMode="numeric" autoComplete="one-time-code" />
          </Form.Item>
          <SmsCodeButton left={countdown.left} loading={sms.sending} onClick={() => void requestCode()} />
        </div>
      </Form.Item>
      <Form.Item label="新密码" name="password" rules={[rule('password')]}>
        <Input.Password prefix={<LockOutlined />} maxLength={PASSWORD_MAX_LENGTH} placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="确认新密码" name="confirm" dependencies={['password']} rules={[rule('confirm')]}>
        <Input.Password prefix={<LockOutlined />} maxLength={PASSWORD_MAX_LENGTH} placeholder="请再次输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" block size="large" loading={busy} disabled={!mobile} onClick={() => void submit()}>
        确认修改
      </Button>
    </Form>
  );
}
