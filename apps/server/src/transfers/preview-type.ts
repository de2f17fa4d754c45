import type { PreviewContentType } from '@portico/contracts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { StoredFile } from './stored-file.ts';

/** Bytes of a file's start that tell which previewable type it is, if any. */
export const PREVIEW_SIGNATURE_BYTES = 12;

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Each previewable type by the bytes its format requires at the very start (`undefined`: any byte). */
const SIGNATURES: readonly { type: PreviewContentType; bytes: readonly (number | undefined)[] }[] = [
  { type: 'application/pdf', bytes: ascii('%PDF-') },
  { type: 'image/png', bytes: [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: ascii('GIF87a') },
  { type: 'image/gif', bytes: ascii('GIF89a') },
  // RIFF, the chunk's length, WEBP.
  {
    type: 'image/webp',
    bytes: [...ascii('RIFF'), undefined, undefined, undefined, undefined, ...ascii('WEBP')],
  },
];

/**
 * The previewable type the first bytes of a file are, judged by content alone: a name or a declared type can
 * say anything. A PDF must start with its header (the format allows junk before it, which viewers tolerate; we
 * do not).
 */
export function previewTypeOf(head: Uint8Array): PreviewContentType | undefined {
  return SIGNATURES.find(
    ({ bytes }) => head.length >= bytes.length && bytes.every((b, i) => b === undefined || head[i] === b),
  )?.type;
}

/** The first bytes of a stored file (fewer if it is shorter), read from the blob store. */
export async function readFileHead(blobs: BlobStore, file: StoredFile, bytes = PREVIEW_SIGNATURE_BYTES) {
  if (file.size === 0) return Buffer.alloc(0);
  const body = await blobs.get(file.blobKey, { start: 0, end: Math.min(bytes, file.size) - 1 });
  const chunks: Buffer[] = [];
  // Pooled chunks may be kept or dropped (storage/buffer-pool.ts); they are copied here, since they are tiny.
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).subarray(0, bytes);
}
