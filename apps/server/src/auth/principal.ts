import type { JWTPayload } from 'jose';

/** Who is calling, once the access token is verified. Roles come from the database (auth/current-user.ts), never from the token. */
export interface Principal {
  issuer: string;
  subject: string;
  /** Tenant codes from the tenant claim (`tid` by default), never empty. */
  tenants: string[];
  claims: JWTPayload;
}

/** A principal bound to the tenant of the path, after the tenant guard has checked it is in `tenants`. */
export interface TenantPrincipal extends Principal {
  tenantCode: string;
}

export interface AccessTokenVerifier {
  /** Verifies a bearer token or throws an AppError with an `auth.*` code. */
  verify(token: string): Promise<Principal>;
  /**
   * Fetches the issuer's metadata and signing keys now (throttled), failing with `server.unavailable` if they
   * cannot be had: the start-up check and `/readyz`.
   */
  checkIssuer?(): Promise<void>;
}
