/**
 * The floating side panel of the home page (181 px from the top, following the scroll): the ten
 * cities' platforms, online registration, download centre, common questions, certificate query and
 * back to top. On a phone it becomes a row of links in the page.
 */
import { useCallback, useId, useRef, useState } from 'react';
import {
  ApartmentOutlined,
  DownloadOutlined,
  FormOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { SIDE_PANEL_OFFSET_PX } from '@portal/contract/base';
import { usePortalConfig } from '../lib/config.ts';
import { useDismiss } from './useDismiss.ts';

/** 市级平台: the ten cities' platforms in a panel that opens on hover, focus or click (no antd, ADR 0008). */
function CityPlatforms({ cities }: { cities: { name: string; url: string }[] }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, ref, close);
  return (
    <div className="side-cities" ref={ref}>
      <button type="button" className="side-item" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
        <ApartmentOutlined />
        <span>市级平台</span>
      </button>
      <div id={panelId} className={open ? 'side-cities-panel side-cities-open' : 'side-cities-panel'} role="region" aria-label="市级二级平台">
        <div className="side-cities-title">市级二级平台</div>
        <ul className="city-list">
          {cities.map((c) => (
            <li key={c.url}>
              <a href={c.url} target="_blank" rel="noopener noreferrer">
                {c.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function SidePanel() {
  const { config } = usePortalConfig();
  const cities = config?.cityPlatforms ?? [];
  return (
    <aside className="side-panel" style={{ top: SIDE_PANEL_OFFSET_PX }} aria-label="快捷入口">
      <CityPlatforms cities={cities} />
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
