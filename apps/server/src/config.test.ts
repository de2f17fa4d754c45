import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { CONFIG_ENTRIES, ConfigError, DEFAULT_REFUSED_EXTENSIONS, issuerOf, parseConfig } from './config.ts';

/** The one line a bad value produces, or a failure saying the value was accepted. */
function errorFor(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`${JSON.stringify(env)} was accepted`);
}

const KEY = 'a-secret-key-of-at-least-thirty-two-characters';

describe('parseConfig', () => {
  test('with nothing set, runs the demo on port 8080 with PGlite and the embedded provider', () => {
    const config = parseConfig({});
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      dataDir: path.resolve('data'),
      oidcAudience: 'urn:portico:api',
      oidcPortalClientId: 'portico-portal',
      oidcControlPanelClientId: 'portico-control-panel',
      tenantClaim: 'tid',
      maxUploadBytes: 2 * 1024 ** 3,
      uploadGraceSeconds: 86_400,
      uploadRefusedExtensions: DEFAULT_REFUSED_EXTENSIONS,
      uploadMinBytesPerSecond: 1024,
      uploadRateWindowSeconds: 60,
      uploadMaxConcurrentPerUser: 8,
      uploadMaxConcurrentPerAddress: 32,
      uploadMaxUnfinishedPerUser: 100,
      uploadMaxUnfinishedBytesPerUser: 20 * 1024 ** 3,
      tempFileMaxAgeSeconds: 7200,
      downloadTicketSeconds: 300,
      shareLinkDays: 7,
      shareLinkSendsPerHour: 30,
      urlUploadAllowHttp: false,
      urlUploadAllowedHosts: [],
      urlUploadTimeoutSeconds: 600,
      blobStore: 'fs',
      s3Region: 'us-east-1',
      s3ForcePathStyle: false,
      loginRateLimit: 10,
      corsOrigins: [],
      trustProxy: false,
      oidcStartupCheck: 'required',
      oidcScopes: ['openid', 'profile', 'tenancy'],
      oidcTwoStepClaim: { claim: 'amr', values: ['mfa'] },
      logLevel: 'info',
      seedDemo: false,
      scanUnscanned: 'allow',
      quarantineDays: 30,
      trashRetentionDays: 30,
      rescanDays: 0,
      checkoutHours: 24,
      mailFrom: 'no-reply@localhost',
      notifyBatchSeconds: 300,
      mailMaxAttempts: 8,
      mailLeaseSeconds: 300,
    });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.oidcIssuer).toBeUndefined();
    expect(issuerOf(config)).toBe('http://localhost:8080/oidc');
  });

  test('MAIL_FROM takes an address alone or as operators write a sender, with a display name', () => {
    for (const raw of [
      'portal@example.com',
      'Portico <portal@example.com>',
      '"Acme, Portal" <portal@example.com>',
    ])
      expect(parseConfig({ MAIL_FROM: raw }).mailFrom).toBe('portal@example.com');
  });

  test('an empty variable counts as unset', () => {
    expect(parseConfig({ PORT: '', LOG_LEVEL: '', DATABASE_URL: '' })).toEqual(parseConfig({}));
  });

  test('the public address follows PORT unless PUBLIC_URL is set, and loses its trailing slash', () => {
    expect(parseConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(parseConfig({ PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe(
      'https://portal.example.com',
    );
  });

  test('reads every setting it documents', () => {
    const config = parseConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://portal.example.com',
      DATA_DIR: '/var/lib/portico',
      DATABASE_URL: 'postgresql://portico:secret@db.internal:5432/portico',
      OIDC_ISSUER: 'https://login.example.com/tenant/v2.0/',
      OIDC_AUDIENCE: 'api://portico',
      OIDC_ACCEPT_JWT_TYP: 'https://login.example.com/tenant/v2.0',
      OIDC_STARTUP_CHECK: 'retry',
      OIDC_SCOPES: 'openid profile api://portico/tenancy',
      OIDC_CLIENT_ID: 'portal-client',
      OIDC_CONTROL_PANEL_CLIENT_ID: 'console-client',
      TENANT_CLAIM: 'extn.portico_tenants',
      MAX_UPLOAD_BYTES: '1048576',
      UPLOAD_GRACE_SECONDS: '600',
      TEMP_FILE_MAX_AGE_SECONDS: '900',
      DOWNLOAD_TICKET_SECONDS: '120',
      SHARE_LINK_DAYS: '14',
      SHARE_LINK_SENDS_PER_HOUR: '5',
      URL_UPLOAD_ALLOW_HTTP: 'true',
      URL_UPLOAD_ALLOWED_HOSTS: '127.0.0.1:8081, Files.Example:443',
      URL_UPLOAD_TIMEOUT_SECONDS: '60',
      BLOB_STORE: 's3',
      S3_ENDPOINT: 'https://s3.example.com/',
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'portico-blobs',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/key+example',
      S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_REFUSED_EXTENSIONS: 'EXE, .bat,zip',
      UPLOAD_MIN_BYTES_PER_SECOND: '0',
      UPLOAD_RATE_WINDOW_SECONDS: '120',
      UPLOAD_MAX_CONCURRENT_PER_USER: '2',
      UPLOAD_MAX_CONCURRENT_PER_ADDRESS: '50',
      UPLOAD_MAX_UNFINISHED_PER_USER: '20',
      UPLOAD_MAX_UNFINISHED_BYTES_PER_USER: '1000000',
      LOGIN_RATE_LIMIT: '3',
      CORS_ORIGINS: 'https://portal.example.com, http://localhost:8080/',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: 'm'.repeat(32),
      OIDC_TWO_STEP_CLAIM: 'acr:2',
      SECRET_KEY: KEY,
      SEED_DEMO: 'false',
      SMTP_URL: 'smtps://portal%40example.com:p%40ss@mail.example.com:465',
      MAIL_FROM: 'portal@example.com',
      NOTIFY_BATCH_SECONDS: '0',
      MAIL_MAX_ATTEMPTS: '3',
      MAIL_LEASE_SECONDS: '60',
      CLAMD_URL: 'tcp://clamd.internal:3310',
      SCAN_UNSCANNED: 'block',
      QUARANTINE_DAYS: '7',
      RESCAN_DAYS: '14',
      TRASH_RETENTION_DAYS: '7',
      CHECKOUT_HOURS: '8',
    });
    expect(config).toEqual({
      port: 0,
      host: '127.0.0.1',
      publicUrl: 'https://portal.example.com',
      dataDir: '/var/lib/portico',
      databaseUrl: 'postgresql://portico:secret@db.internal:5432/portico',
      oidcIssuer: 'https://login.example.com/tenant/v2.0',
      oidcAudience: 'api://portico',
      oidcAcceptJwtTyp: true,
      oidcStartupCheck: 'retry',
      oidcScopes: ['openid', 'profile', 'api://portico/tenancy'],
      oidcPortalClientId: 'portal-client',
      oidcControlPanelClientId: 'console-client',
      tenantClaim: 'extn.portico_tenants',
      maxUploadBytes: 1048576,
      uploadGraceSeconds: 600,
      uploadRefusedExtensions: ['exe', 'bat', 'zip'],
      uploadMinBytesPerSecond: 0,
      uploadRateWindowSeconds: 120,
      uploadMaxConcurrentPerUser: 2,
      uploadMaxConcurrentPerAddress: 50,
      uploadMaxUnfinishedPerUser: 20,
      uploadMaxUnfinishedBytesPerUser: 1_000_000,
      tempFileMaxAgeSeconds: 900,
      downloadTicketSeconds: 120,
      shareLinkDays: 14,
      shareLinkSendsPerHour: 5,
      urlUploadAllowHttp: true,
      urlUploadAllowedHosts: ['127.0.0.1:8081', 'files.example:443'],
      urlUploadTimeoutSeconds: 60,
      blobStore: 's3',
      s3Endpoint: 'https://s3.example.com',
      s3Region: 'eu-west-1',
      s3Bucket: 'portico-blobs',
      s3AccessKeyId: 'AKIAEXAMPLE',
      s3SecretAccessKey: 'secret/key+example',
      s3ForcePathStyle: true,
      loginRateLimit: 3,
      corsOrigins: ['https://portal.example.com', 'http://localhost:8080'],
      trustProxy: ['10.0.0.0/8', '127.0.0.1', 'fd00::/8'],
      logLevel: 'warn',
      metricsToken: 'm'.repeat(32),
      clamdUrl: { host: 'clamd.internal', port: 3310 },
      scanUnscanned: 'block',
      quarantineDays: 7,
      rescanDays: 14,
      trashRetentionDays: 7,
      checkoutHours: 8,
      oidcTwoStepClaim: { claim: 'acr', values: ['2'] },
      secretKey: KEY,
      seedDemo: false,
      smtpUrl: 'smtps://portal%40example.com:p%40ss@mail.example.com:465',
      mailFrom: 'portal@example.com',
      notifyBatchSeconds: 0,
      mailMaxAttempts: 3,
      mailLeaseSeconds: 60,
    });
    expect(issuerOf(config)).toBe('https://login.example.com/tenant/v2.0');
  });

  test.each([
    'http://localhost:9000/realms/portico',
    'http://127.0.0.1:9000',
    'https://login.example.com',
    'http://[::1]:9000',
  ])('accepts the issuer %s', (issuer) => {
    expect(parseConfig({ OIDC_ISSUER: issuer }).oidcIssuer).toBe(issuer);
  });

  test('the demo is seeded only where it is asked for: SEED_DEMO=true, or auto without production or DATABASE_URL', () => {
    expect(parseConfig({}).seedDemo).toBe(false);
    expect(parseConfig({ SEED_DEMO: 'auto' }).seedDemo).toBe(true);
    expect(parseConfig({ SEED_DEMO: 'auto', NODE_ENV: 'production', SECRET_KEY: KEY }).seedDemo).toBe(false);
    expect(parseConfig({ SEED_DEMO: 'auto', DATABASE_URL: 'postgres://db.internal/portico' }).seedDemo).toBe(
      false,
    );
    expect(parseConfig({ SEED_DEMO: 'true', NODE_ENV: 'production', SECRET_KEY: KEY }).seedDemo).toBe(true);
  });

  test('SECRET_KEY: at least 32 characters, never repeated in the error; required in production with the embedded provider', () => {
    expect(parseConfig({ SECRET_KEY: KEY }).secretKey).toBe(KEY);
    expect(parseConfig({}).secretKey).toBeUndefined();
    expect(() => parseConfig({ SECRET_KEY: 'too short to be a key' })).toThrow(
      'SECRET_KEY=(hidden) is invalid: expected at least 32 characters',
    );
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(
      /SECRET_KEY is required with NODE_ENV=production/,
    );
    expect(
      parseConfig({ NODE_ENV: 'production', OIDC_ISSUER: 'https://login.example.com' }).secretKey,
    ).toBeUndefined();
  });

  test('OIDC_ACCEPT_JWT_TYP must name OIDC_ISSUER, and not with an audience an ID token carries', () => {
    const issuer = 'https://kc.example.com/realms/portico';
    expect(parseConfig({ OIDC_ISSUER: issuer, OIDC_ACCEPT_JWT_TYP: `${issuer}/` }).oidcAcceptJwtTyp).toBe(
      true,
    );
    expect(() => parseConfig({ OIDC_ACCEPT_JWT_TYP: issuer })).toThrow(/OIDC_ACCEPT_JWT_TYP=/);
    expect(() =>
      parseConfig({ OIDC_ISSUER: issuer, OIDC_ACCEPT_JWT_TYP: issuer, OIDC_AUDIENCE: 'portico-portal' }),
    ).toThrow(/not one of the client ids/);
  });

  test('BLOB_STORE=s3 needs a bucket, and the access key comes whole or not at all', () => {
    expect(errorFor({ BLOB_STORE: 's3' })).toBe(
      'BLOB_STORE="s3" is invalid: expected fs, or s3 with S3_BUCKET set',
    );
    expect(errorFor({ BLOB_STORE: 's3', S3_BUCKET: 'bucket', S3_ACCESS_KEY_ID: 'id' })).toMatch(
      /^S3_ACCESS_KEY_ID=/,
    );
    expect(errorFor({ S3_BUCKET: 'Not_A_Bucket' })).toMatch(/^S3_BUCKET=/);
    expect(errorFor({ S3_SECRET_ACCESS_KEY: 'top secret' })).toBe(
      'S3_SECRET_ACCESS_KEY=(hidden) is invalid: expected a secret, set together with S3_ACCESS_KEY_ID',
    );
    expect(parseConfig({ BLOB_STORE: 's3', S3_BUCKET: 'bucket' }).s3AccessKeyId).toBeUndefined();
  });

  test('TRUST_PROXY takes a number of hops too', () => {
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '::1' }).trustProxy).toEqual(['::1']);
  });

  const bad: [variable: string, value: string, expected: string][] = [
    ['PORT', 'abc', 'an integer from 0 to 65535'],
    ['PORT', '-1', 'an integer from 0 to 65535'],
    ['PORT', '65536', 'an integer from 0 to 65535'],
    ['PORT', '80.5', 'an integer from 0 to 65535'],
    ['PORT', ' 8080', 'an integer from 0 to 65535'],
    ['PUBLIC_URL', 'portal.example.com', 'an http(s) URL'],
    ['PUBLIC_URL', 'ftp://portal.example.com', 'an http(s) URL'],
    ['PUBLIC_URL', 'https://example.com/portal', 'an http(s) URL'],
    ['PUBLIC_URL', 'https://example.com/?x=1', 'an http(s) URL'],
    ['DATABASE_URL', 'mysql://db.internal/portico', 'a postgres:// or postgresql:// URL'],
    ['DATABASE_URL', 'postgres://', 'a postgres:// or postgresql:// URL'],
    ['DATABASE_URL', 'db.internal:5432', 'a postgres:// or postgresql:// URL'],
    ['OIDC_ISSUER', 'not a url', 'an https URL without "-admin" in its host'],
    ['OIDC_ISSUER', 'http://login.example.com', 'an https URL without "-admin" in its host'],
    ['OIDC_ISSUER', 'https://acme-admin.okta.com', 'an https URL without "-admin" in its host'],
    ['OIDC_ISSUER', 'ftp://login.example.com', 'an https URL without "-admin" in its host'],
    ['LOG_LEVEL', 'verbose', 'one of fatal, error, warn, info, debug, trace, silent'],
    ['LOG_LEVEL', 'INFO', 'one of fatal, error, warn, info, debug, trace, silent'],
    ['MAX_UPLOAD_BYTES', '0', 'a positive integer'],
    ['MAX_UPLOAD_BYTES', '-5', 'a positive integer'],
    ['MAX_UPLOAD_BYTES', '10MB', 'a positive integer'],
    ['MAX_UPLOAD_BYTES', '1e9', 'a positive integer'],
    ['UPLOAD_GRACE_SECONDS', '0', 'a positive integer'],
    ['TEMP_FILE_MAX_AGE_SECONDS', '2h', 'a positive integer'],
    ['DOWNLOAD_TICKET_SECONDS', '5', 'an integer from 10 to 86400'],
    ['SHARE_LINK_DAYS', '31', 'an integer from 1 to 30'],
    [
      'URL_UPLOAD_ALLOWED_HOSTS',
      'localhost',
      'none, or host:port pairs separated by commas, such as 127.0.0.1:8080',
    ],
    ['UPLOAD_REFUSED_EXTENSIONS', 'exe,,bat', 'extensions of letters and digits'],
    ['UPLOAD_REFUSED_EXTENSIONS', '*.exe', 'extensions of letters and digits'],
    ['UPLOAD_MIN_BYTES_PER_SECOND', '-1', 'an integer from 0 to 1073741824'],
    ['UPLOAD_MIN_BYTES_PER_SECOND', '1KB', 'an integer from 0 to 1073741824'],
    ['UPLOAD_RATE_WINDOW_SECONDS', '0', 'an integer from 1 to 3600'],
    ['UPLOAD_RATE_WINDOW_SECONDS', '3601', 'an integer from 1 to 3600'],
    ['UPLOAD_MAX_CONCURRENT_PER_USER', '0', 'an integer from 1 to 10000'],
    ['UPLOAD_MAX_CONCURRENT_PER_ADDRESS', 'many', 'an integer from 1 to 10000'],
    ['UPLOAD_MAX_UNFINISHED_PER_USER', '0', 'an integer from 1 to 100000'],
    ['UPLOAD_MAX_UNFINISHED_BYTES_PER_USER', '-1', 'a positive integer'],
    ['LOGIN_RATE_LIMIT', '0', 'a positive integer'],
    ['SEED_DEMO', 'yes', 'true, false or auto'],
    ['OIDC_STARTUP_CHECK', 'no', 'required or retry'],
    ['OIDC_SCOPES', 'profile tenancy', 'openid among them'],
    ['METRICS_TOKEN', 'short', 'at least 32 characters'],
    ['OIDC_ACCEPT_JWT_TYP', 'https://other.example.com', 'the same URL as OIDC_ISSUER'],
    ['TRUST_PROXY', 'true', 'false, a number of proxy hops from 1 to 10, or IP addresses'],
    ['TRUST_PROXY', '0', 'a number of proxy hops from 1 to 10'],
    ['TRUST_PROXY', '11', 'a number of proxy hops from 1 to 10'],
    ['TRUST_PROXY', 'proxy.internal', 'IP addresses and CIDR ranges'],
    ['TRUST_PROXY', '10.0.0.0/33', 'IP addresses and CIDR ranges'],
    ['TRUST_PROXY', '10.0.0.1,,10.0.0.2', 'IP addresses and CIDR ranges'],
    ['TRUST_PROXY', '10.0.0.0/8/1', 'IP addresses and CIDR ranges'],
    ['SMTP_URL', 'https://mail.example.com', 'an smtp:// or smtps:// URL'],
    ['SMTP_URL', 'smtp://', 'an smtp:// or smtps:// URL'],
    ['MAIL_FROM', 'portal', 'an e-mail address'],
    ['MAIL_FROM', 'Portal <portal>', 'an e-mail address'],
    ['NOTIFY_BATCH_SECONDS', '-1', 'an integer from 0 to 86400'],
    ['MAIL_MAX_ATTEMPTS', '0', 'an integer from 1 to 50'],
    ['MAIL_LEASE_SECONDS', '1', 'an integer from 5 to 3600'],
    ['TENANT_CLAIM', 'tenant claim', 'a claim name'],
    ['CLAMD_URL', 'clamd:3310', 'tcp://host:port'],
    ['CLAMD_URL', 'tcp://127.0.0.1:99999', 'tcp://host:port'],
    ['CLAMD_URL', 'run/clamd.ctl', 'an absolute path'],
    ['SCAN_UNSCANNED', 'deny', 'allow or block'],
    ['QUARANTINE_DAYS', '-1', 'an integer from 0 to 3650'],
    ['RESCAN_DAYS', 'weekly', 'an integer from 0 to 3650'],
    ['TRASH_RETENTION_DAYS', '0', 'an integer from 1 to 3650'],
    ['CHECKOUT_HOURS', '0', 'an integer from 1 to 8760'],
  ];

  test.each(bad)(
    '%s=%j stops with one line naming the variable, the value and what it expects',
    (variable, value, expected) => {
      const message = errorFor({ [variable]: value });
      expect(message).not.toContain('\n');
      expect(message.startsWith(`${variable}=${JSON.stringify(value)} is invalid: expected `)).toBe(true);
      expect(message).toContain(expected);
    },
  );

  test('a value with a line break is still reported on one line', () => {
    const message = errorFor({ PORT: '80\n81' });
    expect(message).toBe('PORT="80\\n81" is invalid: expected an integer from 0 to 65535');
  });

  test('only the first bad value is reported', () => {
    const message = errorFor({ PORT: 'abc', LOG_LEVEL: 'verbose' });
    expect(message).toMatch(/^PORT=/);
  });
});

