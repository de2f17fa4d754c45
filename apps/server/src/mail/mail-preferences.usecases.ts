import {
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type SetNotificationPreferenceBody,
} from '@portico/contracts';
import type { Caller } from '../auth/tenant-scope.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { listOptOutKinds, setOptOut } from './opt-outs.repository.ts';

/** The kinds a person can receive in a tenant: the clients' kinds as a client of a site, the staff's as staff. */
const kindsFor = (scope: Caller) =>
  NOTIFICATION_KIND_NAMES.filter((kind) => {
    const { audience } = NOTIFICATION_KINDS[kind];
    return audience === 'staff' ? scope.user.isStaff : scope.user.isClient;
  });

/** The caller's choices in this tenant, one per kind they can receive; no row means "send". */
export async function getNotificationPreferences(
  db: Database,
  scope: Caller,
): Promise<NotificationPreferences> {
  const off = new Set(
    await db.readTenant(scope.tenantCode, (tx) => listOptOutKinds(tx, scope.tenantCode, scope.user.id)),
  );
  return {
    preferences: kindsFor(scope).map((kind) => ({
      kind,
      label: NOTIFICATION_KINDS[kind].label,
      description: NOTIFICATION_KINDS[kind].description,
      enabled: !off.has(kind),
    })),
  };
}

export async function setNotificationPreference(
  db: Database,
  scope: Caller,
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
