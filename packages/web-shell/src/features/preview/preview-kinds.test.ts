import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PREVIEW_BYTES, previewKindOf } from './preview-kinds.ts';

describe('previewKindOf', () => {
  it('opens PDFs page by page whatever their size, and the four image types in the lightbox', () => {
    expect(previewKindOf({ contentType: 'application/pdf', size: 5_000_000_000 })).toBe('pdf');
    for (const contentType of ['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
      expect(previewKindOf({ contentType, size: 1000 })).toBe('image');
  });

  it('offers nothing for other types, nor for an image too large to fetch whole', () => {
    for (const contentType of ['image/svg+xml', 'text/html', 'image/tiff', 'application/octet-stream', 'PDF'])
      expect(previewKindOf({ contentType, size: 1000 })).toBeUndefined();
    expect(previewKindOf({ contentType: 'image/png', size: MAX_IMAGE_PREVIEW_BYTES + 1 })).toBeUndefined();
  });
});
