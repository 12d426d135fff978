/**
 * antd's provider (zh_CN locale and the college theme). It lives in its own chunk: the first screen
 * of /index, /course and the public pages is drawn without antd, and every part that uses antd
 * (pages, modals, the drawer, the side panel's popover, the toast) is loaded through lazyAntd,
 * which wraps it in this scope. ADR 0008.
 */
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';

export const THEME = {
  token: {
    colorPrimary: '#a61b1b',
    colorLink: '#a61b1b',
    borderRadius: 6,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
};

export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}
