import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DiscoverServicesRequestSchema,
  DiscoverServicesResponseSchema,
  ErrorBodySchema,
  GetTenantContextsQuerySchema,
  GetTenantContextsResponseSchema,
  OAuthEndpointAddressSchema,
} from '@portico/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { principalOf, requirePrincipal } from '../../auth/authenticate.ts';
import { issuerOf } from '../../config.ts';
import { discoverServices, getTenantContexts } from '../../discovery/discovery.usecases.ts';
import { callerResolver } from '../../invitations/invitation-acceptance.ts';

/** The answers every bearer route can give besides its success, so OpenAPI lists them all. */
const bearerErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  503: ErrorBodySchema,
};

/**
 * The discovery service of SPEC §7 under `/discovery/api/DiscoveryContext`: where to sign in, then, with the
 * token, where the chosen tenant's services live and how the tenants look. The token is verified on request,
 * before any body is read; the tenant it names is checked against the token's tenant claim in the use case.
 */
export const discoveryRoutes: FastifyPluginAsyncTypebox<AppDeps> = async (app, deps) => {
  const authenticated = requirePrincipal(deps.verifier);
  const discovery = {
    db: deps.db,
    publicUrl: deps.config.publicUrl,
    resolveCaller: callerResolver(deps.db, {
      embeddedIssuer: deps.config.oidcIssuer ? undefined : issuerOf(deps.config),
    }),
  };

  app.get(
    '/OAuthEndpointAddress',
    {
      schema: {
        tags: ['discovery'],
        summary: 'The OpenID issuer the front ends sign in with',
        response: { 200: OAuthEndpointAddressSchema },
      },
    },
    async () => ({ serviceEndpoint: issuerOf(deps.config) }),
  );

  app.post(
    '/DiscoverServices',
    {
      onRequest: authenticated,
      schema: {
        tags: ['discovery'],
        summary: "Base addresses of a tenant's services for one role",
        description:
          'Answers one entry per service type with an address per client type; each address ends with `/`. ' +
          'The tenant must be listed in the access token (else 403 `auth.tenant_forbidden`), and the caller ' +
          'must have an account with a role in it, as on the tenant services (else 403 `auth.forbidden`).',
        security: [{ bearer: [] }],
        body: DiscoverServicesRequestSchema,
        response: { 200: DiscoverServicesResponseSchema, ...bearerErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return discoverServices(discovery, principalOf(request), request.body, (row, reason) =>
        request.log.warn({ row, reason }, 'discovery: service endpoint left out'),
      );
    },
  );

  app.get(
    '/GetTenantContexts',
    {
      onRequest: authenticated,
      schema: {
        tags: ['discovery'],
        summary: 'Display name and icon of the tenants the caller may choose',
        description:
          'Every code must be listed in the access token (else 403). Codes the portal does not know are left ' +
          'out; if none remains the answer is 404.',
        security: [{ bearer: [] }],
        querystring: GetTenantContextsQuerySchema,
        response: { 200: GetTenantContextsResponseSchema, ...bearerErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getTenantContexts(deps.db, principalOf(request), request.query.tenantCodes.split(','));
    },
  );
};