describe("README's Configuration section", () => {
  /** Rows of the first table under `## Configuration`: the backticked name in the first column, the cells. */
  async function configurationRows() {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration'));
    expect(section, 'README.md has a "## Configuration" section').toBeDefined();
    const rows = new Map<string, string[]>();
    for (const line of section?.split('\n') ?? []) {
      const cells = line.split('|').map((cell) => cell.trim());
      const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[1] ?? '')?.[1];
      if (line.trimStart().startsWith('|') && name) rows.set(name, cells.slice(1, -1));
    }
    return rows;
  }

  test('documents every environment variable the server reads, and no other', async () => {
    const documented = [...(await configurationRows()).keys()].sort();
    const read = Object.values(CONFIG_ENTRIES)
      .map((e) => e.env)
      .sort();
    expect(documented).toEqual(read);
  });

  test('gives each variable its real default', async () => {
    const rows = await configurationRows();
    for (const entry of Object.values(CONFIG_ENTRIES)) {
      const defaultCell = rows.get(entry.env)?.[1] ?? '';
      if ('default' in entry && entry.default !== undefined) {
        expect(defaultCell, `default of ${entry.env}`).toContain(`\`${entry.default}\``);
      } else {
        expect(defaultCell, `default of ${entry.env}`).toMatch(/unset|derived|none/i);
      }
    }
  });
});
