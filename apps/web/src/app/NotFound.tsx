/** Any path outside the route table. */
import { FileUnknownOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useDocumentTitle } from './RouteView.tsx';
import { StatusPanel } from './StatusPanel.tsx';

export function NotFound() {
  useDocumentTitle('页面不存在');
  return (
    <div className="page-container">
      <StatusPanel icon={<FileUnknownOutlined />} title="页面不存在" text="您访问的页面不存在或已被移除，请检查地址是否正确。">
        <Link to="/index" className="status-link">
          返回首页
        </Link>
      </StatusPanel>
    </div>
  );
}
