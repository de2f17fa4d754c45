import { type Static, Type } from 'typebox';

/**
 * Every error the API answers, by stable code. The code is the contract; the message is for people and may
 * change. Front ends branch on the code, never on the message.
 */
export const ERROR_CODES = {
  'request.invalid': 400,
  'request.not_found': 404,
  'request.too_many': 429,
  'request.idempotency_mismatch': 422,
  'auth.token_missing': 401,
  'auth.token_invalid': 401,
  'auth.token_expired': 401,
  'auth.tenant_claim_missing': 401,
  'auth.tenant_forbidden': 403,
  'auth.forbidden': 403,
  'auth.two_step_required': 403,
  'tenant.not_found': 404,
  'discovery.role_unknown': 404,
  'server.internal': 500,
  'server.unavailable': 503,
  'sites.not_found': 404,
  'settings.forbidden': 403,
  'files.not_found': 404,
  'notifications.unknown_kind': 404,
  'files.range_not_satisfiable': 416,
  'files.preview_unsupported': 415,
  'downloads.ticket_not_found': 404,
  'downloads.ticket_expired': 410,
  'uploads.invalid': 400,
  'uploads.not_found': 404,
  'uploads.offset_conflict': 409,
  'uploads.expired': 410,
  'uploads.incomplete': 409,
  'uploads.too_large': 413,
  'uploads.too_many': 413,
  'uploads.too_many_concurrent': 429,
  'uploads.too_many_unfinished': 429,
  'uploads.unfinished_too_large': 413,
  'uploads.tus_extension_unsupported': 400,
  'uploads.too_slow': 408,
  'uploads.type_refused': 415,
  // The staff console (control panel).
  'auth.staff_only': 403,
  'sites.archived': 409,
  'members.not_found': 404,
  'submissions.note_required': 400,
  'branding.image_invalid': 400,
  'branding.image_too_large': 400,
  'branding.svg_unsafe': 400,
  'branding.icon_not_square': 400,
  'menu.duplicate_key': 400,
  // The operators' command line (apps/server/src/cli).
  'tenant.exists': 409,
  'staff.not_found': 404,
  'people.not_found': 404,
  'invitations.already_accepted': 409,
  // Document requests.
  'requests.not_found': 404,
  'requests.item_not_found': 404,
  'requests.template_not_found': 404,
  'requests.template_duplicate': 409,
  'requests.closed': 409,
  'requests.transition_refused': 409,
  'requests.note_required': 400,
  'requests.comment_required': 400,
  'requests.one_file_only': 400,
  'quarantine.not_found': 404,
  // The file workspace (issues 26 and 27, decision 46).
  'folders.not_found': 404,
  'subscriptions.not_found': 404,
  'folders.cycle': 400,
  'name.taken': 409,
  'file.checked_out': 409,
  'file.not_checked_out': 409,
  'versions.not_found': 404,
  // Assignee and assignment (issue 27 item 2, decision 56).
  'assignee.invalid': 400,
  'trash.not_found': 404,
  // E-mailing files and uploading from a link (issue 27 items 6 and 7, decision 52).
  'share_links.not_found': 404,
  'share_links.gone': 410,
  'url.refused': 400,
  'url.fetch_failed': 502,
  // Statuses of published files (issue 27 item 1, decision 55).
  'status.unknown': 400,
  // Tags (issue 27 item 3, decision 57).
  'tags.not_found': 404,
  // Categories and projects (issue 27 items 4 and 5, decision 58).
  'categories.not_found': 404,
  'projects.not_found': 404,
  'project.closed': 409,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ErrorBodySchema = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Stable, dotted error code such as `auth.tenant_forbidden`.' }),
      message: Type.String({ description: 'A readable explanation, safe to show.' }),
      details: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
    }),
  },
  { $id: 'ErrorBody', description: 'The body of every error answer.' },
);
export type ErrorBody = Static<typeof ErrorBodySchema>;
