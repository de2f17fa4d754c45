/** The person behind a verified token, with the roles the database gives them in one tenant. */
export interface TenantUser {
  id: string;
  /** As this tenant knows them (`tenant_people`), never as another tenant typed it. */
  name: string;
  email: string;
  /** Staff of the tenant: sees every site of it that is not archived. */
  isStaff: boolean;
  /** Client member of at least one of the tenant's sites that is not archived. */
  isClient: boolean;
}

/**
 * The caller: the tenant of the path and the person behind the verified token, with the roles the database gives
 * them there. What every tenant use case and repository function takes and filters by. (The token alone, before
 * the database is asked, is the principal: auth/principal.ts.)
 */
export interface Caller {
  tenantCode: string;
  user: TenantUser;
}
