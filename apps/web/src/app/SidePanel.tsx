/**
 * The floating side panel of the home page (181 px from the top, following the scroll): the ten
 * cities' platforms, online registration, download centre, common questions, certificate query and
 * back to top. On a phone it becomes a row of links in the page.
 */
import { Popover } from 'antd';
import {
  ApartmentOutlined,
  DownloadOutlined,
  FormOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { SIDE_PANEL_OFFSET_PX } from '@portal/contract';
import { usePortalConfig } from '../lib/config.ts';

export function SidePanel() {
  const { config } = usePortalConfig();
  const cities = config?.cityPlatforms ?? [];
  return (
    <aside className="side-panel" style={{ top: SIDE_PANEL_OFFSET_PX }} aria-label="快捷入口">
      <Popover
        placement="left"
        title="市级二级平台"
        trigger={['hover', 'click']}
        content={
          <ul className="city-list">
            {cities.map((c) => (
              <li key={c.url}>
                <a href={c.url} target="_blank" rel="noopener noreferrer">
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        }
      >
        <button type="button" className="side-item">
          <ApartmentOutlined />
          <span>市级平台</span>
        </button>
      </Popover>
      {config ? (
        <a className="side-item" href={config.registrationUrl} target="_blank" rel="noopener noreferrer">
          <FormOutlined />
          <span>在线报名</span>
        </a>
      ) : null}
      <Link className="side-item" to="/download">
        <DownloadOutlined />
        <span>下载中心</span>
      </Link>
      <Link className="side-item" to="/question">
        <QuestionCircleOutlined />
        <span>常见问题</span>
      </Link>
      <Link className="side-item" to="/certificate">
        <SafetyCertificateOutlined />
        <span>证书查询</span>
      </Link>
      <button type="button" className="side-item" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
        <VerticalAlignTopOutlined />
        <span>返回顶部</span>
      </button>
    </aside>
  );
}
