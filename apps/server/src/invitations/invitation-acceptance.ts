import type { CurrentUserOptions, ResolveCaller, UserRow } from '../auth/current-user.ts';
import type { TenantPrincipal } from '../auth/principal.ts';
import type { Database, Queryable } from '../db/database.ts';
import { resolveTenantUser } from '../sites/callers.ts';
import { markInvitationAccepted } from './invitations.repository.ts';

/**
 * How the tenant services and discovery resolve a caller: the sites module's roles, and the person's first request
 * to the firm accepts its invitation.
 */
export const callerResolver =
  (db: Database, options: CurrentUserOptions): ResolveCaller =>
  (principal) =>
    resolveTenantUser(db, principal, { ...options, onFirstRequest: acceptInvitation });

/**
 * The person's first request to the firm accepts its invitation: from then on the firm sees the name they gave
 * themselves, if they gave one (their provider's `name` claim, or their embedded account's name), instead of
 * the one its staff typed. Answers the name the firm's record now holds, or undefined if another request
 * accepted first.
 */
export async function acceptInvitation(
  tx: Queryable,
  tenantCode: string,
  user: UserRow,
  principal: TenantPrincipal,
): Promise<string | undefined> {
  return markInvitationAccepted(tx, tenantCode, user.id, ownName(principal.claims.name) ?? user.name);
}

/** A name claim fit to show: text of 1 to 200 characters, without control characters. */
function ownName(claim: unknown): string | undefined {
  if (typeof claim !== 'string') return undefined;
  const name = claim.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  return name.length > 0 && name.length <= 200 && !/[\u0000-\u001f\u007f-\u009f]/.test(name)
    ? name
    : undefined;
}
