/** When a page fails to load or render (e.g. a new version was deployed): say so and offer a reload. */
import { Button } from 'antd';
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
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      </StatusPanel>
    </div>
  );
}
