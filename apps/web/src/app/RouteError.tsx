/** When a page fails to load or render (e.g. a new version was deployed): say so and offer a reload. */
import { WarningOutlined } from '@ant-design/icons';
import { useRouteError } from 'react-router';
import { useEffect } from 'react';
import { StatusPanel } from './StatusPanel.tsx';

export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="page-container">
      <StatusPanel icon={<WarningOutlined />} title="页面加载失败" text="请检查网络后刷新页面重试。">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          刷新页面
        </button>
      </StatusPanel>
    </div>
  );
}
