import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StaffFileParamsSchema } from '@portico/contracts';
import { FILE_DOWNLOAD_RESPONSES, FILE_PREVIEW_RESPONSES } from '../http/openapi-responses.ts';
import { STAFF_ONLY_NOTE } from '../sites/access.ts';
import { issueTicketRoute, type TicketRouteDeps } from './download-ticket.routes.ts';
import type { FileDirection } from './file-access.ts';
import { serveFilePreview, servePreviewNote } from './file-preview.ts';
import { serveFileDownload, staffFiles } from './file-transfer.ts';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * A staff list's download, preview and download ticket (`{path}/:id/download`, `{path}/:id/preview`,
 * `{path}/download-tickets`): as the portal's, for any file of the firm in that direction, archived sites included,
 * whatever the clients' settings. The Publish and Submissions pages differ only by this data.
 */
export function staffFileTransferRoutes(
  app: App,
  deps: TicketRouteDeps,
  options: {
    path: string;
    direction: FileDirection;
    tags: string[];
    /** The portal's list the ticket's zip is named after, and the zip's title. */
    ticket: { listPath: string; zipTitle: string };
  },
) {
  const { path, direction, tags } = options;
  const noun = direction;
  const doc = { tags, security: [{ bearer: [] }] };

  app.route({
    method: ['GET', 'HEAD'],
    url: `${path}/:id/download`,
    schema: {
      ...doc,
      summary: `Download a ${noun} file`,
      description:
        'As the portal’s download (streamed attachment, ETag, Range), but for any ' +
        `${noun} file of the firm, whatever its site’s settings and even if the site is archived.${STAFF_ONLY_NOTE}`,
      params: StaffFileParamsSchema,
      response: FILE_DOWNLOAD_RESPONSES,
    },
    handler: (request, reply) =>
      serveFileDownload(deps, request, reply, staffFiles(request, direction), request.params.id),
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: `${path}/:id/preview`,
    schema: {
      ...doc,
      summary: `Preview a ${noun} file`,
      description: `${servePreviewNote}. For any ${noun} file of the firm, whatever its site’s settings and even if the site is archived.${STAFF_ONLY_NOTE}`,
      params: StaffFileParamsSchema,
      response: FILE_PREVIEW_RESPONSES,
    },
    handler: (request, reply) =>
      serveFilePreview(deps, request, reply, staffFiles(request, direction), request.params.id),
  });

  issueTicketRoute(app, deps, {
    url: `${path}/download-tickets`,
    target: { direction, ...options.ticket, staff: true },
    lookupOf: (request) => staffFiles(request, direction),
    doc: {
      tags,
      description:
        `As the portal’s ticket, for any ${noun} file of the firm (archived sites included, whatever the ` +
        `clients’ settings); each GET checks that its user is still staff.${STAFF_ONLY_NOTE}`,
    },
  });
}
