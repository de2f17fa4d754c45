import type { Queryable } from '../db/database.ts';

/** What unsubscribe links read: the installation's signing key and the name of the firm a link names. */

/** The installation's signing key of unsubscribe links (migration 0011). */
export async function readSigningKey(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ secret: string }>('SELECT secret FROM mail_signing_key');
  if (!rows[0]) throw new Error('mail_signing_key is empty');
  return rows[0].secret;
}

/** A firm's display name, or undefined for a code no firm has (owner connection). */
export async function findTenantName(db: Queryable, tenantCode: string): Promise<string | undefined> {
  const { rows } = await db.query<{ display_name: string }>(
    'SELECT display_name FROM tenants WHERE code = $1',
    [tenantCode],
  );
  return rows[0]?.display_name;
}
