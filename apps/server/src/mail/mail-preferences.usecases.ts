import {
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type SetNotificationPreferenceBody,
} from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { listOptOutKinds, setOptOut } from './opt-outs.repository.ts';

/** The kinds a person can receive in a tenant: the clients' kinds as a client of a site, the staff's as staff. */
const kindsFor = (caller: Caller) =>
  NOTIFICATION_KIND_NAMES.filter((kind) => {
    const { audience } = NOTIFICATION_KINDS[kind];
    return audience === 'staff' ? caller.user.isStaff : caller.user.isClient;
  });

/** The caller's choices in this tenant, one per kind they can receive; no row means "send". */
export async function getNotificationPreferences(
  db: Database,
  caller: Caller,
): Promise<NotificationPreferences> {
  const off = new Set(
    await db.readTenant(caller.tenantCode, (tx) => listOptOutKinds(tx, caller.tenantCode, caller.user.id)),
  );
  return {
    preferences: kindsFor(caller).map((kind) => ({
      kind,
      label: NOTIFICATION_KINDS[kind].label,
      description: NOTIFICATION_KINDS[kind].description,
      enabled: !off.has(kind),
    })),
  };
}

export async function setNotificationPreference(
  db: Database,
  caller: Caller,
  body: SetNotificationPreferenceBody,
): Promise<NotificationPreferences> {
  if (!kindsFor(caller).includes(body.kind as NotificationKind)) {
    throw new AppError('notifications.unknown_kind', `There is no notification "${body.kind}" for you here.`);
  }
  await db.withTenant(caller.tenantCode, (tx) =>
    setOptOut(tx, caller.tenantCode, caller.user.id, body.kind, !body.enabled),
  );
  return getNotificationPreferences(db, caller);
}
