import { encodeExtended, format } from 'content-disposition';
import { asciiFileName, safeFileName } from './safe-file-name.ts';

/**
 * `Content-Disposition: attachment` for a stored file name (RFC 6266): an ASCII `filename` for old clients and
 * the UTF-8 `filename*` (RFC 8187) that current browsers prefer, both from the safe form of the name. Both are
 * always sent, so every client saves the same name; percent-encoding keeps any character out of the header.
 */
export function attachmentDisposition(fileName: string): string {
  const safe = safeFileName(fileName);
  return format(
    { type: 'attachment', parameters: { filename: asciiFileName(safe), 'filename*': encodeExtended(safe) } },
    { extended: false },
  );
}
