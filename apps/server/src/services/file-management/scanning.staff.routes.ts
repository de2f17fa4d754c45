import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  QuarantineListSchema,
  QuarantineParamsSchema,
  QuarantineQuerySchema,
  ScannerStatusSchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { Type } from 'typebox';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { listQuarantine } from '../../scanning/quarantine.repository.ts';
import { deleteQuarantined } from '../../scanning/quarantine.usecases.ts';
import type { Scanner } from '../../scanning/scan-worker.ts';
import { countWaitingScans } from '../../scanning/scans.repository.ts';
import { requireStaff, STAFF_ONLY_NOTE, staffCallerOf } from '../../sites/access.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['staff: scanning'], security: [{ bearer: [] }] };

export interface ScanningStaffDeps {
  db: Database;
  blobs: BlobStore;
  config: Pick<Config, 'scanUnscanned'>;
  scanner?: Scanner | undefined;
}

/** The control panel's quarantine and scanner warning (decision 43). */
export const scanningStaffRoutes: FastifyPluginAsyncTypebox<ScanningStaffDeps> = async (app, deps) => {
  const { db } = deps;
  app.addHook('onRequest', requireStaff);

  app.get(
    '/api/staff/quarantine',
    {
      schema: {
        ...doc,
        summary: 'Files the virus scanner found infected',
        description: `Newest first. Their bytes are out of every download path; they are deleted after QUARANTINE_DAYS, or at once with DELETE.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        querystring: QuarantineQuerySchema,
        response: { 200: QuarantineListSchema, ...errors },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      const page = { limit: request.query.limit ?? 10, offset: request.query.offset ?? 0 };
      return db.readTenant(caller.tenantCode, (tx) => listQuarantine(tx, caller.tenantCode, page));
    },
  );

  app.delete(
    '/api/staff/quarantine/:id',
    {
      schema: {
        ...doc,
        summary: 'Delete a quarantined file now',
        description: `Its bytes are deleted and the deletion audited; 404 \`quarantine.not_found\` for an id not in the firm's quarantine.${STAFF_ONLY_NOTE}`,
        params: QuarantineParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted.' }), ...errors },
      },
    },
    async (request, reply) => {
      await deleteQuarantined(db, deps.blobs, staffCallerOf(request), request.params.id, request.log);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/staff/scanner',
    {
      schema: {
        ...doc,
        summary: 'Whether incoming files are scanned, and whether the scanner answers',
        description: `\`enabled\` false: CLAMD_URL is not set and files are not scanned. \`available\` false: clamd does not answer, and \`waiting\` of the firm's files wait for it (nobody on the other side sees them yet).${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        response: { 200: ScannerStatusSchema, ...errors },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      const waiting = await db.readTenant(caller.tenantCode, (tx) => countWaitingScans(tx));
      const available = deps.scanner
        ? await deps.scanner.ping().then(
            () => true,
            () => false,
          )
        : false;
      return {
        enabled: deps.scanner !== undefined,
        available,
        waiting,
        unscannedPolicy: deps.config.scanUnscanned,
      };
    },
  );
};
