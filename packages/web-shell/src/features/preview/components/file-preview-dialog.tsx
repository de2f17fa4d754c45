import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { type MouseEvent as ReactMouseEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { PreviewFile, PreviewKind } from '../preview-kinds.ts';
import './file-preview-dialog.css';
import { useModalDialog } from '../../../lib/use-modal-dialog.ts';
import { ImageLightbox } from './image-lightbox.tsx';
import { PdfPage } from './pdf-page.tsx';
import { FIT, PreviewToolbar, ZOOM_STEPS } from './preview-toolbar.tsx';

export interface FilePreviewDialogProps {
  file: PreviewFile;
  kind: PreviewKind;
  /** The preview's absolute URL; undefined when discovery named no address for the service. */
  url: string | undefined;
  accessToken: string | null | undefined;
  /** Esc, Close or the backdrop: the caller unmounts the dialog and puts the focus back. */
  onClose: () => void;
  /** The first bytes arrived: the server counted the file as opened. */
  onOpened: () => void;
  /** The server refused the preview (403): the site's settings changed since the page was drawn. */
  onRefused?: (() => void) | undefined;
  onDownload?: (() => void) | undefined;
  downloading: boolean;
}

type PreviewState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string };

/**
 * The file viewer both front ends open from a list's row: a PDF page by page ("Page N of M", previous and next),
 * an image in a dark lightbox, both with zoom, and a Download button where the site allows it. A native modal
 * dialog: Esc closes it, the page behind is inert, and the caller returns the focus to the row's button. The keys
 * ← → (Page Up, Page Down) turn pages, + and − zoom, 0 fits. (Text buttons, no new icons: the first screen's
 * antd chunk carries every icon the app uses.)
 */
export default function FilePreviewDialog(props: FilePreviewDialogProps) {
  const { file, kind, url, accessToken, onClose, onOpened, onRefused, onDownload, downloading } = props;
  const titleId = useId();
  const [zoom, setZoom] = useState(FIT);
  const [page, setPage] = useState(1);
  const [pageCount, setPageCount] = useState<number>();
  const [state, setState] = useState<PreviewState>(
    url ? { status: 'loading' } : { status: 'error', message: 'No address is known for this service.' },
  );
  const [width, setWidth] = useState(0);
  const { ref: dialog, onCancel } = useModalDialog(onClose);
  const resizeObserver = useRef<ResizeObserver>(null);

  // The viewer's width, which a page or an image at zoom 1 fills; followed as the window changes.
  const viewport = useCallback((element: HTMLElement | null) => {
    resizeObserver.current?.disconnect();
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    resizeObserver.current = observer;
  }, []);
  useEffect(() => () => resizeObserver.current?.disconnect(), []);

  const onDocument = useCallback(
    (pages: number) => {
      setPageCount(pages);
      onOpened();
    },
    [onOpened],
  );
  // A refusal by the site's settings also means the page behind offers what the site no longer allows.
  const onError = useCallback(
    (message: string, status?: number) => {
      setState({ status: 'error', message });
      if (status === 403) onRefused?.();
    },
    [onRefused],
  );
  const onShown = useCallback(() => setState({ status: 'ready' }), []);

  const goTo = (next: number) => {
    if (!pageCount || next < 1 || next > pageCount || next === page) return;
    setState({ status: 'loading' });
    setPage(next);
  };
  const zoomTo = (step: number) => setZoom(Math.min(Math.max(step, 0), ZOOM_STEPS.length - 1));
  const onKeyDown = (event: globalThis.KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action: Record<string, () => void> = {
      ArrowRight: () => goTo(page + 1),
      PageDown: () => goTo(page + 1),
      ArrowLeft: () => goTo(page - 1),
      PageUp: () => goTo(page - 1),
      '+': () => zoomTo(zoom + 1),
      '=': () => zoomTo(zoom + 1),
      '-': () => zoomTo(zoom - 1),
      '0': () => zoomTo(FIT),
    };
    const run = action[event.key];
    if (!run) return;
    event.preventDefault();
    run();
  };
  // Listened to on the document: the dialog is modal, so every key is for it, even when the focused button has
  // just been disabled (Next on the last page) and the focus fell back to the body.
  const keyHandler = useRef(onKeyDown);
  keyHandler.current = onKeyDown;
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => keyHandler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
  // Esc: the dialog would close itself; React owns it, so the caller unmounts it instead.
  // A click on the backdrop is a click on the dialog element itself, outside its inner box.
  const onBackdropClick = (event: ReactMouseEvent) => {
    if (event.target === dialog.current) onClose();
  };

  const scale = ZOOM_STEPS[zoom]!;
  const failed = state.status === 'error';
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is the backdrop's; Esc (the cancel event) is its key
    <dialog
      ref={dialog}
      className="portico-preview"
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClick={onBackdropClick}
      data-testid="file-preview"
      data-kind={kind}
      data-status={state.status}
    >
      <div className="portico-preview-inner">
        <Flex justify="space-between" align="start" gap={8}>
          <div style={{ minWidth: 0 }}>
            <h2 id={titleId} className="portico-preview-title" data-testid="preview-title">
              {file.title}
            </h2>
            {file.fileName !== file.title ? (
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, display: 'block' }}>
                {file.fileName}
              </Typography.Text>
            ) : null}
          </div>
        </Flex>
        <PreviewToolbar
          pages={kind === 'pdf' ? { page, pageCount, goTo } : undefined}
          zoom={zoom}
          zoomTo={zoomTo}
          disabled={failed}
        />
        {/* Focusable, so that a zoomed page or image can be scrolled with the keyboard. */}
        <section
          ref={viewport}
          className="portico-preview-viewport"
          data-kind={kind}
          aria-label={kind === 'pdf' ? 'Page' : 'Image'}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
        >
          {failed ? (
            <Flex align="center" justify="center" style={{ minHeight: '100%', padding: 16 }}>
              <Alert
                type="warning"
                showIcon
                title="The preview could not be shown"
                description={state.message}
                data-testid="preview-error"
              />
            </Flex>
          ) : null}
          {url && !failed && kind === 'pdf' ? (
            <PdfPage
              url={url}
              accessToken={accessToken}
              page={page}
              scale={scale}
              width={width}
              label={`${file.title}, page ${page}${pageCount ? ` of ${pageCount}` : ''}`}
              onDocument={onDocument}
              onShown={onShown}
              onError={onError}
            />
          ) : null}
          {url && !failed && kind === 'image' ? (
            <ImageLightbox
              url={url}
              accessToken={accessToken}
              scale={scale}
              alt={file.title}
              onOpened={onOpened}
              onShown={onShown}
              onError={onError}
            />
          ) : null}
          {state.status === 'loading' ? (
            <Flex
              align="center"
              justify="center"
              style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
              data-testid="preview-loading"
            >
              <Flex
                vertical
                align="center"
                gap={8}
                style={{ padding: '12px 16px', borderRadius: 6, background: 'rgba(255, 255, 255, 0.92)' }}
              >
                <Spin />
                <span role="status">Loading the preview…</span>
              </Flex>
            </Flex>
          ) : null}
        </section>
        <Flex gap={8} justify="flex-end" wrap>
          {onDownload ? (
            <Button
              icon={<DownloadOutlined aria-hidden />}
              onClick={onDownload}
              loading={downloading}
              data-testid="preview-download"
            >
              Download
            </Button>
          ) : null}
          <Button type="primary" onClick={onClose} data-testid="preview-close">
            Close
          </Button>
        </Flex>
      </div>
    </dialog>
  );
}
