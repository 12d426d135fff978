/** The mobile learning QR code (config.mobileUrl), drawn on demand so the qrcode library loads only when asked. */
import { useEffect, useState } from 'react';
import { Spinner } from './PageLoading.tsx';

export function QrImage({ text, size = 140, alt }: { text: string; size?: number; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { margin: 1, width: size, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (alive) setSrc(url);
      })
      .catch((err: unknown) => {
        console.error('QR code failed', err);
        if (alive) setFailed(true);
      });
    return () => {
      alive = false;
    };
  }, [text, size]);
  if (failed) return <div className="qr-fallback">二维码生成失败，请直接访问 {text}</div>;
  if (!src) return <Spinner label="正在生成二维码…" />;
  return <img src={src} width={size} height={size} alt={alt} />;
}

export function MobileQrCard({ url }: { url: string }) {
  return (
    <div className="mobile-qr-card">
      <QrImage text={url} alt="手机学习二维码" />
      <div>手机扫码，随时随地学习</div>
    </div>
  );
}
