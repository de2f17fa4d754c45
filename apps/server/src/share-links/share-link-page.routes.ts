import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { escapeHtml } from '../mail/mail-layout.ts';
import { type FileTransferDeps, serveOneFile } from '../site-files/file-transfer.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { humanBytes } from '../uploads/uploads.errors.ts';
import type { PageBranding } from './share-links.repository.ts';
import {
  type OpenedShareLink,
  openShareLink,
  ShareLinkRefusal,
  sharedFileDownload,
} from './share-links.usecases.ts';

const dataUrl = (contentType: string, bytes: Uint8Array) =>
  `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}`;

/** The page's frame: the firm's logo, name and colour, as its mails show them. */
function page(reply: FastifyReply, status: number, title: string, body: string, branding?: PageBranding) {
  const color = branding && /^#[0-9a-f]{6}$/i.test(branding.primaryColor) ? branding.primaryColor : '#1c2430';
  const header = branding
    ? `<header style="display:flex;align-items:center;gap:12px;margin-bottom:24px">
<img src="${dataUrl(branding.logoContentType, branding.logo)}" alt="" style="max-height:48px;max-width:160px">
<strong style="font-size:18px;overflow-wrap:anywhere">${escapeHtml(branding.displayName)}</strong></header>`
    : '';
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex, nofollow')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head>
<body style="font:16px/1.5 system-ui,Arial,sans-serif;max-width:560px;margin:0 auto;padding:32px 16px;color:#1c2430;border-top:6px solid ${color}">
${header}<main><h1 style="font-size:22px;overflow-wrap:anywhere">${escapeHtml(title)}</h1>${body}</main></body></html>`);
}

const REFUSALS: Record<ShareLinkRefusal['reason'], { title: string; text: string }> = {
  unknown: {
    title: 'This link does not work',
    text: 'The link is incomplete or was changed. Open it again from the mail, or ask the sender for a new one.',
  },
  expired: {
    title: 'This link has expired',
    text: 'The files are no longer available through this link. Ask the sender to send them again.',
  },
  revoked: {
    title: 'This link was withdrawn',
    text: 'The sender withdrew this link. Ask them to send the files again if you still need them.',
  },
  exhausted: {
    title: 'This link has been used up',
    text: 'The link allowed a limited number of downloads, and they have all been used. Ask the sender to send the files again.',
  },
};

function refusalPage(reply: FastifyReply, error: unknown) {
  if (error instanceof ShareLinkRefusal) {
    const { title, text } = REFUSALS[error.reason];
    return page(reply, error.status, title, `<p>${escapeHtml(text)}</p>`, error.branding);
  }
  if (error instanceof AppError && error.code === 'files.not_found') {
    return page(
      reply,
      404,
      'This file is no longer shared',
      '<p>The file was removed, or is no longer shared through this link. Go back to the list of files.</p>',
    );
  }
  throw error;
}

function filesPage(reply: FastifyReply, token: string, { link, files, branding }: OpenedShareLink) {
  const count = files.length;
  const items = files
    .map(
      (f) =>
        `<li style="margin:0 0 12px;display:flex;flex-wrap:wrap;gap:4px 12px;align-items:baseline">
<a href="./${token}/files/${f.id}" download style="color:inherit;font-weight:600;overflow-wrap:anywhere">${escapeHtml(f.title)}</a>
<span style="color:#5b6573;overflow-wrap:anywhere">${escapeHtml(f.fileName)} · ${escapeHtml(humanBytes(f.size))}</span></li>`,
    )
    .join('');
  const sender = link.sentBy.name || branding.displayName;
  const limit =
    link.maxDownloads === null
      ? ''
      : ` ${link.maxDownloads - link.downloadCount} of ${link.maxDownloads} downloads left.`;
  const body = `<p>${escapeHtml(sender)} of ${escapeHtml(branding.displayName)} sent ${
    count === 1 ? 'this file' : 'these files'
  } to ${escapeHtml(link.recipient)}.</p>
${link.message ? `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #ccc;white-space:pre-wrap;overflow-wrap:anywhere">${escapeHtml(link.message)}</blockquote>` : ''}
${count ? `<ul style="list-style:none;padding:0;margin:0 0 16px">${items}</ul>` : '<p>None of the files is available any more.</p>'}
<p style="color:#5b6573;font-size:14px">The link works until ${link.expiresAt.slice(0, 10)}.${escapeHtml(limit)}</p>`;
  return page(reply, 200, count === 1 ? 'A file for you' : 'Files for you', body, branding);
}

const TokenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });
const FileParams = Type.Object({
  token: Type.String({ maxLength: 100 }),
  fileId: Type.String({ format: 'uuid' }),
});

/**
 * The public page of a share link (`/s/{token}`), outside the tenant services because it works without signing
 * in: server-rendered, branded with the firm's name, colour and logo, listing the link's files; each downloads
 * at `/s/{token}/files/{id}` (ETag, Range and HEAD, as every download). Every visit and download is audited with
 * the recipient and the visitor's address. Registered below `warn`, so the tokens in the paths stay out of the
 * log.
 */
export const shareLinkPageRoutes: FastifyPluginAsyncTypebox<{ db: Database; blobs: BlobStore }> = async (
  app,
  { db, blobs },
) => {
  const deps: FileTransferDeps = { db, blobs };
  const tags = ['share-links'];

  app.get(
    '/:token',
    {
      schema: {
        tags,
        summary: 'The page of a share link: the files it shares, each with its download link',
        description:
          'No sign-in. An unknown token answers 404; an expired, withdrawn or used-up link 410, each a page that ' +
          'says so. The visit is audited (`share_link.open`) with the recipient and the visitor’s address.',
        params: TokenParams,
      },
    },
    async (request, reply) => {
      try {
        const opened = await openShareLink(db, request.params.token, { address: request.ip });
        return filesPage(reply, request.params.token, opened);
      } catch (error) {
        return refusalPage(reply, error);
      }
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/:token/files/:fileId',
    schema: {
      tags,
      summary: 'Download one file of a share link',
      description:
        'As every download: `Content-Disposition: attachment`, ETag, Range and HEAD. A download from the first ' +
        'byte counts against the link’s download limit and is audited (`file.download`, `via: share-link`) with ' +
        'the recipient and the downloader’s address; a later range of it does not count again. A link that no ' +
        'longer opens answers 410, a file no longer shared 404.',
      params: FileParams,
    },
    handler: async (request, reply) => {
      try {
        const download = await sharedFileDownload(db, request.params.token, request.params.fileId, {
          address: request.ip,
        });
        return await serveOneFile(deps, request, reply, download);
      } catch (error) {
        return refusalPage(reply, error);
      }
    },
  });
};
