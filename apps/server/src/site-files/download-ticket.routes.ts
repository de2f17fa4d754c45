import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DownloadTicketBodySchema,
  DownloadTicketSchema,
  ErrorBodySchema,
  FileTicketParamsSchema,
  TenantParamsSchema,
  ZipTicketParamsSchema,
} from '@portico/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { FILE_DOWNLOAD_RESPONSES } from '../http/openapi-responses.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { issueDownloadTicket, redeemDownloadTicket, type TicketTarget } from './download-tickets.usecases.ts';
import type { FileDirection } from './file-access.ts';
import { type FileLookup, serveFileDownload, serveStoredZip } from './file-transfer.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is authorised by a download ticket in its path: the bearer-token hooks of the tenant services
     * let it through without a token (services/tenant-services.ts), and check one if it carries one.
     */
    downloadTicket?: boolean;
  }
}

export interface TicketRouteDeps {
  db: Database;
  blobs: BlobStore;
  /** DOWNLOAD_TICKET_SECONDS. */
  downloadTicketSeconds: number;
}

type App = Parameters<FastifyPluginAsyncTypebox>[0];

const TICKET_NOTE =
  ' Then fetch `url` (relative to this service’s base address) with a plain GET, no Authorization header: a ' +
  'browser hands it to its download manager, which shows the size and resumes with Range while the ticket ' +
  'lasts (`DOWNLOAD_TICKET_SECONDS`). Each GET checks the files again; a bearer token, if sent, must be the ' +
  'ticket’s user’s.';

/** `POST {url}`: a download ticket for one file or a zip of several, for the caller, by `lookupOf`'s rules. */
export function issueTicketRoute(
  app: App,
  deps: TicketRouteDeps,
  options: {
    url: string;
    target: TicketTarget;
    lookupOf: (request: FastifyRequest) => FileLookup;
    doc: { tags: string[]; description: string };
  },
) {
  app.post(
    options.url,
    {
      schema: {
        tags: options.doc.tags,
        summary: 'A short-lived download ticket for a file or a zip',
        description: options.doc.description + TICKET_NOTE,
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        body: DownloadTicketBodySchema,
        response: { 201: DownloadTicketSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const ticket = await issueDownloadTicket(
        deps,
        options.lookupOf(request),
        options.target,
        request.body,
        deps.downloadTicketSeconds,
      );
      return reply.code(201).send(ticket);
    },
  );
}

/**
 * The GETs a ticket's URL names under a list's path: `{path}/{id}/download/{ticket}` (one file) and
 * `{path}/zip/{ticket}` (a zip of stored entries), both with Range, ETag and HEAD, both audited as downloads.
 */
export function ticketDownloadRoutes(
  app: App,
  deps: TicketRouteDeps,
  { path, direction, tag }: { path: string; direction: FileDirection; tag: string },
) {
  const doc = (summary: string, description: string) => ({
    tags: [tag],
    summary,
    description:
      `${description} Authorised by the ticket in the path (from \`POST ${path.slice(1)}/download-tickets\` or ` +
      'the staff’s), not by a token. An unknown ticket, or one for another file, list or user, answers 404 ' +
      '`downloads.ticket_not_found`; an expired one 410 `downloads.ticket_expired`; a file its user may no ' +
      'longer take 404 `files.not_found` or 403 `settings.forbidden`.',
  });
  const bearerCaller = (request: FastifyRequest) => request.caller;

  app.route({
    method: ['GET', 'HEAD'],
    url: `${path}/:id/download/:ticket`,
    config: { downloadTicket: true },
    schema: {
      ...doc('Download a file with a ticket', 'The file, as the download route sends it.'),
      params: FileTicketParamsSchema,
      response: FILE_DOWNLOAD_RESPONSES,
    },
    handler: async (request, reply) => {
      const { tenant, id, ticket: secret } = request.params;
      const { lookup } = await redeemDownloadTicket(deps.db, {
        tenantCode: tenant,
        secret,
        direction,
        fileId: id,
        bearer: bearerCaller(request),
      });
      return serveFileDownload(deps, request, reply, lookup, id);
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: `${path}/zip/:ticket`,
    config: { downloadTicket: true },
    schema: {
      ...doc(
        'Download a zip with a ticket',
        'The ticket’s files as one zip of stored entries, in the order asked: its exact length is sent, and ' +
          'Range requests are answered, so an interrupted zip resumes.',
      ),
      params: ZipTicketParamsSchema,
      response: FILE_DOWNLOAD_RESPONSES,
    },
    handler: async (request, reply) => {
      const { tenant, ticket: secret } = request.params;
      const { ticket, lookup } = await redeemDownloadTicket(deps.db, {
        tenantCode: tenant,
        secret,
        direction,
        bearer: bearerCaller(request),
      });
      return serveStoredZip(deps, request, reply, lookup, ticket.fileIds, ticket.zipName ?? 'Files.zip');
    },
  });
}
