import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BlobStore } from '../storage/blob-store.ts';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import { readZip } from '../testing/read-zip.ts';
import type { StoredFile } from './stored-file.ts';
import { sendZip } from './zip.ts';

let root: string;
let blobs: BlobStore;
let app: FastifyInstance;
let url: string;
const files: StoredFile[] = [];

// 1,000 stored PDFs with names long enough that the central directory passes 64 KiB: the size where yazl's
// advance size estimate once disagreed with what it wrote, and the announced Content-Length was 76 bytes
// more than the zip, so every such download ended as a broken connection.
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'portico-zip-'));
  blobs = createFsBlobStore(root);
  for (let i = 0; i < 1000; i++) {
    const blobKey = `acme/${randomUUID()}`;
    const bytes = Buffer.from(`%PDF-1.7 statement ${i}\n`);
    await blobs.put(blobKey, Readable.from([bytes]));
    files.push({
      id: randomUUID(),
      siteId: randomUUID(),
      fileName: `Monthly statement number ${String(i).padStart(4, '0')}.pdf`,
      contentType: 'application/pdf',
      size: bytes.length,
      sha256: '0'.repeat(64),
      blobKey,
      createdAt: new Date('2026-11-01T10:00:00Z'),
    });
  }
  app = Fastify();
  app.get('/zip', (_request, reply) => sendZip(reply, blobs, files, 'Statements.zip'));
  url = await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
});

it('announces exactly the length it sends for a zip whose central directory passes 64 KiB', async () => {
  const response = await fetch(`${url}/zip`);
  expect(response.status).toBe(200);
  const announced = Number(response.headers.get('content-length'));
  const body = Buffer.from(await response.arrayBuffer());
  expect(body.length).toBe(announced);
  const entries = readZip(body);
  expect(entries).toHaveLength(1000);
  expect(entries[999]?.name).toBe('Monthly statement number 0999.pdf');
  expect(entries[999]?.data.toString()).toBe('%PDF-1.7 statement 999\n');
});
