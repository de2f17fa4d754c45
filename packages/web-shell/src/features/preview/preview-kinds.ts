import { isPreviewContentType, type ServiceType } from '@portico/contracts';
import type { shellApi } from '../../api/shell-api.ts';

/** How a file is shown: PDFs page by page, images whole in a lightbox; any other type is only downloaded. */
export type PreviewKind = 'pdf' | 'image';

/** What a row hands the viewer. */
export interface PreviewFile {
  id: string;
  title: string;
  fileName: string;
  contentType: string;
  size: number;
}

type Tag = Parameters<typeof shellApi.util.invalidateTags>[0][number];

/** Where one list's previews are served (the server's `…/{id}/preview` routes). */
export interface FilePreviewTarget {
  service: ServiceType;
  /** `api/files/published-files/{id}/preview`, relative to the service's base address. */
  previewUrl: (id: string) => string;
  /** What opening a preview changes on the server (a published file stops being new). */
  invalidates?: readonly Tag[];
}

/**
 * An image is fetched whole into a blob before it shows; past this size a preview would only keep the browser
 * busy, so such an image is offered as a download. (A PDF is read in ranges, page by page, whatever its size.)
 */
export const MAX_IMAGE_PREVIEW_BYTES = 40 * 1024 * 1024;

/** Which viewer a file opens in, by the type the list gives; undefined when it has none. */
export function previewKindOf(file: Pick<PreviewFile, 'contentType' | 'size'>): PreviewKind | undefined {
  if (!isPreviewContentType(file.contentType)) return undefined;
  if (file.contentType === 'application/pdf') return 'pdf';
  return file.size <= MAX_IMAGE_PREVIEW_BYTES ? 'image' : undefined;
}
