import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../apps/server/src/testing/test-server.ts';

/**
 * The real server, as `npm start` builds it (demo data, embedded provider, built front ends), on a free port
 * with its own data folder, for the spec file that calls this. The front ends must be built first: the
 * `test:e2e` script does that.
 */
export function useServer(env: Record<string, string> = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(env);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('the test server has not started');
    return server;
  };
}
