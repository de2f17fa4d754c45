import { appendFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect } from 'vitest';
import { captureLogs } from '../../apps/server/src/testing/log-capture.ts';
import { startTestServer, type TestServer } from '../../apps/server/src/testing/test-server.ts';
import { startClusterServer } from './cluster-server.ts';
import { secretsInLog } from './log-secrets.ts';

/** `E2E_CLUSTER=1` runs every spec against three server processes behind nginx instead of one (cluster-server.ts). */
const clustered = process.env.E2E_CLUSTER === '1';

/**
 * The real server, as `npm start` builds it (demo data, embedded provider, built front ends), on a free port
 * with its own data folder, for the spec file that calls this. The front ends must be built first: the
 * `test:e2e` script does that.
 */
export function useServer(
  env: Record<string, string> | (() => Promise<Record<string, string>>) = {},
): () => TestServer {
  let server: TestServer | undefined;
  // The whole log of the spec's server, at its most talkative, is searched for secrets once the server stops
  // (issue 18: no token, password, secret link or file content in any line); E2E_LOG_FILE keeps it as well.
  const logs = clustered ? undefined : captureLogs();
  beforeAll(async () => {
    // A function: settings that depend on something known only now (a port chosen for PUBLIC_URL).
    const settings = typeof env === 'function' ? await env() : env;
    server = clustered
      ? await startClusterServer(settings)
      : await startTestServer(settings, { logger: { level: 'trace', stream: logs!.stream } });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    if (!logs) return;
    if (process.env.E2E_LOG_FILE) await appendFile(process.env.E2E_LOG_FILE, logs.text());
    expect(logs.text()).toContain('"url":"/');
    expect(secretsInLog(logs.text())).toEqual([]);
  }, 60_000);
  return () => {
    if (!server) throw new Error('the test server has not started');
    return server;
  };
}
