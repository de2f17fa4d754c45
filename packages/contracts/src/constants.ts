/** App version shown by both front ends and served in /config.json (SPEC §1). */
export const APP_VERSION = '1.1.0-rc.1';

/** The operational role every discovery request asks for (SPEC §6). */
export const DOCUMENT_MANAGEMENT_ROLE = 'DocumentManagementRole';

/** Service types as discovery names them; each maps to `/t/{tenant}/{serviceType}/`. */
export const SERVICE_TYPES = ['user', 'master-data', 'portal', 'file-management', 'file-storage'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** The client types a discovery entry can carry an address for. */
export const CLIENT_TYPES = ['portal', 'control-panel'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** Scopes the front ends ask for (SPEC §9); `tenancy` makes the provider emit the `tid` claim. */
export const PORTAL_SCOPES = ['openid', 'profile', 'tenancy'] as const;
/** The defaults some identity-provider setups use where none are configured (SPEC §9). */
export const DEFAULT_OIDC_SCOPES = ['openid', 'email', 'profile'] as const;

/** Access-token claim that lists the caller's tenant codes (SPEC §3). */
export const DEFAULT_TENANT_CLAIM = 'tid';

/** Tenant codes: lower-case letters, digits and dashes, as they appear in service paths. */
export const TENANT_CODE_PATTERN = '^[a-z0-9][a-z0-9-]{0,62}$';

/** Timings and limits from SPEC §9, in one place for both front ends. */
export const LIMITS = {
  inputDebounceMs: 500,
  idleTimeoutMs: 6_000_000,
  notificationDurationS: 4.5,
  persistVersion: 1,
  persistTimeoutMs: 5000,
  queryKeepUnusedDataS: 60,
  siteListPageSize: 10,
  /** "Assigned to me": the page's size, and the API's when no `limit` is given. */
  assignedToMePageSize: 25,
  recordCountRefreshMs: 180_000,
  errorPageLogoutS: 10,
  chunkLoadTimeoutMs: 120_000,
  sharedTransactionStorageMs: 30 * 60_000,
  deviceFingerprintTimeoutMs: 15_000,
} as const;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const POST_SIGN_IN_REDIRECT = '/submittedFiles';
