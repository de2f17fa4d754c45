/**
 * The browser specs `npm run test:e2e:cluster` runs through a cluster (3 server processes on one PostgreSQL and
 * one s3rver store, behind Debian's nginx): the suite as issue 17 found it (sign-in, the portal's shell and files,
 * the control panel, the API docs). Both browser steps of `npm test` read this list: where the cluster step can
 * run, the single-process step leaves these files to it, so each spec runs once per `npm test` (decision 76).
 */
import { existsSync } from 'node:fs';

export const CLUSTER_SPECS = [
  'e2e/sign-in.spec.ts',
  'e2e/portal-shell.spec.ts',
  'e2e/portal-files.spec.ts',
  'e2e/control-panel.spec.ts',
  'e2e/api-docs.spec.ts',
];

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** What the cluster step needs and this machine lacks (`DATABASE_URL`, nginx); empty when it can run. */
export function clusterMissing(): string[] {
  return [!process.env.DATABASE_URL && 'DATABASE_URL', !existsSync(NGINX) && NGINX].filter(
    (missing): missing is string => typeof missing === 'string',
  );
}
