import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';
import { tenantScopeOf } from './current-user.ts';
import type { TenantScope } from './tenant-scope.ts';

/**
 * onRequest hook of the staff console's routes, after the tenant guard and `requireTenantUser`: only staff of the
 * path's tenant get through, before any body is read or validated. Roles come from the database on every
 * request, so removing someone from the staff takes effect at their next call, whatever their token says.
 */
export async function requireStaff(request: FastifyRequest) {
  if (!tenantScopeOf(request).user.isStaff) {
    throw new AppError(
      'auth.staff_only',
      "This is the firm's console: only the firm's staff may use it. Clients use the portal.",
    );
  }
}

/** The scope of a staff route; fails closed if the route was mounted without `requireStaff`. */
export function staffScopeOf(request: FastifyRequest): TenantScope {
  const scope = tenantScopeOf(request);
  if (!scope.user.isStaff) throw new AppError('auth.staff_only', "Only the firm's staff may do this.");
  return scope;
}

/** What every staff route's documentation says about who may call it. */
export const STAFF_ONLY_NOTE =
  ' Staff of the tenant only: a client gets 403 `auth.staff_only`, a token without the tenant 403 ' +
  '`auth.tenant_forbidden`.';
