import { useEffect, useRef, useState } from 'react';
import { isErrorBody } from '../../../lib/http-errors.ts';
import { previewErrorMessage } from '../preview-errors.ts';

interface ImageLightboxProps {
  url: string;
  accessToken: string | null | undefined;
  /** 1 fits the image into the viewer; other steps scale the fitted size. */
  scale: number;
  alt: string;
  onOpened: () => void;
  onShown: () => void;
  /** What went wrong, in words, with the server's status when it answered. */
  onError: (message: string, status?: number) => void;
}

/**
 * An image fetched with the bearer token in a header (an `<img src>` could only carry it in the URL), shown
 * from an object URL that is revoked when the viewer closes.
 */
export function ImageLightbox({
  url,
  accessToken,
  scale,
  alt,
  onOpened,
  onShown,
  onError,
}: ImageLightboxProps) {
  const [source, setSource] = useState<string>();
  // The width the image has when it fits the viewer: the zoom steps are shares of it.
  const [fitted, setFitted] = useState<number>();
  const token = useRef(accessToken);
  token.current = accessToken;

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | undefined;
    (async () => {
      let response: Response;
      try {
        response = await fetch(url, {
          headers: token.current ? { Authorization: `Bearer ${token.current}` } : {},
          credentials: 'omit',
          signal: controller.signal,
        });
      } catch {
        if (!controller.signal.aborted) onError(previewErrorMessage(undefined));
        return;
      }
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => undefined);
        onError(
          previewErrorMessage(response.status, isErrorBody(body) ? body.error.message : undefined),
          response.status,
        );
        return;
      }
      onOpened();
      const blob = await response.blob();
      if (controller.signal.aborted) return;
      objectUrl = URL.createObjectURL(blob);
      setSource(objectUrl);
    })().catch(() => {
      if (!controller.signal.aborted) onError(previewErrorMessage(undefined));
    });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, onOpened, onError]);

  if (!source) return null;
  const fit = scale === 1;
  return (
    <div
      style={{
        minHeight: '100%',
        display: 'flex',
        alignItems: fit ? 'center' : 'flex-start',
        justifyContent: fit ? 'center' : 'flex-start',
        padding: 16,
        boxSizing: 'border-box',
        width: fit ? '100%' : 'fit-content',
      }}
    >
      <img
        src={source}
        alt={alt}
        data-testid="preview-image"
        onLoad={(event) => {
          if (fit) setFitted(event.currentTarget.clientWidth);
          onShown();
        }}
        onError={() => onError('This image could not be shown. Download it to open it.')}
        style={
          fit
            ? { maxWidth: '100%', maxHeight: 'calc(min(70vh, 100vh - 220px) - 32px)', objectFit: 'contain' }
            : { width: Math.round((fitted ?? 0) * scale) || undefined, maxWidth: 'none' }
        }
      />
    </div>
  );
}
