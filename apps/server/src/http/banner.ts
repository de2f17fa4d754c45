import { APP_VERSION } from '@portico/contracts';
import { type Config, issuerOf } from '../config.ts';
import { DEMO_PASSWORD, type DemoUser } from '../db/seed/demo-data.ts';

/** What a person starting the product needs to know, printed once when the server is listening. */
export function printBanner(
  config: Config,
  demoAccounts: readonly DemoUser[],
  mail: string,
  jobs: readonly { name: string; intervalMs: number }[],
) {
  const lines = [
    '',
    `  Portico ${APP_VERSION} is running`,
    '',
    `  Listening on    ${config.host}:${config.port} (HOST, PORT)`,
    `  Portal          ${config.publicUrl}/`,
    `  Control panel   ${config.publicUrl}/control-panel/`,
    `  API docs        ${config.publicUrl}/docs`,
    `  Health          ${config.publicUrl}/healthz, /readyz${config.metricsToken ? ', /metrics (METRICS_TOKEN)' : ''}`,
    `  OpenID issuer   ${issuerOf(config)}${config.oidcIssuer ? ' (external)' : ' (embedded)'}`,
    `  Database        ${config.databaseUrl ? redact(config.databaseUrl) : `PGlite in ${config.dataDir}/pglite`}`,
    `  Files           ${config.blobStore === 's3' ? `S3 bucket ${config.s3Bucket}${config.s3Endpoint ? ` at ${config.s3Endpoint}` : ''}` : `${config.dataDir}/blobs`}`,
    `  Mail            ${config.smtpUrl ? mail : `not sent: written as ${mail} (open them with any mail program)`}`,
    `  Jobs            ${jobs.map((job) => `${job.name} (${periodText(job.intervalMs)})`).join(', ')}`,
    `  Virus scanning  ${config.clamdUrl ? `clamd at ${'path' in config.clamdUrl ? config.clamdUrl.path : `${config.clamdUrl.host}:${config.clamdUrl.port}`}` : 'off: files are not scanned for malware (set CLAMD_URL, docs/operations.md)'}`,
  ];
  if (demoAccounts.length && !config.oidcIssuer) {
    lines.push(
      '',
      '  Demo accounts exist (embedded provider); their password is public, so never in production:',
    );
    for (const a of demoAccounts)
      lines.push(`    ${a.username.padEnd(6)} / ${DEMO_PASSWORD}   ${a.name}, ${a.role}`);
  }
  // What to do next, last, where the eye lands.
  const first = config.oidcIssuer ? undefined : demoAccounts[0];
  const signIn = first ? ` and sign in as ${first.username} (password ${DEMO_PASSWORD})` : '';
  lines.push('', `  Next: open ${config.publicUrl}/${signIn}. Ctrl+C stops Portico.`, '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');

/** A job's period as people say it: `2 s`, `15 min`, `6 h`. */
const periodText = (ms: number) =>
  ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`;
