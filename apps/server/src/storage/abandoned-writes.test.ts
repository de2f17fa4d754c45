import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
}, 60_000);

it('a restart removes the half-written files a crash left behind, before serving', async () => {
  const env = { TEMP_FILE_MAX_AGE_SECONDS: '600' };
  const first = await startTestServer(env);
  await first.stop();
  // What a process killed mid-upload leaves: one put from long ago, one from just before the crash.
  const tmp = path.join(first.config.dataDir, 'blobs', '.tmp');
  await mkdir(tmp, { recursive: true });
  await writeFile(path.join(tmp, 'crashed-long-ago'), 'half a file');
  const longAgo = new Date(Date.now() - 20 * 60 * 1000);
  await utimes(path.join(tmp, 'crashed-long-ago'), longAgo, longAgo);
  await writeFile(path.join(tmp, 'crashed-just-now'), 'half a file');

  const restarted = await startTestServer(env, { restartOf: first });
  servers.push(restarted);
  // PGlite's data folder has one server, so everything there was a dead process's; replicas on PostgreSQL may
  // share the folder, so there only what is older than the age limit goes.
  expect(await readdir(tmp)).toEqual(restarted.config.databaseUrl ? ['crashed-just-now'] : []);
}, 120_000);
