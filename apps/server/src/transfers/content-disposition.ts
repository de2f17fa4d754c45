import { encodeExtended, format } from 'content-disposition';
import { asciiFileName, safeFileName } from './safe-file-name.ts';

/** Save the bytes (a download) or show them in place (a preview, read by the portal's viewer). */
export type DispositionType = 'attachment' | 'inline';

/**
 * `Content-Disposition` for a stored file name (RFC 6266): an ASCII `filename` for old clients and the UTF-8
 * `filename*` (RFC 8187) that current browsers prefer, both from the safe form of the name. Both are always sent,
 * so every client saves the same name; percent-encoding keeps any character out of the header.
 */
export function fileDisposition(type: DispositionType, fileName: string): string {
  const safe = safeFileName(fileName);
  return format(
    { type, parameters: { filename: asciiFileName(safe), 'filename*': encodeExtended(safe) } },
    { extended: false },
  );
}

/** `Content-Disposition: attachment` (see `fileDisposition`). */
export const attachmentDisposition = (fileName: string) => fileDisposition('attachment', fileName);
