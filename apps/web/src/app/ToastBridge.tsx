/** Registers antd's context-aware notification API (theme and locale of AntdScope) as the toast of lib/toast. */
import { useEffect } from 'react';
import { notification } from 'antd';
import { setToastApi, TOAST_CONFIG } from '../lib/toast.ts';

export default function ToastBridge() {
  const [api, holder] = notification.useNotification(TOAST_CONFIG);
  useEffect(() => {
    setToastApi(api);
    return () => setToastApi(null);
  }, [api]);
  return holder;
}
