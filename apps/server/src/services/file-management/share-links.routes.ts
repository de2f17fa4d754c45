import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EmailFilesBodySchema,
  EmailFilesResponseSchema,
  ErrorBodySchema,
  MAX_SHARE_RECIPIENTS,
  ShareLinkListSchema,
  ShareLinkParamsSchema,
  TenantParamsSchema,
} from '@portico/contracts';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import {
  emailFiles,
  listShareLinks,
  revokeShareLink,
  type ShareLinkSettings,
} from '../../share-links/share-links.usecases.ts';

export interface ShareLinkRouteOptions {
  db: Database;
  shareLinks: ShareLinkSettings & { sendsPerHour: number };
}

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };

/** E-mailing files as share links, the sender's and the staff's list of links, and revoking one (decision 52). */
export const shareLinkRoutes: FastifyPluginAsyncTypebox<ShareLinkRouteOptions> = async (
  app,
  { db, shareLinks },
) => {
  const tags = ['file-management'];

  app.post(
    '/api/files/email',
    {
      config: {
        rateLimit: {
          max: shareLinks.sendsPerHour,
          timeWindow: '1 hour',
          // After the token hooks, so the count is the person's, whichever address they send from.
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) =>
            `files.email:${callerOf(request).tenantCode}:${callerOf(request).user.id}`,
        },
      },
      schema: {
        tags,
        summary: 'E-mail files as a share link, one link per recipient',
        description:
          `Up to ${MAX_SHARE_RECIPIENTS} addresses; each gets a mail (branded as the firm’s) with a link of its ` +
          'own to a page that lists the files and downloads them without signing in; the mail never carries a ' +
          'file. A link expires after `expiresInDays` (default SHARE_LINK_DAYS, at most 30) and, with ' +
          '`maxDownloads`, after that many file downloads; its sender and the firm’s staff may revoke it. Every ' +
          'file must be one the caller may e-mail (`files.email`: staff always; a member client where the site’s ' +
          '`portalFilesView`, `internalFilesDownload` and `internalFilesEmail` are on): a file they may not see ' +
          'answers 404 `files.not_found`, a flag that is off 403 `settings.forbidden`, and nothing is sent. More ' +
          'than SHARE_LINK_SENDS_PER_HOUR sends in an hour answer 429 `request.too_many`. Each file’s history ' +
          'records the send (`file.email`).',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        body: EmailFilesBodySchema,
        response: { 201: EmailFilesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const records = await emailFiles(db, callerOf(request), request.body, shareLinks);
      return reply.code(201).send({ records });
    },
  );

  app.get(
    '/api/share-links',
    {
      schema: {
        tags,
        summary: 'The live share links: the caller’s own, or for staff every one of the firm',
        description:
          'Links that still open (not expired, revoked or used up), newest first, at most 500; never their ' +
          'tokens. A client sees the links they sent.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        response: { 200: ShareLinkListSchema, ...errors },
      },
    },
    async (request) => ({ records: await listShareLinks(db, callerOf(request)) }),
  );

  app.delete(
    '/api/share-links/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a share link',
        description:
          'Its page answers 410 from now on. The sender may revoke their link, the firm’s staff any link of the ' +
          'firm; another’s link answers 404 `share_links.not_found`, as one that does not exist. Revoking again ' +
          'changes nothing. Each file’s history records it (`share_link.revoke`).',
        security: [{ bearer: [] }],
        params: ShareLinkParamsSchema,
        response: { 204: Type.Null({ description: 'Revoked.' }), ...errors },
      },
    },
    async (request, reply) => {
      await revokeShareLink(db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
