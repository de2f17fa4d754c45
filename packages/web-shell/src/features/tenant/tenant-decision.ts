/** What the tenant guard does with the token's tenants and the stored tenant (SPEC §2, §4). */
export type TenantDecision =
  | { type: 'ready'; tenant: string }
  | { type: 'clear' }
  | { type: 'select'; tenant: string }
  | { type: 'choose'; codes: string[] }
  | { type: 'none' };

export function decideTenant(codes: readonly string[], stored: string | null | undefined): TenantDecision {
  if (stored && !codes.includes(stored)) return { type: 'clear' };
  if (stored) return { type: 'ready', tenant: stored };
  if (codes.length === 1) return { type: 'select', tenant: codes[0]! };
  if (codes.length === 0) return { type: 'none' };
  return { type: 'choose', codes: [...codes] };
}
