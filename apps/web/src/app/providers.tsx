/** App-wide providers: server state (TanStack Query), antd with the zh_CN locale and theme, the toast bridge. */
import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, notification } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setToastApi, TOAST_CONFIG } from '../lib/toast.ts';

dayjs.locale('zh-cn');

const queryClient = new QueryClient({
  defaultOptions: {
    // The client has already shown HTTP and network failures; retrying them would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});

export const THEME = {
  token: {
    colorPrimary: '#a61b1b',
    colorLink: '#a61b1b',
    borderRadius: 6,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
};

/** Registers a notification API that reads the theme and locale of ConfigProvider as the toast of lib/toast. */
function ToastBridge() {
  const [api, holder] = notification.useNotification(TOAST_CONFIG);
  useEffect(() => {
    setToastApi(api);
    return () => setToastApi(null);
  }, [api]);
  return holder;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={THEME} button={{ autoInsertSpace: false }}>
        <ToastBridge />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
