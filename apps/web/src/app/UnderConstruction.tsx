/** The page of a route whose content comes later: its title, a notice, and the way home. */
import { ToolOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { StatusPanel } from './StatusPanel.tsx';

/** The notice alone, for a page drawn inside an area's layout (which shows the title). */
export function UnderConstructionNotice() {
  return (
    <StatusPanel icon={<ToolOutlined />} title="本栏目正在建设中" text="我们正在完善该栏目的内容，敬请期待。">
      <Link to="/index" className="status-link">
        返回首页
      </Link>
    </StatusPanel>
  );
}

export function UnderConstruction({ title }: { title: string }) {
  return (
    <div className="page-container">
      <h1 className="page-title">{title}</h1>
      <UnderConstructionNotice />
    </div>
  );
}
