import {
  type AddSiteMemberBody,
  type CreateSiteBody,
  type SiteMember,
  STAFF_AUDIT_ACTIONS,
  type StaffSite,
  type UpdateSiteBody,
} from '@portico/contracts';
import { type AuditRecord, recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import {
  deleteSiteMember,
  findOrCreateUserByEmail,
  findTenantSite,
  insertSite,
  insertSiteMember,
  recordPerson,
  updateSite,
} from './sites.staff.repository.ts';

/** Every change here is written to the audit log in the transaction that makes it. */

const event = (
  caller: Caller,
  siteId: string,
  action: string,
  detail: Record<string, unknown>,
): AuditRecord => ({
  tenantCode: caller.tenantCode,
  siteId,
  userId: caller.user.id,
  action,
  detail,
});

const trimmedReference = (reference: string | null | undefined) => {
  const value = reference?.trim();
  return value ? value : null;
};

export async function createSite(db: Database, caller: Caller, body: CreateSiteBody): Promise<StaffSite> {
  const site = { name: body.name.trim(), reference: trimmedReference(body.reference) };
  return db.withTenant(caller.tenantCode, async (tx) => {
    const id = await insertSite(tx, caller, site);
    await recordAuditEvents(tx, [event(caller, id, STAFF_AUDIT_ACTIONS.siteCreate, site)]);
    return findTenantSite(tx, caller, id);
  });
}

/**
 * Renames, re-references, archives or restores a site; one audit event per kind of change. Archiving hides the
 * site from its clients at their next call, since roles and visibility are read per request.
 */
export async function changeSite(
  db: Database,
  caller: Caller,
  siteId: string,
  body: UpdateSiteBody,
): Promise<StaffSite> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const before = await findTenantSite(tx, caller, siteId, { lock: true });
    const after = {
      name: body.name === undefined ? before.name : body.name.trim(),
      reference: body.reference === undefined ? before.reference : trimmedReference(body.reference),
      archived: body.archived ?? before.archived,
    };
    const events: AuditRecord[] = [];
    const renamed = after.name !== before.name;
    const referenced = after.reference !== before.reference;
    if (renamed || referenced) {
      events.push(
        event(caller, siteId, renamed ? STAFF_AUDIT_ACTIONS.siteRename : STAFF_AUDIT_ACTIONS.siteUpdate, {
          ...(renamed ? { name: { from: before.name, to: after.name } } : {}),
          ...(referenced ? { reference: { from: before.reference, to: after.reference } } : {}),
        }),
      );
    }
    if (after.archived !== before.archived) {
      const action = after.archived ? STAFF_AUDIT_ACTIONS.siteArchive : STAFF_AUDIT_ACTIONS.siteUnarchive;
      events.push(event(caller, siteId, action, { name: after.name }));
    }
    if (!events.length) return before;
    await updateSite(tx, caller, siteId, after);
    await recordAuditEvents(tx, events);
    return findTenantSite(tx, caller, siteId);
  });
}

/**
 * Adds a client to a site by e-mail. A person the portal does not know yet is created, to be linked when they
 * first sign in with that address, verified by their provider. A person new to this firm gets the firm's own
 * record, with the name typed here (or the address): that is all this firm is ever shown of them, so the answer
 * is the same whether the address was known to another firm or to nobody. Adding someone twice changes nothing.
 * `onAdded` runs in the same transaction for a new member (the invitation of someone without an account).
 */
export async function addSiteMember(
  db: Database,
  caller: Caller,
  siteId: string,
  body: AddSiteMemberBody,
  onAdded?: (tx: Queryable, member: SiteMember, site: StaffSite) => Promise<void>,
): Promise<{ member: SiteMember; added: boolean }> {
  return db.withTenant(caller.tenantCode, (tx) => addSiteMemberIn(tx, caller, siteId, body, onAdded));
}

/** `addSiteMember` in the caller's transaction bound to the tenant (the command line's invitation). */
export async function addSiteMemberIn(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  body: AddSiteMemberBody,
  onAdded?: (tx: Queryable, member: SiteMember, site: StaffSite) => Promise<void>,
): Promise<{ member: SiteMember; added: boolean }> {
  const email = body.email.trim();
  const site = await findTenantSite(tx, caller, siteId, { lock: true });
  const userId = await findOrCreateUserByEmail(tx, email);
  const newToFirm = await recordPerson(tx, caller, userId, { name: body.name?.trim() || email, email });
  const result = await insertSiteMember(tx, caller, siteId, userId);
  if (result.added) {
    await recordAuditEvents(tx, [
      event(caller, siteId, STAFF_AUDIT_ACTIONS.memberAdd, {
        userId: result.member.userId,
        email: result.member.email,
        name: result.member.name,
        // New to this firm, not to the portal: whether another firm knows the address is not this firm's to see.
        newPerson: newToFirm,
      }),
    ]);
    await onAdded?.(tx, result.member, site);
  }
  return result;
}

export async function removeSiteMember(db: Database, caller: Caller, siteId: string, userId: string) {
  await db.withTenant(caller.tenantCode, async (tx) => {
    await findTenantSite(tx, caller, siteId, { lock: true });
    const removed = await deleteSiteMember(tx, caller, siteId, userId);
    if (!removed) throw new AppError('members.not_found', 'That person is not a member of this site.');
    await recordAuditEvents(tx, [
      event(caller, siteId, STAFF_AUDIT_ACTIONS.memberRemove, {
        userId: removed.userId,
        email: removed.email,
        name: removed.name,
      }),
    ]);
  });
}
