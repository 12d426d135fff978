/** A PDF viewer on pdf.js (loaded only where a PDF is read): one page at a time, page navigation and zoom. */
import { useEffect, useRef, useState } from 'react';
import { LeftOutlined, RightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import type { PDFDocumentProxy } from 'pdfjs-dist';
// Drawn without antd: the reader is the first view of a PDF chapter (plain.tsx).
import { Notice, PlainButton, StudyLoading } from './plain.tsx';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

/** A PDF by its address, or its bytes (a file fetched with the login token, e.g. a homework attachment). */
async function openPdf(source: string | Uint8Array): Promise<PDFDocumentProxy> {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
  // pdf.js hands the bytes to its worker (which detaches them): it gets a copy.
  return pdfjs.getDocument(typeof source === 'string' ? { url: source } : { data: source.slice() }).promise;
}

export function PdfReader({ url, title, page, onPage, onLoaded }: { url: string | Uint8Array; title: string; page: number; onPage: (page: number) => void; onLoaded?: (pages: number) => void }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoomIndex, setZoomIndex] = useState(2);
  const [fitScale, setFitScale] = useState(1);
  // The document whose page width has been fitted, and the one whose page has been drawn: until then the
  // A4 placeholder keeps the page's place, so that nothing below it moves as the page is drawn (first at
  // the canvas's default size, then at 100 %, then fitted, each of a different height).
  const [fitted, setFitted] = useState<PDFDocumentProxy | null>(null);
  const [drawn, setDrawn] = useState<PDFDocumentProxy | null>(null);
  const [rendered, setRendered] = useState(0);
  // The page number box's text: a number being typed, until it names a page.
  const [typed, setTyped] = useState(String(page));
  const [typedFor, setTypedFor] = useState(page);
  if (typedFor !== page) {
    setTypedFor(page);
    setTyped(String(page));
  }
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const loadedRef = useRef(onLoaded);
  useEffect(() => {
    loadedRef.current = onLoaded;
  });

  useEffect(() => {
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    setFailed(false);
    setDoc(null);
    openPdf(url).then(
      (d) => {
        opened = d;
        if (cancelled) {
          void d.loadingTask.destroy();
          return;
        }
        setDoc(d);
        loadedRef.current?.(d.numPages);
      },
      (err: unknown) => {
        console.error('pdf failed', err);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      void opened?.loadingTask.destroy();
    };
  }, [url]);

  // Fit the page to the width of its box (at 100 %).
  useEffect(() => {
    if (!doc) return;
    let cancelled = false;
    const measure = () => {
      void doc.getPage(1).then((p) => {
        if (cancelled || !boxRef.current) return;
        const width = p.getViewport({ scale: 1 }).width;
        const available = boxRef.current.clientWidth - 24;
        setFitScale(Math.max(0.3, Math.min(2, available / width)));
        setFitted(doc);
      });
    };
    measure();
    window.addEventListener('resize', measure);
    return () => {
      cancelled = true;
      window.removeEventListener('resize', measure);
    };
  }, [doc]);

  const scale = fitScale * ZOOMS[zoomIndex]!;
  useEffect(() => {
    if (!doc || fitted !== doc || !canvasRef.current) return;
    let cancelled = false;
    let task: { cancel: () => void; promise: Promise<void> } | null = null;
    const canvas = canvasRef.current;
    void doc.getPage(Math.min(Math.max(1, page), doc.numPages)).then((p) => {
      if (cancelled) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: scale * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
      task = p.render({ canvas, viewport });
      task.promise.then(
        () => {
          if (cancelled) return;
          setRendered((n) => n + 1);
          setDrawn(doc);
        },
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, fitted, page, scale]);

  if (failed) return <Notice type="error" title="课件加载失败，请刷新页面重试" />;
  const pages = doc?.numPages ?? 0;
  return (
    <div className="pdf-reader">
      <div className="pdf-toolbar" role="toolbar" aria-label="课件阅读工具">
        <div className="pdf-tools">
          <PlainButton disabled={!doc || page <= 1} onClick={() => onPage(page - 1)}>
            <LeftOutlined />
            上一页
          </PlainButton>
          <span className="pdf-page">
            <input
              type="number"
              className="st-input-number"
              min={1}
              max={Math.max(1, pages)}
              value={typed}
              aria-label="页码"
              onChange={(e) => {
                setTyped(e.target.value);
                const v = Number(e.target.value);
                if (e.target.value !== '' && Number.isInteger(v) && v >= 1 && v <= pages) onPage(v);
              }}
              onBlur={() => setTyped(String(page))}
            />
            <span data-testid="pdf-pages"> / {pages || '…'} 页</span>
          </span>
          <PlainButton disabled={!doc || page >= pages} onClick={() => onPage(page + 1)}>
            下一页
            <RightOutlined />
          </PlainButton>
        </div>
        <div className="pdf-tools">
          <PlainButton className="st-btn-icon" aria-label="缩小" disabled={zoomIndex === 0} onClick={() => setZoomIndex((z) => z - 1)}>
            <ZoomOutOutlined />
          </PlainButton>
          <span className="pdf-zoom" aria-live="polite">
            {Math.round(ZOOMS[zoomIndex]! * 100)}%
          </span>
          <PlainButton className="st-btn-icon" aria-label="放大" disabled={zoomIndex === ZOOMS.length - 1} onClick={() => setZoomIndex((z) => z + 1)}>
            <ZoomInOutlined />
          </PlainButton>
        </div>
      </div>
      {/* A zoomed page scrolls inside this box: it takes the keyboard's focus (arrow keys scroll it) and is named for screen readers. */}
      <div className="pdf-canvas-box" ref={boxRef} tabIndex={0} role="region" aria-label={`${title} 课件页面`}>
        {!doc || drawn !== doc ? (
          <div className="pdf-placeholder">
            <StudyLoading label="正在打开课件" />
          </div>
        ) : null}
        <canvas ref={canvasRef} className="pdf-canvas" role="img" aria-label={`${title} 第${page}页`} data-rendered={rendered} hidden={!doc || drawn !== doc} />
      </div>
    </div>
  );
}
