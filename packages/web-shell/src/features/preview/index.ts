/**
 * The file viewer, a subpath of its own (`@portico/web-shell/preview`) so that only the pages with file lists
 * bundle its hook: the first screen's chunk does not carry it, and the viewer itself (with pdf.js) loads on the
 * first preview.
 */
export { type UseFilePreviewOptions, useFilePreview } from './hooks/use-file-preview.tsx';
export {
  type FilePreviewTarget,
  MAX_IMAGE_PREVIEW_BYTES,
  type PreviewFile,
  previewKindOf,
} from './preview-kinds.ts';
