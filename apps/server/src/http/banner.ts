import { APP_VERSION } from '@portico/contracts';
import { type Config, issuerOf } from '../config.ts';
import type { SeedResult } from '../db/seed/seed-demo.ts';

/** What a person starting the product needs to know, printed once when the server is listening. */
export function printBanner(config: Config, seed: SeedResult | undefined) {
  const lines = [
    '',
    `  Portico ${APP_VERSION} is running`,
    '',
    `  Portal          ${config.publicUrl}/`,
    `  Control panel   ${config.publicUrl}/control-panel/`,
    `  API docs        ${config.publicUrl}/docs`,
    `  Health          ${config.publicUrl}/healthz`,
    `  OpenID issuer   ${issuerOf(config)}${config.oidcIssuer ? ' (external)' : ' (embedded)'}`,
    `  Database        ${config.databaseUrl ? redact(config.databaseUrl) : `PGlite in ${config.dataDir}/pglite`}`,
  ];
  if (seed && !config.oidcIssuer) {
    lines.push('', '  Demo accounts (embedded provider):');
    for (const a of seed.accounts)
      lines.push(`    ${a.username.padEnd(6)} / ${a.password}   ${a.name}, ${a.role}`);
  }
  lines.push('');
  process.stdout.write(`${lines.join('\n')}\n`);
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
