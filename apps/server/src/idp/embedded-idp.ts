import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { interactionRoutes } from './interactions.routes.ts';
import { createProvider } from './provider-config.ts';
import { routeProviderLogs } from './provider-logging.ts';
import { createSecretBox } from './secret-box.ts';
import { loadOrCreateSecretKey } from './secret-key.ts';
import { loadOrCreateSecrets } from './signing-keys.ts';

export interface EmbeddedIdp {
  issuer: string;
  register(app: FastifyInstance): Promise<void>;
}

/**
 * The OpenID provider that runs when no external OIDC_ISSUER is configured: oidc-provider at `/oidc`, its state in
 * the database, its keys too, and its login pages at `/idp/`.
 */
export async function createEmbeddedIdp({
  config,
  db,
}: {
  config: Config;
  db: Database;
}): Promise<EmbeddedIdp> {
  const secrets = await loadOrCreateSecrets(db, config.dataDir);
  const box = createSecretBox(await loadOrCreateSecretKey(db, config));
  let log: FastifyInstance['log'] | undefined;
  const provider = createProvider({
    config,
    db,
    secrets,
    onStorageError: (error) => log?.error({ err: error }, 'identity provider: purging expired state failed'),
  });
  // Behind a proxy that ends TLS the provider must believe its X-Forwarded-Proto, or it refuses to set its
  // secure cookies over what looks like plain HTTP. Only when TRUST_PROXY names proxies: Fastify, in front,
  // decides whose addresses count; the provider builds every URL from its configured issuer, not the request.
  provider.proxy = config.trustProxy !== false;
  return {
    issuer: provider.issuer,
    async register(app) {
      log = app.log;
      routeProviderLogs(provider, app.log);
      await app.register(async (scope) => {
        // middie runs in onRequest, before Fastify reads the body, so the provider parses its own requests.
        await scope.register(middie);
        scope.use('/oidc', provider.callback());
        // Never reached: the provider answers in onRequest. The routes put /oidc in this scope, whose hooks
        // include middie; the not-found handler would not run them.
        const unreachable = async () => {
          throw new Error('the identity provider did not answer');
        };
        scope.all('/oidc', { schema: { hide: true } }, unreachable);
        scope.all('/oidc/*', { schema: { hide: true } }, unreachable);
        await scope.register(interactionRoutes, { config, db, provider, box });
      });
    },
  };
}
