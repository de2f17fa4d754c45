import {
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type SetNotificationPreferenceBody,
} from '@portico/contracts';
import type { TenantScope } from '../auth/tenant-scope.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';

/** The kinds a person can receive in a tenant: the clients' kinds as a client of a site, the staff's as staff. */
const kindsFor = (scope: TenantScope) =>
  NOTIFICATION_KIND_NAMES.filter((kind) => {
    const { audience } = NOTIFICATION_KINDS[kind];
    return audience === 'staff' ? scope.user.isStaff : scope.user.isClient;
  });

/** The caller's choices in this tenant, one per kind they can receive; no row means "send". */
export async function getNotificationPreferences(
  db: Database,
  scope: TenantScope,
): Promise<NotificationPreferences> {
  const { rows } = await db.readTenant(scope.tenantCode, (tx) =>
    tx.query<{ kind: string }>('SELECT kind FROM mail_opt_outs WHERE tenant_code = $1 AND user_id = $2', [
      scope.tenantCode,
      scope.user.id,
    ]),
  );
  const off = new Set(rows.map((r) => r.kind));
  return {
    preferences: kindsFor(scope).map((kind) => ({
      kind,
      label: NOTIFICATION_KINDS[kind].label,
      description: NOTIFICATION_KINDS[kind].description,
      enabled: !off.has(kind),
    })),
  };
}

/** Turns one kind on or off for a person in a tenant (the page, or an unsubscribe link). Idempotent. */
export async function setOptOut(
  tx: Queryable,
  tenantCode: string,
  userId: string,
  kind: string,
  optOut: boolean,
) {
  await tx.query(
    optOut
      ? `INSERT INTO mail_opt_outs (tenant_code, user_id, kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`
      : 'DELETE FROM mail_opt_outs WHERE tenant_code = $1 AND user_id = $2 AND kind = $3',
    [tenantCode, userId, kind],
  );
}

export async function setNotificationPreference(
  db: Database,
  scope: TenantScope,
  body: SetNotificationPreferenceBody,
): Promise<NotificationPreferences> {
  if (!kindsFor(scope).includes(body.kind as NotificationKind)) {
    throw new AppError('notifications.unknown_kind', `There is no notification "${body.kind}" for you here.`);
  }
  await db.withTenant(scope.tenantCode, (tx) =>
    setOptOut(tx, scope.tenantCode, scope.user.id, body.kind, !body.enabled),
  );
  return getNotificationPreferences(db, scope);
}
