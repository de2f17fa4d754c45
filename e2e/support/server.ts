import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../apps/server/src/testing/test-server.ts';
import { startClusterServer } from './cluster-server.ts';

/** `E2E_CLUSTER=1` runs every spec against three server processes behind nginx instead of one (cluster-server.ts). */
const clustered = process.env.E2E_CLUSTER === '1';

/**
 * The real server, as `npm start` builds it (demo data, embedded provider, built front ends), on a free port
 * with its own data folder, for the spec file that calls this. The front ends must be built first: the
 * `test:e2e` script does that.
 */
export function useServer(env: Record<string, string> = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = clustered ? await startClusterServer(env) : await startTestServer(env);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  }, 60_000);
  return () => {
    if (!server) throw new Error('the test server has not started');
    return server;
  };
}
