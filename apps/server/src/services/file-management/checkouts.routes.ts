import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CheckinQuerySchema,
  CheckoutHistoryQuerySchema,
  CheckoutHistorySchema,
  ErrorBodySchema,
  FileCheckoutSchema,
  FileParamsSchema,
} from '@portico/contracts';
import { callerOf } from '../../auth/current-user.ts';
import { checkInFile, checkOutFile, checkoutHistory } from '../../checkouts/checkouts.usecases.ts';
import type { Database } from '../../db/database.ts';
import { fileActionNote } from '../../sites/access.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['file-management'], security: [{ bearer: [] }] };

export interface CheckoutRouteDeps {
  db: Database;
  /** CHECKOUT_HOURS: how long a check-out lasts unless checked in. */
  checkoutHours: number;
}

/** Check-out and check-in of any file the caller may see, either direction (issue 26, item 5). */
export const checkoutRoutes: FastifyPluginAsyncTypebox<CheckoutRouteDeps> = async (app, deps) => {
  const { db, checkoutHours } = deps;

  app.post(
    '/api/files/:id/checkout',
    {
      schema: {
        ...doc,
        summary: 'Check a file out: lock it for everyone else',
        description:
          `Nobody else may upload a new version of it, rename, move or delete it (409 \`file.checked_out\`) until ` +
          `the caller checks it in, staff force a check-in, or CHECKOUT_HOURS pass. Checking out a file someone ` +
          `else holds answers 409 \`file.checked_out\` naming them and until when; the caller's own check-out is ` +
          `renewed. Recorded in the file's history.${fileActionNote('files.checkout')}`,
        params: FileParamsSchema,
        response: { 200: FileCheckoutSchema, ...errors },
      },
    },
    async (request) => checkOutFile(db, callerOf(request), request.params.id, checkoutHours),
  );

  app.post(
    '/api/files/:id/checkin',
    {
      schema: {
        ...doc,
        summary: 'Check a file in: end its check-out',
        description:
          'By the holder. Someone else gets 409 `file.checked_out`; staff may end anybody’s check-out with ' +
          '`force=true` (a forced check-in; a client’s `force` is 403 `auth.staff_only`). A file nobody holds ' +
          'answers 409 `file.not_checked_out`. To check in with a new version, upload the version first (an ' +
          `upload with \`fileId\`), then check in.${fileActionNote('files.checkout')}`,
        params: FileParamsSchema,
        querystring: CheckinQuerySchema,
        response: { 200: FileCheckoutSchema, ...errors },
      },
    },
    async (request) => checkInFile(db, callerOf(request), request.params.id, { force: request.query.force }),
  );

  app.get(
    '/api/files/:id/checkouts',
    {
      schema: {
        ...doc,
        summary: 'A file’s check-out history',
        description:
          'Every check-out, check-in, forced check-in and check-out that ran out, newest first, paged, with who ' +
          `(as the firm knows them) and when.${fileActionNote('files.checkoutHistory')}`,
        params: FileParamsSchema,
        querystring: CheckoutHistoryQuerySchema,
        response: { 200: CheckoutHistorySchema, ...errors },
      },
    },
    async (request) =>
      checkoutHistory(db, callerOf(request), request.params.id, {
        limit: request.query.limit ?? 10,
        offset: request.query.offset ?? 0,
      }),
  );
};
