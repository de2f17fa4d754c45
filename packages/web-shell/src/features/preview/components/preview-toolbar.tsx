import { Button, Flex } from 'antd';
import { useEffect, useRef } from 'react';

/** Zoom steps; 1 fits the page (or image) to the viewer's width. */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
export const FIT = ZOOM_STEPS.indexOf(1);

interface PreviewToolbarProps {
  /** A PDF's pages; left out for an image. */
  pages?: { page: number; pageCount: number | undefined; goTo: (page: number) => void } | undefined;
  /** An index into ZOOM_STEPS. */
  zoom: number;
  zoomTo: (step: number) => void;
  /** Nothing to zoom: the preview failed. */
  disabled: boolean;
}

/**
 * The viewer's controls: previous, "Page N of M" (announced as it changes) and next for a PDF; zoom out, the zoom
 * (a click fits the width again) and zoom in. Text, not icons: the antd chunk of the first screen carries every
 * icon the app uses.
 */
export function PreviewToolbar({ pages, zoom, zoomTo, disabled }: PreviewToolbarProps) {
  const scale = ZOOM_STEPS[zoom]!;
  const percent = `${Math.round(scale * 100)} %`;
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  // A button that turns disabled drops the focus to the page; the other one takes it, once the page has turned.
  const refocus = useRef<HTMLButtonElement | null>(null);
  const turn = (by: -1 | 1) => {
    if (!pages?.pageCount) return;
    const target = pages.page + by;
    refocus.current = target <= 1 ? next.current : target >= pages.pageCount ? previous.current : null;
    pages.goTo(target);
  };
  const page = pages?.page;
  useEffect(() => {
    if (page === undefined) return;
    refocus.current?.focus();
    refocus.current = null;
  }, [page]);
  return (
    <Flex role="toolbar" aria-label="Preview controls" gap={8} align="center" justify="space-between" wrap>
      {pages ? (
        <Flex gap={4} align="center">
          <Button
            ref={previous}
            aria-label="Previous page"
            disabled={!pages.pageCount || pages.page <= 1}
            onClick={() => turn(-1)}
            data-testid="preview-previous"
          >
            ‹
          </Button>
          <span
            aria-live="polite"
            data-testid="preview-page-status"
            style={{ minWidth: 92, textAlign: 'center' }}
          >
            {pages.pageCount ? `Page ${pages.page} of ${pages.pageCount}` : 'Page –'}
          </span>
          <Button
            ref={next}
            aria-label="Next page"
            disabled={!pages.pageCount || pages.page >= pages.pageCount}
            onClick={() => turn(1)}
            data-testid="preview-next"
          >
            ›
          </Button>
        </Flex>
      ) : (
        <span />
      )}
      <Flex gap={4} align="center">
        <Button aria-label="Zoom out" disabled={zoom === 0 || disabled} onClick={() => zoomTo(zoom - 1)}>
          −
        </Button>
        <Button
          onClick={() => zoomTo(FIT)}
          disabled={disabled}
          aria-label={scale === 1 ? 'Zoom: fit to width' : `Zoom ${percent}: fit to width`}
          style={{ minWidth: 64 }}
          data-testid="preview-zoom"
        >
          {scale === 1 ? 'Fit' : percent}
        </Button>
        <Button
          aria-label="Zoom in"
          disabled={zoom === ZOOM_STEPS.length - 1 || disabled}
          onClick={() => zoomTo(zoom + 1)}
        >
          +
        </Button>
      </Flex>
    </Flex>
  );
}
