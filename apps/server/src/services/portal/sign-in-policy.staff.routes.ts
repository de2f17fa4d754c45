import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  SignInPolicySchema,
  TenantParamsSchema,
  UpdateSignInPolicyBodySchema,
} from '@portico/contracts';
import type { Database } from '../../db/database.ts';
import { STAFF_ONLY_NOTE, staffCallerOf } from '../../sites/access.ts';
import { getSignInPolicy, updateSignInPolicy } from '../../tenants/sign-in-policy.usecases.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['staff: sign-in policy'], security: [{ bearer: [] }] };

/** The settings page's "Require two-step sign-in". */
export const signInPolicyStaffRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/staff/sign-in-policy',
    {
      schema: {
        ...doc,
        summary: "The firm's sign-in policy",
        description: `Who must pass a second step at sign-in.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        response: { 200: SignInPolicySchema, ...errors },
      },
    },
    async (request) => getSignInPolicy(db, staffCallerOf(request)),
  );

  app.put(
    '/api/staff/sign-in-policy',
    {
      schema: {
        ...doc,
        summary: "Change the firm's sign-in policy",
        description: `Applies from each person's next sign-in; a token refresh without a second step is refused to those it now covers. Audited.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        body: UpdateSignInPolicyBodySchema,
        response: { 200: SignInPolicySchema, ...errors },
      },
    },
    async (request) => updateSignInPolicy(db, staffCallerOf(request), request.body),
  );
};
