import { createHash, randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import type { SiteList, UploadedFile } from '@portico/contracts';
import { afterEach, describe, expect, test } from 'vitest';
import { restartableServer } from '../testing/restartable-server.ts';
import { listBlobFiles } from '../testing/uploads.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const MIB = 1024 * 1024;

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what} (last: ${String(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The largest file in the blob folder, temporary ones included: how much of the PATCH the server has written. */
async function largestBlobFile(dataDir: string): Promise<number> {
  let largest = 0;
  for (const file of await listBlobFiles(dataDir)) {
    const info = await stat(path.join(dataDir, 'blobs', file)).catch(() => undefined);
    largest = Math.max(largest, info?.size ?? 0);
  }
  return largest;
}

describe('a tus PATCH cut by a crash', { timeout: 240_000 }, () => {
  test('keeps what had arrived: after kill -9 and a restart, HEAD answers an offset within a few MiB of it', async () => {
    const { url, port, dataDir, start } = await restartableServer('bob', cleanups);

    const first = await start();
    const sites = (await (
      await fetch(`${url}/t/acme/portal/api/sites`, { headers: first.headers })
    ).json()) as SiteList;
    const bytes = randomBytes(48 * MIB);
    const created = await fetch(`${url}/t/acme/file-storage/api/uploads/tus`, {
      method: 'POST',
      headers: {
        ...first.headers,
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${btoa('big.bin')},siteId ${btoa(sites.records[0]!.id)}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // One PATCH for the whole file, as the portal sends it; 24 MiB of it arrive, then the server is killed.
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${first.headers.authorization}\r\n` +
        'Tus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\n' +
        `Content-Length: ${bytes.length}\r\n\r\n`,
    );
    const sent = 24 * MIB;
    await new Promise((resolve) => socket.write(bytes.subarray(0, sent), resolve));
    const arrived = await eventually(
      () => largestBlobFile(dataDir),
      (size) => size >= sent - 2 * MIB,
      'the server has written most of what was sent',
    );
    await first.server.kill();
    socket.destroy();

    const second = await start();
    const offsetNow = async () =>
      Number(
        (await fetch(`${url}${location}`, { method: 'HEAD', headers: second.headers })).headers.get(
          'upload-offset',
        ),
      );
    const offset = await eventually(offsetNow, (value) => value > 0, 'HEAD reports the kept bytes', 30_000);
    expect(offset).toBeGreaterThanOrEqual(arrived - 2 * MIB);
    expect(offset).toBeLessThanOrEqual(sent);

    // The client resumes from there, and the file is whole.
    const rest = await fetch(`${url}${location}`, {
      method: 'PATCH',
      headers: {
        ...second.headers,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: bytes.subarray(offset),
    });
    expect(rest.status).toBe(204);
    const file = (await (
      await fetch(`${url}${location}`, { headers: second.headers })
    ).json()) as UploadedFile;
    expect(file.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});
