import { type SignInList, STAFF_AUDIT_ACTIONS } from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { callerOfUser } from '../sites/callers.ts';
import { deleteSignInsOfAccount } from './postgres-adapter.ts';
import { listSignIns } from './sign-in-history.ts';

/**
 * Ends every sign-in of a person at the embedded provider (issue 28 item 5): their provider sessions (so no
 * browser gets a new code without signing in again), grants, codes and refresh tokens (so no front end renews
 * its tokens). Access tokens already issued are JWTs nobody stores: they run out within 15 minutes, and the
 * front ends that held them can no longer renew them. Answers how many sign-ins (sessions) ended.
 */
export async function endSessionsOf(db: Queryable, userId: string): Promise<number> {
  return deleteSignInsOfAccount(db, userId);
}

/**
 * Staff end a client's sign-ins (a lost laptop, a person who left the client's company): only of a client of
 * their own firm, never of its staff; audited in the firm. With an external provider there is nothing here to end
 * (`ended: 0`): the provider's own console does it.
 */
export async function endClientSessions(db: Database, scope: Caller, userId: string): Promise<number> {
  await requireClientOfFirm(db, scope, userId);
  // Provider state is not tenant data: the owner connection, as the provider itself.
  const ended = await endSessionsOf(db, userId);
  await db.withTenant(scope.tenantCode, (tx) =>
    recordAuditEvents(tx, [
      {
        tenantCode: scope.tenantCode,
        siteId: null,
        userId: scope.user.id,
        action: STAFF_AUDIT_ACTIONS.sessionsEnd,
        detail: { clientUserId: userId, ended },
      },
    ]),
  );
  return ended;
}

/** Staff act on a client of their own firm only, never on its staff or a stranger (404, as for a stranger). */
async function requireClientOfFirm(db: Database, scope: Caller, userId: string) {
  const isClient = await db.withTenant(scope.tenantCode, async (tx) => {
    const person = await callerOfUser(tx, scope.tenantCode, userId);
    return Boolean(person?.user.isClient && !person.user.isStaff);
  });
  if (!isClient) throw new AppError('members.not_found', 'This person is not a client of your firm.');
}

/** Staff see a client's last sign-ins (when, how, browser, address), from the owner connection. */
export async function clientSignIns(db: Database, scope: Caller, userId: string): Promise<SignInList> {
  await requireClientOfFirm(db, scope, userId);
  const records = await listSignIns(db, userId, 20);
  return { records: records.map((r) => ({ ...r, at: r.at.toISOString() })) };
}
