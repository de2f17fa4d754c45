import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from './discovery.ts';
import { FileIdSchema } from './files.ts';

/**
 * E-mailing files (issue 27 item 6, decision 52): a mail carries a share link, never the file. One link per
 * recipient: a random token of which only the SHA-256 is stored, opening `/s/{token}`, a small branded page that
 * lists the files and downloads them without signing in, until the link expires, is revoked or reaches its
 * download limit.
 */

/** Recipients of one send, at most. */
export const MAX_SHARE_RECIPIENTS = 20;
/** Files of one send, at most. */
export const MAX_SHARED_FILES = 100;
/** The longest message a sender may add. */
export const MAX_SHARE_MESSAGE_LENGTH = 2000;
/** The latest a link may expire, in days (SHARE_LINK_DAYS is the default and may not pass it). */
export const MAX_SHARE_LINK_DAYS = 30;

/** Audit actions of share links (audit_events.action); a download through a link is `file.download`. */
export const SHARE_LINK_AUDIT_ACTIONS = {
  email: 'file.email',
  open: 'share_link.open',
  revoke: 'share_link.revoke',
} as const;

/** `sl_` and 32 random bytes in base64url: the share link's token as it travels in `/s/{token}`. */
export const SHARE_LINK_TOKEN_PATTERN = '^sl_[A-Za-z0-9_-]{43}$';
/** A share link's token anywhere in a text (a logged URL), for redaction. */
export const SHARE_LINK_TOKEN_IN_TEXT = /sl_[A-Za-z0-9_-]{43}/g;

/**
 * One address: no spaces, quotes, angle brackets, commas or semicolons, so it can neither carry a second address
 * nor break out of a mail header.
 */
export const EmailAddressSchema = Type.String({
  pattern: '^[^\\s@<>",;\\\\()\\[\\]]+@[^\\s@<>",;\\\\()\\[\\]]+\\.[^\\s@<>",;\\\\()\\[\\]]+$',
  maxLength: 254,
  examples: ['someone@example.com'],
  description: 'An e-mail address.',
});

export const EmailFilesBodySchema = Type.Object(
  {
    fileIds: Type.Array(FileIdSchema, {
      minItems: 1,
      maxItems: MAX_SHARED_FILES,
      uniqueItems: true,
      description: 'The files to send; each must be one the caller may e-mail (`files.email`).',
    }),
    to: Type.Array(EmailAddressSchema, {
      minItems: 1,
      maxItems: MAX_SHARE_RECIPIENTS,
      uniqueItems: true,
      description: `The recipients, at most ${MAX_SHARE_RECIPIENTS}; each gets a link of their own.`,
    }),
    message: Type.Optional(
      Type.String({
        maxLength: MAX_SHARE_MESSAGE_LENGTH,
        description: 'A note shown in the mail and on the page, as plain text.',
      }),
    ),
    expiresInDays: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_SHARE_LINK_DAYS,
        description: 'Days the links work; default SHARE_LINK_DAYS.',
      }),
    ),
    maxDownloads: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        description: 'File downloads each link allows in all; none: unlimited until it expires.',
      }),
    ),
  },
  { additionalProperties: false, $id: 'EmailFilesBody' },
);
export type EmailFilesBody = Static<typeof EmailFilesBodySchema>;

export const ShareLinkStateSchema = Type.Union(
  [Type.Literal('live'), Type.Literal('expired'), Type.Literal('revoked'), Type.Literal('exhausted')],
  { description: 'Whether the link still opens, and if not why.' },
);
export type ShareLinkState = Static<typeof ShareLinkStateSchema>;

export const ShareLinkSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    recipient: Type.String({ description: 'The address the link was sent to.' }),
    files: Type.Array(
      Type.Object({ id: FileIdSchema, title: Type.String(), siteId: Type.String({ format: 'uuid' }) }),
      { description: 'The files of the link that still exist, in the order sent.' },
    ),
    sentBy: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }),
    message: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    expiresAt: Type.String({ format: 'date-time' }),
    maxDownloads: Type.Union([Type.Integer(), Type.Null()]),
    downloadCount: Type.Integer({ minimum: 0 }),
    revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    state: ShareLinkStateSchema,
  },
  {
    $id: 'ShareLink',
    description: 'A share link as its sender and the firm’s staff see it (never its token).',
  },
);
export type ShareLink = Static<typeof ShareLinkSchema>;

export const ShareLinkListSchema = Type.Object(
  { records: Type.Array(ShareLinkSchema) },
  { $id: 'ShareLinkList' },
);
export type ShareLinkList = Static<typeof ShareLinkListSchema>;

export const EmailFilesResponseSchema = Type.Object(
  { records: Type.Array(ShareLinkSchema, { description: 'One link per recipient, in the order of `to`.' }) },
  { $id: 'EmailFilesResponse' },
);
export type EmailFilesResponse = Static<typeof EmailFilesResponseSchema>;

export const ShareLinkParamsSchema = Type.Object({
  tenant: TenantCodeSchema,
  id: Type.String({ format: 'uuid', description: 'A share link id.' }),
});
export type ShareLinkParams = Static<typeof ShareLinkParamsSchema>;
