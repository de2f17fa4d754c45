import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from './discovery.ts';
import { FileIdSchema, MAX_ZIP_FILES } from './files.ts';

/**
 * A download ticket's secret as it travels in a URL path: `dt_` and 32 random bytes in base64url. The prefix lets
 * the request logger find and redact it anywhere in a URL.
 */
export const DOWNLOAD_TICKET_PATTERN = '^dt_[A-Za-z0-9_-]{43}$';
/** The same secret found inside a longer text (a URL), for redaction. */
export const DOWNLOAD_TICKET_IN_TEXT = /dt_[A-Za-z0-9_-]{43}/g;

export const DownloadTicketBodySchema = Type.Object(
  {
    fileIds: Type.Array(FileIdSchema, {
      minItems: 1,
      maxItems: MAX_ZIP_FILES,
      description:
        'One file, answered as itself; or, with `zip: true`, the files of the zip in the order their entries ' +
        'should appear (a repeated id is zipped once).',
    }),
    zip: Type.Optional(
      Type.Boolean({ description: 'One zip of stored entries (exact length, resumable); default false.' }),
    ),
  },
  { $id: 'DownloadTicketBody', additionalProperties: false },
);
export type DownloadTicketBody = Static<typeof DownloadTicketBodySchema>;

export const DownloadTicketSchema = Type.Object(
  {
    url: Type.String({
      description:
        'Where the browser fetches the bytes with a plain GET (no Authorization header), relative to the base ' +
        'address of the service that issued the ticket. Range requests are honoured until `expiresAt`.',
    }),
    expiresAt: Type.String({ format: 'date-time', description: 'The ticket is refused after this instant.' }),
    size: Type.Integer({ minimum: 0, description: 'The exact length of the whole answer, in bytes.' }),
  },
  { $id: 'DownloadTicket' },
);
export type DownloadTicket = Static<typeof DownloadTicketSchema>;

const TicketSecretSchema = Type.String({
  pattern: DOWNLOAD_TICKET_PATTERN,
  description: 'The ticket secret from `url`.',
});

export const FileTicketParamsSchema = Type.Object({
  tenant: TenantCodeSchema,
  id: FileIdSchema,
  ticket: TicketSecretSchema,
});
export type FileTicketParams = Static<typeof FileTicketParamsSchema>;

export const ZipTicketParamsSchema = Type.Object({ tenant: TenantCodeSchema, ticket: TicketSecretSchema });
export type ZipTicketParams = Static<typeof ZipTicketParamsSchema>;
