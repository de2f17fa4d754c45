import { OPERATOR_AUDIT_ACTIONS, TENANT_CODE_PATTERN } from '@portico/contracts';
import { type AuditRecord, recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import { bindTenantSql, type Database, type Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { recordPerson } from '../sites/sites.staff.repository.ts';
import { drawMonogramPng, initialsOf, NEUTRAL_COLORS } from './tenant-mark.ts';
import {
  deleteStaff,
  findStaffByEmail,
  insertStaff,
  insertTenantRows,
  listStaff,
  listTenants,
  lockTenant,
  type StaffMember,
  type TenantRow,
  tenantExists,
  updateTenant,
} from './tenants.repository.ts';

/**
 * An operator's changes to firms: each in one transaction with its audit event, tenant data written through the
 * tenant-bound application role like a request's, so row-level security applies to the command line as well.
 * Events name no user (an operator is nobody in the firm) and carry `via` instead.
 */
export interface Operator {
  /** How the audit log names where the change came from, e.g. `cli`. */
  via: string;
}

const TENANT_CODE = new RegExp(TENANT_CODE_PATTERN);

export const operatorEvent = (
  operator: Operator,
  tenantCode: string,
  action: string,
  detail: Record<string, unknown>,
): AuditRecord => ({
  tenantCode,
  siteId: null,
  userId: null,
  action,
  detail: { ...detail, via: operator.via },
});

export const tenantNotFound = (code: string) =>
  new AppError('tenant.not_found', `There is no tenant "${code}".`);

/** Opens a transaction bound to a tenant that exists (disabled or not); fails with `tenant.not_found`. */
export async function withExistingTenant<T>(
  db: Database,
  code: string,
  fn: (tx: Queryable, tenant: { displayName: string; disabled: boolean }) => Promise<T>,
): Promise<T> {
  if (!TENANT_CODE.test(code)) throw tenantNotFound(code);
  return db.withTenant(code, async (tx) => {
    const tenant = await lockTenant(tx, code);
    if (!tenant) throw tenantNotFound(code);
    return fn(tx, tenant);
  });
}

/** Binds an owner transaction to a tenant from here on, as `withTenant` does, and checks the tenant exists. */
export async function bindToExistingTenant(tx: Queryable, code: string) {
  if (!TENANT_CODE.test(code)) throw tenantNotFound(code);
  await tx.query(bindTenantSql(code));
  const tenant = await lockTenant(tx, code);
  if (!tenant) throw tenantNotFound(code);
  return tenant;
}

export interface NewTenantInput {
  code: string;
  displayName: string;
  colors?: { primary: string; secondary: string; tertiary: string };
}

/**
 * A new firm with its discovery addresses, menus and settings, and a neutral monogram of its initials for logo and
 * icon (in its colours if given, else neutral ones); its branding is the staff's to change.
 */
export async function createTenant(db: Database, operator: Operator, input: NewTenantInput) {
  const code = input.code.trim();
  const displayName = input.displayName.trim();
  if (!TENANT_CODE.test(code) || code.length > 63) {
    throw new AppError(
      'request.invalid',
      `"${code}" is not a tenant code: lower-case letters, digits and dashes, starting with a letter or digit.`,
    );
  }
  if (!displayName || displayName.length > 200) {
    throw new AppError('request.invalid', 'The display name must have 1 to 200 characters.');
  }
  const colors = input.colors ?? NEUTRAL_COLORS;
  const initials = initialsOf(displayName, code);
  await db.transaction(async (tx) => {
    if (await tenantExists(tx, code)) throw new AppError('tenant.exists', `Tenant "${code}" exists already.`);
    await insertTenantRows(tx, {
      code,
      displayName,
      iconPng: drawMonogramPng(64, initials, colors.primary, colors.secondary),
      logoPng: drawMonogramPng(160, initials, colors.primary, colors.secondary),
      colors,
    });
    await tx.query(bindTenantSql(code));
    await recordAuditEvents(tx, [
      operatorEvent(operator, code, OPERATOR_AUDIT_ACTIONS.tenantCreate, { code, displayName }),
    ]);
  });
  return { code, displayName };
}

export async function listAllTenants(db: Database): Promise<TenantRow[]> {
  return db.transaction((tx) => listTenants(tx));
}

export async function renameTenant(db: Database, operator: Operator, code: string, displayName: string) {
  const name = displayName.trim();
  if (!name || name.length > 200) {
    throw new AppError('request.invalid', 'The display name must have 1 to 200 characters.');
  }
  await withExistingTenant(db, code, async (tx, before) => {
    if (before.displayName === name) return;
    await updateTenant(tx, code, { displayName: name });
    await recordAuditEvents(tx, [
      operatorEvent(operator, code, OPERATOR_AUDIT_ACTIONS.tenantRename, {
        displayName: { from: before.displayName, to: name },
      }),
    ]);
  });
}

/** Nobody reaches a disabled firm any more (its rows stay); a second disable changes nothing. */
export async function disableTenant(db: Database, operator: Operator, code: string) {
  await withExistingTenant(db, code, async (tx, before) => {
    if (before.disabled) return;
    await updateTenant(tx, code, { disabled: true });
    await recordAuditEvents(tx, [operatorEvent(operator, code, OPERATOR_AUDIT_ACTIONS.tenantDisable, {})]);
  });
}

/**
 * Makes a person staff of the tenant, in the caller's transaction bound to it: the firm's record of them with
 * the name given here (if the firm has none yet), the role, and the audit event. Answers whether they are new
 * staff (adding twice changes nothing).
 */
export async function addStaffIn(
  tx: Queryable,
  operator: Operator,
  tenantCode: string,
  person: { userId: string; name: string; email: string },
): Promise<boolean> {
  await recordPerson(tx, { tenantCode }, person.userId, { name: person.name, email: person.email });
  const added = await insertStaff(tx, tenantCode, person.userId);
  if (added) {
    await recordAuditEvents(tx, [
      operatorEvent(operator, tenantCode, OPERATOR_AUDIT_ACTIONS.staffAdd, {
        userId: person.userId,
        email: person.email,
        name: person.name,
      }),
    ]);
  }
  return added;
}

export async function listTenantStaff(db: Database, code: string): Promise<StaffMember[]> {
  return withExistingTenant(db, code, (tx) => listStaff(tx, code));
}

/** Takes someone off the staff; they keep their account and any site memberships. */
export async function removeStaff(db: Database, operator: Operator, code: string, email: string) {
  await withExistingTenant(db, code, async (tx) => {
    const userId = await deleteStaff(tx, code, email.trim());
    if (!userId) throw new AppError('staff.not_found', `${email} is not staff of "${code}".`);
    await recordAuditEvents(tx, [
      operatorEvent(operator, code, OPERATOR_AUDIT_ACTIONS.staffRemove, { userId, email: email.trim() }),
    ]);
  });
}

/**
 * The scope of a staff member named by e-mail, for an operator acting as them (`--as`): what they do is recorded
 * under their name, as if done in the control panel. A disabled tenant or a person who is not staff fails.
 */
export async function findStaffCaller(db: Database, code: string, email: string): Promise<Caller> {
  return withExistingTenant(db, code, async (tx, tenant) => {
    if (tenant.disabled) throw new AppError('tenant.not_found', `Tenant "${code}" is disabled.`);
    const staff = await findStaffByEmail(tx, code, email.trim());
    if (!staff) throw new AppError('staff.not_found', `${email} is not staff of "${code}".`);
    return { tenantCode: code, user: { ...staff, isStaff: true, isClient: false } };
  });
}
