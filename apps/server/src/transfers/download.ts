import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { errorBody } from '../http/error-handler.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { type DispositionType, fileDisposition } from './content-disposition.ts';
import { sendBody } from './send-stream.ts';
import type { StoredFile } from './stored-file.ts';

/** What a download request asks for, decided from its headers and the file alone, before any byte is read. */
export type DownloadPlan =
  | { kind: 'not-modified' }
  | { kind: 'unsatisfiable' }
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number };

export interface DownloadHeaders {
  range?: string | undefined;
  'if-none-match'?: string | undefined;
  'if-range'?: string | undefined;
}

/** A strong validator: the same bytes always have the same SHA-256, whatever the file's name or row. */
export const etagOf = (file: Pick<StoredFile, 'sha256'>) => `"${file.sha256}"`;

/**
 * RFC 9110 conditional and range requests, as far as a download needs them: `If-None-Match` (weak comparison,
 * `*`), `If-Range` with an entity tag (a date never matches, so the whole file is sent), and one byte range.
 * A syntactically bad or multi-part Range is ignored, which the RFC allows; one that starts beyond the end is 416.
 */
export function planDownload(
  headers: DownloadHeaders,
  file: Pick<StoredFile, 'sha256' | 'size'>,
): DownloadPlan {
  const etag = etagOf(file);
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined && matchesAny(ifNoneMatch, etag)) return { kind: 'not-modified' };
  const range = headers.range;
  if (range === undefined) return { kind: 'full' };
  const ifRange = headers['if-range'];
  if (ifRange !== undefined && ifRange.trim() !== etag) return { kind: 'full' };
  return parseRange(range, file.size);
}

/** Whether a download writes an audit event: a resumed or segmented download is one download, not many. */
export const countsAsDownload = (plan: DownloadPlan) =>
  plan.kind === 'full' || (plan.kind === 'partial' && plan.start === 0);

function matchesAny(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function parseRange(header: string, size: number): DownloadPlan {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (!first && !last) return { kind: 'full' };
  if (!first) {
    const suffix = toNumber(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = toNumber(first);
  const end = last ? toNumber(last) : Number.POSITIVE_INFINITY;
  if (end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/** Digits as a number; past 2^53 only "very large" matters, which Infinity says. */
const toNumber = (digits: string) => (digits.length > 15 ? Number.POSITIVE_INFINITY : Number(digits));

/** Media types as stored are checked on upload; anything else found in a row is served as opaque bytes. */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
const servedType = (contentType: string) =>
  MEDIA_TYPE.test(contentType) ? contentType : 'application/octet-stream';

/**
 * Headers every file answer carries: it is an attachment (or, for a preview, inline) that no browser may sniff,
 * render in the portal's origin (an uploaded HTML or SVG would otherwise run there), frame (as every answer:
 * http/security.ts) or keep in any cache.
 */
export function setAttachmentHeaders(
  reply: FastifyReply,
  fileName: string,
  contentType: string,
  disposition: DispositionType = 'attachment',
) {
  reply
    .header('content-type', servedType(contentType))
    .header('content-disposition', fileDisposition(disposition, fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; frame-ancestors 'none'")
    .header('cache-control', 'private, no-store');
}

/** How a file is served: a download is an attachment of its stored type; a preview says otherwise. */
export interface ServedAs {
  disposition: DispositionType;
  contentType: string;
}

/** What an answer of bytes says about them, whatever produces them (a blob, a zip laid out in advance). */
export interface DownloadBody {
  /** The strong validator's value, without quotes. */
  sha256: string;
  size: number;
  fileName: string;
  contentType: string;
  /** `attachment` unless said otherwise (a preview is `inline`). */
  disposition?: DispositionType;
  /** Opens the whole body, or the inclusive range of it; a failure here is still a plain error answer. */
  open(range?: { start: number; end: number }): Promise<Readable>;
}

/**
 * Sends a planned download: the whole body (200), one range (206), 304 or 416, always with the exact
 * Content-Length and `Accept-Ranges: bytes`. `head` answers the same headers without opening the body.
 */
export async function sendPlannedBody(
  reply: FastifyReply,
  body: DownloadBody,
  plan: DownloadPlan,
  head: boolean,
) {
  reply.header('etag', etagOf(body)).header('accept-ranges', 'bytes');
  if (plan.kind === 'not-modified') {
    return reply.code(304).header('cache-control', 'private, no-store').send();
  }
  if (plan.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${body.size}`)
      .send(
        errorBody(
          'files.range_not_satisfiable',
          `The requested range is outside the file, which has ${body.size} bytes.`,
        ),
      );
  }
  const range = plan.kind === 'partial' ? { start: plan.start, end: plan.end } : undefined;
  // Opened before any header is set, so a missing blob fails as a plain error answer.
  const stream = head ? undefined : await body.open(range);
  setAttachmentHeaders(reply, body.fileName, body.contentType, body.disposition ?? 'attachment');
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${body.size}`);
  }
  reply.header('content-length', String(range ? range.end - range.start + 1 : body.size));
  return stream ? sendBody(reply, stream) : reply.send();
}

/** Sends a planned download of a stored file, streamed from the blob store (`as`: how a preview serves it). */
export const sendDownload = (
  reply: FastifyReply,
  blobs: BlobStore,
  file: StoredFile,
  plan: DownloadPlan,
  head: boolean,
  as: ServedAs = { disposition: 'attachment', contentType: file.contentType },
) => sendPlannedBody(reply, { ...file, ...as, open: (range) => blobs.get(file.blobKey, range) }, plan, head);
