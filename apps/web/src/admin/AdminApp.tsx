/**
 * /admin: the college's administration area (issue 25). Its own login (password, then the SMS code,
 * every time), its own session in this tab (lib/adminSession.ts), and a shell with the side menu of the
 * sections the administrator's roles allow.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { useDisplay } from '../lib/display.ts';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { adminSession, adminSessionJustExpired, setAdminExpiredHandler } from '../lib/adminSession.ts';
import { hideLoadingOverlay } from '../app/RootLayout.tsx';
import { AdminLogin } from './AdminLogin.tsx';
import { AdminShell } from './AdminShell.tsx';
import { useDisplayFromOtherTabs } from './AdminDisplay.tsx';
import { useDialogTabWrap } from './dialogFocus.ts';
import './admin.css';

export function useAdminSession() {
  return useSyncExternalStore(adminSession.subscribe, adminSession.get, () => null);
}

export default function AdminApp() {
  const session = useAdminSession();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(hideLoadingOverlay, []);
  useDisplayFromOtherTabs();
  useDialogTabWrap();
  // antd's placeholder grey (0.25 black, 1.9:1 on white) is under WCAG AA's 4.5:1: the area's is 0.6
  // black (5.7:1), in its drawers and modals too. The high-contrast pairs set their own (display.css).
  const { contrast } = useDisplay();
  const theme = useMemo<ThemeConfig>(() => (contrast === 'none' ? { token: { colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)' } } : {}), [contrast]);
  useEffect(() => {
    setAdminExpiredHandler(() => {
      const here = `${window.location.pathname}${window.location.search}`;
      navigate(`/admin/login?expired=1&next=${encodeURIComponent(here.startsWith('/admin/login') ? '/admin' : here)}`, { replace: true });
    });
    return () => setAdminExpiredHandler(() => undefined);
  }, [navigate]);

  return (
    <ConfigProvider theme={theme}>
    <Routes>
      <Route path="login" element={<AdminLogin />} />
      <Route
        path="*"
        element={session ? <AdminShell session={session} /> : <Navigate to={`/admin/login?${adminSessionJustExpired() ? 'expired=1&' : ''}next=${encodeURIComponent(location.pathname + location.search)}`} replace />}
      />
    </Routes>
    </ConfigProvider>
  );
}
