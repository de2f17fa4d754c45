import { isIP } from 'node:net';
import path from 'node:path';

/**
 * Every setting the server reads, documented where it is declared. `parseConfig` validates them all once at
 * start; the first bad value stops the server with one line that names the variable, the value and what it
 * expects. The README's Configuration table is checked against this list by a test.
 */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

interface Entry<T> {
  env: string;
  doc: string;
  expects: string;
  default?: string;
  parse(raw: string, env: Env): T | undefined;
}

const entry = <T>(e: Entry<T>) => e;

const port = (raw: string) => {
  const n = Number(raw);
  return /^\d+$/.test(raw) && n >= 0 && n <= 65535 ? n : undefined;
};
const positiveInt = (raw: string) => (/^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);
const intFrom =
  (min: number, max: number) =>
  (raw: string): number | undefined =>
    /^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max ? Number(raw) : undefined;
const httpUrl = (raw: string) => {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
};
const withoutTrailingSlash = (url: URL) => url.href.replace(/\/+$/, '');

/** An IPv4 or IPv6 address, alone or as a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
const isAddressOrRange = (raw: string) => {
  const [address = '', prefix, ...rest] = raw.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

/**
 * Which proxies to believe about the client's address: none, a number of hops, or the proxies' own addresses.
 * Not `true` (every sender believed): then anyone could choose the address the login rate limit counts.
 */
const trustedProxies = (raw: string): false | number | string[] | undefined => {
  if (raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw) >= 1 && Number(raw) <= 10 ? Number(raw) : undefined;
  const list = raw.split(',').map((part) => part.trim());
  return list.every(isAddressOrRange) ? list : undefined;
};

/**
 * Extensions refused on upload by default: what Windows, macOS or a shell would run on a double click, and disk
 * images that carry such programs. A deny-list rather than an allow-list because clients send whatever their
 * work produces (scans, spreadsheets, exports of any program); downloads are served as attachments with
 * `nosniff` and a sandbox policy, so a document type can never run in the portal itself.
 */
export const DEFAULT_REFUSED_EXTENSIONS = [
  'exe',
  'dll',
  'com',
  'scr',
  'pif',
  'cpl',
  'msi',
  'msp',
  'bat',
  'cmd',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'js',
  'jse',
  'wsf',
  'wsh',
  'hta',
  'jar',
  'lnk',
  'reg',
  'sh',
  'apk',
  'app',
  'dmg',
  'iso',
];

