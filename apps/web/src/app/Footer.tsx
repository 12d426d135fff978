/** The footer from the portal configuration: service hours, support group, phone, fax, e-mail, copyright. */
import { Link } from 'react-router';
import { usePortalConfig } from '../lib/config.ts';

export function Footer() {
  const { config, isError, refetch } = usePortalConfig();
  const f = config?.footer;
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <nav className="footer-links" aria-label="页脚链接">
          <Link to="/about">学院概况</Link>
          <Link to="/noticeList">通知公告</Link>
          <Link to="/download">下载中心</Link>
          <Link to="/question">常见问题</Link>
          <Link to="/certificate">证书查询</Link>
        </nav>
        {f ? (
          <div className="footer-info">
            <p>技术支持服务时间：{f.serviceHours}</p>
            <p>
              {f.supportGroup}
              <span className="footer-gap" />
              电话：<a href={`tel:${f.phone}`}>{f.phone}</a>
              <span className="footer-gap" />
              传真：{f.fax}
              <span className="footer-gap" />
              邮箱：<a href={`mailto:${f.email}`}>{f.email}</a>
            </p>
            <p className="footer-copy">{f.copyright}</p>
          </div>
        ) : isError ? (
          <p className="footer-info">
            联系信息加载失败，
            <button type="button" className="link-button" onClick={refetch}>
              点击重试
            </button>
          </p>
        ) : (
          <p className="footer-info">正在加载联系信息…</p>
        )}
      </div>
    </footer>
  );
}
