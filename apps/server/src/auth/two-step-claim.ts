import type { TwoStepRequirement } from '@portico/contracts';
import type { JWTPayload } from 'jose';

/**
 * With an external provider (OIDC_ISSUER) the firm's "Require two-step sign-in" is checked on the access token
 * (decision 45): OIDC_TWO_STEP_CLAIM names the claim, `amr` (RFC 8176 methods, one of the values must be listed)
 * or `acr` (the level, one of the values), as `amr:mfa` or `acr:urn:okta:loa:2fa:any,2`. The provider must put
 * that claim in its access tokens (docs/identity-providers/ say how for Okta, Entra ID and Keycloak).
 */
export interface TwoStepClaim {
  claim: 'amr' | 'acr';
  values: string[];
}

export function parseTwoStepClaim(raw: string): TwoStepClaim | undefined {
  const match = /^(amr|acr):(.+)$/.exec(raw.trim());
  if (!match) return undefined;
  const values = match[2]!
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return values.length ? { claim: match[1] as 'amr' | 'acr', values } : undefined;
}

export function passesTwoStepClaim(claims: JWTPayload, rule: TwoStepClaim): boolean {
  const value = claims[rule.claim];
  const given = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return given.some((v) => typeof v === 'string' && rule.values.includes(v));
}

/** Whether the firm's requirement covers a person with these roles in it. */
export function twoStepRequiredFor(
  requirement: TwoStepRequirement,
  roles: { isStaff: boolean; isClient: boolean },
): boolean {
  if (requirement === 'everyone') return true;
  return (requirement === 'staff' && roles.isStaff) || (requirement === 'clients' && roles.isClient);
}
