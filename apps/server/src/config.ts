import { isIP } from 'node:net';
import path from 'node:path';
import { parseTwoStepClaim } from './auth/two-step-claim.ts';

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
  /** A secret: a bad value is not repeated in the error line. */
  secret?: boolean;
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
/** An e-mail address, alone or as most operators write a sender (`Portico <portal@example.com>`): the address. */
const mailAddressOf = (raw: string) => {
  const address = raw.match(/^[^<>]*<([^<>]+)>\s*$/)?.[1] ?? raw;
  return /^[^\s@<>",;]+@[^\s@<>",;]+$/.test(address.trim()) ? address.trim() : undefined;
};

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

/** Where clamd listens: `tcp://host:port`, or the path of its unix socket. */
export type ClamdAddress = { host: string; port: number } | { path: string };

function parseClamdUrl(raw: string): ClamdAddress | undefined {
  if (raw.startsWith('/')) return { path: raw };
  const match = /^tcp:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})\/?$/i.exec(raw);
  if (!match) return undefined;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return undefined;
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
}

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
    doc: 'Folder for the PGlite database and the blobs of BLOB_STORE=fs.',
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
  oidcAcceptJwtTyp: entry({
    env: 'OIDC_ACCEPT_JWT_TYP',
    doc: 'Also accept access tokens typed `JWT`, or not typed, (Keycloak, Entra ID, Okta) instead of RFC 9068’s `at+jwt`, from this issuer only; every other check stays, and ID tokens are still refused.',
    expects: 'the same URL as OIDC_ISSUER, with an OIDC_AUDIENCE that is not one of the client ids',
    parse: (raw, env) => {
      const issuer = httpUrl(raw);
      const configured = env.OIDC_ISSUER ? httpUrl(env.OIDC_ISSUER) : undefined;
      if (!issuer || !configured || withoutTrailingSlash(issuer) !== withoutTrailingSlash(configured))
        return undefined;
      // An ID token is typed JWT too and its audience is a client id: that audience would let one through.
      const audience = env.OIDC_AUDIENCE || 'urn:portico:api';
      const clients = [
        env.OIDC_CLIENT_ID || 'portico-portal',
        env.OIDC_CONTROL_PANEL_CLIENT_ID || 'portico-control-panel',
      ];
      return clients.includes(audience) ? undefined : true;
    },
  }),
  oidcStartupCheck: entry({
    env: 'OIDC_STARTUP_CHECK',
    doc: 'With OIDC_ISSUER: `required` stops the server at start, with one line, when the issuer’s metadata or signing keys cannot be fetched; `retry` starts anyway (calls answer 503 and /readyz fails until they can).',
    expects: 'required or retry',
    default: 'required',
    parse: (raw) => (raw === 'required' || raw === 'retry' ? raw : undefined),
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
  oidcScopes: entry({
    env: 'OIDC_SCOPES',
    doc: 'Scopes the front ends ask for, separated by spaces; `openid` among them. Entra ID names an API’s scope by the API, e.g. `openid profile api://portico/tenancy`.',
    expects: 'scope names separated by spaces, openid among them',
    default: 'openid profile tenancy',
    parse: (raw) => {
      const scopes = raw.split(' ').filter(Boolean);
      return scopes.includes('openid') && scopes.every((s) => /^[\x21\x23-\x5B\x5D-\x7E]+$/.test(s))
        ? scopes
        : undefined;
    },
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
  downloadTicketSeconds: entry({
    env: 'DOWNLOAD_TICKET_SECONDS',
    doc: 'How long a download ticket (the link a browser downloads a file or a zip with, and resumes it with Range) is accepted after it was issued, in seconds.',
    expects: 'an integer from 10 to 86400',
    default: '300',
    parse: intFrom(10, 86_400),
  }),
  shareLinkDays: entry({
    env: 'SHARE_LINK_DAYS',
    doc: 'How long the link of e-mailed files works by default, in days; a sender may choose fewer or more, up to 30.',
    expects: 'an integer from 1 to 30',
    default: '7',
    parse: intFrom(1, 30),
  }),
  shareLinkSendsPerHour: entry({
    env: 'SHARE_LINK_SENDS_PER_HOUR',
    doc: 'Times one person may e-mail files per hour, counted across the servers (each send reaches at most 20 addresses); one more is answered 429 `request.too_many`.',
    expects: 'an integer from 1 to 10000',
    default: '30',
    parse: intFrom(1, 10_000),
  }),
  urlUploadAllowHttp: entry({
    env: 'URL_UPLOAD_ALLOW_HTTP',
    doc: 'Let "Upload from a link" fetch plain `http:` addresses too (by default only `https:`).',
    expects: 'true or false',
    default: 'false',
    parse: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
  }),
  urlUploadAllowedHosts: entry({
    env: 'URL_UPLOAD_ALLOWED_HOSTS',
    doc: 'For tests only: `host:port` pairs, comma-separated, that "Upload from a link" may fetch although their addresses are private or loopback (e.g. a test server on 127.0.0.1), or `none`.',
    expects: 'none, or host:port pairs separated by commas, such as 127.0.0.1:8080',
    default: 'none',
    parse: (raw) => {
      if (raw === 'none') return [] as string[];
      const list = raw.split(',').map((part) => part.trim().toLowerCase());
      return list.every((hp) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(hp)) ? list : undefined;
    },
  }),
  urlUploadTimeoutSeconds: entry({
    env: 'URL_UPLOAD_TIMEOUT_SECONDS',
    doc: 'The longest "Upload from a link" may take to fetch a file, redirects included, in seconds; a slower fetch fails.',
    expects: 'an integer from 5 to 86400',
    default: '600',
    parse: intFrom(5, 86_400),
  }),
  blobStore: entry({
    env: 'BLOB_STORE',
    doc: 'Where file bytes live: `fs`, files under `DATA_DIR/blobs`; `s3`, an S3-compatible object store (the S3_ settings), which every server process of a cluster shares.',
    expects: 'fs, or s3 with S3_BUCKET set',
    default: 'fs',
    parse: (raw, env) =>
      raw === 'fs' ? ('fs' as const) : raw === 's3' && env.S3_BUCKET ? ('s3' as const) : undefined,
  }),
  s3Endpoint: entry({
    env: 'S3_ENDPOINT',
    doc: "The S3 service's address, for a store other than AWS (MinIO, Ceph, a cloud's S3 API); unset uses AWS's for S3_REGION.",
    expects: 'an http(s) URL such as https://s3.example.com',
    parse: (raw) => {
      const url = httpUrl(raw);
      return url ? withoutTrailingSlash(url) : undefined;
    },
  }),
  s3Region: entry({
    env: 'S3_REGION',
    doc: "The bucket's region (any name for stores that have none).",
    expects: 'a region name such as eu-west-1',
    default: 'us-east-1',
    parse: (raw) => (/^[a-z0-9-]{1,64}$/.test(raw) ? raw : undefined),
  }),
  s3Bucket: entry({
    env: 'S3_BUCKET',
    doc: 'The bucket that holds the blobs (it must exist); with BLOB_STORE=s3.',
    expects: 'a bucket name of 3 to 63 lower-case letters, digits, dots and dashes',
    parse: (raw) => (/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(raw) ? raw : undefined),
  }),
  s3AccessKeyId: entry({
    env: 'S3_ACCESS_KEY_ID',
    doc: "The access key's id; unset (with S3_SECRET_ACCESS_KEY) uses the AWS SDK's own chain (AWS_ variables, instance or task role).",
    expects: 'an access key id, set together with S3_SECRET_ACCESS_KEY',
    parse: (raw, env) => (/^\S{1,256}$/.test(raw) && env.S3_SECRET_ACCESS_KEY ? raw : undefined),
  }),
  s3SecretAccessKey: entry({
    env: 'S3_SECRET_ACCESS_KEY',
    doc: "The access key's secret (never logged).",
    expects: 'a secret, set together with S3_ACCESS_KEY_ID',
    secret: true,
    parse: (raw, env) => (/^\S{1,256}$/.test(raw) && env.S3_ACCESS_KEY_ID ? raw : undefined),
  }),
  s3ForcePathStyle: entry({
    env: 'S3_FORCE_PATH_STYLE',
    doc: 'Address the bucket as `{S3_ENDPOINT}/{bucket}` rather than `{bucket}.{host}`, as most stores other than AWS need.',
    expects: 'true or false',
    default: 'false',
    parse: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
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
  uploadMaxUnfinishedPerUser: entry({
    env: 'UPLOAD_MAX_UNFINISHED_PER_USER',
    doc: 'Resumable (tus) uploads one user may have started and not finished in a firm; one more is answered 429.',
    expects: 'an integer from 1 to 100000',
    default: '100',
    parse: intFrom(1, 100_000),
  }),
  uploadMaxUnfinishedBytesPerUser: entry({
    env: 'UPLOAD_MAX_UNFINISHED_BYTES_PER_USER',
    doc: 'The lengths that one user’s unfinished resumable (tus) uploads in a firm may declare in all, in bytes; an upload that would pass it is answered 413.',
    expects: 'a positive integer',
    default: String(20 * 1024 ** 3),
    parse: positiveInt,
  }),
  loginRateLimit: entry({
    env: 'LOGIN_RATE_LIMIT',
    doc: 'Sign-in attempts allowed per client address and minute on the embedded login form.',
    expects: 'a positive integer',
    default: '10',
    parse: positiveInt,
  }),
  corsOrigins: entry({
    env: 'CORS_ORIGINS',
    doc: "Origins whose pages may call this server's tenant APIs from another origin (CORS), comma-separated, or `none`: the portal's origin (PUBLIC_URL of the processes that serve the front ends) on processes that serve a tenant moved to another host by discovery.",
    expects:
      'none, or http(s) origins without a path separated by commas, such as https://portal.example.com',
    default: 'none',
    parse: (raw) => {
      if (raw === 'none') return [] as string[];
      const origins = raw.split(',').map((part) => httpUrl(part.trim()));
      return origins.every((url) => url && url.pathname === '/' && !url.search && !url.hash)
        ? origins.map((url) => url!.origin)
        : undefined;
    },
  }),
  trustProxy: entry({
    env: 'TRUST_PROXY',
    doc: "Reverse proxies whose `X-Forwarded-For`/`-Proto`/`-Host` are believed, so the login rate limit and the logs see the client: `false`, a number of hops, or the proxies' addresses and CIDR ranges, comma-separated.",
    expects:
      'false, a number of proxy hops from 1 to 10, or IP addresses and CIDR ranges separated by commas, such as 10.0.0.0/8,127.0.0.1',
    default: 'false',
    parse: trustedProxies,
  }),
  smtpUrl: entry({
    env: 'SMTP_URL',
    doc: 'Mail server for outgoing mail, with its credentials (`smtps://` for TLS from the start; `smtp://` upgrades with STARTTLS when the server offers it, `?requireTLS=true` insists). Unset writes every mail as an `.eml` file to `DATA_DIR/outbox/` instead.',
    expects: 'an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465',
    parse: (raw) => {
      try {
        const url = new URL(raw);
        return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname ? raw : undefined;
      } catch {
        return undefined;
      }
    },
  }),
  mailFrom: entry({
    env: 'MAIL_FROM',
    doc: "Sender address of every mail; the firm's name is shown as the sender's name (a display name given with the address, as in `Portico <portal@example.com>`, is accepted and replaced by it).",
    expects: 'an e-mail address such as portal@example.com or Portico <portal@example.com>',
    default: 'no-reply@localhost',
    parse: mailAddressOf,
  }),
  notifyBatchSeconds: entry({
    env: 'NOTIFY_BATCH_SECONDS',
    doc: 'How long a notification waits for more of its kind (files published to one site, files submitted to one site), so that they make one mail, in seconds.',
    expects: 'an integer from 0 to 86400',
    default: '300',
    parse: intFrom(0, 86_400),
  }),
  mailMaxAttempts: entry({
    env: 'MAIL_MAX_ATTEMPTS',
    doc: 'Attempts to send a mail before it is marked failed; waits between them double from 30 seconds up to an hour.',
    expects: 'an integer from 1 to 50',
    default: '8',
    parse: intFrom(1, 50),
  }),
  mailLeaseSeconds: entry({
    env: 'MAIL_LEASE_SECONDS',
    doc: 'How long a server process may take to send a mail it claimed; after that (it died) another process sends it again.',
    expects: 'an integer from 5 to 3600',
    default: '300',
    parse: intFrom(5, 3600),
  }),
  clamdUrl: entry({
    env: 'CLAMD_URL',
    doc: "ClamAV's daemon, which scans every incoming file before the other side can see it (`tcp://host:port` or the path of its unix socket; docs/operations.md says how to run it with freshclam). Unset: scanning is off, and every file is `unscanned`.",
    expects: "tcp://host:port (such as tcp://127.0.0.1:3310) or an absolute path to clamd's socket",
    parse: parseClamdUrl,
  }),
  scanUnscanned: entry({
    env: 'SCAN_UNSCANNED',
    doc: 'What the other side may do with a file that was not scanned (over clamd\'s StreamMaxLength, or scanning off): `allow` shows it marked "not scanned", `block` keeps it from them.',
    expects: 'allow or block',
    default: 'allow',
    parse: (raw): 'allow' | 'block' | undefined => (raw === 'allow' || raw === 'block' ? raw : undefined),
  }),
  quarantineDays: entry({
    env: 'QUARANTINE_DAYS',
    doc: 'Days the bytes of an infected file are kept in quarantine (out of reach of every download) before they are deleted; staff may delete them sooner.',
    expects: 'an integer from 0 to 3650',
    default: '30',
    parse: intFrom(0, 3650),
  }),
  trashRetentionDays: entry({
    env: 'TRASH_RETENTION_DAYS',
    doc: "Days deleted files and folders stay in their site's trash, where staff may restore them, before they are deleted for good (with their bytes, once nothing else shares them).",
    expects: 'an integer from 1 to 3650',
    default: '30',
    parse: intFrom(1, 3650),
  }),
  checkoutHours: entry({
    env: 'CHECKOUT_HOURS',
    doc: 'Hours a check-out locks a file for everyone else unless its holder checks it in sooner (or staff force a check-in); a job releases check-outs past their end.',
    expects: 'an integer from 1 to 8760',
    default: '24',
    parse: intFrom(1, 8760),
  }),
  rescanDays: entry({
    env: 'RESCAN_DAYS',
    doc: 'Rescans stored files (with the signatures of the day) once they were last scanned this many days ago, and quarantines new hits; `0` is off (`portico scan --all` rescans on demand).',
    expects: 'an integer from 0 to 3650',
    default: '0',
    parse: intFrom(0, 3650),
  }),
  logLevel: entry({
    env: 'LOG_LEVEL',
    doc: 'Server log level; `debug` logs every request. Logs are pretty on a terminal and JSON lines otherwise.',
    expects: 'one of fatal, error, warn, info, debug, trace, silent',
    default: 'info',
    parse: (raw) =>
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(raw)
        ? (raw as 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent')
        : undefined,
  }),
  metricsToken: entry({
    env: 'METRICS_TOKEN',
    doc: 'Serves Prometheus metrics at /metrics to requests with `Authorization: Bearer <this token>`; unset, /metrics answers 404.',
    expects: 'at least 32 characters of letters, digits, "-", "_", "." or "~"',
    parse: (raw) => (/^[\w.~-]{32,}$/.test(raw) ? raw : undefined),
  }),
  oidcTwoStepClaim: entry({
    env: 'OIDC_TWO_STEP_CLAIM',
    doc: 'With OIDC_ISSUER: the access-token claim that proves a second step where a firm requires one: `amr:` then RFC 8176 methods, or `acr:` then levels, comma-separated (one must match).',
    expects: 'amr:<value>[,<value>…] or acr:<value>[,<value>…], e.g. amr:mfa',
    default: 'amr:mfa',
    parse: parseTwoStepClaim,
  }),
  secretKey: entry({
    env: 'SECRET_KEY',
    doc: 'The key that encrypts second-step secrets (authenticator-app keys) in the database; unset, one is generated into the database on the first start. Required with NODE_ENV=production and the embedded provider. Never logged.',
    expects: 'at least 32 characters, e.g. the output of `openssl rand -base64 32`',
    secret: true,
    parse: (raw) => (raw.trim().length >= 32 ? raw : undefined),
  }),
  seedDemo: entry({
    env: 'SEED_DEMO',
    doc: 'Seed the demo firms, users (password `portico`) and files into an empty database at start. `auto` (what `npm start` sets) seeds only with PGlite and without NODE_ENV=production.',
    expects: 'true, false or auto',
    default: 'false',
    parse: (raw, env) => {
      if (raw === 'auto') return env.NODE_ENV !== 'production' && !env.DATABASE_URL;
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
    },
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
  /** True when OIDC_ACCEPT_JWT_TYP names the external issuer. */
  oidcAcceptJwtTyp: Parsed<'oidcAcceptJwtTyp'> | undefined;
  oidcStartupCheck: Parsed<'oidcStartupCheck'>;
  oidcPortalClientId: Parsed<'oidcPortalClientId'>;
  oidcControlPanelClientId: Parsed<'oidcControlPanelClientId'>;
  oidcScopes: Parsed<'oidcScopes'>;
  tenantClaim: Parsed<'tenantClaim'>;
  maxUploadBytes: Parsed<'maxUploadBytes'>;
  uploadGraceSeconds: Parsed<'uploadGraceSeconds'>;
  uploadRefusedExtensions: Parsed<'uploadRefusedExtensions'>;
  uploadMinBytesPerSecond: Parsed<'uploadMinBytesPerSecond'>;
  uploadRateWindowSeconds: Parsed<'uploadRateWindowSeconds'>;
  uploadMaxConcurrentPerUser: Parsed<'uploadMaxConcurrentPerUser'>;
  uploadMaxConcurrentPerAddress: Parsed<'uploadMaxConcurrentPerAddress'>;
  uploadMaxUnfinishedPerUser: Parsed<'uploadMaxUnfinishedPerUser'>;
  uploadMaxUnfinishedBytesPerUser: Parsed<'uploadMaxUnfinishedBytesPerUser'>;
  tempFileMaxAgeSeconds: Parsed<'tempFileMaxAgeSeconds'>;
  downloadTicketSeconds: Parsed<'downloadTicketSeconds'>;
  shareLinkDays: Parsed<'shareLinkDays'>;
  shareLinkSendsPerHour: Parsed<'shareLinkSendsPerHour'>;
  urlUploadAllowHttp: Parsed<'urlUploadAllowHttp'>;
  urlUploadAllowedHosts: Parsed<'urlUploadAllowedHosts'>;
  urlUploadTimeoutSeconds: Parsed<'urlUploadTimeoutSeconds'>;
  blobStore: Parsed<'blobStore'>;
  s3Endpoint: Parsed<'s3Endpoint'> | undefined;
  s3Region: Parsed<'s3Region'>;
  s3Bucket: Parsed<'s3Bucket'> | undefined;
  s3AccessKeyId: Parsed<'s3AccessKeyId'> | undefined;
  s3SecretAccessKey: Parsed<'s3SecretAccessKey'> | undefined;
  s3ForcePathStyle: Parsed<'s3ForcePathStyle'>;
  loginRateLimit: Parsed<'loginRateLimit'>;
  corsOrigins: Parsed<'corsOrigins'>;
  trustProxy: Parsed<'trustProxy'>;
  /** Unset: mail is written as .eml files to DATA_DIR/outbox. */
  smtpUrl: Parsed<'smtpUrl'> | undefined;
  mailFrom: Parsed<'mailFrom'>;
  notifyBatchSeconds: Parsed<'notifyBatchSeconds'>;
  mailMaxAttempts: Parsed<'mailMaxAttempts'>;
  mailLeaseSeconds: Parsed<'mailLeaseSeconds'>;
  /** Unset: scanning is off. */
  clamdUrl: Parsed<'clamdUrl'> | undefined;
  scanUnscanned: Parsed<'scanUnscanned'>;
  quarantineDays: Parsed<'quarantineDays'>;
  trashRetentionDays: Parsed<'trashRetentionDays'>;
  rescanDays: Parsed<'rescanDays'>;
  checkoutHours: Parsed<'checkoutHours'>;
  logLevel: Parsed<'logLevel'>;
  metricsToken: Parsed<'metricsToken'> | undefined;
  oidcTwoStepClaim: Parsed<'oidcTwoStepClaim'>;
  /** Unset: generated into the database on the first start (not allowed with NODE_ENV=production). */
  secretKey: Parsed<'secretKey'> | undefined;
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
      const shown = e.secret ? '(hidden)' : JSON.stringify(source);
      throw new ConfigError(`${e.env}=${shown} is invalid: expected ${e.expects}`);
    }
    values[key] = value;
  }
  const config = values as unknown as Config;
  config.publicUrl ??= `http://localhost:${config.port}`;
  // A key generated into the database would sit beside what it protects: production names its own.
  if (env.NODE_ENV === 'production' && !config.oidcIssuer && !config.secretKey) {
    throw new ConfigError(
      `SECRET_KEY is required with NODE_ENV=production and the embedded provider: expected ${CONFIG_ENTRIES.secretKey.expects}`,
    );
  }
  return config;
}

/** The issuer whose tokens the API accepts: the external one, or the embedded provider. */
export const issuerOf = (config: Pick<Config, 'oidcIssuer' | 'publicUrl'>) =>
  config.oidcIssuer ?? `${config.publicUrl}/oidc`;
