import type { ErrorCode } from '@portico/contracts';
import { type ApiError, toApiError } from '@portico/web-shell';

/**
 * What the server answers a signed-in person who is not on the firm's staff: `auth.forbidden` to the staff menu,
 * `auth.staff_only` to every staff endpoint. Either means "this console is not for you", not "it broke".
 */
export const STAFF_REFUSAL_CODES: readonly ErrorCode[] = ['auth.staff_only', 'auth.forbidden'];

export function isStaffRefusal(error: ApiError | null | undefined): error is ApiError {
  return !!error && STAFF_REFUSAL_CODES.includes(error.code as ErrorCode);
}

/** The ApiError inside what `queryFulfilled` rejected with. */
export const apiErrorOfRejection = (rejection: unknown): ApiError =>
  toApiError((rejection as { error?: unknown } | null)?.error ?? rejection);
