import type { Queryable } from '../db/database.ts';
import { findTotp, requiredByFirm } from './two-step.repository.ts';

export async function needsSecondStep(db: Queryable, userId: string): Promise<boolean> {
  return Boolean((await findTotp(db, userId))?.confirmed) || (await requiredByFirm(db, userId));
}

/** The `amr` values (RFC 8176) of a sign-in that passed a second step. */
export const SECOND_STEP_AMR = 'mfa';
export const passedSecondStep = (amr: readonly string[] | undefined) =>
  amr?.includes(SECOND_STEP_AMR) ?? false;
