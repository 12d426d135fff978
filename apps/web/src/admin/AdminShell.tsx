/**
 * The area's frame: a side menu of the sections the roles allow, a header with who is logged in and
 * 退出, and the section's page. The menu is a convenience; the server checks every call's role. The
 * session ends after 30 minutes without a call (the server's rule); the shell counts the same and goes
 * back to the login when it is over, so an unattended screen does not stay open.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Button, Layout, Menu, Result, Space, Tag } from 'antd';
import {
  AuditOutlined,
  CloudServerOutlined,
  FileTextOutlined,
  FormOutlined,
  HomeOutlined,
  ImportOutlined,
  LogoutOutlined,
  MenuOutlined,
  PlayCircleOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ADMIN_ROLE_NAMES } from '@portal/contract/base';
import { admin } from '@portal/contract/refs';
import { call } from '../api/client.ts';
import { adminSession, adminSessionExpired, type AdminSessionState } from '../lib/adminSession.ts';
import { PageLoading } from '../app/PageLoading.tsx';
import { usePageNarrowerThan } from '../lib/pageWidth.ts';
import { SECTIONS, sectionsFor, type Section } from './sections.ts';
import { useCollegeName } from './useCollegeName.ts';
import { AdminHome } from './AdminHome.tsx';
import { AdminDisplaySwitches, AdminToolbar, useToolbar } from './AdminDisplay.tsx';
import { useScrollableTables } from './scrollableTables.ts';

const ICONS: Record<string, ComponentType> = {
  content: FileTextOutlined,
  people: TeamOutlined,
  imports: ImportOutlined,
  certificates: SafetyCertificateOutlined,
  audit: AuditOutlined,
  ops: CloudServerOutlined,
  exams: FormOutlined,
  courses: PlayCircleOutlined,
};

const pageModules = import.meta.glob<{ default: ComponentType }>('./pages/*/Page.tsx');
const pages = new Map(
  SECTIONS.map((s) => {
    const load = pageModules[`./pages/${s.key}/Page.tsx`];
    return [s.key, load ? lazy(load) : null] as const;
  }),
);

function SectionPage({ section }: { section: Section }) {
  const college = useCollegeName();
  useEffect(() => {
    document.title = `${section.label} - 管理后台 - ${college}`;
  }, [section.label, college]);
  const Page = pages.get(section.key);
  if (!Page) return <Result status="info" title={section.label} subTitle="本栏目尚未开放" />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

export function AdminShell({ session }: { session: AdminSessionState }) {
  const location = useLocation();
  const navigate = useNavigate();
  const college = useCollegeName();
  const mine = useMemo(() => sectionsFor(session.person.roles), [session.person.roles]);
  const current = location.pathname.split('/')[2] ?? '';
  const toolbar = useToolbar();
  // Below antd's lg the menu folds away: lg of the zoomed width (lib/pageWidth.ts), not of the window as
  // the Sider's own breakpoint would ask, so that 页面缩放 200 % at 1280 px folds it too. antd's own
  // opener is a bare <span> no keyboard reaches, so the header has a real button for it (aria-expanded),
  // the open menu takes the focus, and Escape or a chosen section folds it again, the focus back on it.
  const narrow = usePageNarrowerThan(992);
  const [menuOpen, setMenuOpen] = useState(false);
  const folded = narrow && !menuOpen;
  const opener = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLDivElement>(null);
  useScrollableTables(main);
  const fold = (back: boolean) => {
    setMenuOpen(false);
    if (back) opener.current?.focus();
  };

  // The roles may have changed since the login: ask the server who this is on every entry.
  useEffect(() => {
    call(admin.adminMe).then(
      (person) => adminSession.set({ token: session.token, person }),
      () => undefined,
    );
    // Once per shell mount: the token does not change while it is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The server ends the session after idleSeconds without a call; so does the screen.
  useEffect(() => {
    const timer = setInterval(() => {
      if (Date.now() - adminSession.lastCallAt() > session.person.idleSeconds * 1000) adminSessionExpired();
    }, 15_000);
    return () => clearInterval(timer);
  }, [session.person.idleSeconds]);

  const logout = async () => {
    await call(admin.adminLogout).catch(() => undefined);
    adminSession.set(null);
    navigate('/admin/login', { replace: true });
  };

  const items = [
    { key: '', icon: <HomeOutlined />, label: <Link to="/admin" tabIndex={-1}>首页</Link> },
    ...mine.map((s) => {
      const Icon = ICONS[s.key] ?? FileTextOutlined;
      return { key: s.key, icon: <Icon />, label: <Link to={`/admin/${s.key}`} tabIndex={-1}>{s.label}</Link> };
    }),
  ];
  // antd's menu is one Tab stop and moves the focus between its items' links by the arrow keys (Enter
  // follows the link): the links are no Tab stops of their own.
  return (
    <Layout className="admin-layout">
      <Layout.Sider
        id="admin-sider"
        width={208}
        collapsedWidth={0}
        collapsed={folded}
        trigger={null}
        className="admin-sider"
        theme="light"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && narrow) fold(true);
        }}
      >
        <div className="admin-brand">
          <span className="admin-brand-name">管理后台</span>
        </div>
        <nav aria-label="管理后台栏目">
          <Menu mode="inline" selectedKeys={[current]} items={items} onClick={() => narrow && fold(false)} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin-header">
          {narrow ? (
            <Button
              ref={opener}
              className="admin-menu-button"
              icon={<MenuOutlined />}
              aria-expanded={!folded}
              aria-controls="admin-sider"
              onClick={() => {
                setMenuOpen(folded);
                if (folded) requestAnimationFrame(() => document.querySelector<HTMLElement>('#admin-sider [role="menu"]')?.focus());
              }}
            >
              栏目
            </Button>
          ) : null}
          <h1 className="admin-header-college">
            {college} 管理后台
          </h1>
          <Space size="middle" wrap>
            <span>
              {session.person.personName}（{session.person.mobile}）
            </span>
            <span>
              {session.person.roles.map((r) => (
                <Tag key={r}>{ADMIN_ROLE_NAMES[r]}</Tag>
              ))}
            </span>
            <AdminDisplaySwitches toolbar={toolbar} />
            <Button icon={<LogoutOutlined />} onClick={logout}>
              退出
            </Button>
          </Space>
        </Layout.Header>
        <AdminToolbar toolbar={toolbar} />
        {/* antd's Layout.Content is the page's <main>. */}
        <Layout.Content className="admin-content">
          <div className="admin-main" ref={main}>
            <Routes>
              <Route index element={<AdminHome sections={mine} person={session.person} />} />
              {SECTIONS.map((s) => (
                <Route
                  key={s.key}
                  path={`${s.key}/*`}
                  element={mine.includes(s) ? <SectionPage section={s} /> : <Result status="403" title="没有权限" subTitle={`“${s.label}”需要${s.roles.map((r) => ADMIN_ROLE_NAMES[r]).join('或')}角色`} />}
                />
              ))}
              <Route path="*" element={<Result status="404" title="页面不存在" extra={<Link to="/admin">返回管理后台首页</Link>} />} />
            </Routes>
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
