import { AjvCompiler } from '@fastify/ajv-compiler';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps.ts';
import type { Config } from './config.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerFrontEnds } from './http/front-ends.ts';
import { registerHealth } from './http/health.ts';
import { serverLoggerOptions } from './http/logging.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurity } from './http/security.ts';
import { unsubscribeRoutes } from './mail/unsubscribe.routes.ts';
import { discoveryRoutes } from './services/discovery/discovery.routes.ts';
import { tenantServices } from './services/tenant-services.ts';
import { shareLinkPageRoutes } from './share-links/share-link-page.routes.ts';
import { unfollowRoutes } from './subscriptions/unfollow.routes.ts';

export type App = FastifyInstance;

const ajvCompilers = AjvCompiler();

/**
 * Query strings, params and headers arrive as text, so they are coerced to the schema's types; JSON bodies are
 * not: `null` must stay `null` (it clears a setting) rather than become `false`, and `1` is not `true`.
 * (@fastify/ajv-compiler's typings describe its compile function by schema; at run time Fastify hands it the
 * route definition, whose `httpPart` this reads.)
 */
function buildStrictBodyValidator(
  externalSchemas: unknown,
  ajvOptions?: { customOptions?: object; plugins?: unknown[] },
) {
  const options = { customOptions: {}, plugins: [], ...ajvOptions };
  const coercing = ajvCompilers(externalSchemas as never, options as never);
  const strict = ajvCompilers(
    externalSchemas as never,
    {
      ...options,
      customOptions: { ...options.customOptions, coerceTypes: false },
    } as never,
  );
  return (route: { httpPart?: string }) => (route.httpPart === 'body' ? strict : coercing)(route as never);
}

/**
 * The whole HTTP surface, in the order that matters: hardening and documentation first, then the identity
 * provider, then the services (each its own plugin under its own prefix), then the front ends and their SPA
 * fall-back, which must see every other route first.
 */
/** Fastify takes a hop count as a function (its types have no number form). */
const trustProxyOf = (setting: Config['trustProxy']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    // Secrets in request lines (tokens, codes, download tickets) are redacted (http/logging.ts).
    logger: serverLoggerOptions(deps.config, deps.logger),
    // Non-zero limits so a slow or stalled client cannot hold a connection forever. Uploads stream, so the
    // request timeout is generous; idle sockets are cut far sooner.
    connectionTimeout: 60_000,
    requestTimeout: 3_600_000,
    keepAliveTimeout: 10_000,
    bodyLimit: 1024 * 1024,
    // X-Forwarded-* only from the proxies TRUST_PROXY names; by default the socket's peer is the client.
    trustProxy: trustProxyOf(deps.config.trustProxy),
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
    schemaController: { compilersFactory: { buildValidator: buildStrictBodyValidator as never } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerErrorHandling(app);
  await registerSecurity(app, deps.config, deps.db);
  await registerOpenApi(app, deps.config);
  registerHealth(app, {
    db: deps.db,
    blobs: deps.blobs,
    verifier: deps.verifier,
    externalIssuer: Boolean(deps.config.oidcIssuer),
    scanner: deps.scanner,
  });
  registerMetrics(app, deps.config, deps.db, deps.jobs ?? [], deps.scanner, deps.blobs);

  if (deps.idp) await deps.idp.register(app);

  await app.register(discoveryRoutes, { prefix: '/discovery/api/DiscoveryContext', ...deps });
  await app.register(tenantServices, { prefix: '/t/:tenant', ...deps });
  await app.register(unsubscribeRoutes, { prefix: '/mail', db: deps.db, logLevel: 'warn' });
  await app.register(unfollowRoutes, { prefix: '/mail', db: deps.db, logLevel: 'warn' });
  await app.register(shareLinkPageRoutes, {
    prefix: '/s',
    db: deps.db,
    blobs: deps.blobs,
    logLevel: 'warn',
  });

  await registerFrontEnds(app, deps.config);
  return app;
}
