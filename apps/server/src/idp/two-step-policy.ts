import type { Queryable } from '../db/database.ts';
import { countPasskeys } from './passkeys.repository.ts';
import { findTotp, requiredByFirm } from './two-step.repository.ts';

/** Who must pass a second step: whoever has one (an authenticator app or a passkey), and whoever a firm requires. */
export async function needsSecondStep(db: Queryable, userId: string): Promise<boolean> {
  return (
    Boolean((await findTotp(db, userId))?.confirmed) ||
    (await countPasskeys(db, userId)) > 0 ||
    (await requiredByFirm(db, userId))
  );
}

/** The `amr` values (RFC 8176) of a sign-in that passed a second step. */
export const SECOND_STEP_AMR = 'mfa';
export const passedSecondStep = (amr: readonly string[] | undefined) =>
  amr?.includes(SECOND_STEP_AMR) ?? false;
