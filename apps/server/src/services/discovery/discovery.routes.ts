import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app.ts';

// Filled in by the discovery work: OAuthEndpointAddress, DiscoverServices, GetTenantContexts.
export const discoveryRoutes: FastifyPluginAsync<AppDeps> = async () => {};
