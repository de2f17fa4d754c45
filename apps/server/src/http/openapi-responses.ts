import { ErrorBodySchema } from '@portico/contracts';
import { Type } from 'typebox';

const bytes = (description: string) =>
  Type.Unsafe<unknown>({ type: 'string', format: 'binary', description });

/** Responses of a file download route, for the documentation; the bytes themselves are streamed unserialised. */
export const FILE_DOWNLOAD_RESPONSES = {
  200: bytes('The whole file, with Content-Length, ETag and Content-Disposition: attachment.'),
  206: bytes('The requested byte range, with Content-Range.'),
  304: Type.Null({ description: 'Not modified: If-None-Match named the current ETag.' }),
  '4xx': ErrorBodySchema,
  '5xx': ErrorBodySchema,
};

/** Responses of a file preview route: a download's, inline, for the previewable types only. */
export const FILE_PREVIEW_RESPONSES = {
  ...FILE_DOWNLOAD_RESPONSES,
  200: bytes('The whole file, inline, as the previewable type its first bytes are.'),
};

/** Responses of a zip route. */
export const ZIP_RESPONSES = {
  200: bytes('A zip (application/zip) named in Content-Disposition, streamed while it is written.'),
  '4xx': ErrorBodySchema,
  '5xx': ErrorBodySchema,
};
