/**
 * /learningClassroom/printcertificate: my certificates with their state. 打印 opens a print view (one
 * A4 landscape page; the print stylesheet leaves out everything else of the site); 下载PDF saves the
 * PDF the server makes of the same certificate. Both carry the QR code of its verification address
 * (at the lower left) and the college's seal (configured: CERTIFICATE_SEAL) over its name and the date.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Space } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { learning as L } from '@portal/contract';
import { content, learning } from '@portal/contract/refs';
import { urlOf } from '@portal/contract/base';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { ResponsiveTable } from '../../../features/learning/ResponsiveTable.tsx';
import { useSession } from '../../../features/auth/session.ts';
import { formatDate, formatHours } from '../../../features/content/format.ts';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { QrImage } from '../../../app/MobileQr.tsx';
import { usePortalConfig } from '../../../lib/config.ts';
import { downloadFile } from '../../../api/download.ts';
import { toast } from '../../../lib/toast.ts';
import './printcertificate.css';

/** 2026-11-24 → 2026年11月24日. */
const chineseDate = (iso: string) => {
  const [y, m, d] = formatDate(iso).split('-');
  return `${y}年${Number(m)}月${Number(d)}日`;
};

function Sheet({ cert }: { cert: L.MyCertificate }) {
  const { person } = useSession();
  const { config } = usePortalConfig();
  const college = config?.collegeName ?? '';
  return (
    <article className="cert-sheet" aria-label={`结业证书 ${cert.certNo}`}>
      <p className="cert-sheet-college">{college}</p>
      <h2 className="cert-sheet-title">结 业 证 书</h2>
      <p className="cert-sheet-holder">
        {person?.personName}同志{person?.organName ? `（${person.organName}）` : ''}：
      </p>
      <p className="cert-sheet-body">
        于{chineseDate(cert.issuedAt)}完成“{cert.installTitle}”的学习，累计获得{formatHours(cert.hours)}学时，经考核合格，准予结业。
      </p>
      <div className="cert-sheet-sign">
        <span>{college}</span>
        <span>{chineseDate(cert.issuedAt)}</span>
        {config?.certificateSeal ? <img className="cert-sheet-seal" src={urlOf(content.findCertificateSeal, '')} alt={`${college}印章`} /> : null}
      </div>
      <div className="cert-sheet-foot">
        <QrImage text={cert.verifyUrl} size={124} alt="证书核验二维码" />
        <div>
          <div>证书编号：{cert.certNo}</div>
          <div>验证码：{cert.verifyCode}</div>
          <div className="cert-sheet-hint">扫描二维码或登录本院网站“证书查询”核验</div>
        </div>
      </div>
    </article>
  );
}

/** The print view: the sheet alone over the page; while it is open, printing prints only the sheet. */
function PrintView({ cert, onClose }: { cert: L.MyCertificate; onClose: () => void }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div className="cert-print-root" role="dialog" aria-modal="true" aria-label="打印证书">
      <div className="cert-print-toolbar">
        <Button type="primary" icon={<PrinterOutlined />} autoFocus onClick={() => window.print()}>
          打印
        </Button>
        <Button onClick={onClose}>返回</Button>
        <span>打印时请选择 A4 纸、横向；页眉页脚可在打印设置中关闭。</span>
      </div>
      <Sheet cert={cert} />
    </div>,
    document.body,
  );
}

export default function PrintCertificatePage() {
  const q = useCallQuery(learning.certificate, {}, { staleTime: 0 });
  const [printing, setPrinting] = useState<L.MyCertificate | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = (certNo: string) => {
    setDownloading(certNo);
    downloadFile(learning.certificatePdf, { certNo }, `结业证书-${certNo}.pdf`).then(
      () => setDownloading(null),
      (err: unknown) => {
        console.error(err);
        toast('error', navigator.onLine ? '证书下载失败，请稍后重试' : '网络连接已断开，请检查网络');
        setDownloading(null);
      },
    );
  };

  return (
    <>
      <p className="cert-page-lead">完成专题培训的学时要求（设有结业考试的，还需考试合格）后，系统自动颁发结业证书。证书可打印或下载 PDF，单位可扫描证书上的二维码核验真伪。</p>
      <QueryState query={q} empty="还没有证书：完成培训后将自动颁发。" isEmpty={(d) => d.length === 0}>
        {(rows) => (
          <ResponsiveTable<L.MyCertificate>
            label="我的证书"
            titleColumn="installTitle"
            actionColumn="actions"
            rowKey="certNo"
            dataSource={rows}
            pagination={rows.length > 10 ? { pageSize: 10 } : false}
            columns={[
              { title: '证书编号', dataIndex: 'certNo' },
              { title: '培训项目', dataIndex: 'installTitle' },
              { title: '学时', dataIndex: 'hours', render: (h: number) => formatHours(h) },
              { title: '发证日期', dataIndex: 'issuedAt', render: (d: string) => formatDate(d) },
              {
                title: '状态',
                key: 'state',
                render: (_: unknown, c: L.MyCertificate) =>
                  c.revokedAt ? (
                    <span>
                      <span className="cert-state cert-state-revoked">已撤销</span> {formatDate(c.revokedAt)} {c.revokeReason}
                    </span>
                  ) : (
                    <span className="cert-state cert-state-valid">有效</span>
                  ),
              },
              {
                title: '操作',
                key: 'actions',
                render: (_: unknown, c: L.MyCertificate) =>
                  c.revokedAt ? null : (
                    <Space>
                      <Button icon={<PrinterOutlined />} onClick={() => setPrinting(c)} aria-label={`打印 ${c.certNo}`}>
                        打印
                      </Button>
                      <Button icon={<DownloadOutlined />} loading={downloading === c.certNo} onClick={() => download(c.certNo)} aria-label={`下载PDF ${c.certNo}`}>
                        下载PDF
                      </Button>
                    </Space>
                  ),
              },
            ]}
          />
        )}
      </QueryState>
      {printing ? <PrintView cert={printing} onClose={() => setPrinting(null)} /> : null}
    </>
  );
}
