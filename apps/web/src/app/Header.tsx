/**
 * The header: date with weekday, mobile learning QR, AI entry, the person (number and name, which
 * opens the profile), 修改密码 and 退出登录 — or 登录 for a visitor — the college name, and the role's
 * menu. On a phone the menu and the account links move into a drawer.
 */
import { Suspense, useRef, useState, useSyncExternalStore } from 'react';
import { MenuOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { DEFAULT_UTC_OFFSET_MINUTES, isTeacher, MSG } from '@portal/contract/base';
import { teacher } from '@portal/contract/refs';
import { useCallQuery } from '../api/useCallQuery.ts';
import { authUi } from '../features/auth/authUi.ts';
import { logout, useSession } from '../features/auth/session.ts';
import { AccessToolbar } from '../features/display/AccessToolbar.tsx';
import { CareSwitch } from '../features/display/CareSwitch.tsx';
import { usePortalConfig } from '../lib/config.ts';
import { calendarDay } from '../lib/format.ts';
import { renderInstant } from '../ssrState.ts';
import { toast } from '../lib/toast.ts';
import { lazyAntd } from './lazyAntd.tsx';
import { menuKindOf, menuOf, type MenuItem } from './menu.ts';
import { HeaderQr } from './HeaderQr.tsx';
import { MobileQrCard } from './MobileQr.tsx';
import { useNavActions } from './useNavActions.ts';
import { tabStop, useMenuKeys } from '../lib/rovingFocus.ts';
import { badgeText, useReviewWaiting } from '../features/teacher/reviewWaiting.ts';

const COLLEGE_FALLBACK = '干部网络学院';
/** The date is looked at again every minute, so a page left open past midnight moves on to the new day. */
const everyMinute = (onChange: () => void) => {
  const timer = setInterval(onChange, 60_000);
  return () => clearInterval(timer);
};
/**
 * Today in the college's time zone (the server's TIME_ZONE), whatever the zone of the computer. A page
 * rendered on the server shows the day it was rendered on, and the browser adopting it draws that same
 * day first (the server snapshot), then today's.
 */
const useToday = (utcOffsetMinutes: number) =>
  useSyncExternalStore(
    everyMinute,
    () => calendarDay(Date.now(), utcOffsetMinutes),
    () => calendarDay(renderInstant(), utcOffsetMinutes),
  );
const TOOLBAR_ID = 'a11y-toolbar';
const MenuDrawer = lazyAntd(() => import('./MenuDrawer.tsx'));

export function Header() {
  const { person, token } = useSession();
  const { config } = usePortalConfig();
  const { go, openDigitalBooks, openAi } = useNavActions();
  const location = useLocation();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  /** Kept mounted after the first opening so the drawer can animate closed. */
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [toolbarOpen, setToolbarOpen] = useState(false);
  const toolbarButton = useRef<HTMLButtonElement>(null);
  const burger = useRef<HTMLButtonElement>(null);
  const today = useToday(config?.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES);

  // Between a login's token and its person (fetched next), whose menu to show is not known yet:
  // none, rather than the visitor's (the learner's), which a teacher must not see.
  const menu = token !== null && !person ? [] : menuOf(person);
  // A learner's unread class messages: the badge on 我的消息.
  const learner = person !== null && !isTeacher(person);
  const unread = useCallQuery(teacher.findUnreadMessageCount, {}, { enabled: learner, staleTime: 60_000 }).data ?? 0;
  // A teacher's hand-ins awaiting review: the badge on 班级管理 (where 批阅中心 is).
  const waiting = useReviewWaiting();
  const badgeOf = (item: MenuItem) => (item.kind === 'route' && item.path === '/class' && waiting > 0 ? waiting : 0);

  const close = () => setDrawerOpen(false);
  const isActive = (path: string) => location.pathname === path || location.pathname.startsWith(`${path}/`);
  // 主菜单 is a menubar (WAI-ARIA): one Tab stop, the current page's item (or the first); arrows move.
  const stopKey = menu.find((item) => item.kind === 'route' && isActive(item.path))?.key ?? menu[0]?.key;
  const barKeys = useMenuKeys('horizontal');
  const drawerKeys = useMenuKeys('vertical');

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
        role="menuitem"
        tabIndex={tabStop(item.key === stopKey)}
        className={isActive(item.path) ? 'nav-item nav-item-active' : 'nav-item'}
        aria-current={isActive(item.path) ? 'page' : undefined}
        aria-label={badgeOf(item) ? `${item.label}，${badgeOf(item)}份待批阅` : undefined}
        onClick={(e) => {
          e.preventDefault();
          close();
          go(item.path);
        }}
      >
        {item.label}
        {badgeOf(item) ? <span className="header-badge">{badgeText(badgeOf(item))}</span> : null}
      </a>
    ) : (
      <button
        key={item.key}
        type="button"
        role="menuitem"
        tabIndex={tabStop(item.key === stopKey)}
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
      {learner ? (
        <Link to="/learningClassroom/mymessage" className="header-link" onClick={close} aria-label={unread > 0 ? `我的消息，${unread}条未读` : '我的消息'}>
          我的消息
          {unread > 0 ? <span className="header-badge">{badgeText(unread)}</span> : null}
        </Link>
      ) : null}
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
          <div className="header-display">
            <CareSwitch className="display-switch" />
            <button type="button" className="display-switch" aria-expanded={toolbarOpen} aria-controls={TOOLBAR_ID} onClick={() => setToolbarOpen((o) => !o)} ref={toolbarButton}>
              无障碍
            </button>
          </div>
          <button
            type="button"
            className="header-burger"
            aria-label="打开菜单"
            ref={burger}
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
        <div className="header-inner header-nav-inner" data-menu={menuKindOf(person)} role="menubar" aria-label="主菜单" {...barKeys}>
          {menu.map(menuLink)}
        </div>
      </nav>
      {toolbarOpen ? (
        <AccessToolbar
          id={TOOLBAR_ID}
          onClose={() => {
            setToolbarOpen(false);
            toolbarButton.current?.focus();
          }}
        />
      ) : null}
      <Suspense fallback={null}>
        {drawerOpen || drawerUsed ? (
          <MenuDrawer
            open={drawerOpen}
            onClose={() => {
              // Escape, the close button or the mask: the focus goes back to the button that opened it once
              // the drawer has slid away (while it closes, the drawer's focus trap holds the focus).
              close();
              window.setTimeout(() => {
                const at = document.activeElement;
                if (!at || at === document.body || at.closest('.header-drawer')) burger.current?.focus();
              }, 400);
            }}
          >
        <div className="drawer-account">{account}</div>
        <nav aria-label="主菜单">
          <div className="drawer-nav" role="menubar" aria-label="主菜单" {...drawerKeys}>
            {menu.map(menuLink)}
          </div>
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
