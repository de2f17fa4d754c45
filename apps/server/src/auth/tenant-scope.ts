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

/** What every tenant repository function takes and filters by: the tenant of the path and the verified caller. */
export interface TenantScope {
  tenantCode: string;
  user: TenantUser;
}
