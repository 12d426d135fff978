/**
 * The header: date with weekday, mobile learning QR, AI entry, the person (number and name, which
 * opens the profile), 修改密码 and 退出登录 — or 登录 for a visitor — the college name, and the role's
 * menu. On a phone the menu and the account links move into a drawer.
 */
import { Suspense, useState, useSyncExternalStore } from 'react';
import { MenuOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { MSG } from '@portal/contract/base';
import { authUi } from '../features/auth/authUi.ts';
import { logout, useSession } from '../features/auth/session.ts';
import { usePortalConfig } from '../lib/config.ts';
import { toast } from '../lib/toast.ts';
import { lazyAntd } from './lazyAntd.tsx';
import { menuOf, type MenuItem } from './menu.ts';
import { HeaderQr } from './HeaderQr.tsx';
import { MobileQrCard } from './MobileQr.tsx';
import { useNavActions } from './useNavActions.ts';

const COLLEGE_FALLBACK = '干部网络学院';
const noSubscription = () => () => {};
/** Today in the visitor's clock; empty in a page rendered on the server, whose clock and zone may differ. */
const useToday = () => useSyncExternalStore(noSubscription, () => dayjs().format('YYYY年M月D日 dddd'), () => '');
const MenuDrawer = lazyAntd(() => import('./MenuDrawer.tsx'));

export function Header() {
  const { person } = useSession();
  const { config } = usePortalConfig();
  const { go, openDigitalBooks, openAi } = useNavActions();
  const location = useLocation();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  /** Kept mounted after the first opening so the drawer can animate closed. */
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const today = useToday();

  const close = () => setDrawerOpen(false);
  const isActive = (path: string) => location.pathname === path || location.pathname.startsWith(`${path}/`);

  const onLogout = async () => {
    close();
    setLeaving(true);
    // Leave a guarded page first, so its guard does not ask the departing person to log in again.
    await navigate('/index');
    try {
      await logout();
    } finally {
      setLeaving(false);
    }
    toast('success', MSG.loggedOut);
  };

  const menuLink = (item: MenuItem) =>
    item.kind === 'route' ? (
      <a
        key={item.key}
        href={item.path}
        className={isActive(item.path) ? 'nav-item nav-item-active' : 'nav-item'}
        aria-current={isActive(item.path) ? 'page' : undefined}
        onClick={(e) => {
          e.preventDefault();
          close();
          go(item.path);
        }}
      >
        {item.label}
      </a>
    ) : (
      <button
        key={item.key}
        type="button"
        className="nav-item"
        onClick={() => {
          close();
          openDigitalBooks();
        }}
      >
        {item.label}
      </button>
    );

  const account = person ? (
    <>
      <button
        type="button"
        className="header-link header-person"
        onClick={() => {
          close();
          authUi.openLogin();
        }}
        title="查看个人信息"
      >
        <UserOutlined /> <span className="person-no">{person.personNo}</span> <span className="person-name">{person.personName}</span>
      </button>
      <button
        type="button"
        className="header-link"
        onClick={() => {
          close();
          authUi.openChangePassword();
        }}
      >
        修改密码
      </button>
      <button type="button" className="header-link" onClick={() => void onLogout()} disabled={leaving}>
        退出登录
      </button>
    </>
  ) : (
    <button
      type="button"
      className="header-link header-login"
      onClick={() => {
        close();
        authUi.openLogin();
      }}
    >
      登录
    </button>
  );

  const aiEntry = (
    <button
      type="button"
      className="header-link"
      onClick={() => {
        close();
        openAi();
      }}
    >
      <RobotOutlined /> AI助学
    </button>
  );

  const qr = config ? <HeaderQr url={config.mobileUrl} /> : null;

  return (
    <header className="site-header">
      <div className="header-top">
        <div className="header-inner header-top-inner">
          <span className="header-date">{today}</span>
          <nav className="header-tools" aria-label="账户">
            {qr}
            {aiEntry}
            <span className="header-sep" aria-hidden="true" />
            {account}
          </nav>
        </div>
      </div>
      <div className="header-brand">
        <div className="header-inner header-brand-inner">
          <Link to="/index" className="brand">
            {/* The college's mark, drawn inline (public/favicon.png is the same drawing, rasterised): an SVG as an <img> or an icon would be a document of its own to load and lay out. */}
            <svg viewBox="0 0 64 64" width={48} height={48} className="brand-logo" aria-hidden="true" focusable="false">
              <rect width="64" height="64" rx="12" fill="#a61b1b" />
              <path d="M32 12 10 24l22 12 22-12z" fill="#ffd666" />
              <path d="M18 30v12c0 4 6 9 14 9s14-5 14-9V30l-14 8z" fill="#fff" />
            </svg>
            <span className="brand-text">
              <span className="brand-name">{config?.collegeName ?? COLLEGE_FALLBACK}</span>
              <span className="brand-sub">干部在线学习培训平台</span>
            </span>
          </Link>
          <button
            type="button"
            className="header-burger"
            aria-label="打开菜单"
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          >
            <MenuOutlined />
          </button>
        </div>
      </div>
      <nav className="header-nav" aria-label="主菜单">
        <div className="header-inner header-nav-inner">{menuOf(person).map(menuLink)}</div>
      </nav>
      <Suspense fallback={null}>
        {drawerOpen || drawerUsed ? (
          <MenuDrawer open={drawerOpen} onClose={close}>
        <div className="drawer-account">{account}</div>
        <nav className="drawer-nav" aria-label="主菜单">
          {menuOf(person).map(menuLink)}
        </nav>
        <div className="drawer-tools">
          {aiEntry}
          {config ? <MobileQrCard url={config.mobileUrl} /> : null}
          <div className="header-date">{today}</div>
        </div>
          </MenuDrawer>
        ) : null}
      </Suspense>
    </header>
  );
}
