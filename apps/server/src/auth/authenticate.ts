import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';
import type { AccessTokenVerifier, Principal, TenantPrincipal } from './principal.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireTenantPrincipal` on every tenant service route before the handler runs. */
    principal?: TenantPrincipal;
    /** Set by `requirePrincipal` on routes that name their tenant in the body or query rather than the path. */
    unboundPrincipal?: Principal;
  }
}

export function bearerTokenOf(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i);
  if (!match?.[1])
    throw new AppError('auth.token_missing', 'Sign in first: the request carries no bearer token.');
  return match[1];
}

export async function authenticate(
  request: FastifyRequest,
  verifier: AccessTokenVerifier,
): Promise<Principal> {
  return verifier.verify(bearerTokenOf(request));
}

/** The tenant guard: the tenant a request names must be one the token lists. */
export function bindToTenant(principal: Principal, tenantCode: string): TenantPrincipal {
  if (!principal.tenants.includes(tenantCode)) {
    throw new AppError('auth.tenant_forbidden', `This account has no access to tenant "${tenantCode}".`);
  }
  return { ...principal, tenantCode };
}

/**
 * onRequest hook for routes that are not under `/t/:tenant/` (discovery): the token is verified before the body
 * is read, and the handler binds the tenant it names with `bindToTenant(principalOf(request), …)`.
 */
export function requirePrincipal(verifier: AccessTokenVerifier) {
  return async (request: FastifyRequest) => {
    request.unboundPrincipal = await authenticate(request, verifier);
  };
}

/** The principal `requirePrincipal` verified; a route that forgot the hook fails closed. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.unboundPrincipal)
    throw new AppError('auth.token_missing', 'Sign in first: the request carries no bearer token.');
  return request.unboundPrincipal;
}

/**
 * onRequest hook for `/t/:tenant/…` services: nothing is read, parsed or routed to a handler before the token is
 * verified and the path's tenant is found in its tenant claim.
 */
export function requireTenantPrincipal(verifier: AccessTokenVerifier) {
  return async (request: FastifyRequest) => {
    const tenant = (request.params as { tenant?: string }).tenant ?? '';
    request.principal = bindToTenant(await authenticate(request, verifier), tenant);
  };
}
