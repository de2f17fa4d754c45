import type { Queryable } from '../db/database.ts';
import { findTotp } from './two-step.repository.ts';

/**
 * Who must pass a second step before the provider issues any token (decision 45): whoever has one (an
 * authenticator app), and whoever a firm they work with requires it of (tenants.two_step_required: `staff`,
 * `clients` or `everyone`; staff of a firm, or active members of one of its sites that is not archived).
 */
export async function requiredByFirm(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ yes: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM tenant_staff st JOIN tenants t ON t.code = st.tenant_code AND t.disabled_at IS NULL
        WHERE st.user_id = $1 AND t.two_step_required IN ('staff', 'everyone')
       UNION ALL
       SELECT 1 FROM site_members m
         JOIN sites s ON s.tenant_code = m.tenant_code AND s.id = m.site_id AND s.archived_at IS NULL
         JOIN tenants t ON t.code = m.tenant_code AND t.disabled_at IS NULL
        WHERE m.user_id = $1 AND t.two_step_required IN ('clients', 'everyone')) AS yes`,
    [userId],
  );
  return rows[0]?.yes ?? false;
}

export async function needsSecondStep(db: Queryable, userId: string): Promise<boolean> {
  return Boolean((await findTotp(db, userId))?.confirmed) || (await requiredByFirm(db, userId));
}

/** The `amr` values (RFC 8176) of a sign-in that passed a second step. */
export const SECOND_STEP_AMR = 'mfa';
export const passedSecondStep = (amr: readonly string[] | undefined) =>
  amr?.includes(SECOND_STEP_AMR) ?? false;
