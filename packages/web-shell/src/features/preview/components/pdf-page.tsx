import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { BUILT_DECODERS, loadPdfJs } from '../pdf-js.ts';
import { previewErrorMessage } from '../preview-errors.ts';

interface PdfPageProps {
  url: string;
  accessToken: string | null | undefined;
  /** 1-based. */
  page: number;
  /** 1 fits the page to `width`. */
  scale: number;
  /** The viewer's inner width in CSS pixels; nothing is drawn while it is 0. */
  width: number;
  label: string;
  onDocument: (pageCount: number) => void;
  onShown: () => void;
  /** What went wrong, in words, with the server's status when it answered. */
  onError: (message: string, status?: number) => void;
}

/** pdf.js reads in ranges of this size: a few requests for a small file, page 1 soon for a large one. */
const RANGE_CHUNK_BYTES = 512 * 1024;
const GUTTER = 16;

/**
 * One page of a PDF drawn on a canvas by pdf.js. The document is fetched by pdf.js itself with the bearer token
 * in a header (never in the URL), in Range requests as pages need them, and without cookies.
 */
export function PdfPage({
  url,
  accessToken,
  page,
  scale,
  width,
  label,
  onDocument,
  onShown,
  onError,
}: PdfPageProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [document, setDocument] = useState<PDFDocumentProxy>();
  const [drawn, setDrawn] = useState<number>();
  // Read when the document is opened only: a renewed token must not reload it.
  const token = useRef(accessToken);
  token.current = accessToken;

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    (async () => {
      const pdfjs = await loadPdfJs();
      if (cancelled) return;
      const task = pdfjs.getDocument({
        url,
        httpHeaders: token.current ? { Authorization: `Bearer ${token.current}` } : {},
        withCredentials: false,
        rangeChunkSize: RANGE_CHUNK_BYTES,
        disableAutoFetch: true,
        disableStream: true,
        ...BUILT_DECODERS,
        // Fonts a PDF does not embed are drawn with the system's; their data is never fetched from elsewhere.
        useSystemFonts: true,
      });
      destroy = () => task.destroy();
      const pdf = await task.promise;
      if (cancelled) return;
      setDocument(pdf);
      onDocument(pdf.numPages);
    })().catch((error: unknown) => {
      if (!cancelled) onError(pdfErrorMessage(error), statusOf(error));
    });
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [url, onDocument, onError]);

  useEffect(() => {
    const target = canvas.current;
    if (!document || !target || width <= 0) return;
    let task: RenderTask | undefined;
    let cancelled = false;
    (async () => {
      const pdfPage = await document.getPage(page);
      if (cancelled) return;
      const natural = pdfPage.getViewport({ scale: 1 });
      const viewport = pdfPage.getViewport({ scale: ((width - 2 * GUTTER) / natural.width) * scale });
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      task = pdfPage.render({
        canvas: target,
        viewport,
        ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}),
      });
      await task.promise;
      if (cancelled) return;
      setDrawn(page);
      onShown();
    })().catch((error: unknown) => {
      if (!cancelled && (error as { name?: string })?.name !== 'RenderingCancelledException')
        onError(pdfErrorMessage(error));
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [document, page, scale, width, onShown, onError]);

  return (
    <div style={{ padding: GUTTER, width: 'fit-content', minWidth: '100%', boxSizing: 'border-box' }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-testid="preview-canvas"
        data-page={drawn}
        style={{
          display: 'block',
          margin: '0 auto',
          background: '#fff',
          boxShadow: '0 1px 4px rgba(0,0,0,0.2)',
        }}
      />
    </div>
  );
}

/** What went wrong, in words: an HTTP status from the server, a damaged or protected file, or the network. */
function pdfErrorMessage(error: unknown): string {
  const { name } = (error ?? {}) as { name?: string };
  if (name === 'PasswordException') return 'This PDF is protected by a password. Download it to open it.';
  if (name === 'InvalidPDFException') return 'This PDF is damaged or is not a PDF. Download it to open it.';
  return previewErrorMessage(statusOf(error));
}

/** The HTTP status pdf.js saw, if the server answered. */
function statusOf(error: unknown): number | undefined {
  const { status } = (error ?? {}) as { status?: number };
  return typeof status === 'number' && status > 0 ? status : undefined;
}