export const CONFIG_ENTRIES = {
  port: entry({
    env: 'PORT',
    doc: 'TCP port the HTTP server listens on (0 picks a free one).',
    expects: 'an integer from 0 to 65535',
    default: '8080',
    parse: port,
  }),
  host: entry({
    env: 'HOST',
    doc: 'Interface to listen on.',
    expects: 'a host name or IP address',
    default: '0.0.0.0',
    parse: (raw) => (/^[\w.:-]+$/.test(raw) ? raw : undefined),
  }),
  publicUrl: entry({
    env: 'PUBLIC_URL',
    doc: 'The address browsers use to reach this server; the embedded issuer is `{PUBLIC_URL}/oidc`.',
    expects: 'an http(s) URL such as http://localhost:8080',
    parse: (raw) => {
      const url = httpUrl(raw);
      return url && url.pathname === '/' && !url.search && !url.hash ? withoutTrailingSlash(url) : undefined;
    },
  }),
  dataDir: entry({
    env: 'DATA_DIR',
    doc: "Folder for the PGlite database, blobs and the embedded provider's signing keys.",
    expects: 'a folder path',
    default: './data',
    parse: (raw) => (raw.trim() ? path.resolve(raw) : undefined),
  }),
  databaseUrl: entry({
    env: 'DATABASE_URL',
    doc: 'PostgreSQL connection string; unset runs the embedded PGlite database in DATA_DIR.',
    expects: 'a postgres:// or postgresql:// URL',
    parse: (raw) => {
      try {
        const url = new URL(raw);
        return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname
          ? raw
          : undefined;
      } catch {
        return undefined;
      }
    },
  }),
  oidcIssuer: entry({
    env: 'OIDC_ISSUER',
    doc: 'Issuer of an external OpenID provider (Okta, Entra ID, Keycloak…); unset runs the embedded provider.',
    expects: 'an https URL without "-admin" in its host (http is accepted for localhost)',
    parse: (raw) => {
      const url = httpUrl(raw);
      if (!url || url.hostname.split('.')[0]?.includes('-admin')) return undefined;
      const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
      return url.protocol === 'https:' || local ? withoutTrailingSlash(url) : undefined;
    },
  }),
  oidcAudience: entry({
    env: 'OIDC_AUDIENCE',
    doc: 'The `aud` every access token must carry for this API.',
    expects: 'a non-empty string, usually a URL',
    default: 'urn:portico:api',
    parse: (raw) => (raw.trim() ? raw : undefined),
  }),
  oidcPortalClientId: entry({
    env: 'OIDC_CLIENT_ID',
    doc: 'OpenID client id of the client portal.',
    expects: 'a non-empty client id',
    default: 'portico-portal',
    parse: (raw) => (/^[\w.:-]+$/.test(raw) ? raw : undefined),
  }),
  oidcControlPanelClientId: entry({
    env: 'OIDC_CONTROL_PANEL_CLIENT_ID',
    doc: 'OpenID client id of the control panel.',
    expects: 'a non-empty client id',
    default: 'portico-control-panel',
    parse: (raw) => (/^[\w.:-]+$/.test(raw) ? raw : undefined),
  }),
  tenantClaim: entry({
    env: 'TENANT_CLAIM',
    doc: 'Access-token claim that lists tenant codes (Entra ID already uses `tid`, so rename it there).',
    expects: 'a claim name of letters, digits, "_", ":", "/" or "."',
    default: 'tid',
    parse: (raw) => (/^[\w:/.-]+$/.test(raw) ? raw : undefined),
  }),
  maxUploadBytes: entry({
    env: 'MAX_UPLOAD_BYTES',
    doc: 'Largest file a client may upload, in bytes.',
    expects: 'a positive integer',
    default: String(2 * 1024 ** 3),
    parse: positiveInt,
  }),
  uploadGraceSeconds: entry({
    env: 'UPLOAD_GRACE_SECONDS',
    doc: 'How long an upload may stay unsaved before it is removed, in seconds.',
    expects: 'a positive integer',
    default: '86400',
    parse: positiveInt,
  }),
  tempFileMaxAgeSeconds: entry({
    env: 'TEMP_FILE_MAX_AGE_SECONDS',
    doc: 'How long a half-written file may stay untouched in the blob store’s temporary folder before a sweep removes it, in seconds.',
    expects: 'a positive integer',
    default: '7200',
    parse: positiveInt,
  }),
  uploadRefusedExtensions: entry({
    env: 'UPLOAD_REFUSED_EXTENSIONS',
    doc: 'File extensions refused on upload (415), comma-separated, or `none`; executables are refused by content too, and so are scripts whose extensions are refused (by their first line).',
    expects: 'extensions of letters and digits separated by commas, such as exe,bat, or none',
    default: DEFAULT_REFUSED_EXTENSIONS.join(','),
    parse: (raw) => {
      if (raw === 'none') return [] as string[];
      const list = raw.split(',').map((e) => e.trim().toLowerCase().replace(/^\./, ''));
      return list.every((e) => /^[a-z0-9]{1,16}$/.test(e)) ? list : undefined;
    },
  }),
  uploadMinBytesPerSecond: entry({
    env: 'UPLOAD_MIN_BYTES_PER_SECOND',
    doc: 'Slowest an upload body may arrive, in bytes per second over UPLOAD_RATE_WINDOW_SECONDS; slower ones are cut off with 408 and keep nothing. `0` turns the check off.',
    expects: 'an integer from 0 to 1073741824',
    default: '1024',
    parse: intFrom(0, 1024 ** 3),
  }),
  uploadRateWindowSeconds: entry({
    env: 'UPLOAD_RATE_WINDOW_SECONDS',
    doc: 'The span over which UPLOAD_MIN_BYTES_PER_SECOND is averaged, in seconds: how long an upload may stall.',
    expects: 'an integer from 1 to 3600',
    default: '60',
    parse: intFrom(1, 3600),
  }),
  uploadMaxConcurrentPerUser: entry({
    env: 'UPLOAD_MAX_CONCURRENT_PER_USER',
    doc: 'Uploads one user may have running at once in this process; one more is answered 429 with `Retry-After`.',
    expects: 'an integer from 1 to 10000',
    default: '8',
    parse: intFrom(1, 10_000),
  }),
  uploadMaxConcurrentPerAddress: entry({
    env: 'UPLOAD_MAX_CONCURRENT_PER_ADDRESS',
    doc: 'Uploads one client address may have running at once in this process, whoever signed in; one more is answered 429.',
    expects: 'an integer from 1 to 10000',
    default: '32',
    parse: intFrom(1, 10_000),
  }),
  loginRateLimit: entry({
    env: 'LOGIN_RATE_LIMIT',
    doc: 'Sign-in attempts allowed per client address and minute on the embedded login form.',
    expects: 'a positive integer',
    default: '10',
    parse: positiveInt,
  }),
  trustProxy: entry({
    env: 'TRUST_PROXY',
    doc: "Reverse proxies whose `X-Forwarded-For`/`-Proto`/`-Host` are believed, so the login rate limit and the logs see the client: `false`, a number of hops, or the proxies' addresses and CIDR ranges, comma-separated.",
    expects:
      'false, a number of proxy hops from 1 to 10, or IP addresses and CIDR ranges separated by commas, such as 10.0.0.0/8,127.0.0.1',
    default: 'false',
    parse: trustedProxies,
  }),
  logLevel: entry({
    env: 'LOG_LEVEL',
    doc: 'Server log level.',
    expects: 'one of fatal, error, warn, info, debug, trace, silent',
    default: 'debug',
    parse: (raw) =>
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(raw)
        ? (raw as 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent')
        : undefined,
  }),
  seedDemo: entry({
    env: 'SEED_DEMO',
    doc: 'Seed the demo tenants, users and files into an empty database at start.',
    expects: 'true or false',
    default: 'true',
    parse: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
  }),
} as const;

type Entries = typeof CONFIG_ENTRIES;
type Parsed<K extends keyof Entries> = Exclude<ReturnType<Entries[K]['parse']>, undefined>;

export interface Config {
  port: Parsed<'port'>;
  host: Parsed<'host'>;
  /** Derived from PORT when PUBLIC_URL is unset. */
  publicUrl: string;
  dataDir: Parsed<'dataDir'>;
  databaseUrl: Parsed<'databaseUrl'> | undefined;
  /** Unset means the embedded provider at `{publicUrl}/oidc`. */
  oidcIssuer: Parsed<'oidcIssuer'> | undefined;
  oidcAudience: Parsed<'oidcAudience'>;
  oidcPortalClientId: Parsed<'oidcPortalClientId'>;
  oidcControlPanelClientId: Parsed<'oidcControlPanelClientId'>;
  tenantClaim: Parsed<'tenantClaim'>;
  maxUploadBytes: Parsed<'maxUploadBytes'>;
  uploadGraceSeconds: Parsed<'uploadGraceSeconds'>;
  uploadRefusedExtensions: Parsed<'uploadRefusedExtensions'>;
  uploadMinBytesPerSecond: Parsed<'uploadMinBytesPerSecond'>;
  uploadRateWindowSeconds: Parsed<'uploadRateWindowSeconds'>;
  uploadMaxConcurrentPerUser: Parsed<'uploadMaxConcurrentPerUser'>;
  uploadMaxConcurrentPerAddress: Parsed<'uploadMaxConcurrentPerAddress'>;
  tempFileMaxAgeSeconds: Parsed<'tempFileMaxAgeSeconds'>;
  loginRateLimit: Parsed<'loginRateLimit'>;
  trustProxy: Parsed<'trustProxy'>;
  logLevel: Parsed<'logLevel'>;
  seedDemo: Parsed<'seedDemo'>;
}

export function parseConfig(env: Env): Config {
  const values: Record<string, unknown> = {};
  for (const [key, e] of Object.entries(CONFIG_ENTRIES) as [string, Entry<unknown>][]) {
    const raw = env[e.env];
    const source = raw === undefined || raw === '' ? e.default : raw;
    if (source === undefined) continue;
    const value = e.parse(source, env);
    if (value === undefined) {
      throw new ConfigError(`${e.env}=${JSON.stringify(source)} is invalid: expected ${e.expects}`);
    }
    values[key] = value;
  }
  const config = values as unknown as Config;
  config.publicUrl ??= `http://localhost:${config.port}`;
  return config;
}

/** The issuer whose tokens the API accepts: the external one, or the embedded provider. */
export const issuerOf = (config: Pick<Config, 'oidcIssuer' | 'publicUrl'>) =>
  config.oidcIssuer ?? `${config.publicUrl}/oidc`;
