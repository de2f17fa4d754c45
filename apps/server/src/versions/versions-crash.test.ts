import { createHash, randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { FileVersionList, PublishedFileList, SiteList, UploadedFile } from '@portico/contracts';
import { afterEach, describe, expect, test } from 'vitest';
import { restartableServer } from '../testing/restartable-server.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const MIB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('a version upload killed by kill -9', { timeout: 180_000 }, () => {
  test('leaves the current version as it was, nothing half-visible; resumed, it becomes the next version', async () => {
    const { url, port, start } = await restartableServer('carol', cleanups);
    const json = async <T>(pathname: string, headers: Record<string, string>) =>
      (await (await fetch(`${url}${pathname}`, { headers })).json()) as T;

    const first = await start();
    const sites = await json<SiteList>('/t/acme/portal/api/sites', first.headers);
    const siteId = sites.records[0]!.id;
    const files = await json<PublishedFileList>(
      `/t/acme/file-management/api/files/published-files?siteId=${siteId}`,
      first.headers,
    );
    const file = files.records[0]!;
    const current = async (headers: Record<string, string>) => {
      const list = await json<PublishedFileList>(
        `/t/acme/file-management/api/files/published-files?siteId=${siteId}`,
        headers,
      );
      const bytes = Buffer.from(
        await (
          await fetch(`${url}/t/acme/file-management/api/files/published-files/${file.id}`, { headers })
        ).arrayBuffer(),
      );
      const versions = await json<FileVersionList>(
        `/t/acme/file-management/api/files/${file.id}/versions`,
        headers,
      );
      return {
        version: list.records.find((r) => r.id === file.id)!.version,
        sha256: sha256(bytes),
        versions: versions.records.map((v) => v.version),
      };
    };
    const before = await current(first.headers);
    expect(before.versions).toEqual([1]);

    const bytes = randomBytes(16 * MIB);
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const created = await fetch(`${url}/t/acme/file-storage/api/uploads/tus`, {
      method: 'POST',
      headers: {
        ...first.headers,
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${b64('v2.pdf')},fileId ${b64(file.id)}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // One PATCH for the whole file; half of it arrives, then the server is killed.
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${first.headers.authorization}\r\n` +
        'Tus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\n' +
        `Content-Length: ${bytes.length}\r\n\r\n`,
    );
    await new Promise((resolve) => socket.write(bytes.subarray(0, 8 * MIB), resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await first.server.kill();
    socket.destroy();

    const second = await start();
    expect(await current(second.headers)).toEqual(before);

    // The client resumes from the offset the server kept, as tus-js-client does: on PostgreSQL the dead PATCH's
    // part is taken over once it has not grown for two rate windows, and a PATCH before that answers 409.
    let status = 0;
    for (const deadline = Date.now() + 30_000; status !== 204 && Date.now() < deadline; ) {
      const head = await fetch(`${url}${location}`, { method: 'HEAD', headers: second.headers });
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBeLessThanOrEqual(8 * MIB);
      const rest = await fetch(`${url}${location}`, {
        method: 'PATCH',
        headers: {
          ...second.headers,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: bytes.subarray(offset),
      });
      status = rest.status;
      if (status === 409) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toBe(204);
    const finished = (await (
      await fetch(`${url}${location}`, { headers: second.headers })
    ).json()) as UploadedFile;
    expect(finished).toMatchObject({ fileId: file.id, version: 2, sha256: sha256(bytes) });
    expect(await current(second.headers)).toEqual({ version: 2, sha256: sha256(bytes), versions: [2, 1] });
  });
});
