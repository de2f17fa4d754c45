/** What the tenant guard does with the token's tenants and the stored tenant (SPEC §2, §4). */
export type TenantDecision =
  | { type: 'ready'; tenant: string }
  | { type: 'clear' }
  | { type: 'select'; tenant: string }
  | { type: 'choose'; codes: string[] }
  | { type: 'none' }
  | { type: 'wait' };

/**
 * `codes` is null while the access token has not reached the store yet (it is copied there after the first
 * render): nothing is decided then, or a reload would clear the stored tenant before the token is read.
 */
export function decideTenant(
  codes: readonly string[] | null,
  stored: string | null | undefined,
): TenantDecision {
  if (codes === null) return { type: 'wait' };
  if (stored && !codes.includes(stored)) return { type: 'clear' };
  if (stored) return { type: 'ready', tenant: stored };
  if (codes.length === 1) return { type: 'select', tenant: codes[0]! };
  if (codes.length === 0) return { type: 'none' };
  return { type: 'choose', codes: [...codes] };
}
