/**
 * The login modal: 密码登录, 短信登录 and 微信登录 for a visitor, the profile panel for a logged-in
 * person. Every login ends the same way: session person fetched, loginSuccess recorded, 登录成功！,
 * then the guarded route that asked for the login, or the role's landing page.
 */
import { useCallback, useState } from 'react';
import { Modal, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { landingOf, MSG } from '@portal/contract/base';
import { refusalMessage } from '../../api/client.ts';
import { usePortalConfig } from '../../lib/config.ts';
import { toast } from '../../lib/toast.ts';
import { authUi, useAuthUi } from './authUi.ts';
import { PasswordLoginForm } from './PasswordLoginForm.tsx';
import { ProfilePanel } from './ProfilePanel.tsx';
import { completeLogin, useSession, type LoginType } from './session.ts';
import { SmsLoginForm } from './SmsLoginForm.tsx';
import { WechatLogin } from './WechatLogin.tsx';

/** Finishes a login with the token a form obtained; answers a message to show in place, or null. */
export type FinishLogin = (token: string, phone: string, type: LoginType) => Promise<string | null>;

const NO_PERSON = MSG.noPersonAfterLogin;

export function LoginModal() {
  const ui = useAuthUi();
  const { person } = useSession();
  const { config } = usePortalConfig();
  const navigate = useNavigate();
  const [tab, setTab] = useState('password');

  const finish = useCallback<FinishLogin>(
    async (token, phone, type) => {
      try {
        const p = await completeLogin(token, phone, type);
        if (!p) return NO_PERSON;
        toast('success', MSG.loginSucceeded);
        const target = authUi.get().loginTarget;
        authUi.closeLogin();
        navigate(target ?? landingOf(p));
        return null;
      } catch (err) {
        return refusalMessage(err);
      }
    },
    [navigate],
  );

  return (
    <Modal
      open={ui.login}
      title={person ? '个人信息' : '用户登录'}
      onCancel={authUi.closeLogin}
      footer={null}
      destroyOnHidden
      width={440}
      centered
      className="auth-modal"
      afterClose={() => setTab('password')}
    >
      {person ? (
        <ProfilePanel who={person} />
      ) : (
        <>
          <Tabs
            destroyOnHidden
            centered
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'password', label: '密码登录', children: <PasswordLoginForm onToken={finish} onUseSms={() => setTab('sms')} /> },
              { key: 'sms', label: '短信登录', children: <SmsLoginForm onToken={finish} /> },
              { key: 'wechat', label: '微信登录', children: <WechatLogin onToken={finish} /> },
            ]}
          />
          <div className="login-foot">
            {config ? (
              <a href={config.ssoUrl} target="_blank" rel="noopener noreferrer">
                统一身份认证登录（单点登录）
              </a>
            ) : null}
            <span className="login-tip">忘记密码请使用短信登录后修改</span>
          </div>
        </>
      )}
    </Modal>
  );
}
