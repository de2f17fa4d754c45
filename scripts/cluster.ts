import { startCluster } from '../apps/server/src/testing/cluster.ts';
import { keepNodeCompileCache } from './node-compile-cache.ts';

/**
 * `npm run cluster`: on one machine, 3 server processes on one PostgreSQL (DATABASE_URL) and one S3 store
 * (s3rver, in this process, over a temporary folder) behind Debian's nginx as a round-robin balancer, at
 * http://127.0.0.1:${CLUSTER_PORT:-8080}. For trying a cluster and for the tests; docs/operations.md describes a
 * production layout. Ctrl+C stops everything. CLUSTER_PROCESSES changes the number of server processes; any
 * server setting in the environment (e.g. MAX_UPLOAD_BYTES) is passed on to every process.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('cluster: DATABASE_URL must name a PostgreSQL database (PGlite serves one process only)');
  process.exit(1);
}
keepNodeCompileCache();
const processes = Number(process.env.CLUSTER_PROCESSES ?? 3);
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const cluster = await startCluster({ databaseUrl, processes, port, stdio: 'inherit' });
console.error(
  [
    `cluster: ${cluster.url} (nginx, round robin) → ${cluster.processes.map((p) => p.url).join(', ')}`,
    `cluster: S3 ${cluster.s3.endpoint} bucket ${cluster.s3.bucket}; work folder ${cluster.workDir}`,
    'cluster: Ctrl+C stops it all',
  ].join('\n'),
);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.error('cluster: stopping');
  await cluster.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
